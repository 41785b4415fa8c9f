"""Inflicting damage on characters and sites, and healing.

Starter reading, "Toughness: N": "each time this character would take damage from any
source, combat or not, reduce that damage by N (to no less than 0)". Damage stays on a
character until it is healed ("To heal a character is to remove damage from it").
Rules summary, "Damaging Sites": "Damaged feng shui sites are turned face up."
"""

from __future__ import annotations

from ...core import Event
from .state import ShadowfistState
from .stats import toughness

Events = list[Event] | None


def inflict(state: ShadowfistState, char: int, amount: int, out: Events) -> int:
    """Damage a character (after Toughness); returns the damage actually inflicted.

    The character is not smoked here: ``zones.settle`` smokes it once the damage of
    the same moment has all been dealt (combat damage is simultaneous).
    """
    if amount <= 0:
        return 0
    amount -= toughness(state, char)
    if amount <= 0:
        return 0
    state.damage[char] += amount
    if out is not None:
        out.append(Event("damaged", {"card": char, "amount": amount}))
    return amount


def damage_site(state: ShadowfistState, site: int, amount: int, out: Events) -> int:
    """Damage a site; a damaged site turns face up. Returns the damage inflicted."""
    if amount <= 0:
        return 0
    state.damage[site] += amount
    if not state.face_up[site]:
        state.face_up[site] = True
        if out is not None:
            out.append(Event("site_revealed", {"card": site, "title": _title(state, site)}))
    if out is not None:
        out.append(Event("damaged", {"card": site, "amount": amount}))
    return amount


def heal(state: ShadowfistState, char: int, amount: int | None, out: Events) -> int:
    """Remove ``amount`` damage (all of it when ``None``); returns how much was removed."""
    removed = state.damage[char] if amount is None else min(amount, state.damage[char])
    state.damage[char] -= removed
    if out is not None and removed:
        out.append(Event("healed", {"card": char, "amount": removed}))
    return removed


def _title(state: ShadowfistState, card: int) -> str:
    return state.defs[state.kind[card]].name
