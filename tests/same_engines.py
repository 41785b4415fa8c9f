"""The compiled and the pure Python engine play the same games: ``python -m tests.same_engines``.

Each engine runs in its own process (``CARDHOUSE_ENGINE=pure``, then ``compiled``) and
fingerprints the same work: every golden game replayed (each recorded state hash checked
on the way) and played again by its recorded bots, and ``--seeds`` seeded games (1,000
by default) of every case of ``bench/engine.py``: each game's final state hash, outcome
and every action the bots chose. The two sets of fingerprints must be equal; those that
differ are named. It runs in ``.ci/run`` (docs/engine.md, "Compiled engine"): a compiled
engine that is missing is a failure, not a pass.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 1_000


def _digest(*parts: object) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(repr(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def fingerprints(seeds: int) -> dict[str, str]:
    """The fingerprint of every golden game and every bench case, by name."""
    from bench.engine import CASES
    from play.engine.core import Action, Transcript, get_game, replay
    from play.engine.simulate import game_seed, play_game
    from tests.engine.golden_tool import golden_names, load

    found: dict[str, str] = {}
    for name in golden_names():
        data = load(name)
        transcript = Transcript.from_dict(data["transcript"])
        final = replay(transcript)  # a recorded hash that differs raises ReplayError
        actions: list[Action] = []
        game = get_game(transcript.game)
        play_game(game, transcript.setup, data["bots"], transcript.seed, actions)
        found[f"golden {name}"] = _digest(final.hash(), actions)
    for case, slug, setup, bots in CASES:
        game = get_game(slug)
        digest = hashlib.sha256()
        for index in range(seeds):
            chosen: list[Action] = []
            final = play_game(game, setup, bots, game_seed(1, index), chosen)
            digest.update(_digest(final.hash(), game.outcome(final), chosen).encode())
        found[f"case {case} ({seeds} seeds)"] = digest.hexdigest()
    return found


def _emit(seeds: int) -> int:
    """The child's part: print the engine that ran and its fingerprints as JSON."""
    from play.engine_choice import running

    engine = running()
    print(json.dumps({"engine": str(engine), "kind": engine.kind, "found": fingerprints(seeds)}))
    return 0


def _run(engine: str, seeds: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.same_engines", "--emit", "--seeds", str(seeds)],
        cwd=ROOT,
        env=os.environ | {"CARDHOUSE_ENGINE": engine},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-3:])
        raise SystemExit(f"the {engine} engine could not run the games:\n{tail}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compare(pure: dict[str, str], compiled: dict[str, str]) -> list[str]:
    """The names whose fingerprints differ (or that one side lacks)."""
    return sorted(
        name for name in pure.keys() | compiled.keys() if pure.get(name) != compiled.get(name)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=SEEDS, help="games per bench case")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.emit:
        return _emit(args.seeds)
    pure = _run("pure", args.seeds)
    compiled = _run("compiled", args.seeds)
    differ = compare(pure["found"], compiled["found"])
    print(f"{pure['engine']} against {compiled['engine']}: {len(pure['found'])} checks "
          f"({sum(name.startswith('golden') for name in pure['found'])} golden games, "
          f"{args.seeds} seeds of each bench case)")  # fmt: skip
    for name in differ:
        print(f"DIFFERENT: {name}")
    if differ:
        return 1
    print("same transcripts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
