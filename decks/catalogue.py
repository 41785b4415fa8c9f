"""The catalogue as the deck builder sees it: CardFacts and a name index per game.

Building the index reads every card of a game (2,600 with the real Shadowfist list), so
it is kept per process and rebuilt only when the game's cards change (their count,
highest id or the newest printing differ).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import fields

from django.db.models import Count, Max, QuerySet

from cards.models import Card, Printing
from decks.cardfacts import CardFacts
from decks.textlist import NameIndex

_lock = threading.Lock()
_indexes: dict[str, tuple[tuple[object, ...], NameIndex]] = {}


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


def _signature(game: str) -> tuple[object, ...]:
    stats = Card.objects.filter(game__slug=game).aggregate(
        n=Count("id"), top=Max("id"), printing_count=Count("printings"), last=Max("printings__id")
    )
    return tuple(stats.values())


def name_index(game: str) -> NameIndex:
    signature = _signature(game)
    with _lock:
        cached = _indexes.get(game)
        if cached and cached[0] == signature:
            return cached[1]
    index = NameIndex(cards_of(game))
    with _lock:
        _indexes[game] = (signature, index)
    return index
