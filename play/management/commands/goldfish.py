"""python manage.py goldfish GAME --deck FILE --games N --seed S [--bot greedy]
[--effect-points shown|printed] (ChiZo: the reading of points scored by effects)
[--opposition goldfish|defended|soft] [--dummy-sites N] [--site-body B] [--blockers N]
[--blocker-fighting F] (Shadowfist: the dummy's table)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from cards.effects.history import effects_version
from decks.analysis import stack_warnings
from play.engine.core import EngineError, get_game
from play.engine.simulate import game_seed
from play.engine_choice import running
from play.management.goldfish_options import add_opposition_arguments, deck_file_spec
from play.simulations.provenance import effects_words
from play.simulations.reports import goldfish_lines
from play.simulations.runners import GOLDFISH_RUNNERS, settle_heap
from play.simulations.specs import (
    EFFECT_POINTS,
    legality_words,
    reading_words,
)
from play.simulations.tallies import GoldfishTally, summary_of


class Command(BaseCommand):
    help = "Goldfish a deck (a text list) with the rules engine alone and print statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(GOLDFISH_RUNNERS))
        parser.add_argument("--deck", type=Path, required=True, help="A text deck list.")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--bot", default="greedy", help="The goldfish policy.")
        parser.add_argument("--max-turns", type=int, default=None)
        parser.add_argument(
            "--effect-points",
            choices=sorted(EFFECT_POINTS),
            default=None,
            help="ChiZo: points scored by effects as tiles show them (shown, the default: "
            "capped by the Discard Pile) or as printed (docs/chizo.md).",
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
        game, games, seed = options["game"], options["games"], options["seed"]
        if not 1 <= games <= 1_000_000:
            raise CommandError("--games must be from 1 to 1,000,000")
        if options["bot"] not in get_game(game).bot_types():
            raise CommandError(f"no bot {options['bot']!r} for {game}")
        version = effects_version(game)  # before the cards: see simulation_plan
        spec = deck_file_spec(game, options)
        cards = spec["cards"]
        runner = GOLDFISH_RUNNERS[game]
        for warning in stack_warnings(game, cards):  # before the games, not only after
            self.stderr.write(f"warning: {warning}")
        settle_heap()
        tally = GoldfishTally(by_turn=5)  # folded game by game: no list of records kept
        try:
            for index in tqdm(
                range(games), disable=options["no_progress"], unit="game", leave=False
            ):
                record = runner(spec, game_seed(seed, index))
                tally.add({"index": index, "seed": game_seed(seed, index), **record})
        except EngineError as error:
            raise CommandError(error.reason) from None
        summary = summary_of(spec, tally, game=game)
        name = get_game(game).info.name
        label = f"{name} goldfish of {options['deck'].name}, seed {seed}, bot {options['bot']}"
        if reading := reading_words(game, spec):
            label += f", {reading}"
        if illegal := legality_words(spec):
            label += f"; tested anyway: the deck is {illegal}"
        lines = goldfish_lines(summary, label=label, effects=effects_words(game, version))
        self.stdout.write("\n".join([lines[0], f"engine: {running()}", *lines[1:]]))
