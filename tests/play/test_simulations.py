"""Batch simulations: chunks, idempotence, results, limits, cancel, compare, ownership."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from play.simulations.models import Simulation, SimulationChunk
from play.simulations.services import simulation_run_chunk

pytestmark = pytest.mark.django_db

BOTS = {"game": "raise", "seats": ["greedy", "random", "random"], "seed": 4}


@pytest.fixture
def player(api: APIClient, alice: User, settings: Any) -> APIClient:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    return api


def run(api: APIClient, capture: Any, **fields: Any) -> dict[str, Any]:
    with capture(execute=True):
        response = api.post("/api/v1/simulations/", BOTS | fields, format="json")
    assert response.status_code == 202, response.json()
    return api.get(f"/api/v1/simulations/{response.json()['id']}/").json()


def test_a_bot_simulation_runs_every_game_and_reports_win_rates(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    result = run(player, django_capture_on_commit_callbacks, games=120)

    assert result["status"] == "done"
    assert result["progress"] == {"done": 120, "total": 120}
    seats = result["results"]["seats"]
    assert [s["bot"] for s in seats] == ["greedy", "random", "random"]
    assert all(s["low"] <= s["rate"] <= s["high"] for s in seats)
    assert result["results"]["games"] == 120
    assert result["results"]["length"]["mean"] > 0


def test_the_same_seed_gives_the_same_results(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    first = run(player, django_capture_on_commit_callbacks, games=60)
    second = run(player, django_capture_on_commit_callbacks, games=60)

    assert first["results"] == second["results"]


def test_a_chunk_run_twice_writes_its_games_once(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    result = run(player, django_capture_on_commit_callbacks, games=120)
    chunk = SimulationChunk.objects.filter(simulation_id=result["id"]).first()
    assert chunk is not None
    records = chunk.records

    simulation_run_chunk(chunk.pk)

    chunk.refresh_from_db()
    assert chunk.records == records
    assert Simulation.objects.get(pk=result["id"]).games_done == 120


def test_the_work_is_split_into_chunks_that_cover_every_game_once(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    result = run(player, django_capture_on_commit_callbacks, games=1234)

    chunks = list(SimulationChunk.objects.filter(simulation_id=result["id"]))
    indexes = [r["index"] for chunk in chunks for r in chunk.records]
    assert len(chunks) > 1
    assert sorted(indexes) == list(range(1234))


def test_games_are_bounded(player: APIClient) -> None:
    response = player.post("/api/v1/simulations/", BOTS | {"games": 100_001}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "games"


def test_a_user_has_a_bounded_number_of_running_simulations(player: APIClient) -> None:
    # Without the on-commit callbacks run, the simulations stay pending.
    for _ in range(3):
        assert (
            player.post("/api/v1/simulations/", BOTS | {"games": 10}, format="json").status_code
            == 202
        )

    response = player.post("/api/v1/simulations/", BOTS | {"games": 10}, format="json")

    assert response.status_code == 429
    assert response.json()["code"] == "too_many_simulations"


def test_a_cancelled_simulation_runs_no_more_chunks(player: APIClient) -> None:
    created = player.post("/api/v1/simulations/", BOTS | {"games": 500}, format="json").json()

    cancelled = player.post(f"/api/v1/simulations/{created['id']}/cancel/").json()
    for chunk in SimulationChunk.objects.filter(simulation_id=created["id"]):
        simulation_run_chunk(chunk.pk)

    assert cancelled["status"] == "cancelled"
    assert Simulation.objects.get(pk=created["id"]).games_done == 0


@pytest.mark.parametrize("suffix", ["", "cancel/"])
def test_other_users_get_404_for_a_simulation(
    api: APIClient, alice: User, bob: User, charlie: User, suffix: str
) -> None:
    api.force_authenticate(alice)
    created = api.post("/api/v1/simulations/", BOTS | {"games": 10}, format="json").json()

    for other in (bob, charlie):
        api.force_authenticate(other)
        method = api.post if suffix else api.get
        assert method(f"/api/v1/simulations/{created['id']}/{suffix}").status_code == 404
    assert Simulation.objects.get(pk=created["id"]).status == "pending"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seats": ["greedy", "genius"]}, "no bot 'genius'"),
        ({"seats": ["greedy"]}, "2 to 5 players"),
        ({"seats": []}, "send a deck (goldfish) or a game with seats"),
        ({"game": "chizo", "seats": ["greedy", "greedy"]}, "need decks"),
    ],
)
def test_bad_seats_are_explained(player: APIClient, fields: dict[str, Any], message: str) -> None:
    response = player.post("/api/v1/simulations/", BOTS | {"games": 5} | fields, format="json")

    assert response.status_code == 400
    assert message in response.json()["detail"]
