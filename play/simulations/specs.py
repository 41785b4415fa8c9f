"""From what a user asks a simulation to run (a deck and a bot, or a table of bots) to the
spec its chunks read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from cards.vocabulary import DECK_GAMES
from decks.analysis import stack_warnings
from play.engine.core import get_game
from play.matches.decks import deck_cards
from play.matches.legality import Legality
from play.matches.setups import SeatsError, plain_setup
from play.matches.tables import goldfish_table, table_dict, table_words
from play.simulations.runners import GOLDFISH_RUNNERS


@dataclass(frozen=True)
class Spec:
    game: str
    kind: str
    spec: dict[str, Any]


def simulation_spec(*, user: AbstractBaseUser, data: dict[str, Any]) -> Spec:
    if "deck" in data:
        deck, cards, legality = deck_cards(
            user=user, deck_id=data["deck"], game=None, test_anyway=data.get("test_anyway", False)
        )
        return goldfish_spec(deck.game.slug, cards, legality, data)
    game, seats = data["game"], data["seats"]
    bots = get_game(game).bot_types()
    for index, name in enumerate(seats):
        if name not in bots:
            raise SeatsError(
                f"seats[{index}]", f"no bot {name!r}; use one of {', '.join(sorted(bots))}"
            )
    if game in DECK_GAMES:
        raise SeatsError("game", f"{game} bot games need decks: simulate a deck instead")
    return Spec(
        game=game, kind="bots", spec={"setup": plain_setup(game, len(seats)), "bots": seats}
    )


def goldfish_spec(
    game: str, cards: list[tuple[dict[str, Any], int]], legality: Legality, data: dict[str, Any]
) -> Spec:
    """The goldfish of a deck's card rows, with the bot and options `data` asks for."""
    if game not in GOLDFISH_RUNNERS:
        name = get_game(game).info.name
        raise SeatsError("deck", f"goldfish simulations of {name} are not ready yet")
    bots = get_game(game).bot_types()
    bot = data.get("bot", "greedy")
    if bot not in bots:
        raise SeatsError("bot", f"no bot {bot!r}; use one of {', '.join(sorted(bots))}")
    spec = {"cards": cards, "bot": bot, "max_turns": data.get("max_turns"), "by_turn": 5,
            "legality": legality.to_dict(),
            "stack_warnings": stack_warnings(game, cards)}  # fmt: skip
    spec.update(goldfish_options(game, data.get("effect_points"), data.get("opposition")))
    return Spec(game=game, kind="goldfish", spec=spec)


#: The games with readings a goldfish may choose, and each reading's words (the first is
#: the default): ChiZo's points from effects (docs/chizo.md, "Points of effects").
EFFECT_POINTS = {
    "shown": "effect points as tiles show them (capped by the Discard Pile)",
    "printed": "effect points as printed (not capped by the Discard Pile)",
}


def goldfish_options(
    game: str, effect_points: str | None, opposition: Any = None
) -> dict[str, Any]:
    """The spec's options of a goldfish of ``game``: its table (``opposition``: a
    profile's name or a mapping of a profile and figures; the game's default unless
    asked), stored with every figure, and ChiZo's reading of ``effect_points`` ("shown"
    unless asked); raises SeatsError for an option the game does not have or a bad
    value."""
    options = {"opposition": table_dict(game, goldfish_table(game, opposition))}
    if game != "chizo":
        if effect_points is not None:
            raise SeatsError("effect_points", "only ChiZo RISING has effect points to read")
        return options
    if effect_points is None:
        effect_points = "shown"
    if effect_points not in EFFECT_POINTS:
        raise SeatsError("effect_points", f"effect_points is one of {', '.join(EFFECT_POINTS)}")
    return {**options, "effect_points": effect_points}


def legality_words(spec: dict[str, Any]) -> str:
    """ "" for a deck legal in its format (or a spec from before decks were checked), else
    "not legal in Stack: ..." for the report's headline."""
    if not spec.get("legality"):
        return ""
    return Legality.from_dict(spec["legality"]).words()


def reading_words(game: str, spec: dict[str, Any]) -> str:
    """What a goldfish figure stands on beyond its deck, for its header ("" when nothing
    needs saying): the table it faced, ChiZo's reading of effect points."""
    reading: str = spec.get("effect_points") or ""
    words = [table_words(game, spec), EFFECT_POINTS.get(reading, "")]
    return ", ".join(word for word in words if word)
