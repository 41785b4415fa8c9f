"""What a simulation keeps: per-chunk tallies and turns for good, per-game records for
SIMULATIONS_RECORDS_KEEP_DAYS days but the sample games', everything until deleted."""

from __future__ import annotations

import importlib
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from config.celery import app as celery_app
from play.simulations import resumer
from play.simulations.models import Simulation, SimulationChunk
from play.simulations.retention import prune_simulation_records, sample_seeds
from play.simulations.services import (
    simulation_create,
    simulation_finish,
    simulation_run_chunk,
)
from play.simulations.tasks import prune_simulation_records_task

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"
MONTH = timedelta(days=30)


@pytest.fixture
def player(api: APIClient, alice: User, settings: Any) -> APIClient:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    return api


def new_deck(api: APIClient, text: str = CHIZO_STACK) -> int:
    response = api.post(
        "/api/v1/decks/", {"game": "chizo", "name": "Deck", "list": text}, format="json"
    )
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def simulate(api: APIClient, capture: Any, **fields: Any) -> Simulation:
    body = {"deck": new_deck(api), "games": 120, "seed": 5} | fields
    with capture(execute=True):
        response = api.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 202, response.json()
    return Simulation.objects.get(pk=response.json()["id"])


def finished_ago(simulation: Simulation, age: timedelta) -> None:
    Simulation.objects.filter(pk=simulation.pk).update(finished_at=timezone.now() - age)


def kept_records(simulation: Simulation) -> list[dict[str, Any]]:
    return [r for c in simulation.chunks.order_by("index") for r in c.records or []]


