"""The decklist browser's search: one query, from a search box or from named parameters.

    card:"Golden Egg">=2 card:Boulder faction:dragons author:alice since:2026-01-01 combo

A term is `key:value`; a card term may end in a count (`>=2`, `=0`, `<3`; bare: at least
one); values with spaces are quoted; other words search the name and the description.
The API and the pages take the same keys as parameters (`?card=Golden Egg>=2&game=chizo`),
read here into the same query. Parsing is pure: which cards the names are is the
selectors' business.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from decks.limits import MAX_CARD_TERMS

#: The longest search text read (a longer one is refused, not cut).
MAX_QUERY_CHARS: Final = 500
#: The largest count a card term may name (a deck entry holds at most 99).
MAX_TERM_COUNT: Final = 99
SORTS: Final = {
    "newest": "newest first",
    "likes": "most liked first",
    "copies": "most copied first",
}
DEFAULT_SORT: Final = "newest"

_OPS: Final[dict[str, Callable[[int, int], bool]]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "=": lambda a, b: a == b,
}
# One term: an optional key, a quoted or bare value, an optional count. ASCII digits only
# (\d would take other scripts' digits); no nested quantifiers, so no catastrophic
# backtracking on any input.
_TERM = re.compile(
    r'\s*(?:(?P<key>[A-Za-z]+):)?(?:"(?P<quoted>[^"]*)"|(?P<bare>[^\s"<>=]+))'
    r"(?P<op>>=|<=|>|<|=)?(?P<count>[0-9]*)"
)
_COMPARISON = re.compile(r"[<>=]")
_KEYS: Final = {
    "card": "card",
    "game": "game",
    "format": "format",
    "faction": "faction",
    "class": "faction",
    "author": "author",
    "by": "author",
    "since": "since",
    "until": "until",
    "sort": "sort",
}


class DecklistQueryError(ValueError):
    """A query the browser cannot read, naming the parameter (`q` for the search box)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class CardTerm:
    """Decklists playing `name` a number of times: `count op n` (a deck without the card
    plays it 0 times)."""

    name: str
    op: str = ">="
    count: int = 1

    def holds(self, copies: int) -> bool:
        return _OPS[self.op](copies, self.count)

    @property
    def zero_matches(self) -> bool:
        """Whether a deck without the card matches (`<2`, `=0`): such terms exclude."""
        return self.holds(0)

    def __str__(self) -> str:
        bare = self.op == ">=" and self.count == 1
        return f'card:"{self.name}"' + ("" if bare else f"{self.op}{self.count}")


@dataclass(frozen=True)
class DecklistQuery:
    game: str | None = None
    format: str | None = None
    factions: tuple[str, ...] = ()
    author: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    cards: tuple[CardTerm, ...] = ()
    words: tuple[str, ...] = ()
    sort: str = DEFAULT_SORT

    @property
    def is_empty(self) -> bool:
        return self == DecklistQuery(sort=self.sort)


def parse_query(text: str) -> DecklistQuery:
    """The search box's text as a query; DecklistQueryError names what is wrong."""
    if len(text) > MAX_QUERY_CHARS:
        raise DecklistQueryError("q", f"a search has at most {MAX_QUERY_CHARS} characters")
    query = DecklistQuery()
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TERM.match(text, position)
        if match is None or match.end() == position:
            rest = text[position:].strip()
            raise DecklistQueryError("q", f"cannot read the search from {rest[:20]!r}")
        position = match.end()
        value = match["quoted"] if match["quoted"] is not None else match["bare"]
        key = match["key"]
        op, count = match["op"], match["count"]
        if key is None:
            if op:
                raise DecklistQueryError("q", f"a count ({op}{count}) follows card:NAME only")
            query = replace(query, words=(*query.words, value))
            continue
        name = _KEYS.get(key.lower())
        if name is None:
            known = ", ".join(sorted(set(_KEYS)))
            raise DecklistQueryError("q", f"no search key {key!r}; use one of {known}")
        if op and name != "card":
            raise DecklistQueryError("q", f"{key}: takes no count; only card: does")
        if op and not count:
            raise DecklistQueryError("q", f"{key}:{value}{op} needs a number after {op}")
        query = _with(query, name, value, op or ">=", count or "1", "q")
    return query


