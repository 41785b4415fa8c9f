"""Writing an effects file (the engine reads them: ``effects.effect_file``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import tomli_w

from play.engine.games.shadowfist.effects.effect_file import FORMAT, GAME, entry_fields

#: The first lines of a written file (a reader skips comments).
HEADER = (
    "# Cardhouse effects file: one table per card title, checked against the effect\n"
    "# vocabulary (docs/shadowfist-effects.md, and /effects/shadowfist/ on the site).\n"
)


def write_effect_file(entries: Iterable[tuple[str, str | None, Mapping[str, Any], str]]) -> str:
    """The effects file of ``(title, key, params, note)`` entries, in the order given."""
    cards = {title: entry_fields(key, params, note) for title, key, params, note in entries}
    return HEADER + "\n" + tomli_w.dumps({"game": GAME, "format": FORMAT, "cards": cards})