def test_old_records_go_but_the_summary_and_the_sample_games_stay(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    before = player.get(f"/api/v1/simulations/{simulation.pk}/").json()
    samples = sample_seeds(simulation.results)
    assert len(kept_records(simulation)) == 120
    assert samples
    finished_ago(simulation, MONTH + timedelta(minutes=1))

    pruned = prune_simulation_records(keep_for=MONTH)

    after = player.get(f"/api/v1/simulations/{simulation.pk}/").json()
    assert (pruned.simulations, pruned.records, pruned.kept) == (
        1,
        120 - len(samples),
        len(samples),
    )
    assert {r["seed"] for r in kept_records(simulation)} == samples
    assert after["results"] == before["results"]
    assert after["records_pruned_at"] is not None
    assert before["records_pruned_at"] is None
    assert all(c.tally and len(c.turns or ()) == c.count for c in simulation.chunks.all())
    # The summary is made again from the tallies alone: the same.
    Simulation.objects.filter(pk=simulation.pk).update(status=Simulation.Status.RUNNING)
    simulation_finish(simulation.pk)
    simulation.refresh_from_db()
    assert simulation.results == before["results"]


def test_a_simulation_is_pruned_once_and_only_when_its_time_has_come(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    old = simulate(player, django_capture_on_commit_callbacks)
    recent = simulate(player, django_capture_on_commit_callbacks, games=60)
    finished_ago(old, MONTH + timedelta(minutes=1))
    finished_ago(recent, MONTH - timedelta(minutes=1))

    first = prune_simulation_records(keep_for=MONTH)
    second = prune_simulation_records(keep_for=MONTH)

    assert (first.simulations, second.simulations, second.records) == (1, 0, 0)
    assert len(kept_records(recent)) == 60


def test_a_running_simulation_is_never_pruned(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    Simulation.objects.filter(pk=simulation.pk).update(
        status=Simulation.Status.RUNNING, finished_at=timezone.now() - 2 * MONTH
    )

    assert prune_simulation_records(keep_for=MONTH).simulations == 0
    assert len(kept_records(simulation)) == 120


def test_a_dry_run_counts_and_changes_nothing(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    finished_ago(simulation, 2 * MONTH)

    dry = prune_simulation_records(keep_for=MONTH, dry_run=True)
    real = prune_simulation_records(keep_for=MONTH)

    assert (dry.simulations, dry.records, dry.kept) == (real.simulations, real.records, real.kept)
    assert dry.records > 0


def test_a_comparison_reads_the_same_after_both_are_pruned(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    decks = [new_deck(player), new_deck(player, OTHER_STACK)]
    with django_capture_on_commit_callbacks(execute=True):
        started = player.post(
            "/api/v1/simulations/compare/", {"decks": decks, "games": 80, "seed": 2}, format="json"
        ).json()
    query = {"a": started["a"], "b": started["b"]}
    before = player.get("/api/v1/simulations/compare/", query).json()
    Simulation.objects.update(finished_at=timezone.now() - 2 * MONTH)

    assert prune_simulation_records(keep_for=MONTH).simulations == 2
    after = player.get("/api/v1/simulations/compare/", query).json()

    assert after == before
    assert before["games"] == 80


def test_the_summary_reads_tallies_not_records(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    Simulation.objects.filter(pk=simulation.pk).update(status=Simulation.Status.RUNNING)

    with CaptureQueriesContext(connection) as queries:
        simulation_finish(simulation.pk)

    chunk_reads = [q["sql"] for q in queries if "play_simulationchunk" in q["sql"]]
    assert chunk_reads
    assert all('"records"' not in sql for sql in chunk_reads)
    assert any('"tally"' in sql for sql in chunk_reads)


def test_chunks_written_before_tallies_are_tallied_from_their_records(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    results = simulation.results
    SimulationChunk.objects.update(tally=None, turns=None)
    migration = importlib.import_module("play.migrations.0003_simulation_tallies_and_retention")

    Simulation.objects.filter(pk=simulation.pk).update(status=Simulation.Status.RUNNING)
    simulation_finish(simulation.pk)  # from the records, the tallies being gone
    simulation.refresh_from_db()
    assert simulation.results == results

    migration.tally_written_chunks(apps, None)
    chunks = list(simulation.chunks.order_by("index"))
    assert [t for c in chunks for t in c.turns or ()] == [
        r["turn"] for r in kept_records(simulation)
    ]
    assert all((c.tally or {}).get("games") == c.count for c in chunks)


def test_the_command_prunes_and_says_what_it_did(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    finished_ago(simulation, timedelta(days=3))
    out = StringIO()

    call_command("prune_simulations", "--days", "2", "--dry-run", stdout=out)
    call_command("prune_simulations", "--days", "2", stdout=out)

    kept = len(sample_seeds(simulation.results))
    assert out.getvalue().splitlines() == [
        f"1 simulations finished more than 2 days ago: would remove {120 - kept} per-game "
        f"records, kept {kept} of sample games",
        f"1 simulations finished more than 2 days ago: removed {120 - kept} per-game "
        f"records, kept {kept} of sample games",
    ]


def test_beat_runs_the_pruning_task(
    player: APIClient, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    schedule = django_settings.CELERY_BEAT_SCHEDULE["prune-simulation-records"]
    assert schedule["task"] in celery_app.tasks
    assert celery_app.tasks[schedule["task"]].run is prune_simulation_records_task.run
    settings.SIMULATIONS_RECORDS_KEEP_DAYS = 10
    simulation = simulate(player, django_capture_on_commit_callbacks)
    finished_ago(simulation, timedelta(days=11))

    assert prune_simulation_records_task() == 1
    simulation.refresh_from_db()
    assert simulation.records_pruned_at is not None


# Bot games, which need no catalogue: a transactional test may find it emptied.
@pytest.mark.django_db(transaction=True)  # the resumer closes its thread's connections
def test_the_brokerless_resumer_prunes(alice: User, settings: Any) -> None:
    settings.SIMULATIONS_INLINE = True
    settings.SIMULATIONS_RECORDS_KEEP_DAYS = 10
    spec = {"setup": {"players": 3}, "bots": ["greedy", "random", "random"]}
    simulation = simulation_create(
        owner=alice, game="raise", kind="bots", spec=spec, games=60, seed=4,
        enforce_limit=False,
    )  # fmt: skip
    simulation.refresh_from_db()
    assert simulation.status == Simulation.Status.DONE
    finished_ago(simulation, timedelta(days=11))

    pruned = resumer.prune_pass()

    assert pruned is not None
    assert (pruned.simulations, pruned.records + pruned.kept) == (1, 60)
    assert {r["seed"] for r in kept_records(simulation)} == sample_seeds(simulation.results)


def test_deleting_a_simulation_removes_everything_it_kept(
    player: APIClient, django_capture_on_commit_callbacks: Any, bob: User
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    stranger = APIClient()
    stranger.force_authenticate(bob)

    assert stranger.delete(f"/api/v1/simulations/{simulation.pk}/").status_code == 404
    response = player.delete(f"/api/v1/simulations/{simulation.pk}/")

    assert response.status_code == 204
    assert not Simulation.objects.filter(pk=simulation.pk).exists()
    assert not SimulationChunk.objects.filter(simulation_id=simulation.pk).exists()
    assert player.get(f"/api/v1/simulations/{simulation.pk}/").status_code == 404


def test_a_chunk_of_a_simulation_deleted_while_it_ran_writes_nothing(
    player: APIClient, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.SIMULATIONS_INLINE = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    simulation = simulate(player, django_capture_on_commit_callbacks)
    chunk_ids = list(simulation.chunks.values_list("pk", flat=True))

    player.delete(f"/api/v1/simulations/{simulation.pk}/")
    for chunk_id in chunk_ids:
        simulation_run_chunk(chunk_id)  # a task still queued when it was deleted

    assert not SimulationChunk.objects.filter(pk__in=chunk_ids).exists()


def test_the_page_says_when_records_went_and_deletes_on_request(
    player: APIClient, django_capture_on_commit_callbacks: Any, alice: User, client: Any
) -> None:
    simulation = simulate(player, django_capture_on_commit_callbacks)
    finished_ago(simulation, 31 * timedelta(days=1))
    prune_simulation_records(keep_for=MONTH)
    client.force_login(alice)

    page = client.get(f"/simulations/{simulation.pk}/").content.decode()
    deleted = client.post(f"/simulations/{simulation.pk}/delete/", follow=True)

    assert "per-game records of this simulation were removed on" in page
    assert "31 days after it finished" in page
    assert f"Simulation #{simulation.pk} deleted." in deleted.content.decode()
    assert not Simulation.objects.filter(pk=simulation.pk).exists()
