"""What the goldfish and simulate commands share: the options of the table a goldfish
faces (a profile, and any of its figures replaced: Shadowfist's dummy, ChiZo RISING's
passive board), and a deck file read into a goldfish spec."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.management.base import CommandError, CommandParser

from play.matches.decks import DeckFileError, playable_deck_file
from play.matches.setups import SeatsError
from play.matches.tables import table_profiles
from play.simulations.specs import goldfish_options

#: Each figure's option, and the opposition's name for it.
FIGURES = {
    "dummy_sites": "sites",
    "site_body": "site_body",
    "blockers": "blockers",
    "blocker_fighting": "blocker_fighting",
    "board": "board",
}


def add_opposition_arguments(parser: CommandParser) -> None:
    group = parser.add_argument_group(
        "the table", "What the goldfish plays against (docs/play.md)."
    )
    profiles = table_profiles()
    group.add_argument(
        "--opposition",
        choices=sorted({name for _game, name, _words in profiles}),
        default=None,
        help="The table's profile (default: Shadowfist goldfish, ChiZo alone): "
        + "; ".join(f"{name} ({game}): {words}" for game, name, words in profiles),
    )
    group.add_argument("--dummy-sites", type=int, help="Shadowfist: the most sites it lays.")
    group.add_argument("--site-body", type=int, help="Shadowfist: its sites' Body.")
    group.add_argument("--blockers", type=int, help="Shadowfist: characters it keeps in play.")
    group.add_argument("--blocker-fighting", type=int, help="Shadowfist: their Fighting.")
    group.add_argument("--board", type=int, help="ChiZo: tiles of a passive opponent's board.")


def opposition_input(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The opposition the options ask for, in the API's shape (None: none asked)."""
    asked = {name: options[option] for option, name in FIGURES.items()
             if options.get(option) is not None}  # fmt: skip
    if options.get("opposition"):
        asked["profile"] = options["opposition"]
    return asked or None


def deck_file_spec(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The goldfish spec of ``--deck`` with the command's bot, turn cap, table and
    reading; a deck file that cannot be played, or an option the game does not have, is
    a CommandError with the reason."""
    try:
        cards, legality = playable_deck_file(
            options["deck"], game, test_anyway=options["test_anyway"]
        )
    except DeckFileError as error:
        raise CommandError(str(error)) from None
    spec = {"cards": cards, "bot": options["bot"], "max_turns": options["max_turns"],
            "legality": legality.to_dict()}  # fmt: skip
    try:
        spec.update(goldfish_options(game, options["effect_points"], opposition_input(options)))
    except SeatsError as error:
        raise CommandError(str(error)) from None
    return spec
