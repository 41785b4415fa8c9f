"""What a simulation chunk runs, per kind of simulation: bot games or goldfish games.

A chunk is described by its simulation's `spec` (JSON) and a range of game indexes; the
result is one JSON record per game. Game `i` always uses the seed
`game_seed(simulation seed, i)`, so a chunk run twice, or on another worker, gives the
same records, and any game can be replayed as a match.
"""

from __future__ import annotations

import gc
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


def settle_heap() -> None:
    """Put every object alive now out of the cyclic garbage collector's reach.

    A process that runs games in bulk (the goldfish command, a simulation worker) holds
    Django, its settings and apps and the imported engine: some 100,000 objects that every
    full collection set off by the games' own allocations would walk again. Collected
    first, so only what is reachable is set aside (its memory is freed as usual when
    its last reference goes); call once, after start-up.
    """
    gc.collect()
    gc.freeze()


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
