"""A catalogue card as the rules engine's card definitions read it (the setups of matches
and simulations, the stack analysis): the fields each deck game's engine takes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cards.models import Card
from decks.lines import DeckLine

#: A deck as the engine's setups take it: (card row, copies) per line.
CardRows = Sequence[tuple[dict[str, Any], int]]

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


def card_row(card: Card, game: str) -> dict[str, Any]:
    """A catalogue card as the engine's card definitions read it."""
    row = {}
    for field in CARD_FIELDS[game]:
        value = getattr(card, field)
        if field in LIST_FIELDS:
            value = [item for item in value.split(LIST_FIELDS[field]) if item]
        row[field] = value
    return row


def line_rows(game: str, lines: Sequence[DeckLine]) -> list[tuple[dict[str, Any], int]]:
    """A deck's lines as card rows with their copies (one query for the cards)."""
    cards = Card.objects.in_bulk([line.card.id for line in lines])
    return [(card_row(cards[line.card.id], game), line.count) for line in lines]
