"""CardFacts built directly, with no database: single cards, and the shipped catalogue."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from cards.gamedata import game_json
from cards.shipped import chizo_catalogue, shadowfist_catalogue
from cards.upsert import CardSpec
from decks.cardfacts import CardFacts
from decks.formats import DeckLine

_ids = itertools.count(100_000)


def tile(name: str, type: str = "Action", **facts: Any) -> CardFacts:
    """A ChiZo tile."""
    return CardFacts(id=next(_ids), game="chizo", name=name, type=type, **facts)


def basic(name: str = "Rat") -> CardFacts:
    return tile(name, "Creature", is_basic=True, creature_class=name, strength=1, intelligence=5)


def card(name: str, type: str = "Character", **facts: Any) -> CardFacts:
    """A Shadowfist card."""
    return CardFacts(id=next(_ids), game="shadowfist", name=name, type=type, **facts)


def lines(*entries: tuple[CardFacts, int]) -> list[DeckLine]:
    """Deck lines numbered 1, 2, ... in the order given."""
    return [DeckLine(c, n, i) for i, (c, n) in enumerate(entries, start=1)]


def filler(game: str, total: int, *, per_card: int = 1) -> list[DeckLine]:
    """`total` copies of distinct, unremarkable cards, `per_card` of each."""
    make = tile if game == "chizo" else card
    full, rest = divmod(total, per_card)
    counts = [per_card] * full + ([rest] if rest else [])
    return [DeckLine(make(f"Filler {i}", designators=()), n) for i, n in enumerate(counts)]


def _facts(game: str, spec: CardSpec, number: int) -> CardFacts:
    f = spec.fields
    return CardFacts(
        id=number,
        game=game,
        name=f["name"],
        type=f["type"],
        subtitle=f.get("subtitle", ""),
        is_basic=f.get("is_basic", False),
        is_no_max=f.get("is_no_max", False),
        is_unique=f.get("is_unique", False),
        is_limited=f.get("is_limited", False),
        creature_class=f.get("creature_class", ""),
        element=f.get("element"),
        strength=f.get("strength"),
        intelligence=f.get("intelligence"),
        faction=f.get("faction", ""),
        cost=f.get("cost"),
        cost_is_x=f.get("cost_is_x", False),
        requires=f.get("requires", ""),
        provides=f.get("provides", ""),
        fighting=f.get("fighting"),
        power=f.get("power"),
        body=f.get("body"),
        designators=tuple(f.get("designators", "").split()),
        editions=tuple(p.set_code for p in spec.printings),
    )


@cache
def shipped_chizo() -> tuple[CardFacts, ...]:
    """The shipped ChiZo tiles: the 12 basic creatures and the Cardhouse Rising set."""
    return tuple(_facts("chizo", s, n) for n, s in enumerate(chizo_catalogue()[1], start=1))


@cache
def shipped_shadowfist() -> tuple[CardFacts, ...]:
    """The Cardhouse Starter set."""
    specs = shadowfist_catalogue()[1]
    return tuple(_facts("shadowfist", s, n) for n, s in enumerate(specs, start=1001))


def by_name(cards: tuple[CardFacts, ...], name: str) -> CardFacts:
    return next(c for c in cards if c.name == name)


@cache
def starter_decks() -> dict[str, dict[str, int]]:
    """The four suggested Shadowfist decks: deck name -> {card name: count}."""
    return {d["name"]: d["cards"] for d in game_json("shadowfist", "starter.json")["decks"]}
