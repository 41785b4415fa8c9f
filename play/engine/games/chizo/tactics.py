"""Battle arithmetic for the bots: who would win a Battle on the current values.

Reads only what every player may see (the playing area).
"""

from __future__ import annotations

from .catalog import NO_ALLY
from .filters import CREATURE_BIT
from .grid import neighbours
from .state import ChizoState
from .targets import restrictions, values


def predict_battle(
    state: ChizoState, player: int, attacker: int, defender: int
) -> tuple[bool, int]:
    """Whether ``player`` wins this Battle on the current values, and the tiles captured.

    The attacker's side: its own creatures next to the Defender; the Defender's side:
    every creature of the defending player next to it (they would ally).
    """
    ctrl, cat, kind = state.ctrl, state.cat, state.kind
    them = ctrl[defender]
    a_side, d_side = [attacker], [defender]
    for cell in neighbours(state.pos[defender]):
        u = state.grid.get(cell)
        if u is None or u == attacker or not cat.bits[kind[u]] & CREATURE_BIT:
            continue
        if restrictions(state, u) & NO_ALLY:
            continue
        if ctrl[u] == player:
            a_side.append(u)
        elif ctrl[u] == them:
            d_side.append(u)
    a = [battle_values(state, u, 1 if u == attacker else 0) for u in a_side]
    d = [battle_values(state, u, 2 if u == defender else 0) for u in d_side]
    a_str, a_int = sum(v[0] for v in a), sum(v[1] for v in a)
    d_str, d_int = sum(v[0] for v in d), sum(v[1] for v in d)
    return a_str > d_str and a_int > d_int, len(d_side)


def battle_values(state: ChizoState, uid: int, role: int) -> tuple[int, int]:
    """Values with the bonuses that apply while attacking (1) or defending (2)."""
    s, i = values(state, uid)
    if state.battle is None and role:
        cat, kind = state.cat, state.kind
        for bonus in (
            cat.bonus_self[kind[uid]],
            cat.bonus_host[kind[state.att[uid]]] if uid in state.att else None,
        ):
            if bonus is not None and bonus.condition == role:
                s, i = max(s + bonus.dstr, 0), max(i + bonus.dint, 0)
    return s, i
