"""Engine fuzz: the invariant tests' harness over many seeds, on every core.

    .venv/bin/python bench/fuzz_engine.py [--games 10000] [--game chizo] [--players 2]
                                          [--workers N] [--chunk 50]

Runs ``tests/engine/fuzz_harness.py`` (the harness of ``tests/engine/test_*_invariants.py``,
same cases, same checks) over seeds ``0 .. games - 1`` of every game and player count:
Raise 2-5, Chocobo 2-4, ChiZo 2, 3, 4, 2-vs-2 teams and goldfish, Shadowfist 2 and 3
(starter and real decks; real ones only when the card list is present), 4-6 and goldfish.
Seeds are split into chunks over a process pool. Per case it prints games, crashes (the
engine or a bot raised), invariant violations (a check failed, or the case's totals), the
unfinished (capped) games and the time summed over the workers; then the first failing
seed of each case with its traceback. Exit status 1 on any crash or violation.

Pure Python, no Django. A failing seed replays alone with ``--game``, ``--players``
(``--variant`` to tell e.g. ChiZo's 4 players from its teams; ``''`` for neither) and
``--first SEED --games 1``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The hooks use pytest.raises; the real-deck cases skip when the card list is absent.
import pytest

from tests.engine.fuzz_harness import FuzzCase, Result, fuzz_seed

#: A seed that runs longer than this is reported as a crash (a hang in the engine).
SEED_SECONDS = 600


def all_cases() -> list[FuzzCase[Any]]:
    """Every case of the four invariant test modules, in their order."""
    import tests.engine.test_chizo_invariants as chizo
    import tests.engine.test_chocobo_invariants as chocobo
    import tests.engine.test_raise_invariants as raise_
    import tests.engine.test_shadowfist_invariants as shadowfist

    return [
        *raise_.FUZZ_CASES,
        *chocobo.FUZZ_CASES,
        *chizo.FUZZ_CASES,
        chizo.GOLDFISH_CASE,
        *shadowfist.FUZZ_CASES,
        *shadowfist.MANY_CASES,
        shadowfist.GOLDFISH_CASE,
    ]


CASES: dict[str, FuzzCase[Any]] = {case.label: case for case in all_cases()}


@dataclass(slots=True)
class Failure:
    seed: int
    trace: str


@dataclass(slots=True)
class Chunk:
    """What a worker returns for seeds ``start .. stop - 1`` of one case."""

    label: str
    start: int
    stop: int
    results: list[Result] = field(default_factory=list)
    crashes: list[Failure] = field(default_factory=list)
    violations: list[Failure] = field(default_factory=list)
    skipped: str = ""
    seconds: float = 0.0


class SeedTimeoutError(Exception):
    """A seed ran past ``SEED_SECONDS``."""


def _alarm(*_: Any) -> None:
    raise SeedTimeoutError(f"seed ran over {SEED_SECONDS} s")


def run_chunk(task: tuple[str, int, int]) -> Chunk:
    """Play seeds ``start .. stop - 1`` of a case; sort what failed into crashes and
    violations."""
    label, start, stop = task
    chunk = Chunk(label, start, stop)
    case = CASES[label]
    began = time.process_time()
    signal.signal(signal.SIGALRM, _alarm)
    for seed in range(start, stop):
        signal.alarm(SEED_SECONDS)
        try:
            chunk.results.append(fuzz_seed(case, seed))
        except (AssertionError, pytest.fail.Exception):
            chunk.violations.append(Failure(seed, traceback.format_exc()))
        except pytest.skip.Exception as skip:
            chunk.skipped = str(skip)
            break
        except Exception:
            chunk.crashes.append(Failure(seed, traceback.format_exc()))
        finally:
            signal.alarm(0)
    chunk.seconds = time.process_time() - began
    return chunk


@dataclass(slots=True)
class Tally:
    """One case's figures, summed over its chunks."""

    case: FuzzCase[Any]
    chunks: int
    results: list[Result] = field(default_factory=list)
    crashes: list[Failure] = field(default_factory=list)
    violations: list[Failure] = field(default_factory=list)
    skipped: str = ""
    seconds: float = 0.0
    totals: str = ""  # the case's totals check: "" when it held

    def add(self, chunk: Chunk) -> None:
        self.chunks -= 1
        self.results += chunk.results
        self.crashes += chunk.crashes
        self.violations += chunk.violations
        self.skipped = self.skipped or chunk.skipped
        self.seconds += chunk.seconds

    def finish(self) -> None:
        """Check the case's totals over every seed played."""
        self.results.sort(key=lambda r: r.seed)
        self.crashes.sort(key=lambda f: f.seed)
        self.violations.sort(key=lambda f: f.seed)
        if self.skipped or not self.results:
            return
        try:
            self.case.check_totals(self.results)
        except AssertionError:
            self.totals = traceback.format_exc()

    @property
    def failed(self) -> bool:
        return bool(self.crashes or self.violations or self.totals)

    def row(self) -> str:
        if self.skipped:
            return f"{self.case.label:28} skipped: {self.skipped}"
        games = len(self.results) + len(self.crashes) + len(self.violations)
        unfinished = sum(1 for r in self.results if r.status == "unfinished")
        violations = len(self.violations) + bool(self.totals)
        return (
            f"{self.case.label:28} {games:>7,} {len(self.crashes):>7} {violations:>10} "
            f"{unfinished:>10,} {self.seconds:>9.1f} {games / max(self.seconds, 1e-9):>8.1f}"
        )


