"""Engine benchmark: full games per second on one core, beside a baseline run.

    .venv/bin/python bench/engine.py [--seconds 2] [--case raise-4p-random ...]

Each engine, pure Python and compiled with mypyc (docs/engine.md, "Compiled engine"), is
measured in its own process, with the baseline again in each; the compiled figures are
checked against the targets (ratios), and "not available" is printed when it is not built.

The baseline is a tight pure-Python loop of a toy goldfish (``bench/toy_goldfish.py``:
standard library only, never compiled, kept fixed so it does not move with the engine).
It is measured beside each case, their passes interleaved, so the ratio games/s of a
case / games/s of its baseline stays comparable across machines, where raw figures do
not, and holds when the machine's speed drifts during a run. Each figure is the fastest
of repeated passes over the same seeded games, the least disturbed by other work.

To add a game, add rows to ``CASES``: (name, game slug, setup, bots per seat).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.toy_goldfish import goldfish
from play.engine.core import get_game
from play.engine.simulate import game_seed, play_game

#: (name, game, setup, bots): one benchmark case per row.
CASES: list[tuple[str, str, dict[str, Any], list[str]]] = [
    ("raise-2p-random", "raise", {"players": 2}, ["random"] * 2),
    ("raise-2p-greedy", "raise", {"players": 2}, ["greedy"] * 2),
    ("raise-4p-random", "raise", {"players": 4}, ["random"] * 4),
    ("raise-4p-greedy", "raise", {"players": 4}, ["greedy"] * 4),
    # Chocobo with random bots alone almost never ends (docs/chocobo.md): games that end.
    ("chocobo-4p-1greedy-3random", "chocobo", {"players": 4}, ["greedy"] + ["random"] * 3),
    ("chocobo-4p-greedy", "chocobo", {"players": 4}, ["greedy"] * 4),
]

#: Minimum ratios to the baseline of the same run, for the compiled engine (docs/benchmarks.md).
RATIO_TARGETS: dict[str, float] = {
    "raise-4p-random": 0.08,
    "chocobo-4p-1greedy-3random": 0.025,
    "chizo-goldfish-greedy": 0.025,
    "shadowfist-goldfish-greedy": 0.06,
}

# ChiZo RISING: the project's tile set, read without Django by the engine tests' loader;
# goldfish (one seat, greedy) and two greedy players, both with a typical 40-tile stack.
from tests.engine.chizo_data import tile_list, typical_stack  # noqa: E402

_CHIZO: dict[str, Any] = {"tiles": tile_list(), "stacks": [typical_stack()]}
CASES += [
    ("chizo-goldfish-greedy", "chizo", {"goldfish": True, **_CHIZO}, ["greedy"]),
    ("chizo-2p-greedy", "chizo", {"players": 2, **_CHIZO}, ["greedy"] * 2),
]

# Shadowfist: goldfish with the starter set's 50-card Heroic Bloodshed deck (seat 0, the
# greedy bot; seat 1 the passive dummy, never asked), and two greedy starter decks.
from play.engine.games.shadowfist.setup import starter as shadowfist_starter  # noqa: E402

_SF_DECK = list(dict(shadowfist_starter()[1])["Heroic Bloodshed"])
CASES += [
    (
        "shadowfist-goldfish-greedy",
        "shadowfist",
        {"players": 2, "decks": [_SF_DECK, []], "dummy": 1, "first_player": 0, "max_turns": 40},
        ["greedy"] * 2,
    ),
    ("shadowfist-2p-greedy", "shadowfist", {"players": 2}, ["greedy"] * 2),
]


def rates(
    runners: Sequence[Callable[[int], object]], seconds: float, repeat_for: float = 0.2
) -> list[float]:
    """Games per second of each ``runner(seed)``, their passes interleaved.

    A first pass of each plays seeds 0, 1, 2... for about ``repeat_for`` CPU seconds;
    later rounds replay each one's seeds, one pass of each in turn, until ``seconds``
    are spent per runner, and each one's fastest pass counts: other work on the machine
    only ever slows a pass down, so the fastest is the closest to the code's own speed
    (and every pass plays the very same games). Interleaved, a case and its baseline
    meet the same moments of a machine whose speed drifts (a shared host does).
    """
    seeds: list[list[int]] = []
    best: list[float] = []
    for run_one in runners:
        mine: list[int] = []
        start = time.process_time()
        while time.process_time() - start < repeat_for:
            for _ in range(10):
                mine.append(game_seed(1, len(mine)))
                run_one(mine[-1])
        seeds.append(mine)
        best.append(time.process_time() - start)
    start = time.process_time()
    while time.process_time() - start < seconds * len(runners):
        for index, run_one in enumerate(runners):
            pass_start = time.process_time()
            for seed in seeds[index]:
                run_one(seed)
            best[index] = min(best[index], time.process_time() - pass_start)
    return [len(mine) / fastest for mine, fastest in zip(seeds, best, strict=True)]


def case_runner(slug: str, setup: dict[str, Any], bots: list[str]) -> Callable[[int], object]:
    """A function playing one game of the case from a seed."""
    game = get_game(slug)
    return lambda seed: play_game(game, setup, bots, seed)


def measure(seconds: float, only: list[str] | None) -> dict[str, list[float]]:
    """[games/s, games/s of the baseline measured with it] of each case, with the engine
    this process runs."""
    found = {}
    for name, slug, setup, bots in CASES:
        if not only or name in only:
            found[name] = rates([case_runner(slug, setup, bots), goldfish], seconds)
    return found


def _measure_with(engine: str, seconds: float, only: list[str] | None) -> dict[str, Any]:
    """Run :func:`measure` in a child process with ``CARDHOUSE_ENGINE=engine``."""
    command = [sys.executable, __file__, "--json", "--seconds", str(seconds)]
    for name in only or []:
        command += ["--case", name]
    done = subprocess.run(command, env=os.environ | {"CARDHOUSE_ENGINE": engine},
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        return {"engine": f"{engine}: not available ({done.stderr.strip().splitlines()[-1]})"}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _note(name: str, ratio: float) -> str:
    target = RATIO_TARGETS.get(name)
    if target is None:
        return ""
    return f"target {target:.3f}: {'ok' if ratio >= target else 'MISSED'}"


def main(argv: list[str] | None = None) -> int:
    """Measure the baseline and each case with both engines; print games/s and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per case")
    parser.add_argument("--case", action="append", help="run only these cases")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.json:
        from play.engine_choice import running

        print(json.dumps({"engine": str(running()), "rates": measure(args.seconds, args.case)}))
        return 0
    runs = [_measure_with(engine, args.seconds, args.case) for engine in ("pure", "compiled")]
    for run in runs:
        found = run.get("rates", {}).values()
        span = f"{min(b for _, b in found):,.0f}-{max(b for _, b in found):,.0f}" if found else "-"
        print(f"engine: {run['engine']}; baseline (toy goldfish) games/s: {span}")
    print(f"{'case':28} {'pure games/s':>12} {'ratio':>6} {'compiled':>10} {'ratio':>6}"
          f" {'speed-up':>8}  compiled against its target")  # fmt: skip
    pure, compiled = (run.get("rates", {}) for run in runs)
    for name, (games, baseline) in pure.items():
        line = f"{name:28} {games:12.0f} {games / baseline:6.3f}"
        if name in compiled:
            fast, fast_baseline = compiled[name]
            ratio = fast / fast_baseline
            # Of the ratios: each against the baseline measured beside it.
            line += f" {fast:10.0f} {ratio:6.3f} {ratio / (games / baseline):7.2f}x"
            line += f"  {_note(name, ratio)}"
        print(line.rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
