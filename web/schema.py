"""The schema's error responses, documented in one place.

Every API error has one shape (web/errors.py). Instead of listing the errors on each
view, `add_error_responses` (a drf-spectacular postprocessing hook) adds the `Error`
component and, to each operation, the errors its view can answer, read from facts about
the view and the operation:

- 400: a request body or query parameters to validate
- 401: the view authenticates (required: anonymous callers are refused; optional: an
  invalid token is refused even where anonymous callers are served)
- 403: a write through session authentication (CSRF)
- 404: a path parameter (no such object, or not yours) or a page number (no such page)
- 406: content negotiation by the Accept header (DRF's default)
- 412: an `If-Match` header
- 413, 415: a request body (over the size limit; a media type no parser reads)
- 429: a throttle that counts this method

A view documents what no fact tells (a 409, a 403 for another owner's object) with
`OpenApiResponse(description=...)` in its `extend_schema`; the hook keeps that description
and gives every 4xx and 5xx response the `Error` body (a 503 also `Retry-After`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authentication import SessionAuthentication
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.views import APIView

from web.limits import WriteRateThrottle

SAFE_METHODS = ("get", "head", "options")
ERROR_REF = {"$ref": "#/components/schemas/Error"}

ERROR_ITEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One problem: the field it concerns (if any), a message and a code; "
    "some carry more (a deck list's `line`, `hint` and `suggestions`, a query's `column`).",
    "properties": {
        "field": {"type": "string", "nullable": True},
        "message": {"type": "string"},
        "code": {"type": "string"},
    },
    "required": ["message", "code"],
}
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every API error: the HTTP status, a code, a message and itemised errors.",
    "properties": {
        "status": {"type": "integer"},
        "code": {"type": "string"},
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/ErrorItem"}},
    },
    "required": ["status", "code", "detail", "errors"],
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait (sent by the rate throttles).",
        "schema": {"type": "integer"},
    }
}


UNAVAILABLE_RETRY_AFTER = {
    "Retry-After": {"description": "Seconds to wait before trying again.",
                    "schema": {"type": "integer"}}
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Facts:
    """What the view and the operation tell about the errors an operation can answer."""

    method: str
    has_body: bool
    has_query: bool
    has_path_parameter: bool
    paginated: bool
    if_match: bool
    authenticates: bool
    anonymous_allowed: bool
    session: bool
    throttled: bool
    negotiates: bool


def _parameters(operation: dict[str, Any], location: str) -> list[str]:
    return [p["name"] for p in operation.get("parameters", []) if p["in"] == location]


def _anonymous_allowed(view: APIView, method: str) -> bool:
    anonymous = SimpleNamespace(method=method.upper(), user=AnonymousUser())
    # A stand-in request: the permissions read only its method and user.
    return all(p.has_permission(anonymous, view) for p in view.get_permissions())  # type: ignore[arg-type]


def _throttled(view: APIView, method: str) -> bool:
    return any(
        not (isinstance(t, WriteRateThrottle) and method in SAFE_METHODS)
        for t in view.get_throttles()
    )


def facts_of(operation: dict[str, Any], view: APIView, method: str) -> Facts:
    authenticators = view.get_authenticators()
    return Facts(
        method=method,
        has_body="requestBody" in operation,
        has_query=bool(_parameters(operation, "query")),
        has_path_parameter=bool(_parameters(operation, "path")),
        paginated="page" in _parameters(operation, "query"),
        if_match="If-Match" in _parameters(operation, "header"),
        authenticates=bool(authenticators),
        anonymous_allowed=_anonymous_allowed(view, method),
        session=any(isinstance(a, SessionAuthentication) for a in authenticators),
        throttled=_throttled(view, method),
        negotiates=isinstance(view.get_content_negotiator(), DefaultContentNegotiation),
    )


def _not_found(facts: Facts) -> str | None:
    reasons = []
    if facts.has_path_parameter:
        reasons.append("no such object, or not one you may see")
    if facts.paginated:
        reasons.append("no such page")
    return "; ".join(reasons).capitalize() + "." if reasons else None


def _unauthenticated(facts: Facts) -> str | None:
    if not facts.authenticates:
        return None
    if facts.anonymous_allowed:
        return "Invalid credentials (anonymous requests are served)."
    return "Not authenticated: send `Authorization: Token <key>` or use a session."


def error_descriptions(facts: Facts) -> dict[str, str]:
    """Status code -> description of the errors an operation with these facts answers."""
    errors: dict[str, str | None] = {
        "400": "Invalid input: `errors` names each field and what is wrong with it."
        if facts.has_body or facts.has_query
        else None,
        "401": _unauthenticated(facts),
        "403": "A write through a session without its CSRF token."
        if facts.session and facts.method not in SAFE_METHODS
        else None,
        "404": _not_found(facts),
        "406": "The Accept header names no media type the API answers in (JSON)."
        if facts.negotiates
        else None,
        "412": "`If-Match` names no current version: nothing was changed."
        if facts.if_match
        else None,
        "413": "The request body is larger than the limit (`MAX_REQUEST_BYTES`)."
        if facts.has_body
        else None,
        "415": "A request body in a media type the API does not read." if facts.has_body else None,
        "429": "Too many requests: wait `Retry-After` seconds." if facts.throttled else None,
    }
    return {code: text for code, text in errors.items() if text}


def _views(generator: SchemaGenerator) -> dict[tuple[str, str], APIView]:
    views: dict[tuple[str, str], APIView] = {}
    # drf-spectacular's endpoints are (path, regex, method, callback), where DRF's stubs say
    # an optional list of triples; its create_view and coerce_path carry no type hints.
    endpoints: list[tuple[str, str, str, Any]] = generator.endpoints  # type: ignore[assignment]
    for path, _, method, callback in endpoints:
        view = generator.create_view(callback, method)  # type: ignore[no-untyped-call]
        views[generator.coerce_path(path, method, view), method.lower()] = view  # type: ignore[no-untyped-call]
    return views


def _document_errors(operation: dict[str, Any], facts: Facts) -> None:
    responses = operation["responses"]
    for code, description in error_descriptions(facts).items():
        responses.setdefault(code, {"description": description})
    for code, response in responses.items():
        if code.startswith(("4", "5")):
            response.setdefault("content", {"application/json": {"schema": ERROR_REF}})
    if "429" in responses:
        responses["429"].setdefault("headers", RETRY_AFTER)
    if "503" in responses:
        responses["503"].setdefault("headers", UNAVAILABLE_RETRY_AFTER)
    operation["responses"] = dict(sorted(responses.items()))


def add_error_responses(
    result: dict[str, Any], generator: SchemaGenerator, **kwargs: Any
) -> dict[str, Any]:
    """Postprocessing hook: the `Error` component and each operation's error responses."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    schemas["ErrorItem"] = ERROR_ITEM_SCHEMA
    views = _views(generator)
    for path, operations in result["paths"].items():
        for method, operation in operations.items():
            view = views[path, method]
            _document_errors(operation, facts_of(operation, view, method))
    return result
