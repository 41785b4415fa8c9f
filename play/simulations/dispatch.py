"""Where simulation chunks run.

With CELERY_BROKER_URL set, each chunk is a Celery task, on any number of workers. Without
it, a single background thread in this process runs the chunks one after another, so a
request answers at once and no other server is needed; the simulations it holds (queued
or running) are kept alive by this process's resumer (play/simulations/resumer.py), so no other
process takes them while they wait. SIMULATIONS_INLINE (tests) runs them in the caller's
thread.

This module sits below the simulation services and the tasks, and imports neither: the
services hand it the function that runs one chunk here, and it sends the Celery task by its
name (CHUNK_TASK, the name play/simulations/tasks.py registers it under). Tasks call
services, services call this module, nothing calls back up.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections
from kombu.exceptions import OperationalError

from config.celery import app

logger = logging.getLogger(__name__)
# The Celery task that runs one chunk (play/simulations/tasks.py), sent by name.
CHUNK_TASK = "play.run_simulation_chunk"
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

RunChunk = Callable[[int], None]


class QueueUnreachableError(Exception):
    """The broker could not be reached: the chunks not sent yet will not run."""


def run_chunks(simulation_id: int, chunk_ids: Sequence[int], run_chunk: RunChunk) -> None:
    """Run a simulation's chunks where this process runs them: sent to the broker, in
    the caller's thread (SIMULATIONS_INLINE), or queued on the background thread.
    `run_chunk(chunk_id)` runs one chunk in this process."""
    if settings.CELERY_BROKER_URL:
        _enqueue(simulation_id, chunk_ids)
    elif settings.SIMULATIONS_INLINE:
        _run_all(chunk_ids, run_chunk)
    else:
        with _lock:
            _held[simulation_id] += 1
        _background().submit(_run_in_thread, simulation_id, list(chunk_ids), run_chunk)


def held_simulations() -> list[int]:
    """The simulations this process's background thread has queued or is running."""
    with _lock:
        return list(_held)


def _enqueue(simulation_id: int, chunk_ids: Sequence[int]) -> None:
    """Send each chunk to the broker. If the broker cannot be reached, raise
    QueueUnreachableError at once rather than leave the simulation waiting for tasks that
    were never sent (chunks already sent still run; a failed simulation ignores them)."""
    try:
        for chunk_id in chunk_ids:
            app.send_task(CHUNK_TASK, (chunk_id,), retry=True, retry_policy=RETRY)
    except OperationalError as error:
        logger.error("simulation %s: broker unreachable: %s", simulation_id, error)
        raise QueueUnreachableError(str(error)) from error


def _background() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="simulations")
        return _executor


def _run_in_thread(simulation_id: int, chunk_ids: list[int], run_chunk: RunChunk) -> None:
    try:
        _run_all(chunk_ids, run_chunk)
    except Exception:
        # Its remaining chunks are resumed once it has been stalled long enough.
        logger.exception("in-process simulation %s stopped", simulation_id)
    finally:
        with _lock:
            _held[simulation_id] -= 1
            if _held[simulation_id] <= 0:
                del _held[simulation_id]
        close_old_connections()


def _run_all(chunk_ids: Sequence[int], run_chunk: RunChunk) -> None:
    for chunk_id in chunk_ids:
        run_chunk(chunk_id)
