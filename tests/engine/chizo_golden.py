"""Golden ChiZo games: recorded games replayed by test_chizo_golden.py.

Regenerate (only when a rules, bot or state-format change is intended, and say so in
the commit):

    .venv/bin/python -m tests.engine.chizo_golden
"""

from __future__ import annotations

from typing import Any

from .chizo_data import random_stack, tiles, typical_stack
from .golden_tool import Golden, regenerate


def rows_for(*stacks: list[str]) -> list[dict[str, Any]]:
    """The catalogue rows of the tiles the stacks use (the setup stays small)."""
    used = {name for stack in stacks for name in stack}
    return [dict(row) for row in tiles() if row["id"] in used]


def setup(players: int, stacks: list[list[str]], **options: Any) -> dict[str, Any]:
    return {"players": players, "tiles": rows_for(*stacks), "stacks": stacks, **options}


_TWO = [random_stack(11), random_stack(12)]
_THREE = [random_stack(21, 30), random_stack(22, 30), random_stack(23, 30)]
_TEAMS = [random_stack(31 + s, 30) for s in range(4)]

#: (file name, game, setup, bots, seed)
GAMES: list[Golden] = [
    ("chizo-2p.json", "chizo", setup(2, _TWO), ["greedy", "random"], 2024),
    (
        "chizo-3p.json",
        "chizo",
        setup(3, _THREE, first_player=2),
        ["planner", "greedy", "random"],
        77,
    ),
    (
        "chizo-teams.json",
        "chizo",
        setup(4, _TEAMS, teams=True),
        ["greedy", "random", "planner", "greedy"],
        4,
    ),
    ("chizo-basics.json", "chizo", {"players": 2}, ["greedy", "greedy"], 12),
    (
        "chizo-goldfish.json",
        "chizo",
        {"goldfish": True, "tiles": rows_for(typical_stack()), "stacks": [typical_stack()]},
        ["greedy"],
        5,
    ),
]


def main() -> None:
    """Write every golden file."""
    regenerate(GAMES)


if __name__ == "__main__":
    main()
