"""One error shape for every API error.

    {"status": 400, "code": "invalid", "detail": "...",
     "errors": [{"field": ..., "message": ..., "code": ...}]}

DRF's exceptions, Django's 404/PermissionDenied and a number refused by
`web.numbers.parse_int` are all rendered this way; so are unexpected errors (500),
without a stack trace.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from web.faults import DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS, is_database_unavailable
from web.numbers import InvalidNumberError

logger = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An API error with a code, a message and optional itemised errors."""

    def __init__(
        self,
        detail: str,
        *,
        code: str,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        errors: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.error_code = code
        self.errors = errors or []


def _flatten(detail: Any, field: str | None = None) -> list[dict[str, Any]]:
    """Turn DRF's nested ValidationError detail into a flat list of field errors."""
    if isinstance(detail, dict):
        items: list[dict[str, Any]] = []
        for key, value in detail.items():
            if isinstance(key, int):  # DRF keys list-item errors by their index
                name = f"{field}[{key}]"
            else:
                name = key if field is None else f"{field}.{key}"
            items.extend(_flatten(value, None if key == "non_field_errors" else name))
        return items
    if isinstance(detail, list):
        items = []
        for index, value in enumerate(detail):
            nested = isinstance(value, dict | list)
            items.extend(_flatten(value, f"{field}[{index}]" if nested and field else field))
        return items
    code = getattr(detail, "code", "invalid")
    return [{"field": field, "message": str(detail), "code": code}]


def error_body(
    status_code: int, code: str, detail: str, errors: list[dict[str, Any]]
) -> dict[str, Any]:
    return {"status": status_code, "code": code, "detail": detail, "errors": errors}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, InvalidNumberError):
        exc = ApiError(
            f"{exc.field} {exc.message}",
            code="invalid",
            errors=[{"field": exc.field, "message": exc.message, "code": "invalid"}],
        )

    if isinstance(exc, ApiError):
        body = error_body(exc.status_code, exc.error_code, str(exc.detail), exc.errors)
        # A 503 is a part of the service away for a moment: say when to try again.
        retry = {"Retry-After": str(RETRY_AFTER_SECONDS)} if exc.status_code == 503 else None
        return Response(body, status=exc.status_code, headers=retry)

    if is_database_unavailable(exc):
        logger.error("database unavailable: %s", exc)
        body = error_body(503, "database_unavailable", DATABASE_UNAVAILABLE, [])
        return Response(body, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    response = exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        body = error_body(500, "server_error", "An unexpected error occurred.", [])
        return Response(body, status=500)

    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        detail = "; ".join(
            f"{e['field']}: {e['message']}" if e["field"] else e["message"] for e in errors
        )
        code: object = "invalid"
    else:
        errors = []
        detail = str(getattr(exc, "detail", exc))
        code = getattr(getattr(exc, "detail", None), "code", None) or getattr(
            exc, "default_code", "error"
        )
    response.data = error_body(response.status_code, str(code), detail, errors)
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _not_found_body() -> JsonResponse:
    return JsonResponse(error_body(404, "not_found", "Not found.", []), status=404)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404: a URL no route matches (e.g. `/api/v1/decks/-1/`) answers in the error
    shape under /api/, and with Django's page elsewhere."""
    if _is_api(request):
        return _not_found_body()
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: an error outside DRF's views (e.g. in a middleware), same rule."""
    if _is_api(request):
        body = error_body(500, "server_error", "An unexpected error occurred.", [])
        return JsonResponse(body, status=500)
    return defaults.server_error(request)


class ApiNotFoundMiddleware:
    """A 404 under /api/ that no API view rendered answers in the error shape, with DEBUG
    on too: Django then answers an unknown URL (or an Http404 outside DRF) with its
    technical HTML page instead of calling handler404. DRF's own answers are left as they
    are (a browser asking for HTML gets the browsable API's page of the error)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 404
            and _is_api(request)
            and not isinstance(response, Response)
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            return _not_found_body()
        return response


class InvalidNumberMiddleware:
    """A page's query or form value that is not a whole number within its bounds
    (`parse_int` raised InvalidNumberError) answers 400 in plain text naming the
    parameter, as a NUL in a query does (web.limits); the value is not echoed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, InvalidNumberError):
            return None
        detail = f"The parameter '{exception.field}' is refused: it {exception.message}."
        return HttpResponse(detail, status=400, content_type="text/plain; charset=utf-8")
