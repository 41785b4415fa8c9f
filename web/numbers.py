"""One strict reader of whole numbers, for every query parameter and form value.

A whole number is ASCII digits with an optional minus sign, at most MAX_DIGITS
characters, within the caller's bounds. `str.isdigit()` takes "²", which `int()` refuses
(a 500 where a page trusted it), and `int()` takes Arabic-Indic and full-width digits,
"1_000" and " 3 ": none is a number a client or a form sends, so each is refused, with
the field named.
"""

from __future__ import annotations

import re

# Past every bound used here (2**63 has 19 digits): a longer value is refused before
# int() reads it, so 5,000 digits cost nothing.
MAX_DIGITS = 20
_WHOLE_NUMBER = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
# The pages' page numbers (60 cards a page: six million cards).
MAX_PAGE = 100_000
# The largest id of a row (PostgreSQL's integer).
MAX_ID = 2**31 - 1


class InvalidNumberError(ValueError):
    """A value that is not a whole number within its bounds; names the field. The API
    answers it with 400 in its error shape, the pages with a 400 in plain text."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def is_whole_number(raw: str) -> bool:
    """Whether `raw` is written as a whole number (whatever its size, up to MAX_DIGITS)."""
    return _WHOLE_NUMBER.fullmatch(raw) is not None


def parse_int(raw: str, field: str, *, low: int, high: int) -> int:
    """The whole number `raw` holds, from `low` to `high`, else InvalidNumberError naming
    `field`."""
    if is_whole_number(raw) and low <= (number := int(raw)) <= high:
        return number
    raise InvalidNumberError(field, f"must be a whole number from {low} to {high}")


def page_number(raw: str | None) -> int:
    """The page a page's ?page= asks for, the first when absent or empty. Paginator's
    get_page() shows the last page for one past the end (a bookmarked page stays useful
    when a list shrinks)."""
    return parse_int(raw, "page", low=1, high=MAX_PAGE) if raw else 1
