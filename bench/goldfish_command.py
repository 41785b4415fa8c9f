"""The goldfish command's own speed: `manage.py goldfish GAME --games 1500` as users run
it, start-up subtracted, beside the fixed toy goldfish loop of the same run.

    .venv/bin/python bench/goldfish_command.py [--games 1500] [--passes 3]

Loads the shipped catalogue into a fresh SQLite database in a temporary folder, writes
the deck files (ChiZo: the typical 40-tile stack of bench/simulate.py; Shadowfist: the
starter set's first suggested deck), then runs the command with `--games N` and with
`--games 1` and counts the CPU time of each child process (the fastest of `--passes`
runs): (N - 1) games over the difference is the command's games per second, start-up
(Django, the catalogue read, the deck read) left out. The toy loop runs between the
passes (its fastest counts); each ratio to it is printed against its target
(docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.engine import rates  # noqa: E402
from bench.simulate import DECKS  # noqa: E402
from bench.toy_goldfish import goldfish  # noqa: E402

# The ratios the command must reach, per game (issue "Speed, second round").
TARGETS = {"chizo": 0.02, "shadowfist": 0.05}


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of `command` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def prepare(folder: Path) -> dict[str, str]:
    """A database with the shipped catalogue, and the environment that points to it."""
    env = os.environ | {
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "load_catalogue"], env=env, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return env


def deck_text(game: str) -> str:
    deck = DECKS[game]
    if deck != "starter":
        return deck
    from cards.gamedata import game_json

    chosen = game_json("shadowfist", "starter.json")["decks"][0]["cards"]
    return "\n".join(f"{count} {name}" for name, count in chosen.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--game", action="append", choices=sorted(TARGETS))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cardhouse-goldfish-"))
    env = prepare(folder)
    for game in args.game or sorted(TARGETS):
        deck = folder / f"{game}.txt"
        deck.write_text(deck_text(game), encoding="utf-8")
        command = [sys.executable, "manage.py", "goldfish", game, "--deck", str(deck),
                   "--seed", "1", "--no-progress"]  # fmt: skip
        # Each pass: the command, its start-up alone, the toy loop; the fastest of each
        # counts, so the three meet the same moments of a machine whose speed drifts.
        full, startup, baseline = float("inf"), float("inf"), 0.0
        for _ in range(args.passes):
            full = min(full, child_cpu([*command, "--games", str(args.games)], env))
            startup = min(startup, child_cpu([*command, "--games", "1"], env))
            baseline = max(baseline, rates([goldfish], 1.0)[0])
        per_second = (args.games - 1) / (full - startup)
        ratio = per_second / baseline
        verdict = "ok" if ratio >= TARGETS[game] else "MISSED"
        print(f"{game:11} --games {args.games}: {full:6.2f} s CPU, start-up {startup:5.2f} s; "
              f"{per_second:7.0f} games/s, toy loop {baseline:,.0f} games/s, "
              f"ratio {ratio:.4f} (target {TARGETS[game]}: {verdict})")  # fmt: skip


if __name__ == "__main__":
    main()
