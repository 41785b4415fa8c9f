"""python manage.py load_effects GAME FILE [--partial] [--check]"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.effects.history import EFFECT_GAMES
from cards.effects.loading import MAX_EFFECT_FILE_BYTES, load_effect_file
from cards.management.bulkdata import refresh_after_load
from cards.models import Game


class Command(BaseCommand):
    help = (
        "Load card effects from an effects file (docs/shadowfist-effects.md). Every entry "
        "is checked first; nothing is loaded when one is wrong, unless --partial."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=EFFECT_GAMES)
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--partial",
            action="store_true",
            help="Load the entries that are right and list the others.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            if path.stat().st_size > MAX_EFFECT_FILE_BYTES:
                raise CommandError(f"{path} is larger than {MAX_EFFECT_FILE_BYTES:,} bytes")
            text = path.read_text(encoding="utf-8-sig")  # a BOM from some editors
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}") from error
        game = Game.objects.filter(slug=options["game"]).first()
        if game is None:
            raise CommandError("the catalogue is not loaded: run load_catalogue first")
        loaded = load_effect_file(
            game, text, source=f"effects file {path.name}", partial=options["partial"]
        )
        for problem in loaded.checked.problems:
            self.stderr.write(f"{path.name}: {problem}")
        if not loaded.loaded:
            count = len(loaded.checked.problems)
            raise CommandError(
                f"nothing loaded: {count} problem{'s' if count != 1 else ''}"
                + ("" if loaded.checked.fatal else " (--partial loads the entries that are right)")
            )
        version = loaded.change.number if loaded.change else None
        self.stdout.write(
            f"{len(loaded.written)} effects written, {loaded.unchanged} already so, "
            f"{loaded.left_out} entries left out; "
            + (f"effects version {version}" if version else "effects version unchanged")
        )
        refresh_after_load(self)
