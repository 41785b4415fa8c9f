"""From what a user asks for (seats, decks, bots) to what the engine and runners take.

Decks are read with the user's rights (their own or public decks) and copied into the
setup as card rows, so a match or simulation keeps the decks as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404

from cards.models import Card
from cards.vocabulary import DECK_GAMES
from decks.models import Deck
from decks.selectors import deck_for_read
from play.engine.core import get_game
from play.runners import GOLDFISH_RUNNERS
from play.setups import HUMAN, SeatsError, check_players, deck_setup, plain_setup

CHIZO_FIELDS = (
    "id", "name", "type", "creature_class", "is_basic", "strength", "intelligence",
    "compatible_classes", "effect_key", "effect_params",
)  # fmt: skip
SHADOWFIST_FIELDS = (
    "id", "name", "subtitle", "type", "faction", "cost", "cost_is_x", "requires", "provides",
    "fighting", "fighting_is_x", "power", "body", "designators", "is_unique", "is_limited",
    "is_no_max", "effect_key", "effect_params",
)  # fmt: skip
CARD_FIELDS = {"chizo": CHIZO_FIELDS, "shadowfist": SHADOWFIST_FIELDS}
LIST_FIELDS = {"compatible_classes": ",", "designators": " "}


@dataclass(frozen=True)
class Spec:
    game: str
    kind: str
    spec: dict[str, Any]


def card_row(card: Card, game: str) -> dict[str, Any]:
    """A catalogue card as the engine's card definitions read it."""
    row = {}
    for field in CARD_FIELDS[game]:
        value = getattr(card, field)
        if field in LIST_FIELDS:
            value = [item for item in value.split(LIST_FIELDS[field]) if item]
        row[field] = value
    return row


def deck_cards(
    *, user: AbstractBaseUser, deck_id: int, game: str | None
) -> tuple[Deck, list[tuple[dict[str, Any], int]]]:
    try:
        deck = deck_for_read(user=user, deck_id=deck_id)
    except Http404:
        raise SeatsError("deck", f"no deck {deck_id} that you may read") from None
    if game is not None and deck.game.slug != game:
        raise SeatsError("deck", f"deck {deck_id} is a {deck.game.name} deck, not {game}")
    entries = deck.entries.select_related("card").order_by("position", "id")
    cards = [(card_row(e.card, deck.game.slug), e.count) for e in entries]
    if not cards:
        raise SeatsError("deck", f"deck {deck_id} has no cards")
    return deck, cards


def match_setup(
    *, user: AbstractBaseUser, game: str, mode: str, seats: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    bots = get_game(game).bot_types()
    for index, seat in enumerate(seats):
        if seat["player"] != HUMAN and seat["player"] not in bots:
            known = ", ".join(["human", *sorted(bots)])
            raise SeatsError(f"seats[{index}]", f"no player {seat['player']!r}; use {known}")
    if game not in DECK_GAMES:
        if mode == "goldfish":
            raise SeatsError("mode", f"{game} has no decks to goldfish")
        return plain_setup(game, len(seats))
    decks = []
    for index, seat in enumerate(seats):
        if seat["deck"] is None:
            raise SeatsError(f"seats[{index}]", f"each seat of a {game} match needs a deck")
        decks.append(deck_cards(user=user, deck_id=seat["deck"], game=game)[1])
    if mode != "goldfish":
        check_players(game, len(seats))
    return deck_setup(game, decks, goldfish=mode == "goldfish")


def simulation_spec(*, user: AbstractBaseUser, data: dict[str, Any]) -> Spec:
    if "deck" in data:
        deck, cards = deck_cards(user=user, deck_id=data["deck"], game=None)
        game = deck.game.slug
        if game not in GOLDFISH_RUNNERS:
            raise SeatsError("deck", f"goldfish simulations of {deck.game.name} are not ready yet")
        bots = get_game(game).bot_types()
        bot = data.get("bot", "greedy")
        if bot not in bots:
            raise SeatsError("bot", f"no bot {bot!r}; use one of {', '.join(sorted(bots))}")
        spec = {"cards": cards, "bot": bot, "max_turns": data.get("max_turns"), "by_turn": 5}
        return Spec(game=game, kind="goldfish", spec=spec)
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
