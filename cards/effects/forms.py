"""The form of a card's effect on its page (staff only): the effect key, a field for every
parameter of the vocabulary, the keyword abilities and the author's note.

The fields are drawn from the engine's vocabulary (``spec``, ``vocabulary``): each is typed
by the kind of value its parameter takes, an enumerated one offers every value some key
allows, and each field and value names the keys that take it (the page's script shows
only the chosen key's). The form reads what was sent into an :class:`Effect` holding the
chosen key's parameters that were filled in; the vocabulary has the last word
(``history.write_effects``), and :meth:`EffectForm.add_problems` puts each of its
problems beside the field it is about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cards.effects.history import Effect
from cards.effects.loading import MAX_NOTE
from play.engine.games.shadowfist.effects.entries import (
    KEY_FIELD,
    MAX_NUMBER,
    MAX_TEXT,
    Problem,
)
from play.engine.games.shadowfist.effects.spec import COMMON, KEYS, EffectError, check_value
from play.engine.games.shadowfist.effects.vocabulary import (
    FIELD_ORDER,
    PARAMS,
    ability_names,
    allowed_values,
)
from web.fields import WholeNumberField
from web.numbers import MAX_ID

NOTE = "note"
ABILITIES = "abilities"
TOUGHNESS = "toughness"
#: ``amount = "all"``, which some keys take instead of a number (a check box of its own).
AMOUNT = "amount"
AMOUNT_ALL = "amount_all"
ALL = "all"
#: Common parameters that mean something only to a key with triggers.
TRIGGERED = frozenset({"trigger", "timing"})
_CODE = re.compile(r"`([^`]+)`")
#: Every parameter, in the order an effects file writes them.
PARAM_NAMES = tuple(name for name in FIELD_ORDER if name in PARAMS)


def takes(key: str) -> frozenset[str]:
    """The parameters the form offers with ``key``: its own and the common ones (a trigger
    and its timing only when the key has triggers)."""
    rule = KEYS[key]
    return rule.params | (COMMON if rule.triggers else COMMON - TRIGGERED)


def _keys_taking(name: str) -> tuple[str, ...]:
    return tuple(key for key in KEYS if name in takes(key))


def _accepts(key: str, name: str, value: Any) -> bool:
    try:
        check_value(key, name, value)
    except EffectError:
        return False
    return True


#: Per parameter, the keys that take it, in the vocabulary's order.
KEYS_TAKING: dict[str, tuple[str, ...]] = {name: _keys_taking(name) for name in PARAM_NAMES}
#: The keys whose amount may be "all" (as the validator says: it checks one value alone).
AMOUNT_ALL_KEYS = tuple(key for key in KEYS_TAKING[AMOUNT] if _accepts(key, AMOUNT, ALL))


def _values(name: str) -> dict[str, tuple[str, ...]]:
    """Every value of an enumerated parameter that some key allows, with those keys."""
    keys: dict[str, list[str]] = {}
    for key in KEYS_TAKING[name]:
        for value in allowed_values(key, name):
            keys.setdefault(value, []).append(key)
    return {value: tuple(names) for value, names in keys.items()}


class KeyedSelect(forms.Select):
    """A select whose options name the keys that allow them (``data-keys``)."""

    def __init__(self, option_keys: dict[str, tuple[str, ...]]) -> None:
        super().__init__()
        self.option_keys = option_keys

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        keys = self.option_keys.get(str(option["value"]))
        if keys:
            option["attrs"]["data-keys"] = " ".join(keys)
        return option


def _number(low: int) -> WholeNumberField:
    return WholeNumberField(
        required=False,
        min_value=low,
        max_value=MAX_NUMBER,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


def _param_field(name: str) -> forms.Field:
    """The field of one parameter, typed by the kind of value it takes."""
    doc = PARAMS[name]
    values = _values(name)
    field: forms.Field
    if name == ABILITIES:
        names = [(ability, ability) for ability in ability_names() if ability != TOUGHNESS]
        field = forms.MultipleChoiceField(choices=names, widget=forms.CheckboxSelectMultiple)
    elif values:
        choices = [("", "—"), *((value, value) for value in values)]
        field = forms.ChoiceField(choices=choices, widget=KeyedSelect(values))
    elif doc.kind == "true or false":
        field = forms.BooleanField()
    elif doc.kind == "whole number":
        field = _number(-MAX_NUMBER)
    elif doc.kind == "whole number from 0":
        field = _number(0)
    elif doc.kind == "text":
        field = forms.CharField(max_length=MAX_TEXT)
    else:  # a new kind of value wants a field of its own: fail when the module loads
        raise ValueError(f"no form field for the parameter {name!r} ({doc.kind})")
    field.required = False
    field.label = name
    field.help_text = _with_code(doc.meaning)
    return field


def _with_code(text: str) -> SafeString:
    """The vocabulary's words, escaped, with their `names` set as code."""
    return mark_safe(_CODE.sub(r"<code>\1</code>", escape(text)))  # escaped first


