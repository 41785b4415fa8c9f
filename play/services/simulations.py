"""Batch simulations: split into chunks, run anywhere, written once, summarised at the end.

Each chunk's task may run twice (acks_late: a worker killed mid-chunk leaves its task
to another worker). Records are written under a row lock only if the chunk is not yet
done, and the simulation's count grows in the same transaction, so a re-run changes
nothing and the total is always exactly the requested number of games.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from play.models import Simulation, SimulationChunk
from play.runners import run_records
from play.summaries import summarize_bot_games, summarize_goldfish

logger = logging.getLogger(__name__)
ACTIVE = (Simulation.Status.PENDING, Simulation.Status.RUNNING)


class TooManySimulationsError(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(f"you already have {limit} simulations running; wait or cancel one")
        self.limit = limit


def chunk_size_for(games: int) -> int:
    """About 20 chunks a simulation (so two workers share it evenly), 50 to 2,000 games."""
    return max(50, min(2000, -(-games // 20)))


@transaction.atomic
def simulation_create(
    *,
    owner: AbstractBaseUser,
    game: str,
    kind: str,
    spec: dict[str, Any],
    games: int,
    seed: int,
    deck_id: int | None = None,
    enforce_limit: bool = True,
) -> Simulation:
    limit = settings.SIMULATIONS_RUNNING_PER_USER
    # Lock the user's active simulations so two requests cannot both pass the limit.
    active = Simulation.objects.select_for_update().filter(owner_id=owner.pk, status__in=ACTIVE)
    if enforce_limit and len(active) >= limit:
        raise TooManySimulationsError(limit)
    size = chunk_size_for(games)
    simulation = Simulation.objects.create(
        owner=owner,
        game=game,
        kind=kind,
        deck_id=deck_id,
        spec={**spec, "game": game, "kind": kind},
        games=games,
        seed=seed,
        chunk_size=size,
        progressed_at=timezone.now(),
    )
    SimulationChunk.objects.bulk_create(
        SimulationChunk(simulation=simulation, index=i, start=start, count=min(size, games - start))
        for i, start in enumerate(range(0, games, size))
    )
    from play.dispatch import dispatch_simulation

    transaction.on_commit(lambda: dispatch_simulation(simulation.pk))
    return simulation


def simulation_run_chunk(chunk_id: int) -> None:
    """Run one chunk (idempotent); the last chunk to finish writes the results."""
    chunk = SimulationChunk.objects.select_related("simulation").get(pk=chunk_id)
    simulation = chunk.simulation
    if chunk.done or simulation.status not in ACTIVE:
        return
    Simulation.objects.filter(pk=simulation.pk, status=Simulation.Status.PENDING).update(
        status=Simulation.Status.RUNNING
    )
    try:
        records = run_records(simulation.spec, simulation.seed, chunk.start, chunk.count)
    except Exception as error:
        logger.exception("simulation %s chunk %s failed", simulation.pk, chunk.index)
        simulation_fail(simulation.pk, f"chunk {chunk.index} failed: {error}")
        raise
    with transaction.atomic():
        locked = SimulationChunk.objects.select_for_update().get(pk=chunk_id)
        if locked.done:
            return
        locked.records, locked.done = records, True
        locked.save(update_fields=["records", "done"])
        Simulation.objects.filter(pk=simulation.pk).update(
            games_done=F("games_done") + len(records), progressed_at=timezone.now()
        )
        transaction.on_commit(lambda: simulation_finish(simulation.pk))


def simulation_finish(simulation_id: int) -> None:
    """Summarise once every chunk is done; a no-op before, and after it has run once."""
    # Cheap checks first: every chunk's commit calls this, the records are read once.
    if SimulationChunk.objects.filter(simulation_id=simulation_id, done=False).exists():
        return
    with transaction.atomic():
        simulation = Simulation.objects.select_for_update().get(pk=simulation_id)
        if simulation.status not in ACTIVE:
            return
        chunks = list(simulation.chunks.order_by("index"))
        records = [record for chunk in chunks for record in chunk.records or []]
        simulation.results = summarize_records(simulation.spec, records)
        simulation.status = Simulation.Status.DONE
        simulation.finished_at = timezone.now()
        simulation.save(update_fields=["results", "status", "finished_at"])


def summarize_records(spec: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    if spec["kind"] == "bots":
        summary = summarize_bot_games(records, spec["bots"])
    else:
        names = {str(row["id"]): row["name"] for row, _count in spec.get("cards", [])}
        summary = summarize_goldfish(records, by_turn=spec.get("by_turn", 5), names=names)
    return {**summary, "policy": spec.get("bot") or spec.get("bots"), "seed_rule": "game_seed"}


def simulation_fail(simulation_id: int, message: str) -> None:
    Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(
        status=Simulation.Status.FAILED, error=message[:2000], finished_at=timezone.now()
    )


def simulation_resume_stalled(*, stalled_for: timedelta) -> list[int]:
    """Dispatch again the unfinished chunks of every active simulation that has not
    progressed for `stalled_for`. Safe to run at any time: a chunk that runs twice is
    written once. Returns the ids of the simulations dispatched again."""
    from play.dispatch import dispatch_simulation

    cutoff = timezone.now() - stalled_for
    stalled = Simulation.objects.filter(status__in=ACTIVE, progressed_at__lt=cutoff)
    ids = list(stalled.values_list("pk", flat=True))
    for simulation_id in ids:
        logger.warning("simulation %s stalled; dispatching its chunks again", simulation_id)
        Simulation.objects.filter(pk=simulation_id).update(progressed_at=timezone.now())
        dispatch_simulation(simulation_id)
    return ids


def simulation_cancel(*, simulation: Simulation) -> Simulation:
    Simulation.objects.filter(pk=simulation.pk, status__in=ACTIVE).update(
        status=Simulation.Status.CANCELLED, finished_at=timezone.now()
    )
    simulation.refresh_from_db()
    return simulation
