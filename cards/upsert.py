"""Idempotent writes of catalogue rows, shared by the shipped catalogue and the importers.

A card is identified by (game, slug) and a printing by (set, external id). Writing the
same spec twice changes nothing the second time, and the report says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from cards.modelling import card_modelling
from cards.models import Card, CardSet, Game, Printing
from cards.versioning import one_bump
from cards.vocabulary import GAMES


@dataclass
class SetSpec:
    code: str
    name: str
    release_order: int = 0
    is_project_set: bool = False
    description: str = ""


@dataclass
class PrintingSpec:
    set_code: str
    external_id: str
    rarity: str = ""
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass
class CardSpec:
    slug: str
    fields: dict[str, Any]
    printings: list[PrintingSpec]


@dataclass
class LoadReport:
    counts: Counter[str] = field(default_factory=Counter)
    rejected: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)  # cards found to be one, and what moved
    #: Shipped effects: (written, kept because edited since), for a game that has them.
    effects: tuple[int, int] | None = None

    def add(self, outcome: str) -> None:
        self.counts[outcome] += 1

    def summary(self, *, with_rejected: bool = True) -> str:
        parts = [f"{self.counts[k]} {k}" for k in ("created", "updated", "unchanged")]
        if with_rejected:
            parts.append(f"{len(self.rejected)} rejected")
        if self.counts["merged"]:
            parts.append(f"{self.counts['merged']} merged")
        if self.effects is not None:
            written, kept = self.effects
            parts.append(f"effects: {written} written, {kept} kept as edited since")
        return ", ".join(parts)


def ensure_games() -> dict[str, Game]:
    games = {}
    for order, (slug, name) in enumerate(GAMES.items()):
        game, _ = Game.objects.update_or_create(
            slug=slug, defaults={"name": name, "sort_order": order}
        )
        games[slug] = game
    return games


def upsert_set(game: Game, spec: SetSpec) -> CardSet:
    values = {
        "name": spec.name,
        "release_order": spec.release_order,
        "is_project_set": spec.is_project_set,
        "description": spec.description,
    }
    card_set, created = CardSet.objects.get_or_create(game=game, code=spec.code, defaults=values)
    if not created and _differs(card_set, values):
        _assign(card_set, values)
        card_set.save()
    return card_set


def upsert_cards(
    game: Game, sets: dict[str, CardSet], specs: list[CardSpec], report: LoadReport
) -> None:
    """Create or update each card and its printings; count each card once."""
    existing = {card.slug: card for card in Card.objects.filter(game=game)}
    printings = {
        (p.card_set_id, p.external_id): p
        for p in Printing.objects.filter(card_set__game=game).select_related(None)
    }
    with transaction.atomic(), one_bump():
        for spec in specs:
            card, outcome = _upsert_card(game, existing.get(spec.slug), spec)
            for pspec in spec.printings:
                changed = _upsert_printing(card, sets[pspec.set_code], pspec, printings)
                if changed and outcome == "unchanged":
                    outcome = "updated"
            report.add(outcome)


def refresh_modelling(games: Iterable[str] | None = None) -> int:
    """Recompute every card's modelling status (of these games, by slug) and write those
    that differ: the rules engine may model more between releases while a card stays as it
    was. Returns how many changed; their games get a new catalogue version stamp, so
    cached searches (``is:modelled``) and API answers are read anew."""
    cards = Card.objects.select_related("game").order_by("pk")
    if games is not None:
        cards = cards.filter(game__slug__in=list(games))
    changed = 0
    with transaction.atomic(), one_bump():
        for card in cards.iterator(chunk_size=2000):
            if card_modelling(card)[0] != card.modelling:
                card.save(update_fields=["modelling"])  # save() sets the status
                changed += 1
    return changed


def _upsert_card(game: Game, card: Card | None, spec: CardSpec) -> tuple[Card, str]:
    if card is None:
        card = Card.objects.create(game=game, slug=spec.slug, **spec.fields)
        return card, "created"
    if not _differs(card, spec.fields):
        return card, "unchanged"
    _assign(card, spec.fields)
    card.save()
    return card, "updated"


def _upsert_printing(
    card: Card,
    card_set: CardSet,
    spec: PrintingSpec,
    known: dict[tuple[int, str], Printing],
) -> bool:
    values = {"card_id": card.pk, "rarity": spec.rarity, "facts": spec.facts}
    printing = known.get((card_set.pk, spec.external_id))
    if printing is None:
        Printing.objects.create(card_set=card_set, external_id=spec.external_id, **values)
        return True
    if not _differs(printing, values):
        return False
    _assign(printing, values)
    printing.save()
    return True


def _differs(obj: Any, values: dict[str, Any]) -> bool:
    return any(getattr(obj, key) != value for key, value in values.items())


def _assign(obj: Any, values: dict[str, Any]) -> None:
    for key, value in values.items():
        setattr(obj, key, value)
