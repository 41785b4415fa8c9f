"""python manage.py load_catalogue [--game SLUG ...]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cards.management.bulkdata import refresh_after_load
from cards.services import catalogue_load
from cards.shipped import CATALOGUES


class Command(BaseCommand):
    help = "Load the catalogue shipped with Cardhouse (idempotent: a second run changes nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--game",
            action="append",
            choices=sorted(CATALOGUES),
            help="Only this game (repeatable).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        reports = catalogue_load(games=options["game"])
        for game, report in reports.items():
            self.stdout.write(f"{game}: {report.summary()}")
        refresh_after_load(self)
