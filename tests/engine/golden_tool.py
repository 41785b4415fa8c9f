"""Golden games: recorded games replayed by the tests, with their per-step hashes.

Regenerate (only when a rules change is intended, and say so in the commit):

    .venv/bin/python -m tests.engine.golden_tool
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from play.engine.core import Action, get_game, record
from play.engine.simulate import play_game

GOLDEN = Path(__file__).parent / "golden"

#: (file name, game, setup, bots, seed)
GAMES: list[tuple[str, str, dict[str, Any], list[str], int]] = [
    ("raise-2p.json", "raise", {"players": 2}, ["greedy", "random"], 20240),
    ("raise-3p.json", "raise", {"players": 3, "first_player": 1}, ["random"] * 3, 77),
    ("raise-4p.json", "raise", {"players": 4}, ["greedy", "random", "greedy", "random"], 4),
    ("raise-5p.json", "raise", {"players": 5}, ["greedy"] * 5, 555),
]


def make(name: str, slug: str, setup: dict[str, Any], bots: list[str], seed: int) -> dict[str, Any]:
    """Play the game between bots and return its golden record."""
    game = get_game(slug)
    actions: list[Action] = []
    final = play_game(game, setup, bots, seed, actions)
    transcript = record(game, setup, seed, actions)
    if transcript.final_hash != final.hash():
        raise RuntimeError(f"{name}: the checked replay diverged from the bots' game")
    return {"bots": bots, "transcript": transcript.to_dict(), "final_state": final.to_dict()}


def main() -> None:
    """Write every golden file."""
    for name, slug, setup, bots, seed in GAMES:
        data = make(name, slug, setup, bots, seed)
        (GOLDEN / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(name, len(data["transcript"]["actions"]), "actions", data["transcript"]["final_hash"])


if __name__ == "__main__":
    main()
