"""Cross-origin reads of the API, and nothing else.

django-cors-headers answers for the paths of `CORS_URLS_REGEX` (the API) with
`Access-Control-Allow-Origin: *`, no credentials. It would also answer a preflight for a
write with the allowed methods, and add the header to a write's answer, which lets a
script of any site read what the write said. Here a request is CORS-enabled only when it
reads: its method, or for a preflight the method it announces, is one of
`CORS_ALLOW_METHODS`. A preflight for a POST, PUT, PATCH or DELETE then goes on to the
view like any OPTIONS request, and its answer carries no `Access-Control-Allow-*` header:
the browser does not send the write.
"""

from __future__ import annotations

from corsheaders.middleware import CorsMiddleware
from django.conf import settings
from django.http import HttpRequest

PREFLIGHT_METHOD = "access-control-request-method"


def reads(request: HttpRequest) -> bool:
    """Whether the request (or, for a preflight, the request it announces) is a read."""
    method = request.method or ""
    if method == "OPTIONS" and PREFLIGHT_METHOD in request.headers:
        method = request.headers[PREFLIGHT_METHOD].upper()
    return method in settings.CORS_ALLOW_METHODS


class ReadOnlyCorsMiddleware(CorsMiddleware):
    """django-cors-headers for the reads under `CORS_URLS_REGEX` only."""

    def is_enabled(self, request: HttpRequest) -> bool:
        return super().is_enabled(request) and reads(request)
