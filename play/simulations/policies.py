"""What a goldfish figure stands on, the bot's part: its measured gap to the yardsticks
(docs/play.md, "The goldfish gap"), recorded with the results and worded for reports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engine.core import get_game
from play.engine.core.search import YARDSTICK_FACTOR


def policy_gap(game: str, bot: str) -> dict[str, Any] | None:
    """The bot's measured goldfish gap as JSON-ready data (None: never measured)."""
    gap = get_game(game).goldfish_gap(bot)
    if gap is None:
        return None
    return {
        "deep": gap.deep,
        "clairvoyant": gap.clairvoyant,
        "decks": gap.decks,
        "deep_factor": YARDSTICK_FACTOR,
    }


def gap_words(gap: Mapping[str, Any] | None) -> str:
    """The gap in words: "within 3% of a fair search 20 times deeper and 9% of the
    clairvoyant bound, on the worst of 7 test decks" ("" for a bot never measured)."""
    if not gap:
        return ""
    return (
        f"within {_per_cent(gap['deep'])} of a fair search {gap['deep_factor']} times "
        f"deeper and {_per_cent(gap['clairvoyant'])} of the clairvoyant bound, on the worst "
        f"of {gap['decks']} test decks"
    )


def _per_cent(value: float) -> str:
    # A bot can do a little better than a yardstick on some seeds: "0%" then, not "-1%".
    return f"{max(0.0, value):.0f}%"
