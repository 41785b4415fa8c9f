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


def deck_stack(game: str, lines: Sequence[DeckLine]) -> dict[str, Any] | None:
    """The analysis of a deck's lines with its ``warnings`` (None: not a ChiZo stack;
    one query for its cards)."""
    if game not in ANALYSED or not lines:
        return None
    analysis = stack_analysis(game, line_rows(game, lines))
    if analysis is None:
        return None
    from play.engine.games.chizo.analysis import stack_warnings as words

    return {**analysis, "warnings": words(analysis)}


def answer_fields(game: str, lines: Sequence[DeckLine]) -> dict[str, Any]:
    """What the validation answers add: ``warnings``, and ``stack``, the analysis itself
    (None but for a ChiZo stack)."""
    stack = deck_stack(game, lines)
    if stack is None:
        return {"warnings": [], "stack": None}
    return {
        "warnings": stack["warnings"],
        "stack": {k: v for k, v in stack.items() if k != "warnings"},
    }
