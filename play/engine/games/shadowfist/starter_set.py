"""The starter set as card rows: each card's facts (``starter.json``) with its effect
(``starter-effects.toml``, an effects file like any player's: the catalogue loads the
same two files). Every card must have exactly one entry, and every entry must be right
for its card: a starter card never plays as a blank.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from importlib import resources
from typing import Any, Final

from ...core import DataError
from .effects.effect_file import entry_problems, read_effect_file

FACTS_FILE: Final = "starter.json"
EFFECTS_FILE: Final = "starter-effects.toml"


def starter_file(name: str) -> str:
    """One of the starter set's files, as text."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def starter_rows() -> list[dict[str, Any]]:
    """The starter set's cards as catalogue-shaped dicts (their index is their id in the
    engine's default setup), each with its ``effect_key`` and ``effect_params``: fresh
    copies, which the caller may change."""
    return copy.deepcopy(list(_rows()))


def starter_decks() -> list[dict[str, Any]]:
    """The suggested decks: ``{"name": ..., "cards": {title: count}}`` each."""
    decks: list[dict[str, Any]] = copy.deepcopy(_facts()["decks"])
    return decks


@cache
def _facts() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(starter_file(FACTS_FILE))
    return data


@cache
def _rows() -> tuple[dict[str, Any], ...]:
    return tuple(with_effects(_facts()["cards"], starter_file(EFFECTS_FILE)))


def with_effects(cards: list[dict[str, Any]], effects_text: str) -> list[dict[str, Any]]:
    """Each card of ``cards`` (facts) with its effect from the effects file, every card
    with exactly one right entry, or DataError (code ``bad_starter``) naming the first
    that is not."""
    entries, problems = read_effect_file(effects_text)
    if problems:
        raise DataError("bad_starter", f"{EFFECTS_FILE}: {problems[0]}")
    effects = {entry.title: entry for entry in entries}
    stray = sorted(set(effects) - {card["name"] for card in cards})
    if stray:
        raise DataError("bad_starter", f"{EFFECTS_FILE}: no starter card is named {stray[0]!r}")
    rows = []
    for card in cards:
        entry = effects.get(card["name"])
        if entry is None:
            raise DataError("bad_starter", f"{EFFECTS_FILE} has no entry for {card['name']!r}")
        wrong = entry_problems(entry, card["type"])
        if wrong:
            raise DataError("bad_starter", f"{EFFECTS_FILE}: {wrong[0]}")
        rows.append({**card, "effect_key": entry.key, "effect_params": entry.params})
    return rows
