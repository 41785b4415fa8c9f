"""python manage.py export_effects GAME [FILE] [--set CODE]"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.effects.export import export_effects
from cards.effects.history import EFFECT_GAMES
from cards.models import CardSet


class Command(BaseCommand):
    help = "Write the cards' current effects as an effects file (to FILE, or to the output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=EFFECT_GAMES)
        parser.add_argument("file", type=Path, nargs="?")
        parser.add_argument("--set", dest="set_code", help="Only the cards printed in this set.")

    def handle(self, *args: Any, **options: Any) -> None:
        game, code = options["game"], options["set_code"]
        if code is not None and not CardSet.objects.filter(game__slug=game, code=code).exists():
            codes = ", ".join(
                CardSet.objects.filter(game__slug=game).values_list("code", flat=True)
            )
            raise CommandError(f"no {game} set has the code {code!r}; the codes: {codes}")
        text = export_effects(game, set_code=code)
        path: Path | None = options["file"]
        if path is None:
            self.stdout.write(text, ending="")
            return
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error}") from error
        self.stdout.write(f"{text.count('[cards.')} effects written to {path}")
