"""Reads of the catalogue: card lists with search, filters and ordering."""

from __future__ import annotations

from django.db.models import F, OrderBy, Prefetch, QuerySet

from cards.models import Card, CardSet, Game, Printing
from cards.search import SearchError, search_cards

# Public sort keys and their columns; the query language's `order:` uses the same names.
SORT_KEYS: dict[str, str] = {
    "name": "name",
    "type": "type",
    "class": "creature_class",
    "faction": "faction",
    "str": "strength",
    "int": "intelligence",
    "cost": "cost",
    "fighting": "fighting",
    "power": "power",
    "body": "body",
    "value": "value",
    "points": "points",
    "id": "id",
}
COLUMN_KEYS = {column: key for key, column in SORT_KEYS.items()}


class OrderingError(ValueError):
    """An ordering key that is not sortable."""


def game_list() -> QuerySet[Game]:
    return Game.objects.all()


def card_set_list(*, game: str | None = None) -> QuerySet[CardSet]:
    sets = CardSet.objects.select_related("game")
    return sets.filter(game__slug=game) if game else sets


def card_queryset() -> QuerySet[Card]:
    """Cards with what their serializers read, in a constant number of queries."""
    printings = (
        Printing.objects.select_related("card_set")
        .only("card_id", "rarity", "external_id", "card_set__code", "card_set__name")
        .order_by("card_set__release_order", "id")
    )
    return Card.objects.select_related("game").prefetch_related(
        Prefetch("printings", queryset=printings)
    )


class FilterTermsError(ValueError):
    """A plain filter parameter the search language refused."""


def card_list(
    *, queryset: QuerySet[Card], q: str = "", ordering: str = "", filters: str = ""
) -> QuerySet[Card]:
    """Apply plain filters (as query terms), a search query and an ordering (the
    parameter wins over `order:` terms)."""
    if filters:
        try:
            queryset, _ = search_cards(queryset, filters)
        except SearchError as error:
            raise FilterTermsError(
                f"{error.message}; {error.hint or 'check the parameters'}"
            ) from None
    cards, query_order = search_cards(queryset, q) if q.strip() else (queryset, [])
    keys = parse_ordering(ordering) if ordering.strip() else query_order
    return cards.order_by(*order_by(keys))


def parse_ordering(text: str) -> list[str]:
    keys = []
    for raw in text.split(","):
        key = raw.strip()
        name = key.lstrip("-")
        if name not in SORT_KEYS and name not in COLUMN_KEYS:
            allowed = ", ".join(sorted(SORT_KEYS))
            raise OrderingError(f"cannot order by {name!r}; use one of {allowed}")
        keys.append(key)
    return keys


def order_by(keys: list[str]) -> list[OrderBy]:
    """Order by the keys with empty values last, then by name and id for stable pages."""
    expressions = []
    for key in [*keys, "name", "id"]:
        descending = key.startswith("-")
        name = key.lstrip("-")
        column = SORT_KEYS.get(name, name)
        expression = F(column)
        expressions.append(
            expression.desc(nulls_last=True) if descending else expression.asc(nulls_last=True)
        )
    return expressions
