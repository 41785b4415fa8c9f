"""Plain query parameters of the card list, read as terms of the search language.

`?type=site&cost__lte=2` means the same as `q=t:"site" cost<=2`: one parser, one meaning
and one set of error messages for both ways of asking.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

from cards.search.compiler import LARGEST_NUMBER, SMALLEST_NUMBER
from web.errors import ApiError

TEXT_PARAMS = {
    "game": "game",
    "type": "t",
    "faction": "f",
    "creature_class": "c",
    "element": "el",
    "set": "e",
}
NUMERIC_PARAMS = {
    "strength": "str",
    "intelligence": "int",
    "cost": "cost",
    "fighting": "fighting",
    "power": "power",
    "body": "body",
}
OPERATORS = {"": "=", "gte": ">=", "lte": "<="}
FLAG_PARAMS = {"is_basic": "is:basic"}
MAX_VALUE_LENGTH = 100
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def _bad(field: str, message: str) -> ApiError:
    return ApiError(
        f"{field}: {message}",
        code="invalid",
        errors=[{"field": field, "message": message, "code": "invalid"}],
    )


def _quoted(value: str) -> str:
    """`value` as one quoted string of the search language, whatever it holds."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _text_terms(params: Mapping[str, str]) -> list[str]:
    terms = []
    for param, key in TEXT_PARAMS.items():
        value = params.get(param, "").strip()
        if len(value) > MAX_VALUE_LENGTH:
            raise _bad(param, f"at most {MAX_VALUE_LENGTH} characters")
        if value:
            terms.append(f"{key}:{_quoted(value)}")
    return terms


def _number(name: str, value: str) -> int:
    if _WHOLE_NUMBER.fullmatch(value) and SMALLEST_NUMBER <= int(value) <= LARGEST_NUMBER:
        return int(value)
    bounds = f"from {SMALLEST_NUMBER} to {LARGEST_NUMBER}"
    raise _bad(name, f"{value!r} is not a whole number {bounds}")


def _numeric_terms(params: Mapping[str, str]) -> list[str]:
    terms = []
    for param, key in NUMERIC_PARAMS.items():
        for suffix, operator in OPERATORS.items():
            name = f"{param}__{suffix}" if suffix else param
            if name in params:  # present but empty is not a number
                terms.append(f"{key}{operator}{_number(name, params[name])}")
    return terms


def _flag_terms(params: Mapping[str, str]) -> list[str]:
    terms = []
    for param, term in FLAG_PARAMS.items():
        value = params.get(param)
        if value is None:
            continue
        if value.lower() in ("true", "1", "yes"):
            terms.append(term)
        elif value.lower() in ("false", "0", "no"):
            terms.append(f"-{term}")
        else:
            raise _bad(param, "use true or false")
    return terms


def filter_terms(params: Mapping[str, str]) -> str:
    """The query-language terms for the plain parameters present."""
    return " ".join([*_text_terms(params), *_numeric_terms(params), *_flag_terms(params)])


FILTER_PARAMETERS = [
    *TEXT_PARAMS,
    *(f"{p}{'__' + s if s else ''}" for p in NUMERIC_PARAMS for s in OPERATORS),
    *FLAG_PARAMS,
]


def filter_schema_parameters() -> list[OpenApiParameter]:
    """The plain parameters as the schema documents them."""
    text = {"type": "string", "maxLength": MAX_VALUE_LENGTH}
    number = {"type": "integer", "minimum": SMALLEST_NUMBER, "maximum": LARGEST_NUMBER}
    return [
        *(OpenApiParameter(p, text, description="Same as the query term.") for p in TEXT_PARAMS),
        *(
            OpenApiParameter(name, number, description="Same as the query term.")
            for name in FILTER_PARAMETERS
            if name.split("__")[0] in NUMERIC_PARAMS
        ),
        *(OpenApiParameter(p, OpenApiTypes.BOOL, description="Same as is:.") for p in FLAG_PARAMS),
    ]
