"""A database that drops away mid-request: the transaction is rolled back by Django, and
the visitor gets a 503 saying nothing was saved, instead of a bare 500.

The API's exception handler (web/errors.py) does the same for API views; this
middleware covers the pages.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 5
DATABASE_UNAVAILABLE = (
    "The database could not be reached; nothing was saved. Try again in a moment."
)


def is_database_unavailable(error: BaseException) -> bool:
    return isinstance(error, OperationalError | InterfaceError)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_database_unavailable(exception):
            return None
        logger.error("database unavailable during %s %s: %s", request.method, request.path,
                     exception)  # fmt: skip
        body = render_to_string("503.html", {"detail": DATABASE_UNAVAILABLE})
        response = HttpResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
