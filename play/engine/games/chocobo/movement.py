"""Pieces on the board: entering spaces, movement steps, followers, kicks, the limit of 4.

These functions change pieces and list the choices of phases 3 and 4; ``rules`` decides
what comes next. Readings of the rulebook (docs/chocobo.md) that live here:

* The limit of 4 counts every piece on a space, a big chocobo as 2, territory spaces
  included. Only companions are ever moved off a space by the limit (line 123), so a
  single chocobo may not enter (move, be kicked or sent) where the chocobos that are
  not companions would then count more than 4; companions never block a space, they
  overflow.
* The pair or the big chocobo may enter such a space when it kicks there (line 133:
  "first carry it out and then check that the limit of 4 is not exceeded"): the kick
  must then move enough of the other players' chocobos off for those that are not
  companions to count 4 at most, so the step is legal only when the kick can do it.
* The entry restrictions (another player's big chocobo, two chocobos of one other player)
  hold for every chocobo that enters a space by any means, for its owner.
* Companions follow a chocobo (or the pair) that its owner moves in phase 3, into the
  space it enters, as many as the player likes (line 117 sets no limit); a space that
  then holds 5 or more overflows as line 123 says.
* A kick happens when the pair or the big chocobo enters a space with another player's
  chocobo; movement ends only if at least one chocobo was kicked.
* An overflowing companion goes to an adjacent space with room when there is one; when
  there is none, to an adjacent space nearer to one (so every cascade ends).
"""

from __future__ import annotations

from itertools import compress

from ...core import Action
from .actions import BIG, ONE, PAIR
from .board import BIG_WEIGHT, SPACE_LIMIT, SPRING_ONLY_FROM, distances
from .state import NOWHERE, ChocoboState


def can_enter(state: ChocoboState, space: int, seat: int, weight: int = 1) -> bool:
    """Whether ``seat``'s chocobo(s) of ``weight`` may come onto ``space`` (from elsewhere)."""
    return state.load[space] + weight <= SPACE_LIMIT and not state.block[space] & ~(1 << seat)


def count(state: ChocoboState, space: int) -> int:
    """Chocobos on a space as the limit counts them (big ones 2)."""
    return state.comp[space] + state.load[space]


def others_on(state: ChocoboState, space: int, seat: int) -> list[int]:
    """The seats other than ``seat`` with a chocobo (not a big one) on ``space``."""
    return [q for q, (a, b) in enumerate(state.smalls) if q != seat and space in (a, b)]


def home_count(state: ChocoboState, seat: int) -> int:
    """Companions on the seat's territory board."""
    return sum(map(state.comp.__getitem__, state.layout.territory[seat]))


# -- phase 3: movement ----------------------------------------------------------------


def legal_moves(state: ChocoboState, seat: int) -> list[Action]:
    """Phase 3's actions of ``seat``: ``end_move``, then every movement step: one
    chocobo, the pair, then the big one.

    Within a piece: origin by space, destination in adjacency order, followers ascending.
    """
    comp, load, block = state.comp, state.load, state.block
    table = state.tables[seat]
    out = [table.end_move]
    moves, alone, append = table.moves, table.alone, out.append
    mask = ~(1 << seat)
    a, b = state.smalls[seat]
    if a == b:
        pieces = [(ONE, a, 1), (PAIR, a, 2)]
    elif a < b:
        pieces = [(ONE, a, 1), (ONE, b, 1)]
    else:
        pieces = [(ONE, b, 1), (ONE, a, 1)]
    big = state.bigs[seat]
    if big != NOWHERE and not state.big_moved and not state.big_new:
        pieces.append((BIG, big, BIG_WEIGHT))
    for piece, frm, weight in pieces:
        # Companions on ``frm``: at most 3 in phase 3 (the space keeps the limit and holds
        # the chocobo that leaves), the most a table's prefixes hold.
        here = comp[frm]
        most_load = SPACE_LIMIT - weight  # the most ``to`` may already hold
        if not here:  # no companion to follow: one step per destination
            for to, step in alone[piece][frm]:
                if block[to] & mask:
                    continue
                if load[to] <= most_load or (
                    piece != ONE and kick_clears(state, seat, piece, frm, to)
                ):
                    append(step)
            continue
        for to, prefixes in moves[piece][frm]:
            if block[to] & mask:
                continue
            if load[to] > most_load and (
                piece == ONE or not kick_clears(state, seat, piece, frm, to)
            ):
                continue
            out += prefixes[here]
    return out


