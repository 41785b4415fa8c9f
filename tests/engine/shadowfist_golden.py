"""Golden Shadowfist games: recorded games replayed by test_shadowfist_golden.py.

Regenerate (only when a rules change is intended, and say so in the commit):

    .venv/bin/python -m tests.engine.shadowfist_golden
"""

from __future__ import annotations

from .golden_tool import Golden, regenerate
from .shadowfist_table import starter_deck

#: (file name, game, setup, bots, seed). Starter cards only: the real card list stays
#: outside the repository.
GAMES: list[Golden] = [
    ("shadowfist-2p.json", "shadowfist", {"players": 2}, ["tactician", "greedy"], 2024),
    (
        "shadowfist-3p.json",
        "shadowfist",
        {"players": 3, "first_player": 2},
        ["random", "greedy", "tactician"],
        77,
    ),
    (
        "shadowfist-goldfish.json",
        "shadowfist",
        {
            "players": 2,
            "decks": [starter_deck("Court of the Lotus"), []],
            "dummy": 1,
            "first_player": 0,
            "max_turns": 40,
        },
        ["greedy", "random"],
        5,
    ),
]


def main() -> None:
    """Write every golden file."""
    regenerate(GAMES)


if __name__ == "__main__":
    main()
