"""Stalled simulations resume without a broker too.

Without CELERY_BROKER_URL each web process (gunicorn worker, runserver) resumes stalled
simulations itself, when it starts and periodically, with the function Celery beat
calls. A stalled simulation is claimed by exactly one resumer, however many run at once,
and a simulation still waiting its turn in a live process is never taken from it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections
from django.utils import timezone

from play.simulations import dispatch, resumer
from play.simulations import services as simulations
from play.simulations.models import Simulation, SimulationChunk
from play.simulations.services import (
    simulation_create,
    simulation_resume_stalled,
    simulation_run_chunk,
)
from tests.play.test_celery_worker import database_url, wait_until
from tests.play.test_simulation_faults import exactly_once
from tests.services import free_port
from tests.waiting import WAIT_SECONDS, wait_for

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
SPEC = {"setup": {"players": 4}, "bots": ["random", "random", "random", "random"]}
STALLED = timedelta(minutes=5)
RESUMERS = 4


def new_simulation(games: int, seed: int) -> Simulation:
    owner = User.objects.get_or_create(username="resume-test")[0]
    return simulation_create(
        owner=owner, game="raise", kind="bots", spec=SPEC, games=games, seed=seed,
        enforce_limit=False,
    )  # fmt: skip


def stall(simulation: Simulation) -> None:
    """As if its process had stopped: running, and no sign of life for ten minutes."""
    Simulation.objects.filter(pk=simulation.pk).update(
        status="running", progressed_at=timezone.now() - timedelta(minutes=10)
    )


@pytest.fixture
def dispatched(monkeypatch: pytest.MonkeyPatch, settings: Any) -> list[int]:
    """Dispatches recorded instead of run."""
    settings.CELERY_BROKER_URL = ""
    settings.SIMULATIONS_INLINE = False
    seen: list[int] = []
    monkeypatch.setattr(simulations, "dispatch_simulation", seen.append)
    return seen


def test_concurrent_resumers_dispatch_each_stalled_simulation_once(
    dispatched: list[int],
) -> None:
    simulations = [new_simulation(games=100, seed=seed) for seed in range(10)]
    for simulation in simulations:
        stall(simulation)
    dispatched.clear()
    barrier = threading.Barrier(RESUMERS)
    claimed: list[int] = []

    def resume() -> None:
        try:
            barrier.wait()
            claimed.extend(simulation_resume_stalled(stalled_for=STALLED))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=resume) for _ in range(RESUMERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=WAIT_SECONDS)

    ids = sorted(simulation.pk for simulation in simulations)
    assert sorted(dispatched) == ids
    assert sorted(claimed) == ids


def test_a_simulation_whose_summary_was_never_written_is_finished(settings: Any) -> None:
    settings.CELERY_BROKER_URL = ""
    settings.SIMULATIONS_INLINE = True
    simulation = new_simulation(games=120, seed=5)  # runs at once (inline)
    # As if every chunk had run but the process had stopped before the summary.
    Simulation.objects.filter(pk=simulation.pk).update(results=None, finished_at=None)
    stall(simulation)

    assert simulation_resume_stalled(stalled_for=STALLED) == [simulation.pk]

    simulation.refresh_from_db()
    assert simulation.status == "done"
    assert simulation.results["games"] == 120


@pytest.fixture
def busy_thread(settings: Any) -> Iterator[threading.Event]:
    """The in-process background thread kept busy until the event is set."""
    settings.CELERY_BROKER_URL = ""
    settings.SIMULATIONS_INLINE = False
    gate = threading.Event()
    dispatch._background().submit(gate.wait)
    yield gate
    gate.set()


def test_a_simulation_waiting_in_this_process_is_kept_alive_not_taken(
    busy_thread: threading.Event,
) -> None:
    simulation = new_simulation(games=300, seed=6)  # queued behind the busy job
    stall(simulation)

    assert resumer.resume_pass() == []

    simulation.refresh_from_db()
    assert simulation.progressed_at > timezone.now() - timedelta(minutes=1)
    busy_thread.set()
    done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    assert exactly_once(done) == list(range(300))


def test_a_stalled_simulation_resumes_in_this_process(busy_thread: threading.Event) -> None:
    busy_thread.set()
    simulation = new_simulation(games=300, seed=7)
    wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    # As if the process had stopped after two chunks: the others lost.
    lost = list(simulation.chunks.order_by("index")[2:])
    SimulationChunk.objects.filter(pk__in=[c.pk for c in lost]).update(done=False, records=None)
    Simulation.objects.filter(pk=simulation.pk).update(
        games_done=300 - sum(c.count for c in lost), results=None
    )
    stall(simulation)

    assert resumer.resume_pass() == [simulation.pk]

    done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    assert done.games_done == 300
    assert exactly_once(done) == list(range(300))


def test_the_resumer_runs_only_without_a_broker(settings: Any) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/15"

    assert resumer.start_resumer() is None


def test_the_resumer_interval_leaves_room_for_keeping_simulations_alive(settings: Any) -> None:
    assert resumer.interval() == 60  # the defaults: every minute, stalled after five

    settings.SIMULATIONS_RESUME_EVERY_SECONDS = 600
    settings.SIMULATIONS_STALLED_AFTER_SECONDS = 300

    assert resumer.interval() == 100


SERVERS = {
    "gunicorn": ["-m", "gunicorn", "config.wsgi", "--workers", "2", "--bind"],
    "runserver": ["manage.py", "runserver"],  # as `dev.py serve` starts it (autoreloader on)
}


class WebServer:
    """A web server on the test database, without a broker, logging to a file."""

    def __init__(self, server: str, log: Path, **env: str) -> None:
        self.port = free_port()
        self.log = log
        base = {key: value for key, value in os.environ.items() if key != "CELERY_BROKER_URL"}
        base |= {"DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "config.settings"}
        command = [sys.executable, *SERVERS[server], f"127.0.0.1:{self.port}"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=base | env, start_new_session=True, stderr=log.open("wb")
        )

    def wait_answering(self) -> None:
        def answers() -> bool:
            assert self.process.poll() is None, self.log.read_text()
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=5)
            except urllib.error.HTTPError:
                return True  # it answers
            except OSError:
                return False
            return True

        wait_for(answers, "the web server to answer /healthz")

    def stop(self) -> str:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=WAIT_SECONDS)
        return self.log.read_text()


def half_run(games: int, seed: int) -> Simulation:
    """A simulation of which two chunks ran before its process stopped (stalled)."""
    simulation = new_simulation(games=games, seed=seed)
    for chunk in simulation.chunks.order_by("index")[:2]:
        simulation_run_chunk(chunk.pk)
    stall(simulation)
    return simulation


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_a_web_process_resumes_stalled_simulations_when_it_starts(
    server: str, tmp_path: Path, dispatched: list[int]
) -> None:
    simulation = half_run(games=600, seed=8)

    web = WebServer(server, tmp_path / "server.log")
    try:
        done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    finally:
        output = web.stop()

    assert done.games_done == 600
    assert exactly_once(done) == list(range(600))
    # Resumed by exactly one of the processes, though each looked at once.
    assert output.count(f"simulation {done.pk} stalled") == 1
    assert "Traceback" not in output


def test_running_web_processes_resume_a_simulation_that_stalls_later(
    tmp_path: Path, dispatched: list[int]
) -> None:
    # Checked three times a second, stalled after one; the resumed simulation is one long
    # chunk of a few seconds, so the worker that runs it must keep it alive meanwhile, or
    # the other worker would take it too.
    web = WebServer(
        "gunicorn", tmp_path / "server.log",
        SIMULATIONS_RESUME_EVERY_SECONDS="1", SIMULATIONS_STALLED_AFTER_SECONDS="1",
    )  # fmt: skip
    try:
        web.wait_answering()
        simulation = new_simulation(games=6000, seed=9)
        simulation.chunks.all().delete()
        SimulationChunk.objects.create(simulation=simulation, index=0, start=0, count=6000)
        stall(simulation)
        done = wait_until(simulation, lambda s: s.status == "done", "the simulation to finish")
    finally:
        output = web.stop()

    assert exactly_once(done) == list(range(6000))
    assert output.count(f"simulation {done.pk} stalled") == 1
    assert "Traceback" not in output
