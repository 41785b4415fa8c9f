"""Plain query parameters of the card list, read as terms of the search language.

`?type=site&cost__lte=2` means the same as `q=t:"site" cost<=2`: one parser, one meaning
and one set of error messages for both ways of asking.
"""

from __future__ import annotations

from collections.abc import Mapping

from config.errors import ApiError

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


def _bad(field: str, message: str) -> ApiError:
    return ApiError(
        f"{field}: {message}",
        code="invalid",
        errors=[{"field": field, "message": message, "code": "invalid"}],
    )


def filter_terms(params: Mapping[str, str]) -> str:
    """The query-language terms for the plain parameters present."""
    terms = []
    for param, key in TEXT_PARAMS.items():
        value = params.get(param, "")
        if value:
            if '"' in value or len(value) > MAX_VALUE_LENGTH:
                raise _bad(param, f"at most {MAX_VALUE_LENGTH} characters, without quotes")
            terms.append(f'{key}:"{value}"')
    for param, key in NUMERIC_PARAMS.items():
        for suffix, operator in OPERATORS.items():
            name = f"{param}__{suffix}" if suffix else param
            value = params.get(name, "")
            if value:
                if not value.lstrip("-").isdigit() or len(value) > 6:
                    raise _bad(name, f"{value!r} is not a whole number")
                terms.append(f"{key}{operator}{int(value)}")
    for param, term in FLAG_PARAMS.items():
        value = params.get(param, "").lower()
        if value in ("true", "1", "yes"):
            terms.append(term)
        elif value in ("false", "0", "no"):
            terms.append(f"-{term}")
        elif value:
            raise _bad(param, "use true or false")
    return " ".join(terms)


FILTER_PARAMETERS = [
    *TEXT_PARAMS,
    *(f"{p}{'__' + s if s else ''}" for p in NUMERIC_PARAMS for s in OPERATORS),
    *FLAG_PARAMS,
]
