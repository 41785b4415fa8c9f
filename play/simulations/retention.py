"""How long a simulation keeps its per-game records.

A finished simulation keeps its summary (`results`), each chunk's tally and finishing
turns (what the summary and paired comparisons are made of) and the records of its
sample games (those the report offers to replay) for as long as it exists. The other
per-game records go SIMULATIONS_RECORDS_KEEP_DAYS days after it finished: about 9 MB
per 100,000 games otherwise kept for good. Deleting a simulation removes everything.
Celery beat prunes every SIMULATIONS_PRUNE_EVERY_SECONDS (the task
`play.prune_simulation_records`); without a broker each web process's resumer does
(play/simulations/resumer.py); `manage.py prune_simulations` prunes at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from play.simulations.models import Simulation, SimulationChunk
from play.simulations.tallies import chunk_columns

FINISHED = (Simulation.Status.DONE, Simulation.Status.FAILED, Simulation.Status.CANCELLED)


@dataclass(frozen=True)
class Pruned:
    simulations: int
    records: int  # per-game records removed
    kept: int  # sample games' records kept


def sample_seeds(results: dict[str, Any] | None) -> set[int]:
    """The seeds of a simulation's sample games (per finishing turn or winning seat)."""
    samples = (results or {}).get("sample_seeds", {})
    return {seed for seeds in samples.values() for seed in seeds}


def due_for_pruning(*, keep_for: timedelta, now: datetime) -> Any:
    return Simulation.objects.filter(
        status__in=FINISHED, finished_at__lt=now - keep_for, records_pruned_at__isnull=True
    )


def prune_simulation_records(
    *, keep_for: timedelta, now: datetime | None = None, dry_run: bool = False
) -> Pruned:
    """Remove the per-game records of simulations finished more than `keep_for` ago,
    but their sample games'; a simulation is pruned once, in one transaction, one chunk
    in memory at a time. With `dry_run` count what would go and change nothing."""
    now = now or timezone.now()
    simulations = removed = kept = 0
    for simulation_id in due_for_pruning(keep_for=keep_for, now=now).values_list("pk", flat=True):
        with transaction.atomic():
            simulation = (
                due_for_pruning(keep_for=keep_for, now=now)
                .select_for_update()
                .filter(pk=simulation_id)
                .first()
            )
            if simulation is None:
                continue  # deleted, or pruned by another process meanwhile
            samples = sample_seeds(simulation.results)
            chunks = SimulationChunk.objects.filter(simulation=simulation, records__isnull=False)
            for chunk in chunks.iterator(chunk_size=1):
                records = chunk.records or []
                samples_here = [record for record in records if record["seed"] in samples]
                removed += len(records) - len(samples_here)
                kept += len(samples_here)
                if dry_run:
                    continue
                if chunk.done and chunk.tally is None:  # written before tallies were kept
                    chunk.tally, chunk.turns = chunk_columns(simulation.spec, records)
                chunk.records = samples_here
                chunk.save(update_fields=["records", "tally", "turns"])
            simulations += 1
            if not dry_run:
                simulation.records_pruned_at = now
                simulation.save(update_fields=["records_pruned_at"])
    return Pruned(simulations, removed, kept)
