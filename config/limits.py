"""Hard limits and throttles.

Hard limits hold whatever the throttle cache says: a request body over
DATA_UPLOAD_MAX_MEMORY_SIZE is refused with 413 before a view reads it, an API query
string with a NUL character with 400. Throttles slow down logins, tokens, match creation,
actions and simulations per user (or per address when anonymous) and answer 429 with
Retry-After.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from config.errors import error_body


def _too_large(request: HttpRequest) -> HttpResponse:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    detail = f"The request body is larger than the limit of {limit} bytes."
    if request.path.startswith("/api/"):
        return JsonResponse(error_body(413, "request_too_large", detail, []), status=413)
    return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")


class RequestSizeLimitMiddleware:
    """413 for a body over the limit: at once when Content-Length says so, or when Django
    finds out while reading a body sent without one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            return _too_large(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return _too_large(request) if isinstance(exception, RequestDataTooBig) else None


class NulInQueryMiddleware:
    """400 for an API request with a NUL character in its query string: no text column
    holds one (PostgreSQL refuses it, as a 500), and DRF's fields refuse it in bodies."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            for name, values in request.GET.lists():
                if any("\x00" in text for text in (name, *values)):
                    return _nul_refused(name)
        return self.get_response(request)


def _nul_refused(name: str) -> JsonResponse:
    message = "NUL characters are not allowed"
    errors = [{"field": name, "message": message, "code": "null_characters_not_allowed"}]
    return JsonResponse(error_body(400, "invalid", f"{name}: {message}", errors), status=400)


class WriteRateThrottle(ScopedRateThrottle):
    """A scoped throttle on writes only (reads of the same endpoint stay free), reading
    its rates when asked so that settings changed at run time apply."""

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


def parse_rate(rate: str) -> tuple[int, int]:
    """ "10/min" -> (10 requests, 60 seconds), as DRF reads its rates."""
    count, period = rate.split("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


def login_throttled(request: HttpRequest) -> int:
    """Seconds to wait before another login attempt from this address, or 0. Every POST
    to the login page counts, failed or not."""
    rate = api_settings.DEFAULT_THROTTLE_RATES.get("login")
    if not rate or request.method != "POST":
        return 0
    allowed, period = parse_rate(rate)
    key = f"throttle:login:{request.META.get('REMOTE_ADDR', '')}"
    attempts = cache.get_or_set(key, 0, timeout=period)
    if attempts >= allowed:
        return period
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=period)
    return 0


def too_many_requests_page(request: HttpRequest, wait: int) -> HttpResponse:
    body = render_to_string("429.html", {"wait": math.ceil(wait)}, request=request)
    response = HttpResponse(body, status=429)
    response["Retry-After"] = str(math.ceil(wait))
    return response