def any_move(state: ChocoboState, seat: int) -> bool:
    """Whether ``seat`` has a movement step (its chocobos are never all walled in, in
    practice, but the rules do not promise it)."""
    adj, load, block = state.layout.adj, state.load, state.block
    mask = ~(1 << seat)
    a, b = state.smalls[seat]
    for to in adj[a]:
        if load[to] < SPACE_LIMIT and not block[to] & mask:
            return True
    if b != a:
        for to in adj[b]:
            if load[to] < SPACE_LIMIT and not block[to] & mask:
                return True
    big = state.bigs[seat]
    if big != NOWHERE and not state.big_moved and not state.big_new:
        most = SPACE_LIMIT - BIG_WEIGHT
        for to in adj[big]:
            if load[to] <= most and not block[to] & mask:
                return True
    # What is left: the pair or the big one entering a full space to kick (rare).
    return len(legal_moves(state, seat)) > 1


def step(state: ChocoboState, seat: int, piece: int, frm: int, to: int, followers: int) -> bool:
    """Move a piece one space with its followers; return whether a kick may follow."""
    smalls = state.smalls[seat]
    load, block = state.load, state.block
    bit = 1 << seat
    # ``load`` and ``block`` are updated in place (not recounted): this runs for most
    # actions of a game. A seat's bit blocks a space holding its pair or its big one.
    if piece == ONE:
        other = smalls[1] if smalls[0] == frm else smalls[0]
        smalls[0 if smalls[0] == frm else 1] = to
        load[frm] -= 1
        load[to] += 1
        if other == frm and state.bigs[seat] != frm:
            block[frm] &= ~bit
        if other == to:
            block[to] |= bit
    else:
        if piece == PAIR:
            smalls[0] = smalls[1] = to
            keeps = state.bigs[seat] == frm
            weight = 2
        else:
            state.bigs[seat] = to
            state.big_moved = True
            keeps = smalls[0] == smalls[1] == frm
            weight = BIG_WEIGHT
        load[frm] -= weight
        load[to] += weight
        if not keeps:
            block[frm] &= ~bit
        block[to] |= bit
    if followers:
        comp = state.comp
        comp[frm] -= followers
        comp[to] += followers
    state.steps -= 1
    if piece == ONE:
        return False
    return any(q != seat and to in pair for q, pair in enumerate(state.smalls))


# -- kicks ----------------------------------------------------------------------------


def must_kick(state: ChocoboState) -> bool:
    """Whether the chocobos that are not companions on the kick space count more than 4,
    so that the kick has to go on (it cannot be ended yet)."""
    return state.load[state.kick_space] > SPACE_LIMIT


def kick_actions(state: ChocoboState, seat: int, out: list[Action]) -> None:
    """Append every kick: victim seat by seat, destination in board order. While the
    kick must go on (:func:`must_kick`), only the kicks after which it can still bring
    the space down to the limit."""
    board = state.layout
    space = state.kick_space
    table = state.tables[seat]
    forced = must_kick(state)
    for victim in others_on(state, space, seat):
        row = table.row("kick", victim)
        for to in board.adj[space]:
            if can_enter(state, to, victim) and (
                not forced or _clears_after(state, space, seat, victim, to)
            ):
                out.append(row[to])


def _move_small(state: ChocoboState, seat: int, frm: int, to: int) -> None:
    pair = state.smalls[seat]
    pair[0 if pair[0] == frm else 1] = to
    state.recount(frm)
    state.recount(to)


def _clears_after(state: ChocoboState, space: int, seat: int, victim: int, to: int) -> bool:
    """Whether, once ``victim``'s chocobo is kicked from ``space`` to ``to``, ``seat``'s
    kick can still bring ``space`` down to the limit (:func:`can_clear`)."""
    pair = state.smalls[victim]
    saved = list(pair)
    _move_small(state, victim, space, to)
    try:
        return can_clear(state, space, seat)
    finally:
        pair[:] = saved
        state.recount(space)
        state.recount(to)


def can_clear(state: ChocoboState, space: int, seat: int) -> bool:
    """Whether kicks by ``seat`` can bring the chocobos that are not companions on
    ``space`` to 4 at most (each kicked chocobo entering an adjacent space it may)."""
    if state.load[space] <= SPACE_LIMIT:
        return True
    for victim in others_on(state, space, seat):
        for to in state.layout.adj[space]:
            if can_enter(state, to, victim) and _clears_after(state, space, seat, victim, to):
                return True
    return False


