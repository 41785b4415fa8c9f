"""Simulations on real Celery workers over Redis: end to end, a worker killed mid-batch,
and the same results with one worker or two.

Each test starts its own workers on a queue of its own, against the test database.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.db import connection

from config.celery import app
from play.simulations.models import Simulation
from play.simulations.services import simulation_create
from tests.waiting import WAIT_SECONDS, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery_worker]

BROKER = os.environ.get("TEST_CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
ROOT = Path(__file__).resolve().parents[2]
SPEC = {"setup": {"players": 4}, "bots": ["random", "random", "random", "random"]}
VISIBILITY_TIMEOUT = 3  # seconds before a dead worker's task may go to another


def database_url() -> str:
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Workers:
    """Celery worker processes for one test, on a queue of its own."""

    def __init__(self, queue: str) -> None:
        self.queue = queue
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, name: str) -> subprocess.Popen[bytes]:
        env = os.environ | {
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": BROKER,
            "CELERY_QUEUE": self.queue,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-c", "1",
                   "-n", f"{name}-{self.queue}@%h", "-Q", self.queue, "--without-gossip",
                   "--without-mingle", "--without-heartbeat", "-l", "WARNING"]  # fmt: skip
        process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        self.processes.append(process)
        return process

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        os.killpg(process.pid, signal.SIGKILL)  # the worker and its pool child, no goodbye
        process.wait(timeout=WAIT_SECONDS)

    def stop_all(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Wait for a worker told to stop (it finishes its chunk first); one that does not
    stop within the budget is killed, with its pool."""
    try:
        process.wait(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture
def workers(settings: Any) -> Iterator[Workers]:
    try:
        redis.Redis.from_url(BROKER).ping()
    except redis.ConnectionError:
        pytest.fail(f"Redis is not reachable at {BROKER}; start it (see .ci/services.sh)")
    queue = f"cardhouse-test-{uuid.uuid4().hex[:8]}"
    settings.CELERY_BROKER_URL = BROKER
    settings.SIMULATIONS_INLINE = False
    keys = ("broker_url", "task_always_eager", "task_default_queue")
    previous = {key: app.conf[key] for key in keys}
    app.conf.update(broker_url=BROKER, task_always_eager=False, task_default_queue=queue)
    group = Workers(queue)
    yield group
    group.stop_all()
    app.conf.update(previous)
    redis.Redis.from_url(BROKER).delete(queue)


def start_simulation(games: int, seed: int) -> Simulation:
    owner = User.objects.get_or_create(username="worker-test")[0]
    return simulation_create(
        owner=owner, game="raise", kind="bots", spec=SPEC, games=games, seed=seed
    )


def wait_until(simulation: Simulation, condition: Any, what: str) -> Simulation:
    """Poll the simulation until `condition(simulation)` holds (`what` says what it is)."""

    def reached() -> bool:
        simulation.refresh_from_db()
        return bool(condition(simulation))

    def said() -> str:
        return f"{what} (it is {simulation.status}, {simulation.games_done}/{simulation.games})"

    wait_for(reached, said)
    return simulation


def abandoned_tasks_visible(queue: str) -> bool:
    """Whether every task of `queue` a worker took and never acknowledged has been so for
    longer than the visibility timeout, so that a worker connecting now takes it back
    (Kombu's Redis transport keeps them in `unacked`, delivery times in `unacked_index`,
    and puts the older ones back on their queue when a worker connects)."""
    broker = redis.Redis.from_url(BROKER)
    abandoned_before = time.time() - VISIBILITY_TIMEOUT
    for tag, taken_at in broker.zrange("unacked_index", 0, -1, withscores=True):
        delivery = broker.hget("unacked", tag)
        _message, _exchange, routing_key = json.loads(delivery) if delivery else (0, 0, 0)
        if routing_key == queue and taken_at > abandoned_before:
            return False
    return True


def test_a_simulation_runs_end_to_end_on_a_real_worker(workers: Workers) -> None:
    workers.start("one")
    simulation = start_simulation(games=600, seed=21)

    done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")

    assert done.games_done == 600
    assert done.results is not None
    assert done.results["games"] == 600


def test_a_worker_killed_mid_batch_leaves_a_finished_batch_of_exactly_the_games(
    workers: Workers,
) -> None:
    first = workers.start("doomed")
    simulation = start_simulation(games=4000, seed=22)
    wait_until(simulation, lambda s: s.games_done > 0, "a first chunk to be done")
    workers.kill(first)
    simulation.refresh_from_db()
    assert simulation.games_done < 4000
    # The killed worker's unacknowledged chunk returns to the queue once its visibility
    # timeout has passed; a worker starting after that takes it at once.
    wait_for(lambda: abandoned_tasks_visible(workers.queue), "the killed worker's task to time out")

    workers.start("rescuer")
    done = wait_until(simulation, lambda s: s.status == "done", "the rescuer to finish it")

    assert done.games_done == 4000
    assert done.results["games"] == 4000
    indexes = sorted(r["index"] for c in done.chunks.all() for r in c.records)
    assert indexes == list(range(4000))


def test_one_worker_and_two_workers_give_the_same_results(workers: Workers) -> None:
    workers.start("solo")
    alone = wait_until(start_simulation(games=800, seed=23), lambda s: s.status == "done",
                       "one worker to finish")  # fmt: skip
    workers.start("second")
    together = wait_until(start_simulation(games=800, seed=23), lambda s: s.status == "done",
                          "two workers to finish")  # fmt: skip

    assert alone.results == together.results
