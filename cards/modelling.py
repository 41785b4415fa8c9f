"""A catalogue card as its game's rules engine reads it, and how completely the engine
plays it: its *modelling status*.

A card of a deck game (ChiZo RISING, Shadowfist) is *modelled* (its effect runs, or it
has none), *stats only* (it plays by its printed figures; its rules text is not known or
not modelled) or *blank* (nothing of it runs but its cost), as its game's engine says
(``Game.card_modelling``; docs/play.md, "What a figure stands on"). Raise and Chocobo
cards are components of their game, not cards of a deck: they have no status ("").

The status is stored on the card (``Card.modelling``, set by ``Card.save`` and refreshed
by ``cards.upsert.refresh_modelling``) so the search (``is:modelled``, ``is:statsonly``,
``is:blank``) and the API can read it; the card page says it with why. The engine is
pure Python and imports nothing back. This module reads a card's field attributes only,
so it serves the historical models of migrations too (and never imports the models).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play.engine.core import BLANK, MODELLED, MODELLING, STATS_ONLY, DataError, get_game

if TYPE_CHECKING:
    from cards.models import Card

__all__ = [
    "BLANK",
    "CARD_FIELDS",
    "CHIZO_FIELDS",
    "LIST_FIELDS",
    "MODELLED",
    "MODELLING",
    "SHADOWFIST_FIELDS",
    "STATS_ONLY",
    "STATUS_TERMS",
    "STATUS_WORDS",
    "card_modelling",
    "card_row",
]

CHIZO_FIELDS = (
    "id", "name", "type", "creature_class", "is_basic", "strength", "intelligence",
    "compatible_classes", "effect_key", "effect_params",
)  # fmt: skip
SHADOWFIST_FIELDS = (
    "id", "name", "subtitle", "type", "faction", "cost", "cost_is_x", "requires", "provides",
    "fighting", "fighting_is_x", "power", "body", "designators", "is_unique", "is_limited",
    "is_no_max", "effect_key", "effect_params",
)  # fmt: skip
#: The fields each deck game's engine reads of a card (its card definitions).
CARD_FIELDS = {"chizo": CHIZO_FIELDS, "shadowfist": SHADOWFIST_FIELDS}
#: Fields stored as text that the engine reads as lists, with their separator.
LIST_FIELDS = {"compatible_classes": ",", "designators": " "}

#: Each status as the pages and reports name it.
STATUS_WORDS = {MODELLED: "modelled", STATS_ONLY: "by printed stats only", BLANK: "blank"}
#: Each status as the search language names it (``is:statsonly``).
STATUS_TERMS = {MODELLED: "modelled", STATS_ONLY: "statsonly", BLANK: "blank"}


def card_row(card: Card, game: str) -> dict[str, Any]:
    """A catalogue card as the engine's card definitions read it."""
    row = {}
    for field in CARD_FIELDS[game]:
        value = getattr(card, field)
        if field in LIST_FIELDS:
            value = [item for item in value.split(LIST_FIELDS[field]) if item]
        row[field] = value
    return row


def card_modelling(card: Card) -> tuple[str, str]:
    """The card's status for its game's engine (one of MODELLING) and why when it is not
    modelled; ("", "") for a card of a game without engine card rows (Raise, Chocobo).

    A card the engine cannot read at all (a creature without a class, parameters that do
    not parse) is a blank, as the engine counts a card it cannot play, with the reason."""
    game = card.game.slug
    if game not in CARD_FIELDS:
        return "", ""
    row = card_row(card, game)
    if row["id"] is None:
        del row["id"]  # a card being created has no id yet; its status does not depend on it
    try:
        return get_game(game).card_modelling(row)
    except DataError as error:
        return BLANK, f"the rules engine cannot read it: {error.reason}"
