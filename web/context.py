"""Template context for every page."""

from __future__ import annotations

from django.http import HttpRequest

MAX_NEXT_LENGTH = 512


def navigation(request: HttpRequest) -> dict[str, str]:
    """Where "Log in" returns to: this page, without its query when the query is long
    (a long search must not be copied into every link of the page)."""
    here = request.get_full_path()
    return {"login_next": here if len(here) <= MAX_NEXT_LENGTH else request.path}
