"""The catalogue's search query language: Scryfall-style text compiled to a Django query.

    t:site f:dragons cost<=2 -is:unique order:-fighting
    c:rat or compat:rat
    game:shadowfist is:statsonly    -is:blank    is:modelled
    !"Golden Egg"    /flurr(y|ies)/    e:nw r:rare

`search_cards` is the entry point; `parse_query` gives the parsed tree on its own.
Both raise SearchError, which says what went wrong and at which column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.search.compiler import compile_query
from cards.search.parser import SearchError, parse_query

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from cards.models import Card

__all__ = ["SearchError", "parse_query", "search_cards"]


def search_cards(queryset: QuerySet[Card], text: str) -> tuple[QuerySet[Card], list[str]]:
    """Filter `queryset` by the query `text`; return it with the query's ordering.

    The ordering lists the `order:` terms as Card lookups, e.g. ["-cost", "name"], and is
    already applied to the returned queryset (cards lacking the value last, then name and
    id so pages stay stable). Without order terms the queryset keeps its own ordering.
    Raises SearchError.
    """
    compiled = compile_query(parse_query(text))
    queryset = queryset.filter(compiled.filter)
    if compiled.ordering:
        queryset = queryset.order_by(*compiled.order_by())
    return queryset, [str(key) for key in compiled.ordering]
