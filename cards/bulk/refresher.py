"""Bulk files refreshed without a broker: what Celery beat does, in the web process.

With CELERY_BROKER_URL, Celery beat runs the refresh task every BULK_DATA_REFRESH_SECONDS.
Without it, each web process (every gunicorn worker, runserver) starts one daemon thread
when it loads config.wsgi, which refreshes the stale files at once (a fresh install whose
files were never written serves them) and then at that interval. Writers of a file take
turns (cards/bulk/storage.py), and a file another process has just written is found
current: several processes cost a few reads, not several writes.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connections

from cards.bulk.refresh import refresh_bulk_files

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_thread: threading.Thread | None = None


def start_refresher() -> threading.Thread | None:
    """Start this process's refresher once (no-op with a broker: Celery beat refreshes)."""
    global _thread
    if settings.CELERY_BROKER_URL:
        return None
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="bulk-data-refresher", daemon=True)
            _thread.start()
        return _thread


def refresh_pass() -> list[str] | None:
    """Write the stale files: their names; None when it failed (logged; the next pass
    retries)."""
    try:
        return [o.record.name for o in refresh_bulk_files() if o.written]
    except Exception:
        logger.exception(
            "refreshing the bulk data failed; trying again in %ss",
            settings.BULK_DATA_REFRESH_SECONDS,
        )
        return None


def _run() -> None:
    stop = threading.Event()  # never set: the thread ends with its process
    while True:
        refresh_pass()
        connections.close_all()  # this thread's own: a pass an hour needs none kept open
        stop.wait(settings.BULK_DATA_REFRESH_SECONDS)
