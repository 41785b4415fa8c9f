"""Simulation benchmark: goldfish games as a Celery simulation on 1 and on 2 workers,
beside the same games in bare engine processes in the same run.

    .venv/bin/python bench/simulate.py [--game chizo] [--games 100000] [--rounds 2]
        [--bot greedy] [--workers 1,2]

Needs PostgreSQL (a fresh database `cardhouse_bench_sim`) and Redis on this machine. The
baseline plays the same games with the goldfish runner alone in one process and, split
in two halves, in two processes; the simulations run them as chunks on `celery worker`
processes (records and tallies written, summary merged). Prints the time of each, the
simulation on two workers against two bare processes (target: at most 1.07 times), the
speed-up of two workers over one (target: at least 1.7), each worker's peak memory
(VmHWM of the worker and its pool process) and the CPU time the workers spent. Each
round times the bare processes and then the simulation, on one worker and then two;
the fastest of each counts. ``--bot`` picks the goldfish bot (the search bots' cost:
``--bot search-strong --games 10000 --workers 2``, docs/play.md "Search bots");
``--workers`` the worker counts to time (the ratios need both 1 and 2).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE = "postgres://postgres@127.0.0.1:5432/cardhouse_bench_sim"
BROKER = "redis://127.0.0.1:6379/14"
QUEUE = f"cardhouse-bench-{uuid.uuid4().hex[:8]}"
DECKS = {
    # A typical 40-tile stack: basic creatures of two quartets and the set's own tiles.
    "chizo": "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n"
    "2 Toasted\n2 Village",
    "shadowfist": "starter",  # the starter set's first suggested 50-card deck
}


def prepare() -> None:
    import psycopg

    with psycopg.connect(DATABASE.rsplit("/", 1)[0] + "/postgres", autocommit=True) as db:
        db.execute('DROP DATABASE IF EXISTS "cardhouse_bench_sim"')
        db.execute('CREATE DATABASE "cardhouse_bench_sim"')
    os.environ.update(
        DATABASE_URL=DATABASE,
        CELERY_BROKER_URL=BROKER,
        CELERY_QUEUE=QUEUE,
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="benchmark-only-" + "x" * 40,
        DJANGO_SETTINGS_MODULE="config.settings",
    )


def start_workers(count: int) -> list[subprocess.Popen[bytes]]:
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-c", "1",
               "-Q", QUEUE, "--without-gossip", "--without-mingle", "--without-heartbeat",
               "-l", "WARNING"]  # fmt: skip
    workers = [
        subprocess.Popen([*command, "-n", f"bench{n}-{QUEUE}@%h"], cwd=ROOT, env=os.environ.copy())
        for n in range(count)
    ]
    time.sleep(4)  # let them connect before the clock starts
    return workers


def peak_memory_mb(pid: int) -> float:
    """The peak resident memory of a process and its descendants (the largest of them)."""
    peak, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) / 1024)
        pending += [int(child) for child in children]
    return peak


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and its descendants (those still running)."""
    total, pending = 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        pending += [int(child) for child in children]
    return total


