"""Deck statistics: counts, curves, Shadowfist resources and Power, and draw odds.

Odds are exact (hypergeometric, with `math.comb`), never simulated. "By turn T" needs a
convention for how many cards a player has seen by then; `DRAW_RULES` holds it per game
(docs/decks.md):

- ChiZo RISING: a hand of 5, and one "draw 2" action every turn from turn 1, so by turn T
  a player has seen 5 + 2T tiles.
- Shadowfist: a hand of 6, refilled to 6 at the start of each turn after the first. We
  assume 2 cards leave the hand per turn (typically a site and a character), so by turn T
  a player has seen 6 + 2(T - 1) cards; turn 1 is the opening hand.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cards.titles import title_key
from cards.vocabulary import CHIZO_CLASSES, SHADOWFIST_RESOURCES, SHADOWFIST_SITE_TYPES
from decks.cardfacts import CardFacts
from decks.formats.rules import DeckLine, Tally, tally_cards
from decks.textlist import TYPE_ORDER

MAX_K = 3  # odds of "at least k" are given for k = 1 .. min(copies, MAX_K)
# The odds table runs to turn DEFAULT_TURNS unless asked for more, to MAX_TURNS at most: the
# API and the page check it (on the page each turn is a column; the table scrolls sideways).
DEFAULT_TURNS = 5
MAX_TURNS = 20
SITE_TYPES = SHADOWFIST_SITE_TYPES


@dataclass(frozen=True, slots=True)
class DrawRules:
    """How many cards a player has seen by a turn: the hand, then `per_turn` from turn
    `first_draw_turn` on."""

    hand_size: int
    per_turn: int
    first_draw_turn: int

    def seen_by_turn(self, turn: int) -> int:
        return self.hand_size + self.per_turn * max(0, turn - self.first_draw_turn + 1)


DRAW_RULES: dict[str, DrawRules] = {
    "chizo": DrawRules(hand_size=5, per_turn=2, first_draw_turn=1),
    "shadowfist": DrawRules(hand_size=6, per_turn=2, first_draw_turn=2),
}
_FALLBACK_RULES = DrawRules(hand_size=6, per_turn=1, first_draw_turn=2)


def draw_rules(game: str) -> DrawRules:
    return DRAW_RULES.get(game, _FALLBACK_RULES)


# Groups whose odds are shown beside single cards: "any basic creature", "any site", ...
Group = tuple[str, Callable[[CardFacts], bool]]
GROUPS: dict[str, tuple[Group, ...]] = {
    "chizo": (
        ("any basic creature", lambda c: c.is_basic),
        ("any creature", lambda c: c.type == "Creature"),
        ("any action", lambda c: c.type in ("Action", "Action/Reaction")),
        ("any reaction", lambda c: c.type in ("Reaction", "Action/Reaction")),
    ),
    "shadowfist": (
        ("any feng shui site", lambda c: c.type == "Feng Shui Site"),
        ("any site", lambda c: c.type in SITE_TYPES),
        ("any character", lambda c: c.type == "Character"),
        ("any event", lambda c: c.type == "Event"),
    ),
}


# --- odds -------------------------------------------------------------------------------------


def prob_at_least(k: int, copies: int, deck_size: int, drawn: int) -> float:
    """P(at least `k` of `copies` among `drawn` cards from a shuffled deck of `deck_size`).

    Exact: the hypergeometric tail summed in integers, divided once. Drawing more cards
    than the deck holds draws the whole deck. ValueError for impossible decks.
    """
    if deck_size < 0 or drawn < 0 or not 0 <= copies <= deck_size:
        raise ValueError(f"no deck of {deck_size} holds {copies} copies (drawing {drawn})")
    drawn = min(drawn, deck_size)
    if k <= 0:
        return 1.0
    if k > min(copies, drawn):
        return 0.0
    others = deck_size - copies
    hits = sum(
        math.comb(copies, i) * math.comb(others, drawn - i)
        for i in range(k, min(copies, drawn) + 1)
    )
    return hits / math.comb(deck_size, drawn)


def draw_odds(
    lines: Sequence[DeckLine],
    *,
    game: str,
    turns: int = DEFAULT_TURNS,
    draws_per_turn: int | None = None,
) -> list[dict[str, Any]]:
    """Odds of at least 1 (and up to 3) copies of each card, then of each group, in the
    opening hand and by turns 1..`turns` (see the module docstring for the convention)."""
    rules = draw_rules(game)
    if draws_per_turn is not None:
        rules = DrawRules(rules.hand_size, max(0, draws_per_turn), rules.first_draw_turn)
    tallies = tally_cards(lines)
    deck_size = sum(t.count for t in tallies)
    seen = [rules.seen_by_turn(turn) for turn in range(1, max(0, turns) + 1)]
    ranked = sorted(tallies, key=lambda t: (-t.count, title_key(t.name), t.card.id))
    entries = [
        _odds_entry(t.card.name, False, t.count, deck_size, rules.hand_size, seen) for t in ranked
    ]
    for label, member in GROUPS.get(game, ()):
        copies = sum(t.count for t in tallies if member(t.card))
        if copies:
            entries.append(_odds_entry(label, True, copies, deck_size, rules.hand_size, seen))
    return entries


def _odds_entry(
    label: str, group: bool, copies: int, deck_size: int, hand: int, seen: list[int]
) -> dict[str, Any]:
    def row(k: int) -> dict[str, Any]:
        return {
            "k": k,
            "opening": prob_at_least(k, copies, deck_size, hand),
            "by_turn": [prob_at_least(k, copies, deck_size, n) for n in seen],
        }

    first = row(1)
    return {
        "card": label,
        "group": group,
        "copies": copies,
        "opening": first["opening"],
        "by_turn": first["by_turn"],
        "at_least": [first, *(row(k) for k in range(2, min(copies, MAX_K) + 1))],
    }


def sample_hand(
    lines: Sequence[DeckLine], *, game: str, seed: int, size: int | None = None
) -> list[CardFacts]:
    """An opening hand drawn with `random.Random(seed)`: the same deck and seed always
    give the same hand, whatever the order of `lines`."""
    pool = [t.card for t in _canonical(lines) for _ in range(t.count)]
    hand = draw_rules(game).hand_size if size is None else max(0, size)
    return random.Random(seed).sample(pool, min(hand, len(pool)))


def _canonical(lines: Iterable[DeckLine]) -> list[Tally]:
    return sorted(tally_cards(lines), key=lambda t: (title_key(t.card.name), t.card.id))


# --- counts and curves ------------------------------------------------------------------------


def deck_stats(
    lines: Sequence[DeckLine], *, game: str, turns: int = DEFAULT_TURNS
) -> dict[str, Any]:
    """Everything the deck builder shows beside a deck, as JSON-ready values."""
    tallies = tally_cards(lines)
    rules = draw_rules(game)
    stats: dict[str, Any] = {
        "game": game,
        "total": sum(t.count for t in tallies),
        "distinct": len(tallies),
        "by_type": _by_type(tallies, game),
    }
    if game == "chizo":
        stats |= _chizo_stats(tallies)
    elif game == "shadowfist":
        stats |= _shadowfist_stats(tallies)
    stats["draw"] = {
        "hand_size": rules.hand_size,
        "per_turn": rules.per_turn,
        "seen_by_turn": [rules.seen_by_turn(t) for t in range(1, turns + 1)],
    }
    stats["draw_odds"] = draw_odds(lines, game=game, turns=turns)
    return stats


def _count_by(tallies: Iterable[Tally], key: Callable[[CardFacts], str | None]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for t in tallies:
        value = key(t.card)
        if value is not None:
            counts[value or "none"] += t.count
    return counts


def _ordered_counts(counts: Counter[str], order: Sequence[str]) -> dict[str, int]:
    """Known values in their game order, then the rest alphabetically."""
    known = [v for v in order if v in counts]
    rest = sorted(v for v in counts if v not in order)
    return {v: counts[v] for v in (*known, *rest)}


def _by_type(tallies: list[Tally], game: str) -> dict[str, int]:
    return _ordered_counts(_count_by(tallies, lambda c: c.type), TYPE_ORDER.get(game, ()))


def curve(
    tallies: Iterable[Tally], value: Callable[[CardFacts], int | None]
) -> list[dict[str, int]]:
    """Copies per value from 0 to the highest, zeros included, for plotting."""
    counts: Counter[int] = Counter()
    for t in tallies:
        v = value(t.card)
        if v is not None and v >= 0:
            counts[v] += t.count
    top = max(counts, default=-1)
    return [{"value": v, "count": counts[v]} for v in range(top + 1)]


def _chizo_stats(tallies: list[Tally]) -> dict[str, Any]:
    return {
        "by_class": _ordered_counts(
            _count_by(tallies, lambda c: c.creature_class or None), CHIZO_CLASSES
        ),
        "by_element": _ordered_counts(_count_by(tallies, lambda c: c.element or ""), ()),
        "str_curve": curve(tallies, lambda c: c.strength),
        "int_curve": curve(tallies, lambda c: c.intelligence),
    }


def _shadowfist_stats(tallies: list[Tally]) -> dict[str, Any]:
    factions = tuple(SHADOWFIST_RESOURCES.values())
    # A feng shui site's cost is the number of sites already in play, stored as 0: it
    # has no place on the cost curve.
    costed = [t for t in tallies if t.card.type != "Feng Shui Site"]
    return {
        "by_faction": _ordered_counts(_count_by(tallies, lambda c: c.faction), factions),
        "cost_curve": curve(costed, lambda c: None if c.cost_is_x else c.cost),
        "cost_x": sum(t.count for t in costed if t.card.cost_is_x),
        "resources": _resources(tallies),
        "power": _power(tallies),
    }


def _resources(tallies: list[Tally]) -> dict[str, dict[str, Any]]:
    """Per resource code: copies that provide it, copies that require it, and the most
    of it any one card requires."""
    table: dict[str, dict[str, Any]] = {}
    for t in tallies:
        for code in set(t.card.provides):
            _resource_row(table, code)["providers"] += t.count
        for code, needed in Counter(t.card.requires).items():
            row = _resource_row(table, code)
            row["requirers"] += t.count
            row["max_required"] = max(row["max_required"], needed)
    for row in table.values():
        row["unmet"] = row["requirers"] > 0 and row["providers"] == 0
    order = list(SHADOWFIST_RESOURCES)
    return dict(sorted(table.items(), key=lambda kv: (_index(order, kv[0]), kv[0])))


def _resource_row(table: dict[str, dict[str, Any]], code: str) -> dict[str, Any]:
    if code not in table:
        name = SHADOWFIST_RESOURCES.get(code, code)
        table[code] = {"name": name, "providers": 0, "requirers": 0, "max_required": 0}
    return table[code]


def _index(order: list[str], value: str) -> int:
    return order.index(value) if value in order else len(order)


def _power(tallies: list[Tally]) -> dict[str, Any]:
    """Power sources: cards that generate Power (sites, in the shipped data)."""
    sources = [t for t in tallies if (t.card.power or 0) > 0]
    return {
        "sources": sum(t.count for t in sources),
        "total": sum(t.count * (t.card.power or 0) for t in sources),
        "feng_shui_sites": sum(t.count for t in tallies if t.card.type == "Feng Shui Site"),
        "cards": [
            {"name": t.card.name, "count": t.count, "power": t.card.power}
            for t in sorted(sources, key=lambda t: (-(t.card.power or 0), title_key(t.name)))
        ],
    }
