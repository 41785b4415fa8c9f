"""python manage.py prune_simulations [--days N] [--dry-run]"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.simulations.retention import prune_simulation_records


class Command(BaseCommand):
    help = (
        "Remove the per-game records of simulations finished more than --days ago; their "
        "summaries, comparisons and sample games stay (Celery beat does this hourly)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help="Keep records this many days after a simulation finished "
            "(default: SIMULATIONS_RECORDS_KEEP_DAYS).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Count what would go; change nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days is None:
            days = settings.SIMULATIONS_RECORDS_KEEP_DAYS
        if days < 0:
            raise CommandError("--days must be 0 or more")
        pruned = prune_simulation_records(keep_for=timedelta(days=days), dry_run=options["dry_run"])
        verb = "would remove" if options["dry_run"] else "removed"
        self.stdout.write(
            f"{pruned.simulations} simulations finished more than {days} days ago: "
            f"{verb} {pruned.records} per-game records, kept {pruned.kept} of sample games"
        )
