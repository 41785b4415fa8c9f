"""CSV cells that a spreadsheet will not run as formulas (OWASP, "CSV Injection").

A cell starting with =, +, -, @, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets; OWASP's advice is to start such a cell with a single
quote, which the spreadsheet shows as text. A cell that already starts with quotes
before one of those characters gets one more, so `unescape_cell` undoes `escape_cell`
exactly and a name like "'Tis" is left alone both ways. Quoting of commas and double
quotes is the csv module's.
"""

from __future__ import annotations

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"


def _escaped_form(value: str) -> bool:
    """Whether `value` looks like a formula behind any number of leading quotes."""
    return value.lstrip(ESCAPE).startswith(FORMULA_TRIGGERS)


def escape_cell(value: str) -> str:
    return ESCAPE + value if _escaped_form(value) else value


def unescape_cell(value: str) -> str:
    if value.startswith(ESCAPE) and _escaped_form(value[1:]):
        return value[1:]
    return value
