"""Effects on characters' health and strength: damage, healing, Fighting, abilities.

docs/shadowfist-effects.md: ``damage_target`` inflicts non-combat damage on one
target character ("Toughness reduces it"); ``damage_each`` on every character in the
scope at resolution; ``heal`` removes damage; ``fighting_bonus`` and ``grant_ability``
played as events last "until the end of the turn" (as states and edges they are
continuous: ``stats`` reads them).
"""

from __future__ import annotations

from ..damage import heal, inflict
from .resolution import Resolution


def damage_target(effect: Resolution, char: int) -> None:
    """Inflict ``amount`` damage on the target character."""
    inflict(effect.state, char, effect.spec.amount, effect.out)


def damage_each(effect: Resolution) -> None:
    """Inflict ``amount`` damage on every character in the scope (nothing is targeted)."""
    state, spec = effect.state, effect.spec
    everyone = spec.scope == "all_characters"
    for owner_seat, chars in enumerate(state.chars):
        if everyone or owner_seat != effect.seat:
            for char in list(chars):
                inflict(state, char, spec.amount, effect.out)


def heal_target(effect: Resolution, char: int) -> None:
    """Remove ``amount`` damage (or all of it) from the target character."""
    spec = effect.spec
    heal(effect.state, char, None if spec.heal_all else spec.amount, effect.out)


def fighting_bonus(effect: Resolution, char: int) -> None:
    """The target's Fighting changes by ``amount`` until the end of the turn."""
    effect.state.temp.append([char, effect.spec.amount, 0, 0])


def grant_ability(effect: Resolution, char: int) -> None:
    """The target has the listed abilities until the end of the turn."""
    spec = effect.spec
    effect.state.temp.append([char, 0, spec.grants, spec.grant_toughness])
