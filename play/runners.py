"""What a simulation chunk runs, per kind of simulation: bot games or goldfish games.

A chunk is described by its simulation's `spec` (JSON) and a range of game indexes; the
result is one JSON record per game. Game `i` always uses the seed
`game_seed(simulation seed, i)`, so a chunk run twice, or on another worker, gives the
same records, and any game can be replayed as a match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play.engine.core import get_game
from play.engine.simulate import game_seed, iter_games

GoldfishRunner = Callable[[dict[str, Any], int], dict[str, Any]]

#: game slug -> function(spec, seed) -> record; filled in by the games that goldfish.
GOLDFISH_RUNNERS: dict[str, GoldfishRunner] = {}


def goldfish_runner(game: str) -> Callable[[GoldfishRunner], GoldfishRunner]:
    """Register the goldfish runner of a game."""

    def register(function: GoldfishRunner) -> GoldfishRunner:
        GOLDFISH_RUNNERS[game] = function
        return function

    return register


def run_records(spec: dict[str, Any], seed: int, start: int, count: int) -> list[dict[str, Any]]:
    """The records of games start .. start + count - 1 of a simulation."""
    if spec["kind"] == "bots":
        game = get_game(spec["game"])
        setup = spec["setup"]
        return [
            record.to_dict()
            for record in iter_games(game, setup, spec["bots"], count, seed, start=start)
        ]
    runner = GOLDFISH_RUNNERS[spec["game"]]
    return [
        {"index": index, "seed": game_seed(seed, index), **runner(spec, game_seed(seed, index))}
        for index in range(start, start + count)
    ]
