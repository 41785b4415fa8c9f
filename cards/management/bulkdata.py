"""The bulk data files written after a command that loads the catalogue, so that a fresh
install (or one just given new cards) serves them at once."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from cards.bulk.refresh import refresh_bulk_files


def refresh_after_load(command: BaseCommand) -> None:
    """Write the stale bulk files and say what was written. The catalogue is loaded
    whatever happens here: a failure is reported, and the next refresh tries again."""
    try:
        outcomes = refresh_bulk_files()
    except OSError as error:
        command.stderr.write(f"bulk data not written: {error}")
        return
    written = [outcome.record.name for outcome in outcomes if outcome.written]
    command.stdout.write(f"bulk data: {', '.join(written) or 'all current'}")