KEY_CHOICES = [("", "no effect data"), *((key, key) for key in KEYS)]


def _fields() -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {
        KEY_FIELD: forms.ChoiceField(label="Effect key", required=False, choices=KEY_CHOICES)
    }
    for name in PARAM_NAMES:
        fields[name] = _param_field(name)
        if name == AMOUNT:
            fields[AMOUNT_ALL] = forms.BooleanField(
                required=False, label="all", help_text='amount = "all": every point of damage.'
            )
        if name == ABILITIES:
            fields[TOUGHNESS] = _number(0)
            fields[TOUGHNESS].label = TOUGHNESS
    fields[NOTE] = forms.CharField(
        label="Note",
        required=False,
        max_length=MAX_NOTE,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The author's note: the card's text in short, or why the effect is so.",
    )
    return fields


@dataclass(frozen=True)
class ParamRow:
    """A parameter's field as the page lays it out, with the keys that take it."""

    field: forms.BoundField
    keys: tuple[str, ...]
    is_check: bool

    @property
    def other_keys(self) -> tuple[str, ...]:
        """The keys that do not take it."""
        return tuple(key for key in KEYS if key not in self.keys)


class EffectForm(forms.Form):
    """A card's effect: valid, it holds :attr:`effect`, the one to write."""

    def __init__(self, data: QueryDict | None = None, *, current: Effect) -> None:
        super().__init__(data, initial=_initial(current))
        self.current = current
        self.effect: Effect | None = None

    def param_rows(self) -> list[ParamRow]:
        """The parameters' fields but the abilities (a group of their own)."""
        rows = []
        for name in self.fields:
            if name in (KEY_FIELD, NOTE, ABILITIES, TOUGHNESS):
                continue
            keys = AMOUNT_ALL_KEYS if name == AMOUNT_ALL else KEYS_TAKING[name]
            is_check = isinstance(self.fields[name], forms.BooleanField)
            rows.append(ParamRow(self[name], keys, is_check))
        return rows

    def ability_keys(self) -> tuple[str, ...]:
        return KEYS_TAKING[ABILITIES]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        key = data[KEY_FIELD] or None
        offered = takes(key) if key else COMMON - TRIGGERED
        params: dict[str, Any] = {}
        for name in PARAM_NAMES:
            value = self._param(name, data) if name in offered else None
            if value is not None:
                params[name] = value
        if key:
            for missing in sorted(KEYS[key].required - params.keys()):
                self.add_error(missing, f"{key} needs this parameter")
        if not self.errors:
            self.effect = Effect(key, params, data[NOTE])
        return data

    def _param(self, name: str, data: dict[str, Any]) -> Any:
        """The parameter's value as the effect holds it; None when it is not filled in."""
        if name == ABILITIES:
            return self._abilities(data[ABILITIES], data[TOUGHNESS])
        if name == AMOUNT and data[AMOUNT_ALL]:
            if data[AMOUNT] is not None:
                self.add_error(AMOUNT_ALL, "either a number or all, not both")
            return ALL
        value = data[name]
        return None if value is None or value == "" or value is False else value

    def _abilities(self, chosen: list[str], toughness: int | None) -> list[str] | None:
        values = [name for name in ability_names() if name in chosen]
        if toughness:
            values.append(f"{TOUGHNESS}:{toughness}")
        # The same abilities in another order are no change: keep the stored order.
        stored = self.current.params.get(ABILITIES)
        if isinstance(stored, list) and sorted(map(str, stored)) == sorted(values):
            return list(stored)
        return values or None

    def add_problems(self, problems: Iterable[Problem]) -> None:
        """The vocabulary's problems with the effect, each beside its field (a problem of
        the effect as a whole above the form)."""
        assert self.effect is not None  # the vocabulary checks only an effect read in full
        for problem in problems:
            field = problem.param if problem.param in self.fields else None
            if field == AMOUNT and self.effect.params.get(AMOUNT) == ALL:
                field = AMOUNT_ALL
            message = f"{problem.message}; {problem.hint}" if problem.hint else problem.message
            self.add_error(field, message)


EffectForm.base_fields = EffectForm.declared_fields = _fields()


def _initial(effect: Effect) -> dict[str, Any]:
    """The form's fields for a stored effect."""
    initial: dict[str, Any] = {KEY_FIELD: effect.key or "", NOTE: effect.note}
    for name, value in effect.params.items():
        if name == ABILITIES and isinstance(value, list):
            toughness = [str(v).partition(":")[2] for v in value if str(v).startswith(TOUGHNESS)]
            initial[ABILITIES] = [v for v in value if not str(v).startswith(TOUGHNESS)]
            initial[TOUGHNESS] = sum(int(n) for n in toughness if n.isdigit()) or None
        elif name == AMOUNT and value == ALL:
            initial[AMOUNT_ALL] = True
        elif name in PARAMS:
            initial[name] = value
    return initial


class RevertForm(forms.Form):
    """Which revision of a card's effect to undo."""

    revision = WholeNumberField(min_value=1, max_value=MAX_ID)
