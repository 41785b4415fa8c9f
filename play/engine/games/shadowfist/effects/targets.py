"""Targets: which cards or players an effect may name, and the check again on resolution.

The effect vocabulary, "Targets": a target is chosen when the card is played or the ability
declared; filters (``max_cost``, ``max_fighting``, ``at_location``, ``designator``)
narrow it. "Gone targets": "Targets are checked again when the effect resolves. If a
target has left play or no longer fits ... the effect does nothing to it."
"""

from __future__ import annotations

from ..sites import site_column
from ..state import NONE, PLAY, STACK, ShadowfistState
from ..stats import fighting
from .spec import EffectSpec

Location = tuple[int, int]  # (seat, column)


def attack_location(state: ShadowfistState) -> Location | None:
    """Where the attack in progress takes place: the target's location.

    Rules summary, "Defense": "Resulting combats take place at the location of the
    target."
    """
    target = state.att_target
    if state.att_player == NONE or state.zone[target] != PLAY:
        return None
    return location_of(state, target, in_attack=False)


def location_of(state: ShadowfistState, card: int, in_attack: bool = True) -> Location | None:
    """The location of a card in play: a site's column, a character's residence, or,
    for a character attacking now, the target's location."""
    if state.zone[card] != PLAY:
        return None
    definition = state.defs[state.kind[card]]
    if definition.is_site:
        return state.ctrl[card], site_column(state, card)
    if definition.is_character:
        if in_attack and state.att_player != NONE and card in state.attackers:
            return attack_location(state)
        return state.ctrl[card], state.loc[card]
    host = state.host[card]
    return None if host == NONE else location_of(state, host, in_attack)


def character_fits(
    state: ShadowfistState, seat: int, source: int, spec: EffectSpec, char: int
) -> bool:
    """Whether ``char`` (a character in play) is a legal target of the effect now."""
    target = spec.target
    ctrl = state.ctrl[char]
    if target == "your_character":
        if ctrl != seat:
            return False
    elif target == "opponent_character":
        if ctrl == seat:
            return False
    elif target == "attacking_character" and (
        state.att_player == NONE or char not in state.attackers
    ):
        return False
    definition = state.defs[state.kind[char]]
    if spec.max_cost is not None and definition.cost > spec.max_cost:
        return False
    if spec.max_fighting is not None and fighting(state, char) > spec.max_fighting:
        return False
    if spec.designator and spec.designator not in definition.designators:
        return False
    if spec.at_location:
        here = location_of(state, source)
        return here is not None and location_of(state, char) == here
    return True


def target_options(
    state: ShadowfistState, seat: int, source: int, spec: EffectSpec
) -> list[tuple[int, ...]]:
    """Every legal choice of target, as argument tuples (``[()]``: nothing to choose)."""
    target = spec.target
    if not spec.chosen:
        return [()]
    if target == "opponent":
        return [(other,) for other in range(state.players) if other != seat]
    if target == "event":
        return [(item[0],) for item in state.stack if not item[2] and item[0] != source]
    if target == "state_or_edge":
        found = list(state.attached)
        for edges in state.edges:
            found += edges
        return [(card,) for card in sorted(found)]
    if target == "character" and not (
        spec.max_cost is not None
        or spec.max_fighting is not None
        or spec.designator
        or spec.at_location
    ):
        return [(char,) for chars in state.chars for char in chars]  # the common case
    return [
        (char,)
        for chars in state.chars
        for char in chars
        if character_fits(state, seat, source, spec, char)
    ]


def target_ok(
    state: ShadowfistState, seat: int, source: int, spec: EffectSpec, target: int
) -> bool:
    """Whether a chosen target still fits when the effect resolves."""
    kind = spec.target
    if kind == "opponent":
        return target != seat
    if kind == "event":
        # A card is in the STACK zone exactly while its event waits on the stack (a
        # push puts it there; resolving or cancelling takes it off to a pile).
        return state.zone[target] == STACK
    if state.zone[target] != PLAY:
        return False
    definition = state.defs[state.kind[target]]
    if kind == "state_or_edge":
        return definition.type in ("State", "Edge")
    return definition.is_character and character_fits(state, seat, source, spec, target)
