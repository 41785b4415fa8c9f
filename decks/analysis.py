"""Warnings on a deck beyond its format's rules: what may keep it from ever scoring.

The analysis is the rules engine's (play/engine/games/chizo/analysis.py: pure Python, it
imports nothing back); here a deck's lines or card rows become its input, for the deck
answers (validation, the deck page) and the goldfish paths alike (docs/play.md, "Can
this stack ever reach 12?").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from decks.engine_rows import CardRows, line_rows
from decks.lines import DeckLine

#: The games whose stacks the engine analyses.
ANALYSED = ("chizo",)

def stack_analysis(game: str, cards: CardRows) -> dict[str, Any] | None:
    """The engine's analysis of a deck given as card rows (None: not a ChiZo stack)."""
    if game not in ANALYSED or not cards:
        return None
    from play.engine.games.chizo.analysis import analyse_stack

    rows = [row for row, _copies in cards]
    stack = [row["id"] for row, copies in cards for _ in range(copies)]
    return analyse_stack(rows, stack)


def stack_warnings(game: str, cards: CardRows) -> list[str]:
    """The analysis in a player's words ([] when nothing stands in the way)."""
    analysis = stack_analysis(game, cards)
    if analysis is None:
        return []
    from play.engine.games.chizo.analysis import stack_warnings as words

    return words(analysis)


def deck_warnings(game: str, lines: Sequence[DeckLine]) -> list[str]:
    """The warnings on a deck's lines (one query for its cards, none for other games)."""
    if game not in ANALYSED or not lines:
        return []
    return stack_warnings(game, line_rows(game, lines))
