"""The catalogue's cards read as plain rows and rendered straight to their API shape.

The card list is the hottest read of the site, and the ORM's work was most of it: model
instances, a prefetch of printings, a separate COUNT, and the SQL compiled anew for every
request. Here a page is two statements: the ids of the page's cards, each row carrying
the total as a window count, then those cards with their game and printings; rows become
the documented shapes (cards/api/serializers.py) without a model instance in between. A
search's SQL depends only on its text, filters and ordering (the search language reads
no data), so it is compiled once per process and kept (`page_query`). The serializers
stay the reference: a test compares the two renderings over many queries.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Count, Window

from cards import selectors
from cards.api.serializers import SERIALIZERS
from cards.models import Card

# Every Card column one of the shapes shows; the game's slug and a printing follow them.
CARD_COLUMNS = (
    "id", "name", "slug", "type", "effect_text", "effect_key", "effect_params", "subtitle",
    "creature_class", "is_basic", "element", "strength", "intelligence", "compatible_classes",
    "faction", "cost", "cost_is_x", "requires", "provides", "fighting", "fighting_is_x",
    "power", "body", "designators", "is_no_max", "is_unique", "is_limited", "symbol", "value",
    "points", "copies", "modelling",
)  # fmt: skip
GAME = len(CARD_COLUMNS)
PRINTING_COLUMNS = (
    "printings__card_set__code",
    "printings__card_set__name",
    "printings__rarity",
    "printings__external_id",
)
PRINTING = GAME + 1
# Past any page a table could hold, and within the databases' 64-bit OFFSET.
LARGEST_OFFSET = 2**62
LARGEST_ID = 2**63 - 1  # of a big integer primary key, on either database

Row = Sequence[Any]


@dataclass(frozen=True)
class PageQuery:
    """A search compiled to SQL: the ids of its cards in order, each with the total as a
    window count; LIMIT and OFFSET are added per page."""

    sql: str | None  # None: the search can match no card (a number out of a column's range)
    params: tuple[Any, ...]


def page_query(*, q: str = "", filters: str = "", ordering: str = "") -> PageQuery:
    """The SQL of a card list (filters as query terms, a search query, an ordering).

    Raises what `selectors.card_list` raises (SearchError, FilterTermsError,
    OrderingError); errors are not kept, compiled queries are (per process, bounded).
    """
    return _compiled(q, filters, ordering, connections[DEFAULT_DB_ALIAS].vendor)


@lru_cache(maxsize=512)
def _compiled(q: str, filters: str, ordering: str, vendor: str) -> PageQuery:
    cards = selectors.card_list(
        queryset=Card.objects.all(), q=q, ordering=ordering, filters=filters
    )
    # Ids only: the database keeps every matching row until it knows the count, and
    # narrow rows keep that cheap; the page's 50 cards are read whole afterwards.
    ids = cards.annotate(total=Window(Count("*"))).values_list("id", "total")
    try:
        sql, params = ids.query.sql_with_params()
    except EmptyResultSet:  # the ORM answers such a query without asking the database
        return PageQuery(None, ())
    return PageQuery(sql + " LIMIT %s OFFSET %s", tuple(params))


def card_page(
    query: PageQuery, *, offset: int, limit: int
) -> tuple[list[dict[str, Any]], int | None]:
    """The cards of one page in their API shape, and how many cards the query finds in
    all: None when the page starts past the end (the total is read with the page). Two
    queries: the page's ids with the total, then the cards with their printings."""
    if offset >= LARGEST_OFFSET:
        return [], None
    found = []
    if query.sql is not None:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute(query.sql, (*query.params, limit, offset))
            found = cursor.fetchall()
    if not found:
        return [], 0 if offset == 0 else None
    ids = [card_id for card_id, _total in found]
    cards = cards_by_id(ids)
    return [cards[card_id] for card_id in ids], found[0][1]


def card_detail(pk: int) -> dict[str, Any] | None:
    """One card in its API shape, None when there is no such card (one query)."""
    if not 0 < pk <= LARGEST_ID:
        return None  # past the id column's range: the database would refuse the number
    return cards_by_id([pk]).get(pk)


def cards_by_id(ids: list[int]) -> dict[int, dict[str, Any]]:
    """The cards in their API shape, by id, with their printings oldest set first: one
    query, a row per printing (a card without any has one row of nulls for them)."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(_cards_sql(len(ids), connections[DEFAULT_DB_ALIAS].vendor), ids)
        found = cursor.fetchall()
    cards: dict[int, dict[str, Any]] = {}
    for row in map(_converted, found):
        card = cards.get(row[0])
        if card is None:
            card = cards[row[0]] = render(row)
        if row[PRINTING] is not None:
            code, name, rarity, external_id = row[PRINTING:]
            card["printings"].append(
                {"set": code, "set_name": name, "rarity": rarity, "external_id": external_id}
            )
    return cards


@lru_cache(maxsize=256)
def _cards_sql(count: int, vendor: str) -> str:
    """The SQL of `cards_by_id` for `count` ids, whose only parameters are the ids."""
    placeholders = list(range(count))
    cards = (
        Card.objects.filter(pk__in=placeholders)
        .order_by("pk", "printings__card_set__release_order", "printings__id")
        .values_list(*CARD_COLUMNS, "game__slug", *PRINTING_COLUMNS)
    )
    sql, params = cards.query.sql_with_params()
    assert list(params) == placeholders, "the ids must be the query's only parameters"
    return sql


def render(row: Row) -> dict[str, Any]:
    """A row of CARD_COLUMNS and the game's slug in the shape of its game's serializer,
    printings left empty."""
    return {name: value(row) for name, value in _SHAPES[row[GAME]]}


# Rendering -----------------------------------------------------------------------------

Value = Callable[[Row], Any]


def _column(index: int) -> Value:
    return lambda row: row[index]


def _split(index: int, separator: str | None) -> Value:
    return lambda row: [item for item in row[index].split(separator) if item]


# Fields of the shapes that are not a column as it is stored.
_DERIVED: dict[str, Value] = {
    "game": _column(GAME),
    "printings": lambda row: [],
    "compatible_classes": _split(CARD_COLUMNS.index("compatible_classes"), ","),
    "designators": _split(CARD_COLUMNS.index("designators"), None),
}

_SHAPES: dict[str, tuple[tuple[str, Value], ...]] = {
    game: tuple(
        (name, _DERIVED.get(name) or _column(CARD_COLUMNS.index(name)))
        for name in serializer.Meta.fields
    )
    for game, serializer in SERIALIZERS.items()
}


# Rows read by plain SQL get the conversions the ORM gives the same columns: JSON comes as
# text from both databases, and booleans come from SQLite as 0 and 1 where its declared
# column types are not read (the ORM converts them either way).
def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _converters() -> tuple[tuple[int, Callable[[Any], Any]], ...]:
    by_type: dict[str, Callable[[Any], Any]] = {"BooleanField": bool, "JSONField": _json}
    return tuple(
        (index, by_type[kind])
        for index, name in enumerate(CARD_COLUMNS)
        if (kind := Card._meta.get_field(name).get_internal_type()) in by_type
    )


_CONVERTERS = _converters()


def _converted(row: Row) -> list[Any]:
    values = list(row)
    for index, convert in _CONVERTERS:
        if values[index] is not None:
            values[index] = convert(values[index])
    return values
