"""The running limit holds when a user's starts arrive at the same moment.

Each client is a thread with its own database connection, released together by a
barrier, through the API. On PostgreSQL the requests really overlap (the limit was once
passed by three at a time); on SQLite writers queue up at the start of their transaction
(`transaction_mode` IMMEDIATE), which these tests also keep true.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections
from rest_framework.test import APIClient

from play.simulations.models import Simulation
from play.simulations.services import ACTIVE, simulation_create
from tests.waiting import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)
CLIENTS = 8
LIMIT = 3
BOTS = {"game": "raise", "seats": ["greedy", "random", "random"], "games": 10, "seed": 1}
SPEC = {"setup": {"players": 3}, "bots": ["greedy", "random", "random"]}
CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"


@pytest.fixture
def dispatched(monkeypatch: pytest.MonkeyPatch, settings: Any) -> list[tuple[int, bool]]:
    """Dispatches recorded instead of run, so started simulations stay active; each with
    whether its simulation was already committed (seen from the dispatching connection)."""
    settings.SIMULATIONS_RUNNING_PER_USER = LIMIT
    seen: list[tuple[int, bool]] = []

    def record(simulation_id: int) -> None:
        seen.append((simulation_id, Simulation.objects.filter(pk=simulation_id).exists()))

    monkeypatch.setattr("play.simulations.services.dispatch_simulation", record)
    return seen


def together(user: User, request: Callable[[APIClient], Any]) -> list[int]:
    """Send request from CLIENTS threads released at the same moment: their statuses."""
    barrier = threading.Barrier(CLIENTS)
    statuses: list[int] = [0] * CLIENTS

    def client(index: int) -> None:
        api = APIClient()
        api.force_authenticate(user)
        try:
            barrier.wait()
            statuses[index] = request(api).status_code
        finally:
            connections.close_all()  # this thread's own connection

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=WAIT_SECONDS)
    assert not any(thread.is_alive() for thread in threads), "a client never answered"
    return statuses


def already_running(user: User, count: int) -> None:
    for seed in range(count):
        simulation_create(owner=user, game="raise", kind="bots", spec=SPEC, games=10, seed=seed)


def active(user: User) -> int:
    return Simulation.objects.filter(owner=user, status__in=ACTIVE).count()


@pytest.mark.parametrize("running", [0, 2])
def test_concurrent_starts_never_pass_the_running_limit(
    alice: User, dispatched: list[tuple[int, bool]], running: int
) -> None:
    already_running(alice, running)
    dispatched.clear()

    statuses = together(alice, lambda api: api.post("/api/v1/simulations/", BOTS, format="json"))

    assert sorted(statuses) == [202] * (LIMIT - running) + [429] * (CLIENTS - LIMIT + running)
    assert active(alice) == LIMIT
    # Each accepted simulation was dispatched once, after its transaction committed.
    assert len(dispatched) == LIMIT - running
    assert all(committed for _id, committed in dispatched)


def test_concurrent_comparisons_never_pass_the_running_limit(
    alice: User, dispatched: list[tuple[int, bool]], committed_catalogue: None
) -> None:
    api = APIClient()
    api.force_authenticate(alice)
    decks = [
        api.post(
            "/api/v1/decks/", {"game": "chizo", "name": name, "list": CHIZO_STACK}, format="json"
        ).json()["id"]
        for name in ("A", "B")
    ]
    already_running(alice, 1)
    body = {"decks": decks, "games": 10, "seed": 3}

    statuses = together(
        alice, lambda api: api.post("/api/v1/simulations/compare/", body, format="json")
    )

    assert sorted(statuses) == [202] + [429] * (CLIENTS - 1)
    assert active(alice) == LIMIT