def kick_clears(state: ChocoboState, seat: int, piece: int, frm: int, to: int) -> bool:
    """Whether the pair or the big chocobo (``piece``) of ``seat`` may step from ``frm``
    onto ``to``, where the chocobos that are not companions would count more than 4:
    only when the kick there can bring them down to 4 (:func:`can_clear`)."""
    pair = state.smalls[seat]
    saved, big = list(pair), state.bigs[seat]
    if piece == PAIR:
        pair[0] = pair[1] = to
    else:
        state.bigs[seat] = to
    state.recount(frm)
    state.recount(to)
    try:
        return can_clear(state, to, seat)
    finally:
        pair[:] = saved
        state.bigs[seat] = big
        state.recount(frm)
        state.recount(to)


def kick(state: ChocoboState, victim: int, to: int) -> None:
    """Move the victim's chocobo off the kick space to ``to``."""
    _move_small(state, victim, state.kick_space, to)
    state.kicked += 1


# -- the limit of 4 -------------------------------------------------------------------


def is_over_limit(state: ChocoboState, space: int) -> bool:
    """Whether a space holds more than 4 (companions then have to leave)."""
    return state.comp[space] + state.load[space] > SPACE_LIMIT


def over_spaces(state: ChocoboState) -> list[int]:
    """The spaces above the limit, in board order."""
    comp, load = state.comp, state.load
    if max(load) <= SPACE_LIMIT:  # as the rules keep it: then only companions overfill
        return [s for s in compress(range(len(comp)), comp) if comp[s] + load[s] > SPACE_LIMIT]
    return [s for s in range(len(comp)) if comp[s] + load[s] > SPACE_LIMIT]


def overflow_targets(state: ChocoboState, space: int) -> list[int]:
    """Where a companion overflowing from ``space`` may go: adjacent spaces with room,
    or, when none has room, adjacent spaces nearer to a space with room."""
    adj, comp, load = state.layout.adj, state.comp, state.load
    roomy = [t for t in adj[space] if comp[t] + load[t] < SPACE_LIMIT]
    if roomy:
        return roomy
    rooms = [s for s in range(len(comp)) if comp[s] + load[s] < SPACE_LIMIT]
    dist = distances(adj, rooms)
    return [t for t in adj[space] if 0 <= dist[t] < dist[space]]


def overflow_actions(state: ChocoboState, seat: int, out: list[Action]) -> None:
    """Append every overflow move: over-full space by board order, then destination."""
    table = state.tables[seat]
    for space in over_spaces(state):
        row = table.overflow(space)
        out += [row[to] for to in overflow_targets(state, space)]


def shift_companion(state: ChocoboState, frm: int, to: int) -> None:
    """Move one companion (no limit check here: the caller settles)."""
    state.comp[frm] -= 1
    state.comp[to] += 1


# -- phase 4: the call ----------------------------------------------------------------


def can_call(state: ChocoboState, seat: int) -> bool:
    """Whether :func:`call_spaces` has a space (without listing them)."""
    if state.supply <= 0:
        return False
    spring, tokens = state.layout.spring, state.tokens
    comp, load = state.comp, state.load
    spring_only = state.result >= SPRING_ONLY_FROM
    a, b = state.smalls[seat]
    big = state.bigs[seat]
    for s in (a, b) if big == NOWHERE else (a, b, big):
        if (spring[s] or (tokens[s] and not spring_only)) and comp[s] + load[s] < SPACE_LIMIT:
            return True
    return False


def call_spaces(state: ChocoboState, seat: int) -> list[int]:
    """Spaces ``seat`` may call from, in board order (none when the supply is empty).

    A space of one of its chocobos (big or not) with a trail token or a Spring, holding
    fewer than 4 (as the limit counts); from a die result of 4 up, Spring spaces only.
    """
    if state.supply <= 0:
        return []
    spring, tokens = state.layout.spring, state.tokens
    comp, load = state.comp, state.load
    spring_only = state.result >= SPRING_ONLY_FROM
    a, b = state.smalls[seat]
    if b < a:
        a, b = b, a
    big = state.bigs[seat]
    # The spaces of its chocobos and of its big one if placed, sorted, without repeats.
    if big in (NOWHERE, a, b):
        mine: tuple[int, ...] = (a,) if a == b else (a, b)
    elif a == b:
        mine = (a, big) if a < big else (big, a)
    elif big < a:
        mine = (big, a, b)
    elif big < b:
        mine = (a, big, b)
    else:
        mine = (a, b, big)
    return [
        s
        for s in mine
        if (spring[s] or (tokens[s] and not spring_only)) and comp[s] + load[s] < SPACE_LIMIT
    ]
