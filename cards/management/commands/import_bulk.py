"""python manage.py import_bulk FILE"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.bulk.loading import BulkFormatError, import_bulk
from cards.management.bulkdata import refresh_after_load


class Command(BaseCommand):
    help = (
        "Import the cards of a bulk data file (GET /api/v1/bulk-data/; gzip-compressed or "
        "not) into the catalogue: idempotent, it adds and updates, never removes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="The bulk file, e.g. all-cards.json.gz.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = import_bulk(options["path"])
        except BulkFormatError as error:
            raise CommandError(str(error)) from None
        for message in result.rejected:
            self.stderr.write(f"rejected {message}")
        for game, report in result.reports.items():
            for message in report.rejected:
                self.stderr.write(f"rejected {game} {message}")
            effects = result.effects.get(game)
            written = "" if effects is None else f"; effects: {effects} written"
            self.stdout.write(f"{game}: {report.summary()}{written}")
        refresh_after_load(self)