def query_from_params(params: Mapping[str, Sequence[str]]) -> DecklistQuery:
    """The query of a request's parameters: `q` (the search box) and the named keys,
    which add to it (`card` may be given several times)."""
    query = parse_query(_one(params, "q") or "")
    for key in ("game", "format", "faction", "author", "since", "until", "sort"):
        value = _one(params, key)
        if value:
            query = _with(query, key, value, ">=", "1", key)
    for raw in params.get("card", ()):
        if not raw.strip():
            continue
        if len(raw) > MAX_QUERY_CHARS:
            raise DecklistQueryError("card", f"a card has at most {MAX_QUERY_CHARS} characters")
        name, op, count = card_param(raw)
        # A comparison left in the name is a count not in ASCII digits ("Rat>=" and a
        # full-width 2): no card name holds one, so say how to write the count.
        if not name or _COMPARISON.search(name):
            raise DecklistQueryError(
                "card", f"cannot read {raw[:40]!r}; write NAME or NAME>=2 (digits 0-9)"
            )
        query = _with(query, "card", name, op or ">=", count or "1", "card")
    return query


def card_param(raw: str) -> tuple[str, str, str]:
    """`Golden Egg>=2` or `"Golden Egg" >= 2` as (name, op, count); no count: ("Golden
    Egg", "", ""). Read from the end, in one pass (a regular expression with a lazy name
    and optional spaces backtracks in cubic time on long runs of spaces)."""
    text = raw.strip()
    body = text.rstrip("0123456789")
    count = text[len(body) :]
    body = body.rstrip()
    op = next((op for op in _OPS if count and body.endswith(op)), "")
    name = body[: len(body) - len(op)].strip() if op else text
    if len(name) >= 2 and name[0] == name[-1] == '"':
        name = name[1:-1].strip()
    return name, op, count if op else ""


def _one(params: Mapping[str, Sequence[str]], key: str) -> str | None:
    values = params.get(key)
    if not values:
        return None
    if len(values) > 1:
        raise DecklistQueryError(key, f"give {key} once")
    return values[-1]


def _with(
    query: DecklistQuery, key: str, value: str, op: str, count: str, field_name: str
) -> DecklistQuery:
    value = value.strip()
    if not value:
        raise DecklistQueryError(field_name, f"{key}: needs a value")
    if key == "card":
        number = int(count) if len(count) <= 3 else MAX_TERM_COUNT + 1
        if number > MAX_TERM_COUNT:
            raise DecklistQueryError(field_name, f"a card count runs from 0 to {MAX_TERM_COUNT}")
        if len(query.cards) >= MAX_CARD_TERMS:
            raise DecklistQueryError(field_name, f"at most {MAX_CARD_TERMS} cards in one search")
        return replace(query, cards=(*query.cards, CardTerm(value, op, number)))
    if key in ("since", "until"):
        try:
            day = dt.date.fromisoformat(value) if re.fullmatch(r"[0-9-]{10}", value) else None
        except ValueError:
            day = None
        if day is None:
            raise DecklistQueryError(field_name, f"{key}: takes a date as YYYY-MM-DD")
        return replace(query, since=day) if key == "since" else replace(query, until=day)
    if key == "faction":
        return replace(query, factions=(*query.factions, value.lower()))
    if key == "sort":
        if value not in SORTS:
            raise DecklistQueryError(field_name, f"sort by {', '.join(SORTS)}, not {value!r}")
        return replace(query, sort=value)
    if key == "game":
        return replace(query, game=value.lower())
    if key == "format":
        return replace(query, format=value.lower())
    return replace(query, author=value)


def query_text(query: DecklistQuery) -> str:
    """The query written back as search-box text (for links and the box itself)."""
    parts = [*(f'"{w}"' if " " in w else w for w in query.words)]
    for key in ("game", "format", "author"):
        value = getattr(query, key)
        if value:
            parts.append(f'{key}:"{value}"' if " " in value else f"{key}:{value}")
    parts += [f"faction:{f}" if " " not in f else f'faction:"{f}"' for f in query.factions]
    parts += [f"{key}:{getattr(query, key)}" for key in ("since", "until") if getattr(query, key)]
    parts += [str(term) for term in query.cards]
    if query.sort != DEFAULT_SORT:
        parts.append(f"sort:{query.sort}")
    return " ".join(parts)