HEADER = (
    f"{'case':28} {'games':>7} {'crashes':>7} {'violations':>10} {'unfinished':>10} "
    f"{'cpu s':>9} {'games/s':>8}"
)


def tasks(
    cases: Sequence[FuzzCase[Any]], first: int, games: int, size: int
) -> Iterator[tuple[str, int, int]]:
    for case in cases:
        for start in range(first, first + games, size):
            yield case.label, start, min(start + size, first + games)


def report(tally: Tally) -> None:
    """The first failing seed of each kind, with its traceback."""
    for kind, failures in (("crashes", tally.crashes), ("violations", tally.violations)):
        if failures:
            seeds = ", ".join(str(f.seed) for f in failures[:20])
            print(f"\n{tally.case.label}: {len(failures)} {kind}, seeds {seeds}")
            print(f"first, seed {failures[0].seed}:\n{failures[0].trace}")
    if tally.totals:
        print(f"\n{tally.case.label}: the totals check failed:\n{tally.totals}")


def run(cases: Sequence[FuzzCase[Any]], first: int, games: int, workers: int, size: int) -> bool:
    """Run every case (a row as each completes, then all in order); True when all held."""
    tallies = {c.label: Tally(c, len(range(first, first + games, size))) for c in cases}
    began = time.perf_counter()
    print(HEADER, flush=True)
    with Pool(workers) as pool:
        for chunk in pool.imap_unordered(run_chunk, tasks(cases, first, games, size)):
            tally = tallies[chunk.label]
            tally.add(chunk)
            if tally.chunks == 0:
                tally.finish()
                print(tally.row(), flush=True)
    wall = time.perf_counter() - began
    cpu = sum(t.seconds for t in tallies.values())
    print(
        f"\n{len(cases)} cases, seeds {first} to {first + games - 1} each, {workers} workers: "
        f"{wall:,.0f} s wall, {cpu:,.0f} s cpu\n"
    )
    print(HEADER)
    for tally in tallies.values():
        print(tally.row())
    for tally in tallies.values():
        report(tally)
    return not any(t.failed for t in tallies.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="seeds per case")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--game", choices=sorted({c.slug for c in CASES.values()}))
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant", help="e.g. teams, goldfish, 'real decks'; '' for none")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--chunk", type=int, default=50, help="seeds per task")
    args = parser.parse_args()
    cases = [
        c
        for c in CASES.values()
        if args.game in (None, c.slug)
        and args.players in (None, c.players)
        and args.variant in (None, c.variant)
    ]
    if not cases:
        parser.error("no case matches")
    ok = run(cases, args.first, args.games, args.workers, args.chunk)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
