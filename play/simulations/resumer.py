"""Stalled simulations resumed without a broker: what Celery beat does, in the web process.

Without CELERY_BROKER_URL, chunks run in a background thread of the web process that
started them (play/simulations/dispatch.py), and die with it. So each web process (every gunicorn
worker, runserver) starts one daemon thread when it loads config.wsgi, which at once and
then every `interval()` seconds:

1. marks the simulations its own background thread holds (queued or running) as alive,
   so that none looks stalled to another process while it waits its turn;
2. runs simulation_resume_stalled, the function Celery beat runs: a simulation no
   process has marked or advanced for SIMULATIONS_STALLED_AFTER_SECONDS is claimed by
   exactly one process (a conditional update), which runs its unfinished chunks;
3. every SIMULATIONS_PRUNE_EVERY_SECONDS, prunes old per-game records as Celery beat's
   other task does (play/simulations/retention.py; each simulation is pruned once, under
   a row lock, whichever process gets there first).

Management commands, Celery workers and tests do not load config.wsgi, so they start no
resumer; with a broker, Celery beat does this work instead.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import connections

from play.simulations.dispatch import held_simulations
from play.simulations.retention import Pruned, prune_simulation_records
from play.simulations.services import simulation_keep_alive, simulation_resume_stalled

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_thread: threading.Thread | None = None


def start_resumer() -> threading.Thread | None:
    """Start this process's resumer once (no-op with a broker: Celery beat resumes)."""
    global _thread
    if settings.CELERY_BROKER_URL:
        return None
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="simulation-resumer", daemon=True)
            _thread.start()
        return _thread


def interval() -> float:
    """Seconds between passes: the resume interval, but at least three passes within the
    stall time, so a simulation held here is marked alive well before it looks stalled."""
    return min(
        settings.SIMULATIONS_RESUME_EVERY_SECONDS, settings.SIMULATIONS_STALLED_AFTER_SECONDS / 3
    )


def resume_pass() -> list[int]:
    """Keep this process's simulations alive, then resume the stalled ones; the ids of
    those resumed here. A failure (the database down) is logged, the next pass retries."""
    try:
        simulation_keep_alive(held_simulations())
        stalled_for = timedelta(seconds=settings.SIMULATIONS_STALLED_AFTER_SECONDS)
        return simulation_resume_stalled(stalled_for=stalled_for)
    except Exception:
        logger.exception("resuming stalled simulations failed; trying again in %ss", interval())
        return []
    finally:
        connections.close_all()  # this thread's own: a pass a minute needs none kept open


def prune_pass() -> Pruned | None:
    """Prune old per-game records; None when it failed (logged; the next pass retries)."""
    try:
        keep_for = timedelta(days=settings.SIMULATIONS_RECORDS_KEEP_DAYS)
        return prune_simulation_records(keep_for=keep_for)
    except Exception:
        logger.exception("pruning simulation records failed; trying again later")
        return None
    finally:
        connections.close_all()


def _run() -> None:
    stop = threading.Event()  # never set: the thread ends with its process
    pruned_at: float | None = None
    while True:
        resume_pass()
        now = time.monotonic()
        if pruned_at is None or now - pruned_at >= settings.SIMULATIONS_PRUNE_EVERY_SECONDS:
            prune_pass()
            pruned_at = now
        stop.wait(interval())
