"""ETag / If-Match for decks: the ETag names the deck and its version."""

from __future__ import annotations

import re

from rest_framework.request import Request

from config.errors import ApiError

_TAG = re.compile(r'^(?:W/)?"(\d+)-v(\d+)"$')


def expected_version(request: Request, deck_id: int) -> int | None:
    """The version an If-Match names for this deck; None without the header or with `*`."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    for tag in (t.strip() for t in header.split(",")):
        match = _TAG.match(tag)
        if match and int(match[1]) == deck_id:
            return int(match[2])
    raise ApiError(
        f"If-Match {header} does not name a version of deck {deck_id}",
        code="precondition_failed",
        status_code=412,
    )
