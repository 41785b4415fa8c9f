"""Which tiles a filter matches, a tile's current STR and INT, and its restrictions.

Filters are relative to "you": the chooser of an effect, or the controller of a tile
with a static effect ("For ``affects`` it is relative to the controller of the tile
with the effect"). "Opponent" means a player of another team (in free-for-all games,
every other player).
"""

from __future__ import annotations

from .catalog import ATTACKING, DEFENDING, NO_TARGET
from .filters import CREATURE_BIT, ITEM_BIT, MODIFIER_BIT, OBSTACLE_BIT, PLACED_BITS, YOU, Filter
from .grid import DX, adjacent
from .state import ChizoState


def match(state: ChizoState, f: Filter, uid: int, you: int, source: int = -1) -> bool:
    """Whether a tile in play matches ``f`` for player ``you`` (``source``: the effect's tile)."""
    cat = state.cat
    d = state.kind[uid]
    if not cat.bits[d] & f.kinds:
        return False
    if f.cls >= 0 and cat.cls[d] != f.cls:
        return False
    if f.basic and not cat.basic[d]:
        return False
    if f.controller:
        c = state.ctrl[uid]
        if f.controller == YOU:
            if c != you:
                return False
        elif state.team[c] == state.team[you]:
            return False
    if f.adjacent and not _adjacent_ok(state, f.adjacent, uid, you, source):
        return False
    return not f.role or _role_ok(state, f.role, uid)


def match_def(state: ChizoState, f: Filter, uid: int) -> bool:
    """Whether a tile out of play (hand, Stack, Discard Pile) matches ``f``'s printed parts."""
    cat = state.cat
    d = state.kind[uid]
    return (
        bool(cat.bits[d] & f.kinds)
        and (f.cls < 0 or cat.cls[d] == f.cls)
        and (not f.basic or cat.basic[d])
    )


def _adjacent_ok(state: ChizoState, what: str, uid: int, you: int, source: int) -> bool:
    cell = state.pos.get(uid)
    if cell is None:
        return False
    if what == "source":
        other = state.pos.get(source)
        return other is not None and adjacent(cell, other)
    cat, grid, kind = state.cat, state.grid, state.kind
    for n in (cell + DX, cell - DX, cell + 1, cell - 1):
        v = grid.get(n)
        if v is None:
            continue
        bits = cat.bits[kind[v]]
        if what == "obstacle":
            if bits & OBSTACLE_BIT:
                return True
        elif what == "item":
            if bits & ITEM_BIT:
                return True
        elif bits & CREATURE_BIT:
            if what == "your_creature":
                if state.ctrl[v] == you:
                    return True
            elif not cat.compat[kind[uid]] >> kind[v] & 1:  # incompatible_creature
                return True
    return False


def _role_ok(state: ChizoState, role: str, uid: int) -> bool:
    battle = state.battle
    if battle is None:
        return False
    if role == "attacker":
        return uid == battle.attacker
    if role == "defender":
        return uid == battle.defender
    side = battle.side_of(uid)
    if role == "ally":
        return side >= 0 and uid not in (battle.attacker, battle.defender)
    return side >= 0


def in_play(state: ChizoState, f: Filter, you: int, source: int = -1) -> list[int]:
    """Tiles in play matching ``f`` that ``you`` may choose, by uid.

    Leaves out tiles that "can't be chosen by the effects of tiles your opponents play"
    when ``you`` is an opponent of their controller.
    """
    found: list[int] = []
    if f.kinds & PLACED_BITS:
        bits, kind, cls, fk, fc = state.cat.bits, state.kind, state.cat.cls, f.kinds, f.cls
        for u in state.pos:
            d = kind[u]
            if bits[d] & fk and (fc < 0 or cls[d] == fc) and match(state, f, u, you, source):
                found.append(u)
    if f.kinds & MODIFIER_BIT:
        found += [m for m in state.att.values() if match(state, f, m, you, source)]
    found.sort()
    if found and state.cat.any_targets_restricted:
        found = [u for u in found if not untargetable(state, u, you)]
    return found


def untargetable(state: ChizoState, uid: int, by: int) -> bool:
    """Whether ``by``'s effects can't choose ``uid`` (a ``be_targeted`` restriction)."""
    if state.team[state.ctrl[uid]] == state.team[by]:
        return False
    return bool(restrictions(state, uid) & NO_TARGET)


