"""python manage.py import_cards shadowfist PATH"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.importers.shadowfist import ImportFormatError, import_shadowfist
from cards.management.bulkdata import refresh_after_load

IMPORTERS = {"shadowfist": import_shadowfist}


class Command(BaseCommand):
    help = "Import a card list into the catalogue (idempotent). Formats: shadowfist (factual CSV)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(IMPORTERS))
        parser.add_argument("path", type=Path, help="The card list file.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            cards, printings = IMPORTERS[options["game"]](options["path"])
        except ImportFormatError as error:
            raise CommandError(str(error)) from None
        for message in cards.rejected:
            self.stderr.write(f"rejected {message}")
        for message in cards.merged:
            self.stdout.write(f"merged {message}")
        self.stdout.write(f"cards: {cards.summary()}")
        self.stdout.write(f"printings: {printings.summary(with_rejected=False)}")
        refresh_after_load(self)
