"""Celery tasks: thin, fetch by id, call a service."""

from __future__ import annotations

from datetime import timedelta

# Celery ships no type hints of its own, so shared_task is untyped.
from celery import shared_task  # type: ignore[import-untyped]
from celery.signals import worker_process_init  # type: ignore[import-untyped]
from django.conf import settings

from play.simulations.dispatch import CHUNK_TASK
from play.simulations.retention import prune_simulation_records
from play.simulations.runners import settle_heap
from play.simulations.services import simulation_resume_stalled, simulation_run_chunk


# shared_task is untyped (Celery has no hints); the body below is still checked.
@shared_task(acks_late=True, reject_on_worker_lost=True, name=CHUNK_TASK)  # type: ignore[untyped-decorator]
def run_simulation_chunk(chunk_id: int) -> None:
    simulation_run_chunk(chunk_id)


# shared_task is untyped (Celery has no hints); the body below is still checked.
@shared_task(name="play.resume_stalled_simulations")  # type: ignore[untyped-decorator]
def resume_stalled_simulations() -> list[int]:
    """Run periodically by Celery beat (settings.CELERY_BEAT_SCHEDULE)."""
    return simulation_resume_stalled(
        stalled_for=timedelta(seconds=settings.SIMULATIONS_STALLED_AFTER_SECONDS)
    )


# shared_task is untyped (Celery has no hints); the body below is still checked.
@shared_task(name="play.prune_simulation_records")  # type: ignore[untyped-decorator]
def prune_simulation_records_task() -> int:
    """Run periodically by Celery beat; the number of simulations pruned."""
    keep_for = timedelta(days=settings.SIMULATIONS_RECORDS_KEEP_DAYS)
    return prune_simulation_records(keep_for=keep_for).simulations


# The worker loads this module before it starts its pool processes, so each of them
# connects this handler; worker_process_init is untyped (Celery has no hints).
@worker_process_init.connect  # type: ignore[untyped-decorator]
def settle_worker_heap(**_: object) -> None:
    """A worker process starts with Django loaded: set it aside from the collector
    (settle_heap) before it runs games."""
    settle_heap()