def restrictions(state: ChizoState, uid: int) -> int:
    """The restriction bits on a tile: its own, its attached tile's and its neighbours'."""
    cat, kind = state.cat, state.kind
    flags = cat.restrict_self[kind[uid]]
    mod = state.att.get(uid)
    if mod is not None:
        flags |= cat.restrict_host[kind[mod]]
    if cat.any_near:
        cell = state.pos.get(uid)
        if cell is not None:
            grid, near, ctrl = state.grid, cat.near, state.ctrl
            for n in (cell + DX, cell - DX, cell + 1, cell - 1):
                v = grid.get(n)
                if v is not None:
                    r = near[kind[v]]
                    if r is not None and match(state, r.affects, uid, ctrl[v], v):
                        flags |= r.flags
    return flags


def restriction_map(state: ChizoState) -> dict[int, int]:
    """:func:`restrictions` of every tile in play that has some, computed in one pass (for
    callers that ask about many tiles, like the list of possible Battles)."""
    cat, kind, att = state.cat, state.kind, state.att
    self_flags, host_flags = cat.restrict_self, cat.restrict_host
    found: dict[int, int] = {}
    for uid in state.pos:
        flags = self_flags[kind[uid]]
        if flags:
            found[uid] = flags
    for host, mod in att.items():
        flags = host_flags[kind[mod]]
        if flags:
            found[host] = found.get(host, 0) | flags
    if cat.any_near:
        grid, near, ctrl = state.grid, cat.near, state.ctrl
        for v, cell in state.pos.items():
            r = near[kind[v]]
            if r is None:
                continue
            for n in (cell + DX, cell - DX, cell + 1, cell - 1):
                u = grid.get(n)
                if u is not None and match(state, r.affects, u, ctrl[v], v):
                    found[u] = found.get(u, 0) | r.flags
    return found


def values(state: ChizoState, uid: int) -> tuple[int, int]:
    """A tile's current STR and INT.

    Printed values, then ``set`` auras (the lowest if several), then every ``add``
    (auras, bonuses, the attached tile's bonus, temporary changes), floor 0
    (docs/chizo-tiles.md, "Stat order").
    """
    cat, kind = state.cat, state.kind
    d = kind[uid]
    s, i = cat.strength[d], cat.intelligence[d]
    add_s = add_i = 0
    if cat.any_aura:
        cell = state.pos.get(uid)
        if cell is not None:
            set_s = set_i = -1
            grid, aura, ctrl = state.grid, cat.aura, state.ctrl
            for n in (cell + DX, cell - DX, cell + 1, cell - 1):
                v = grid.get(n)
                if v is None:
                    continue
                a = aura[kind[v]]
                if a is None or not match(state, a.affects, uid, ctrl[v], v):
                    continue
                if a.set_str >= 0:
                    set_s = a.set_str if set_s < 0 else min(set_s, a.set_str)
                if a.set_int >= 0:
                    set_i = a.set_int if set_i < 0 else min(set_i, a.set_int)
                add_s += a.add_str
                add_i += a.add_int
            if set_s >= 0:
                s = set_s
            if set_i >= 0:
                i = set_i
    bonus = cat.bonus_self[d]
    if bonus is not None and _condition(state, bonus.condition, uid):
        add_s += bonus.dstr
        add_i += bonus.dint
    mod = state.att.get(uid)
    if mod is not None:
        bonus = cat.bonus_host[kind[mod]]
        if bonus is not None and _condition(state, bonus.condition, uid):
            add_s += bonus.dstr
            add_i += bonus.dint
    for t in state.temps:
        if t.uid == uid:
            add_s += t.dstr
            add_i += t.dint
    s += add_s
    i += add_i
    return (s if s > 0 else 0, i if i > 0 else 0)


def _condition(state: ChizoState, condition: int, uid: int) -> bool:
    if condition == ATTACKING:
        return state.battle is not None and state.battle.attacker == uid
    if condition == DEFENDING:
        return state.battle is not None and state.battle.defender == uid
    return True


def compatible(state: ChizoState, a: int, b: int) -> bool:
    """Whether two tiles are compatible creatures (each on the other's list)."""
    kind = state.kind
    return bool(state.cat.compat[kind[a]] >> kind[b] & 1)
