"""Effects on characters' health and strength: damage, healing, Fighting, abilities.

Starter doc, "The vocabulary": ``damage_target`` inflicts non-combat damage on one
target character ("Toughness reduces it"); ``damage_each`` on every character in the
scope at resolution; ``heal`` removes damage; ``fighting_bonus`` and ``grant_ability``
played as events last "until the end of the turn" (as states and edges they are
continuous: ``stats`` reads them).
"""

from __future__ import annotations

from ..damage import Events, heal, inflict
from ..state import ShadowfistState
from .spec import EffectSpec


def damage_target(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Inflict ``amount`` damage on the target character."""
    for char in targets:
        inflict(state, char, spec.amount, out)


def damage_each(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Inflict ``amount`` damage on every character in the scope (nothing is targeted)."""
    everyone = spec.scope == "all_characters"
    for owner_seat, chars in enumerate(state.chars):
        if everyone or owner_seat != seat:
            for char in list(chars):
                inflict(state, char, spec.amount, out)


def heal_target(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Remove ``amount`` damage (or all of it) from the target character."""
    for char in targets:
        heal(state, char, None if spec.heal_all else spec.amount, out)


def fighting_bonus(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target's Fighting changes by ``amount`` until the end of the turn."""
    for char in targets:
        state.temp.append([char, spec.amount, 0, 0])


def grant_ability(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target has the listed abilities until the end of the turn."""
    for char in targets:
        state.temp.append([char, 0, spec.grants, spec.grant_toughness])
