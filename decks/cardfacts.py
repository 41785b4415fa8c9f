"""What deck rules, text lists and statistics need to know of a card, as a plain value.

Built from a catalogue row at the boundary, so formats, parsing and statistics are pure
functions that tests can drive without a database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.models import Card


@dataclass(frozen=True, slots=True)
class CardFacts:
    id: int
    game: str
    name: str
    type: str
    subtitle: str = ""
    is_basic: bool = False
    is_no_max: bool = False
    is_unique: bool = False
    is_limited: bool = False
    creature_class: str = ""
    element: str | None = None
    strength: int | None = None
    intelligence: int | None = None
    faction: str = ""
    cost: int | None = None
    cost_is_x: bool = False
    requires: str = ""
    provides: str = ""
    fighting: int | None = None
    power: int | None = None
    body: int | None = None
    designators: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()

    @classmethod
    def from_card(cls, card: Card) -> CardFacts:
        """Facts of a catalogue card; its printings' set codes if they were prefetched."""
        cache = getattr(card, "_prefetched_objects_cache", {})
        editions = (
            tuple(p.card_set.code for p in cache["printings"]) if "printings" in cache else ()
        )
        return cls(
            id=card.pk,
            game=card.game.slug,
            name=card.name,
            type=card.type,
            subtitle=card.subtitle,
            is_basic=card.is_basic,
            is_no_max=card.is_no_max,
            is_unique=card.is_unique,
            is_limited=card.is_limited,
            creature_class=card.creature_class,
            element=card.element,
            strength=card.strength,
            intelligence=card.intelligence,
            faction=card.faction,
            cost=card.cost,
            cost_is_x=card.cost_is_x,
            requires=card.requires,
            provides=card.provides,
            fighting=card.fighting,
            power=card.power,
            body=card.body,
            designators=tuple(card.designator_list),
            editions=editions,
        )
