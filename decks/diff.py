"""Differences between two versions of a deck, or two decks."""

from __future__ import annotations

from typing import Any


def diff_entries(
    before: dict[int, tuple[str, int]], after: dict[int, tuple[str, int]]
) -> list[dict[str, Any]]:
    """One row per card whose count changed: card, name, count before, count after."""
    names = {card_id: name for card_id, (name, _) in (before | after).items()}
    rows = []
    for card_id in sorted(names, key=lambda c: (names[c].casefold(), c)):
        old = before.get(card_id, ("", 0))[1]
        new = after.get(card_id, ("", 0))[1]
        if old != new:
            rows.append({"card": card_id, "name": names[card_id], "before": old, "after": new})
    return rows