def stop(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.wait(timeout=30)


def run_simulation(spec: dict[str, Any], game: str, games: int, seed: int) -> float:
    from django.contrib.auth.models import User

    from play.simulations.models import Simulation
    from play.simulations.services import simulation_create

    owner, _ = User.objects.get_or_create(username="bench")
    start = time.perf_counter()
    simulation = simulation_create(
        owner=owner, game=game, kind="goldfish", spec=spec, games=games, seed=seed,
        enforce_limit=False,
    )  # fmt: skip
    while True:
        simulation.refresh_from_db()
        if simulation.status not in ("pending", "running"):
            break
        time.sleep(0.05)
    elapsed = time.perf_counter() - start
    assert simulation.status == Simulation.Status.DONE, simulation.error
    assert simulation.games_done == games
    return elapsed


def play_range(game: str, spec: dict[str, Any], start: int, stop_: int) -> None:
    """The bare engine: the goldfish runner over games start .. stop_ - 1, nothing kept."""
    from play.engine.simulate import game_seed
    from play.simulations.runners import GOLDFISH_RUNNERS

    runner = GOLDFISH_RUNNERS[game]
    for index in range(start, stop_):
        runner(spec, game_seed(1, index))


def bare_processes(game: str, spec: dict[str, Any], games: int, count: int) -> float:
    """Seconds for `count` fresh processes to play the games, split evenly between them."""
    context = multiprocessing.get_context("fork")
    bounds = [games * n // count for n in range(count + 1)]
    processes = [
        context.Process(target=play_range, args=(game, spec, bounds[n], bounds[n + 1]))
        for n in range(count)
    ]
    start = time.perf_counter()
    for process in processes:
        process.start()
    for process in processes:
        process.join()
        assert process.exitcode == 0, process.exitcode
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chizo", choices=sorted(DECKS))
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2, help="the fastest round counts")
    parser.add_argument("--bot", default="greedy", help="the goldfish bot")
    parser.add_argument("--workers", default="1,2", help="worker counts to time: 1, 2 or 1,2")
    args = parser.parse_args()
    sizes = sorted({int(size) for size in args.workers.split(",")})
    prepare()
    import django

    django.setup()
    from django.core.management import call_command

    from cards.modelling import card_row
    from cards.services import catalogue_load

    call_command("migrate", verbosity=0)
    catalogue_load(games=[args.game])
    from cards.models import Card

    deck = DECKS[args.game]
    if deck == "starter":
        from cards.gamedata import game_json

        chosen = game_json("shadowfist", "starter.json")["decks"][0]["cards"]
        deck = "\n".join(f"{count} {name}" for name, count in chosen.items())
    cards = []
    for line in deck.splitlines():
        count, name = line.split(" ", 1)
        card = Card.objects.get(game__slug=args.game, name=name)
        cards.append((card_row(card, args.game), int(count)))
    spec = {"cards": cards, "bot": args.bot, "max_turns": None, "by_turn": 5}

    from play.engine_choice import running

    # Rounds of: bare processes, then the simulation, on one and then two workers; the
    # fastest of each counts. A shared host's speed drifts by a fifth within minutes, so
    # each simulation is timed right beside the bare processes it is compared with.
    rates: dict[str, float] = {}
    memory: dict[str, list[float]] = {}
    cpu: dict[str, float] = {}
    for _ in range(args.rounds):
        for size in sizes:
            bare = f"bare engine, {size} process{'es' * (size > 1)}"
            seconds = bare_processes(args.game, spec, args.games, size)
            rates[bare] = min(rates.get(bare, seconds), seconds)
            workers = start_workers(size)
            idle = sum(cpu_seconds(worker.pid) for worker in workers)  # their start-up
            label = f"simulation on {size} worker{'s' * (size > 1)}"
            try:
                seconds = run_simulation(spec, args.game, args.games, seed=1)
                if seconds <= rates.get(label, seconds):
                    rates[label] = seconds
                    memory[label] = [peak_memory_mb(worker.pid) for worker in workers]
                    cpu[label] = sum(cpu_seconds(worker.pid) for worker in workers) - idle
            finally:
                stop(workers)
    print(f"{args.games:,} {args.game} goldfish games ({args.bot} bot), engine: {running()}; "
          f"the fastest of {args.rounds} rounds\n")  # fmt: skip
    for label, seconds in rates.items():
        peaks = ", ".join(f"{mb:.0f} MB" for mb in memory.get(label, []))
        used = f"  worker CPU {cpu[label]:.1f} s" if label in cpu else ""
        print(f"  {label:30} {seconds:7.1f} s  {args.games / seconds:8.0f} games/s{used}"
              f"{'  peak worker memory ' + peaks if peaks else ''}")  # fmt: skip
    if sizes != [1, 2]:
        return
    one, two = rates["simulation on 1 worker"], rates["simulation on 2 workers"]
    bare_one, bare_two = rates["bare engine, 1 process"], rates["bare engine, 2 processes"]
    print(f"\n2 workers / 2 bare processes: {two / bare_two:.3f} (target <= 1.07)")
    print(f"1 worker / 1 bare process:    {one / bare_one:.3f}")
    print(f"speed-up of 2 workers over 1: {one / two:.2f}x (target >= 1.7x)")


if __name__ == "__main__":
    main()
