"""Bot decisions: the CPU time of one bot decision as a match request spends it.

    .venv/bin/python bench/bot_decisions.py [--seeds 10] [--window 8] [--case chizo-4p-planner ...]

A match request lets bots move within ``BOT_BUDGET`` (play/matches/services.py): up
to 0.2 s of CPU, at most 200 decisions. Each decision here does what the request does for it,
without the database: list the legal actions, rebuild the bot from the match seed and
the step, choose, apply, serialise the events and hash the state. For all-bot games of
every game and bot, it prints the decisions per game, the mean, 99th percentile and
largest decision, and the largest CPU time of any ``--window`` consecutive decisions:
the worst a request of that budget spends on bots (figures in docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.engine.core import get_game, mix_seed
from play.engine.games.shadowfist.setup import starter
from tests.engine.chizo_data import random_stack, tile_list, typical_stack

_CHIZO: dict[str, Any] = {"tiles": tile_list(), "stacks": [typical_stack()]}
_SF_TWO = [list(starter()[1][seat % 2][1]) for seat in range(6)]
# Four stacks of 50 tiles drawn from the whole set (more effects than the typical stack).
_CHIZO_MIXED: dict[str, Any] = {
    "tiles": tile_list(),
    "stacks": [random_stack(seat, 50, 0.3) for seat in range(4)],
}

#: (name, game slug, setup, bot of every seat): all-bot matches as the API starts them.
CASES: list[tuple[str, str, dict[str, Any], str]] = [
    ("raise-4p-greedy", "raise", {"players": 4}, "greedy"),
    ("chocobo-4p-greedy", "chocobo", {"players": 4}, "greedy"),
    ("chocobo-4p-random", "chocobo", {"players": 4}, "random"),  # plays to the length cap
    ("chizo-2p-greedy", "chizo", {"players": 2, **_CHIZO}, "greedy"),
    ("chizo-4p-greedy", "chizo", {"players": 4, **_CHIZO}, "greedy"),
    ("chizo-2p-planner", "chizo", {"players": 2, **_CHIZO}, "planner"),
    ("chizo-4p-planner", "chizo", {"players": 4, **_CHIZO}, "planner"),
    ("chizo-4p-random-mixed", "chizo", {"players": 4, **_CHIZO_MIXED}, "random"),
    ("chizo-4p-greedy-mixed", "chizo", {"players": 4, **_CHIZO_MIXED}, "greedy"),
    ("chizo-4p-planner-mixed", "chizo", {"players": 4, **_CHIZO_MIXED}, "planner"),
    ("shadowfist-2p-greedy", "shadowfist", {"players": 2}, "greedy"),
    ("shadowfist-4p-tactician", "shadowfist", {"players": 4}, "tactician"),
    # The slowest: six tacticians, the starter set's first two decks in turn (as a match
    # started with those decks); late in long games a decision takes up to 40 ms.
    ("shadowfist-6p-tactician", "shadowfist", {"players": 6, "decks": _SF_TWO}, "tactician"),
]


def decision_times(slug: str, setup: dict[str, Any], bot: str, seed: int) -> list[float]:
    """CPU seconds of each bot decision of one all-bot game, as a request plays it."""
    game = get_game(slug)
    state = game.new_game(setup, seed)
    times: list[float] = []
    for step in range(game.info.max_length):
        if game.is_over(state):
            break
        start = time.process_time()
        legal = game.legal_actions(state)
        chosen = game.make_bot(bot, mix_seed(seed, step + 1)).choose(state, legal)
        [event.to_dict() for event in game.apply_unchecked(state, chosen)]
        state.hash()
        times.append(time.process_time() - start)
    return times


def worst_window(times: list[float], window: int) -> float:
    """The largest sum of ``window`` consecutive decisions."""
    total = best = sum(times[:window])
    for index in range(window, len(times)):
        total += times[index] - times[index - window]
        best = max(best, total)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="games per case (seeds 1, 2...)")
    parser.add_argument("--window", type=int, default=8)
    parser.add_argument("--case", action="append", help="run only these cases")
    args = parser.parse_args(argv)
    print(f"{'case':26} {'decisions':>10} {'mean ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'game s':>7} {f'worst {args.window} ms':>13}")  # fmt: skip
    for name, slug, setup, bot in CASES:
        if args.case and name not in args.case:
            continue
        games = [decision_times(slug, setup, bot, seed) for seed in range(1, args.seeds + 1)]
        times = sorted(t for one in games for t in one)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        window = max(worst_window(one, args.window) for one in games)
        longest = max(sum(one) for one in games)
        print(
            f"{name:26} {statistics.mean(len(one) for one in games):10.0f} "
            f"{statistics.mean(times) * 1e3:8.2f} {p99 * 1e3:8.2f} {times[-1] * 1e3:8.1f} "
            f"{longest:7.2f} {window * 1e3:13.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
