"""Celery tasks of the bulk data: thin, they call refresh."""

from __future__ import annotations

# Celery ships no type hints of its own, so shared_task is untyped.
from celery import shared_task  # type: ignore[import-untyped]

from cards.bulk.refresh import refresh_bulk_files

REFRESH_TASK = "cards.refresh_bulk_data"


# shared_task is untyped (Celery has no hints); the body below is still checked.
@shared_task(name=REFRESH_TASK)  # type: ignore[untyped-decorator]
def refresh_bulk_data() -> list[str]:
    """Run periodically by Celery beat (settings.CELERY_BEAT_SCHEDULE): write the stale
    files; the names of those written."""
    return [outcome.record.name for outcome in refresh_bulk_files() if outcome.written]
