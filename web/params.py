"""Query parameters read strictly: a value the schema does not allow answers 400, never a
silent default."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from web.errors import ApiError
from web.numbers import MAX_ID, parse_int

TRUE = ("true", "1", "yes")
FALSE = ("false", "0", "no")


def _invalid(name: str, message: str) -> ApiError:
    return ApiError(
        f"{name} {message}",
        code="invalid",
        errors=[{"field": name, "message": message, "code": "invalid"}],
    )


def int_param(
    request: Request, name: str, *, default: int | None = None, low: int, high: int
) -> int:
    """The whole number in `name`, from `low` to `high`; `default` when absent (without a
    default the parameter is required). Present but empty is not a number."""
    raw = request.query_params.get(name)
    if raw is None:
        if default is None:
            raise _invalid(name, "is required")
        return default
    return parse_int(raw, name, low=low, high=high)  # a 400 naming it, else


def int_schema(low: int, high: int) -> dict[str, Any]:
    """The OpenAPI schema of an `int_param`."""
    return {"type": "integer", "minimum": low, "maximum": high}


def bool_param(request: Request, name: str) -> bool:
    """true/1/yes or false/0/no (any case); false when absent."""
    raw = request.query_params.get(name)
    if raw is None or raw.lower() in FALSE:
        return False
    if raw.lower() in TRUE:
        return True
    raise _invalid(name, "must be true or false")


#: The schema of a row id in a query parameter.
ID_SCHEMA = int_schema(1, MAX_ID)
