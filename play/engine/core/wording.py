"""Readable labels of actions: every game words its kinds of action from a table of
templates (``word_action``), so the API, the boards and the logs say the same words."""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

Wording = str | tuple[str, ...] | Callable[[list[Any]], str]
"""How a game words one kind of action (see ``word_action``): a template, templates to
try in turn, or a function of the action's arguments."""


class _ArgumentFormatter(string.Formatter):
    """``str.format`` where a field's format spec may name a namer: with a namer called
    ``card``, ``"Discard {0:card}"`` shows the first argument as ``card(argument)``."""

    def __init__(self, namers: Mapping[str, Callable[[Any], str]]) -> None:
        super().__init__()
        self.namers = namers

    def format_field(self, value: Any, format_spec: str) -> str:
        namer = self.namers.get(format_spec)
        return namer(value) if namer else super().format_field(value, format_spec)


def seat_words(seat: int) -> str:
    """ "Seat 2": how an action's argument that is a seat index reads."""
    return f"Seat {seat + 1}"


def counted(count: int, noun: str) -> str:
    """ "1 tile", "3 tiles": a count and its noun, plural unless the count is one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def word_action(
    action: Mapping[str, Any],
    wordings: Mapping[str, Wording],
    **namers: Callable[[Any], str],
) -> str:
    """The readable label of an action (``{"kind": ..., "args": [...]}``) by the wording
    of its kind, or "" (the caller falls back to the terse ``str(action)``) for a kind
    without one.

    A wording is a ``str.format`` template over the arguments whose format specs name how
    an argument reads: ``"Attach {0:name} to {1:where}"`` with ``name`` and ``where``
    among ``namers`` (``seat`` is always one: ``"Choose {0:seat}"`` reads "Choose Seat
    2"). A template without fields is a fixed label. A tuple of templates is tried in
    turn: the first that the arguments fill is the label, where a template does not fill
    when it refers to an argument the action lacks or a namer raises ``LookupError`` (a
    thing it does not know); when none fills, "". A function of the arguments words the
    kinds that templates cannot.
    """
    wording = wordings.get(action["kind"])
    args = list(action["args"])
    if wording is None:
        return ""
    if not isinstance(wording, str | tuple):
        return wording(args)
    formatter = _ArgumentFormatter({"seat": seat_words, **namers})
    for template in (wording,) if isinstance(wording, str) else wording:
        try:
            return formatter.format(template, *args)
        except LookupError:
            continue
    return ""


def names_by_id(data: Any, key: str = "id") -> dict[int, str]:
    """Every object with an int ``key`` and a ``name`` anywhere in ``data``, by that id."""
    found: dict[int, str] = {}
    _collect(data, key, found)
    return found


def _collect(data: Any, key: str, found: dict[int, str]) -> None:
    if isinstance(data, dict):
        ident, name = data.get(key), data.get("name")
        if isinstance(ident, int) and not isinstance(ident, bool) and isinstance(name, str):
            found.setdefault(ident, name)
        for value in data.values():
            _collect(value, key, found)
    elif isinstance(data, list):
        for value in data:
            _collect(value, key, found)
