"""What a model's columns can hold, checked the same way on every database.

SQLite stores an over-long string or a NUL character without a word, while PostgreSQL
refuses both (and any integer out of its column's range) by aborting the transaction.
Checking values against the fields' own declarations first makes both behave alike:
`max_length`, the integer column ranges Django declares for PostgreSQL and MySQL
(SQLite's own ranges are 64-bit), and no NUL in text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

NUL = "\x00"


def value_errors(model: type[models.Model], values: Mapping[str, Any]) -> dict[str, str]:
    """Field name -> why its value does not fit `model`'s column, for the values that
    do not (an empty dict when all fit). Messages start after the name: "is 201
    characters long; at most 200 fit"."""
    errors: dict[str, str] = {}
    for name, value in values.items():
        problem = _problem(model._meta.get_field(name), value)
        if problem:
            errors[name] = problem
    return errors


def _problem(field: Any, value: Any) -> str:
    if value is None:
        return "" if field.null else "is missing"
    if isinstance(value, str):
        if NUL in value:
            return "contains a NUL character"
        if field.max_length is not None and len(value) > field.max_length:
            return f"is {len(value)} characters long; at most {field.max_length} fit"
    if isinstance(value, int) and not isinstance(value, bool):
        low, high = BaseDatabaseOperations.integer_field_ranges.get(
            field.get_internal_type(), (None, None)
        )
        if (low is not None and value < low) or (high is not None and value > high):
            return f"{value} is out of range ({low} to {high})"
    return ""
