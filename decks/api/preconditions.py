"""ETag / If-Match for decks: the ETag names the deck and its version."""

from __future__ import annotations

import re

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from web.errors import ApiError

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


# Documented as a string: a malformed If-Match names no version, so it fails with 412 like
# a stale one (RFC 9110 13.1.1), and every string is a valid value to send.
IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description='The deck\'s ETag (`"<id>-v<version>"`, a list of them, or `*`): the write '
    "is made only if the deck is still at that version, else 412 and nothing changes.",
)
