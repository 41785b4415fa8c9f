"""Writing an effects file (the engine reads them: ``effects.effect_file``), one card's
entry as a file says it, and what differs between two of a card's effects, field by field
in a file's order (a card page's history)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import tomli_w

from play.engine.games.shadowfist.effects.effect_file import (
    FORMAT,
    GAME,
    NOTE_FIELD,
    entry_fields,
)
from play.engine.games.shadowfist.effects.entries import KEY_FIELD
from play.engine.games.shadowfist.effects.vocabulary import FIELD_ORDER

#: The first lines of a written file (a reader skips comments).
HEADER = (
    "# Cardhouse effects file: one table per card title, checked against the effect\n"
    "# vocabulary (docs/shadowfist-effects.md, and /effects/shadowfist/ on the site).\n"
)


def write_effect_file(entries: Iterable[tuple[str, str | None, Mapping[str, Any], str]]) -> str:
    """The effects file of ``(title, key, params, note)`` entries, in the order given."""
    cards = {title: entry_fields(key, params, note) for title, key, params, note in entries}
    return HEADER + "\n" + tomli_w.dumps({"game": GAME, "format": FORMAT, "cards": cards})


def effect_entry(title: str, key: str, params: Mapping[str, Any], note: str = "") -> str:
    """One card's entry as an effects file writes it (a file's table of that title)."""
    return tomli_w.dumps({"cards": {title: entry_fields(key, params, note)}})


@dataclass(frozen=True)
class FieldChange:
    """One field of an entry before and after a change, as an effects file writes its
    value ("" where the entry has no such field)."""

    name: str
    before: str
    after: str


def entry_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[FieldChange]:
    """The fields that differ between two stored effects (``{"effect_key",
    "effect_params", "effect_note"}``, as a revision keeps them), in a file's order."""
    old, new = _as_fields(before), _as_fields(after)
    rank = {name: index for index, name in enumerate(FIELD_ORDER)}
    names = sorted(old.keys() | new.keys(), key=lambda name: (rank.get(name, len(rank)), name))
    return [
        FieldChange(name, _written(old.get(name)), _written(new.get(name)))
        for name in names
        if old.get(name) != new.get(name)
    ]


def _as_fields(effect: Mapping[str, Any]) -> dict[str, Any]:
    fields = dict(effect.get("effect_params") or {})
    fields[KEY_FIELD] = effect.get("effect_key")
    fields[NOTE_FIELD] = effect.get("effect_note") or None
    return {name: value for name, value in fields.items() if value is not None}


def _written(value: Any) -> str:
    """A value as an effects file writes it on one line (TOML's strings, numbers, true
    and false and lists read like JSON's)."""
    return "" if value is None else json.dumps(value, ensure_ascii=False)
