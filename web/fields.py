"""Form fields that read their input strictly."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from web.numbers import is_whole_number


class WholeNumberField(forms.IntegerField):
    """An IntegerField that takes ASCII digits only (web.numbers): Django's reads
    Arabic-Indic and full-width digits, "1_000", " 3 " and "3.0" as numbers. Its bounds
    are its validators, as ever, with their messages."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value)
        if not is_whole_number(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)
