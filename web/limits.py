"""Hard limits and throttles.

Hard limits hold whatever the throttle cache says: a request body over
DATA_UPLOAD_MAX_MEMORY_SIZE is refused with 413 before a view reads it, a query string
with a NUL character with 400. Throttles slow down match creation, actions and simulations
per user (or per address when anonymous) and answer 429 with Retry-After; the pages that
write count against the API's scopes (`throttle_page`), so one budget holds whichever way
a user comes in. Every form and endpoint that takes a password (the sign-in pages, the
admin's, the token endpoint, sign-up) counts against one more, `login`, per address
(`LoginRateThrottle`, `throttle_login`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, overload

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from web.errors import error_body


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
    """400 for a request with a NUL character in its query string (in a parameter's name
    or value): no text column holds one (PostgreSQL refuses it, as a 500). The API answers
    in its error shape, the pages in plain text; DRF's fields and Django's form fields
    refuse NULs in bodies themselves."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for name, values in request.GET.lists():
            if any("\x00" in text for text in (name, *values)):
                return _nul_refused(request, name)
        return self.get_response(request)


NUL_MESSAGE = "NUL characters are not allowed"


def _nul_refused(request: HttpRequest, name: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        errors = [{"field": name, "message": NUL_MESSAGE, "code": "null_characters_not_allowed"}]
        body = error_body(400, "invalid", f"{name}: {NUL_MESSAGE}", errors)
        return JsonResponse(body, status=400)
    # The name is shown escaped: a raw NUL in the answer would only trouble its reader.
    shown = name.replace("\x00", "\\x00")
    detail = f"The query parameter '{shown}' is refused: {NUL_MESSAGE}."
    return HttpResponse(detail, status=400, content_type="text/plain; charset=utf-8")


class WriteRateThrottle(ScopedRateThrottle):
    """A scoped throttle on writes only (reads of the same endpoint stay free), reading
    its rates when asked so that settings changed at run time apply."""

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)

    def get_rate(self) -> str | None:
        # The stubs type the rates as numbers; DRF's are "count/period" strings.
        rates: dict[str | None, str | None] = api_settings.DEFAULT_THROTTLE_RATES  # type: ignore[assignment]
        return rates.get(self.scope)


LOGIN_SCOPE = "login"


class LoginRateThrottle(WriteRateThrottle):
    """The one budget of every attempt at a password, per client address whether signed in
    or not: a signed-in user gets no budget of their own to guess another's password with,
    and an attacker no more attempts by spreading them over several forms."""

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


P = ParamSpec("P")
PageView = Callable[Concatenate[HttpRequest, P], HttpResponse]
# A view of any request type: a signed-in-only page takes an AuthenticatedHttpRequest.
R = TypeVar("R", bound=HttpRequest)
AnyPageView = Callable[Concatenate[R, P], HttpResponse]


class PageDecorator(Protocol):
    """`throttle_page` without `htmx`: it keeps the signature of any view it decorates."""

    def __call__(self, view: AnyPageView[R, P], /) -> AnyPageView[R, P]: ...


def write_throttle_wait(
    request: HttpRequest, scope: str, throttle_class: type[WriteRateThrottle] = WriteRateThrottle
) -> int:
    """Whole seconds to wait before this write of `scope` is allowed, or 0 (the write is
    then counted). It runs the API's own WriteRateThrottle on the page's request: the same
    rates, cache keys and identity (the user, or the address when anonymous), hence one
    budget for the API and the pages. Reads are never counted."""
    throttle = throttle_class()
    # DRF's Request only proxies the page's request here; the user is the one the
    # session middleware already found (DRF would authenticate again otherwise).
    drf_request = Request(request)
    drf_request.user = request.user
    if throttle.allow_request(drf_request, SimpleNamespace(throttle_scope=scope)):
        return 0
    # wait() is None when the history outgrew a rate lowered since: a whole period then.
    # allow_request() set duration from the rate; the stubs leave the attribute out.
    wait = throttle.wait() or throttle.duration or 1  # type: ignore[attr-defined]
    return max(1, math.ceil(wait))


@overload
def throttle_page(
    scope: str, *, htmx: None = None, throttle_class: type[WriteRateThrottle] = ...
) -> PageDecorator: ...


@overload
def throttle_page(
    scope: str,
    *,
    htmx: Callable[Concatenate[R, str, P], HttpResponse],
    throttle_class: type[WriteRateThrottle] = ...,
) -> Callable[[AnyPageView[R, P]], AnyPageView[R, P]]: ...


def throttle_page(
    scope: str,
    *,
    htmx: Callable[Concatenate[R, str, P], HttpResponse] | None = None,
    throttle_class: type[WriteRateThrottle] = WriteRateThrottle,
) -> Callable[[AnyPageView[R, P]], AnyPageView[R, P]]:
    """Count a page's writes against the API throttle `scope`; beyond it, 429 with
    Retry-After and the view does not run. The answer is the 429 page, or for an htmx
    request `htmx(request, reason, *view args)`: the fragment the page swaps in with the
    reason (a board shows it in place, as it shows a refused action)."""

    def decorate(view: AnyPageView[R, P]) -> AnyPageView[R, P]:
        @functools.wraps(view)
        def throttled(request: R, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            wait = write_throttle_wait(request, scope, throttle_class)
            if not wait:
                return view(request, *args, **kwargs)
            if htmx is None or not is_htmx(request):
                return too_many_requests_page(request, wait)
            response = htmx(request, too_many_requests_reason(wait), *args, **kwargs)
            response.status_code = 429
            response["Retry-After"] = str(wait)
            return response

        # mypy does not match typeshed's functools.wraps result (_Wrapped) against a
        # Concatenate callable, though it is one with the view's signature.
        return throttled  # type: ignore[return-value]

    return decorate


def throttle_login(view: PageView[P]) -> PageView[P]:
    """Count a form's POSTs, failed or not, against the login budget (`LoginRateThrottle`)."""
    decorate: Callable[[PageView[P]], PageView[P]] = throttle_page(
        LOGIN_SCOPE, throttle_class=LoginRateThrottle
    )
    return decorate(view)


def is_htmx(request: HttpRequest) -> bool:
    """An htmx request that swaps a fragment (a history restore wants the whole page)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def too_many_requests_reason(wait: int) -> str:
    return f"Too many requests: please wait {wait} seconds before trying again."


def too_many_requests_page(request: HttpRequest, wait: int) -> HttpResponse:
    body = render_to_string("429.html", {"wait": math.ceil(wait)}, request=request)
    response = HttpResponse(body, status=429)
    response["Retry-After"] = str(math.ceil(wait))
    return response
