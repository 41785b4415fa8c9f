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
from play.simulations.goldfish import chizo_goldfish, shadowfist_goldfish

GoldfishRunner = Callable[[dict[str, Any], int], dict[str, Any]]

#: game slug -> function(spec, seed) -> record: the games that goldfish.
GOLDFISH_RUNNERS: dict[str, GoldfishRunner] = {
    "chizo": chizo_goldfish,
    "shadowfist": shadowfist_goldfish,
}


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
