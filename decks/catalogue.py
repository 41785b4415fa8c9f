"""The catalogue as the deck builder sees it: CardFacts and a name index per game.

Building the index reads every card of a game (2,600 with the real Shadowfist list), so
it is kept per process and rebuilt only when the game's catalogue version stamp (one
indexed row, cards/versioning.py) has changed since.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import fields

from django.db.models import QuerySet

from cards.models import Card, Printing
from cards.versioning import catalogue_version
from decks.cardfacts import CardFacts
from decks.textlist import NameIndex

_lock = threading.Lock()
_indexes: dict[str, tuple[int | None, NameIndex]] = {}


_FACT_FIELDS = [f.name for f in fields(CardFacts) if f.name not in ("id", "game", "editions")]
_COLUMNS = ["id", "game__slug", *_FACT_FIELDS]


def _facts(cards: QuerySet[Card]) -> list[CardFacts]:
    """CardFacts from plain rows: two queries, no model instances (lists are hot paths)."""
    rows = list(cards.values_list(*_COLUMNS))
    editions: dict[int, list[str]] = {}
    printed = Printing.objects.filter(card_id__in=[row[0] for row in rows]).order_by(
        "card_set__release_order", "id"
    )
    for card_id, code in printed.values_list("card_id", "card_set__code"):
        editions.setdefault(card_id, []).append(code)
    facts = []
    for card_id, game, *values in rows:
        named = dict(zip(_FACT_FIELDS, values, strict=True))
        named["designators"] = tuple(named["designators"].split())
        facts.append(
            CardFacts(id=card_id, game=game, editions=tuple(editions.get(card_id, ())), **named)
        )
    return facts


def cards_of(game: str) -> list[CardFacts]:
    return _facts(Card.objects.filter(game__slug=game).order_by("id"))


def facts_by_id(ids: Iterable[int]) -> dict[int, CardFacts]:
    return {card.id: card for card in _facts(Card.objects.filter(pk__in=set(ids)))}


def name_index(game: str) -> NameIndex:
    version = catalogue_version(game)
    with _lock:
        cached = _indexes.get(game)
        if cached and cached[0] == version:
            return cached[1]
    index = NameIndex(cards_of(game))
    with _lock:
        _indexes[game] = (version, index)
    return index
