"""python manage.py simulate --deck FILE --game chizo --games 10000 --seed 1
python manage.py simulate --game raise --seats greedy,random,random --games 1000 --seed 1

Runs a batch simulation as the API does: chunks on Celery workers when CELERY_BROKER_URL
is set, else in a background thread of this process. Shows progress, prints statistics.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from cards.effects.history import effects_version
from decks.analysis import stack_warnings
from play.engine.core import game_slugs, get_game
from play.management.goldfish_options import add_opposition_arguments, deck_file_spec
from play.matches.setups import SeatsError, plain_setup
from play.simulations.models import Simulation
from play.simulations.provenance import effects_words
from play.simulations.reports import goldfish_lines, histogram_lines, seat_table
from play.simulations.runners import GOLDFISH_RUNNERS
from play.simulations.services import MAX_GAMES, simulation_create
from play.simulations.specs import (
    EFFECT_POINTS,
    legality_words,
    reading_words,
)

CLI_USER = "cardhouse-cli"


class Command(BaseCommand):
    help = "Run a batch simulation (through Celery when a broker is configured)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=game_slugs())
        parser.add_argument("--deck", type=Path, help="A text deck list (goldfish).")
        parser.add_argument("--seats", help="Bot per seat, comma-separated (bot games).")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--bot", default="greedy", help="The goldfish policy.")
        parser.add_argument("--max-turns", type=int, default=None)
        parser.add_argument(
            "--effect-points",
            choices=sorted(EFFECT_POINTS),
            default=None,
            help="ChiZo goldfish: points scored by effects as tiles show them (shown, the "
            "default: capped by the Discard Pile) or as printed (docs/chizo.md).",
        )
        add_opposition_arguments(parser)
        parser.add_argument(
            "--test-anyway",
            action="store_true",
            help="Run a deck that is not legal in its game's default format (else refused "
            "with its errors); the report says why it is not.",
        )
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        game, games = options["game"], options["games"]
        if not 1 <= games <= MAX_GAMES:
            raise CommandError(f"--games must be from 1 to {MAX_GAMES:,}")
        version = effects_version(game)  # before the cards: see simulation_plan
        kind, spec = self._spec(game, options)
        owner, _ = User.objects.get_or_create(username=CLI_USER)
        simulation = simulation_create(
            owner=owner, game=game, kind=kind, spec=spec, games=games, seed=options["seed"],
            enforce_limit=False, effects_version=version,
        )  # fmt: skip
        where = "Celery workers" if settings.CELERY_BROKER_URL else "this process"
        self.stderr.write(f"simulation {simulation.pk}: {games} games on {where}")
        for warning in stack_warnings(game, spec.get("cards", [])):
            self.stderr.write(f"warning: {warning}")
        done = self._wait(simulation, options["no_progress"])
        if done.status != Simulation.Status.DONE:
            raise CommandError(f"simulation {done.pk} {done.status}: {done.error}")
        self.stdout.write("\n".join(self._report(done, options)))

    def _spec(self, game: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        bots = get_game(game).bot_types()
        if options["deck"]:
            if game not in GOLDFISH_RUNNERS:
                raise CommandError(f"{game} has no decks to goldfish; use --seats")
            if options["bot"] not in bots:
                raise CommandError(f"no bot {options['bot']!r} for {game}")
            spec = deck_file_spec(game, options)
            return "goldfish", {**spec, "by_turn": 5}
        seats = [s.strip() for s in (options["seats"] or "").split(",") if s.strip()]
        unknown = [s for s in seats if s not in bots]
        if not seats or unknown:
            raise CommandError(f"--seats names a bot per seat from {', '.join(sorted(bots))}")
        try:
            return "bots", {"setup": plain_setup(game, len(seats)), "bots": seats}
        except SeatsError as error:
            raise CommandError(str(error)) from None

    def _wait(self, simulation: Simulation, quiet: bool) -> Simulation:
        bar = tqdm(total=simulation.games, disable=quiet, unit="game", leave=False)
        while True:
            simulation.refresh_from_db()
            bar.update(simulation.games_done - bar.n)
            if simulation.status not in (Simulation.Status.PENDING, Simulation.Status.RUNNING):
                bar.close()
                return simulation
            time.sleep(0.2)

    def _report(self, simulation: Simulation, options: dict[str, Any]) -> list[str]:
        results = simulation.results or {}
        name = get_game(simulation.game).info.name
        effects = effects_words(simulation.game, simulation.effects_version)
        if simulation.kind == "goldfish":
            label = f"{name} goldfish of {options['deck'].name}, seed {simulation.seed}"
            if reading := reading_words(simulation.game, simulation.spec):
                label += f", {reading}"
            if illegal := legality_words(simulation.spec):
                label += f"; tested anyway: the deck is {illegal}"
            return goldfish_lines(results, label=label, effects=effects)
        length = results["length"]
        return [
            f"{name}: {results['games']} games, seed {simulation.seed}",
            f"effects: {effects}",
            "",
            *seat_table(_Seat(**seat) for seat in results["seats"]),
            "",
            f"game length (actions): mean {length['mean']:.1f} (95% interval "
            f"{length['low']:.1f} to {length['high']:.1f}), median {length['median']}",
            *histogram_lines({int(k): v for k, v in length["histogram"].items()}),
            "",
            f"shared victories: {results['ties']}; unfinished: {results['unfinished']}",
        ]


class _Seat:
    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)
