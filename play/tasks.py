"""Celery tasks: thin, fetch by id, call a service."""

from __future__ import annotations

from celery import shared_task

from play.services.simulations import simulation_run_chunk


@shared_task(acks_late=True, reject_on_worker_lost=True, name="play.run_simulation_chunk")
def run_simulation_chunk(chunk_id: int) -> None:
    simulation_run_chunk(chunk_id)
