"""Golden ChiZo games: recorded games replayed by test_chizo_golden.py.

Regenerate (only when a rules, bot or state-format change is intended, and say so in
the commit):

    .venv/bin/python -m tests.engine.chizo_golden
"""

from __future__ import annotations

import json
from typing import Any

from .chizo_data import random_stack, tiles, typical_stack
from .golden_tool import GOLDEN, make


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
GAMES: list[tuple[str, str, dict[str, Any], list[str], int]] = [
    ("chizo-2p.json", "chizo", setup(2, _TWO), ["greedy", "random"], 2024),
    ("chizo-3p.json", "chizo", setup(3, _THREE, first_player=2),
     ["planner", "greedy", "random"], 77),
    ("chizo-teams.json", "chizo", setup(4, _TEAMS, teams=True),
     ["greedy", "random", "planner", "greedy"], 4),
    ("chizo-basics.json", "chizo", {"players": 2}, ["greedy", "greedy"], 12),
    ("chizo-goldfish.json", "chizo",
     {"goldfish": True, "tiles": rows_for(typical_stack()), "stacks": [typical_stack()]},
     ["greedy"], 5),
]


def main() -> None:
    """Write every golden file."""
    for name, slug, game_setup, bots, seed in GAMES:
        data = make(name, slug, game_setup, bots, seed)
        (GOLDEN / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(name, len(data["transcript"]["actions"]), "actions",
              data["transcript"]["outcome"]["status"], data["transcript"]["final_hash"])


if __name__ == "__main__":
    main()
