"""Where simulation chunks run.

With CELERY_BROKER_URL set, each chunk is a Celery task, on any number of workers. Without
it, a single background thread in this process runs the chunks one after another, so a
request answers at once and no other server is needed; the simulations it holds (queued
or running) are kept alive by this process's resumer (play/resumer.py), so no other
process takes them while they wait. SIMULATIONS_INLINE (tests) runs them in the caller's
thread.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections

from play.models import SimulationChunk

logger = logging.getLogger(__name__)
_executor: ThreadPoolExecutor | None = None
# A few quick retries when the broker blinks; then the simulation fails with a message.
RETRY = {"max_retries": 3, "interval_start": 0, "interval_step": 0.5, "interval_max": 1}
_lock = threading.Lock()
# A simulation's error when its chunks could not be sent (the API answers 503 with it).
QUEUE_UNREACHABLE = (
    "the task queue could not be reached, so the simulation did not start; "
    "start it again in a moment"
)
# Simulations queued or running in this process's background thread (with how many times).
_held: Counter[int] = Counter()


def dispatch_simulation(simulation_id: int) -> None:
    chunk_ids = list(
        SimulationChunk.objects.filter(simulation_id=simulation_id, done=False)
        .order_by("index")
        .values_list("id", flat=True)
    )
    if not chunk_ids:
        # Every chunk is written but the summary is not (its process stopped in between).
        from play.services.simulations import simulation_finish

        simulation_finish(simulation_id)
    elif settings.CELERY_BROKER_URL:
        _enqueue(simulation_id, chunk_ids)
    elif settings.SIMULATIONS_INLINE:
        _run_all(chunk_ids)
    else:
        with _lock:
            _held[simulation_id] += 1
        _background().submit(_run_in_thread, simulation_id, chunk_ids)


def held_simulations() -> list[int]:
    """The simulations this process's background thread has queued or is running."""
    with _lock:
        return list(_held)


def _enqueue(simulation_id: int, chunk_ids: list[int]) -> None:
    """Send each chunk to the broker. If the broker cannot be reached, the simulation
    fails at once with a clear error rather than waiting for tasks that were never sent
    (chunks already sent still run; a failed simulation ignores them)."""
    from kombu.exceptions import OperationalError

    from play.tasks import run_simulation_chunk

    try:
        for chunk_id in chunk_ids:
            run_simulation_chunk.apply_async((chunk_id,), retry=True, retry_policy=RETRY)
    except OperationalError as error:
        logger.error("simulation %s: broker unreachable: %s", simulation_id, error)
        from play.services.simulations import simulation_fail

        simulation_fail(simulation_id, QUEUE_UNREACHABLE)


def _background() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="simulations")
        return _executor


def _run_in_thread(simulation_id: int, chunk_ids: list[int]) -> None:
    try:
        _run_all(chunk_ids)
    except Exception:
        # Its remaining chunks are resumed once it has been stalled long enough.
        logger.exception("in-process simulation %s stopped", simulation_id)
    finally:
        with _lock:
            _held[simulation_id] -= 1
            if _held[simulation_id] <= 0:
                del _held[simulation_id]
        close_old_connections()


def _run_all(chunk_ids: list[int]) -> None:
    from play.services.simulations import simulation_run_chunk

    for chunk_id in chunk_ids:
        simulation_run_chunk(chunk_id)
