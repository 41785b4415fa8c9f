"""The production-like stack (`python3 dev.py prod`: gunicorn, a Celery worker, the local
PostgreSQL and Redis) starts with one command and serves pages, the API and simulations."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from play.engine_choice import running
from tests.waiting import WAIT_SECONDS, wait_for

ROOT = Path(__file__).resolve().parents[2]
# One per test run: two runs on one machine must not drop each other's database.
DATABASE = f"cardhouse_stack_test_{os.getpid()}"
SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
STACK_DECK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n4 Ox\n4 Dragon\n2 Golden Egg\n2 Push"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def drop_database() -> None:
    with psycopg.connect(SERVER, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')


class Stack:
    def __init__(self, port: int, env: dict[str, str]) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.env = env
        self.token = ""

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any, Any]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None if body is None else json.dumps(body).encode()
        call = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(call, timeout=WAIT_SECONDS) as response:
                raw = response.read()
                return response.status, response.headers, raw
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, _headers, raw = self.request(method, path, body)
        return status, json.loads(raw)


@pytest.fixture(scope="module")
def stack() -> Iterator[Stack]:
    drop_database()
    port = free_port()
    env = os.environ | {
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/13",
        "CELERY_QUEUE": f"cardhouse-stack-{uuid.uuid4().hex[:8]}",
        "DJANGO_SECRET_KEY": "stack-test-" + uuid.uuid4().hex * 2,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    process = subprocess.Popen([sys.executable, "dev.py", "prod", f"127.0.0.1:{port}"],
                               cwd=ROOT, env=env, start_new_session=True)  # fmt: skip
    running = Stack(port, env)

    def healthy() -> bool:
        if process.poll() is not None:
            pytest.fail(f"the stack exited with {process.returncode}")
        try:
            return running.request("GET", "/healthz")[0] == 200
        except OSError:
            return False

    try:
        wait_for(healthy, "the stack to answer its health check")
        yield running
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        drop_database()


def test_its_health_check_reports_the_database_the_broker_and_the_engine(stack: Stack) -> None:
    status, body = stack.json("GET", "/healthz")

    assert status == 200
    engine = body.pop("engine")
    assert body == {"status": "ok", "database": "ok", "broker": "ok"}
    assert engine == str(running())  # the stack runs this checkout's engine


def test_it_serves_the_catalogue_page_and_hashed_static_files(stack: Stack) -> None:
    status, _headers, page = stack.request("GET", "/cards/?q=c%3Arooster")
    assert status == 200
    stylesheet = re.search(rb'href="(/static/cardhouse/site\.[0-9a-f]{12}\.css)"', page)
    assert stylesheet, "the page links the hashed stylesheet collected for production"

    status, headers, _body = stack.request("GET", stylesheet.group(1).decode())

    assert status == 200
    assert "immutable" in headers["Cache-Control"]


def test_it_runs_a_simulation_on_its_worker(stack: Stack) -> None:
    create_user = (
        "from django.contrib.auth.models import User; "
        "User.objects.create_user('stack', password='stack-password-1')"
    )
    env = stack.env | {"DJANGO_DEBUG": "false"}
    subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", create_user],
                   cwd=ROOT, env=env, check=True, timeout=WAIT_SECONDS)  # fmt: skip
    body = {"username": "stack", "password": "stack-password-1"}
    stack.token = stack.json("POST", "/api/v1/auth/token/", body)[1]["token"]
    status, deck = stack.json(
        "POST", "/api/v1/decks/", {"game": "chizo", "name": "Stack", "list": STACK_DECK}
    )
    assert status == 201, deck

    status, started = stack.json("POST", "/api/v1/simulations/", {"deck": deck["id"], "games": 200})
    assert status == 202, started

    def finished() -> Any:
        simulation = stack.json("GET", f"/api/v1/simulations/{started['id']}/")[1]
        return simulation if simulation["status"] not in ("pending", "running") else None

    simulation = wait_for(finished, "the simulation to finish on the stack's worker")

    assert simulation["status"] == "done", simulation
    assert simulation["results"]["games"] == 200
