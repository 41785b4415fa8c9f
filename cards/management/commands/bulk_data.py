"""python manage.py bulk_data [--force] [--name NAME ...]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.bulk.refresh import UnknownBulkFileError, refresh_bulk_files
from cards.bulk.storage import directory


class Command(BaseCommand):
    help = (
        "Write the bulk data files whose data changed since they were written (all of them "
        "with --force), in BULK_DATA_DIR."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="Write even the current ones.")
        parser.add_argument(
            "--name", action="append", help="Only this file, e.g. cards-shadowfist (repeatable)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            outcomes = refresh_bulk_files(options["name"], force=options["force"])
        except UnknownBulkFileError as error:
            raise CommandError(str(error)) from None
        except OSError as error:
            raise CommandError(f"cannot write in {directory()}: {error}") from error
        for outcome in outcomes:
            self.stdout.write(outcome.describe())
