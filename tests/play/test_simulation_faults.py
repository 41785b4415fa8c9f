"""Faults around simulations: the broker unreachable when one starts, and the broker
restarted empty in the middle of one. Each ends with a finished simulation of exactly
the requested games, or a failed one with a clear error; never a silent loss or a
duplicate."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from config.celery import app
from play.simulations.models import Simulation, SimulationChunk
from play.simulations.services import simulation_create, simulation_resume_stalled
from tests.play.test_celery_worker import database_url, stop, wait_until
from tests.services import PrivateRedis

ROOT = Path(__file__).resolve().parents[2]
SPEC = {"setup": {"players": 4}, "bots": ["random", "random", "random", "random"]}


def start(games: int, seed: int) -> Simulation:
    owner = User.objects.get_or_create(username="fault-test")[0]
    return simulation_create(
        owner=owner, game="raise", kind="bots", spec=SPEC, games=games, seed=seed
    )


def exactly_once(simulation: Simulation) -> list[int]:
    return sorted(r["index"] for c in simulation.chunks.all() for r in c.records or [])


def use_broker(**conf: Any) -> None:
    """Point this process's Celery app elsewhere, dropping its pooled connections (the
    pools would otherwise keep talking to the broker they were made for)."""
    app.conf.update(conf)
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def celery_to(settings: Any) -> Iterator[Any]:
    """celery_to(url, queue): send this process's tasks to that broker and queue."""
    keys = ("broker_url", "task_always_eager", "task_default_queue")
    previous = {key: app.conf[key] for key in keys}

    def point(url: str, queue: str = "cardhouse-faults") -> None:
        settings.CELERY_BROKER_URL = url
        settings.SIMULATIONS_INLINE = False
        use_broker(broker_url=url, task_always_eager=False, task_default_queue=queue)

    yield point
    use_broker(**previous)


@pytest.mark.django_db
def test_a_simulation_fails_with_a_clear_error_when_the_broker_is_unreachable(
    celery_to: Any, django_capture_on_commit_callbacks: Any
) -> None:
    celery_to("redis://127.0.0.1:1/0")  # nothing listens on port 1

    with django_capture_on_commit_callbacks(execute=True):
        simulation = start(games=300, seed=1)

    simulation.refresh_from_db()
    assert simulation.status == "failed"
    assert "task queue could not be reached" in simulation.error
    assert simulation.games_done == 0


@pytest.mark.django_db
def test_a_stalled_simulation_is_dispatched_again_and_finishes_exactly(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    with django_capture_on_commit_callbacks(execute=True):
        simulation = start(games=300, seed=2)
    # As if the broker had lost two chunks' tasks: undo them and age the simulation.
    lost = list(simulation.chunks.order_by("index")[:2])
    SimulationChunk.objects.filter(pk__in=[c.pk for c in lost]).update(done=False, records=None)
    Simulation.objects.filter(pk=simulation.pk).update(
        status="running", games_done=300 - sum(c.count for c in lost), results=None,
        progressed_at=timezone.now() - timedelta(minutes=10),
    )  # fmt: skip

    with django_capture_on_commit_callbacks(execute=True):
        resumed = simulation_resume_stalled(stalled_for=timedelta(minutes=5))

    simulation.refresh_from_db()
    assert resumed == [simulation.pk]
    assert simulation.status == "done"
    assert simulation.games_done == 300
    assert exactly_once(simulation) == list(range(300))


@pytest.mark.django_db
def test_a_simulation_that_is_moving_is_left_alone(settings: Any) -> None:
    settings.SIMULATIONS_INLINE = True
    simulation = start(games=100, seed=3)
    Simulation.objects.filter(pk=simulation.pk).update(status="running")

    assert simulation_resume_stalled(stalled_for=timedelta(minutes=5)) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_broker_restarted_empty_mid_simulation_still_ends_with_exactly_the_games(
    private_redis: PrivateRedis, celery_to: Any, tmp_path: Path
) -> None:
    queue = f"cardhouse-faults-{uuid.uuid4().hex[:8]}"
    celery_to(private_redis.url, queue)
    env = os.environ | {
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": private_redis.url,
        "CELERY_QUEUE": queue,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SIMULATIONS_STALLED_AFTER_SECONDS": "3",
        "SIMULATIONS_RESUME_EVERY_SECONDS": "1",
    }
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--beat", "-c", "1",
        "-s", str(tmp_path / "beat-schedule"), "-Q", queue, "-n", f"{queue}@%h",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING",
    ]  # fmt: skip
    log = tmp_path / "worker.log"
    worker = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stderr=log.open("wb")
    )
    try:
        simulation = start(games=4000, seed=4)
        wait_until(simulation, lambda s: s.games_done > 0, "a first chunk to be done")

        private_redis.kill()  # every queued chunk is lost with it
        private_redis.start()
        done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        stop(worker)

    assert done.games_done == 4000
    assert done.results["games"] == 4000
    assert exactly_once(done) == list(range(4000))
    # It finished because the lost chunks were dispatched again, not by luck.
    assert f"simulation {done.pk} stalled; dispatching its chunks again" in log.read_text()
