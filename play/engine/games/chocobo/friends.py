"""Phase 2: the five friend cards and calling the big chocobo.

A card is named by its kind in actions (cards of one kind do the same), and the one
played or discarded is the lowest id of that kind in the hand. Readings (docs/chocobo.md):

* A card may be played only if its effect can happen: Croma needs a companion on the
  board, Moguri an empty trail space (and a token), Tifon another player's chocobo with a
  territory space it may stand on, Golem a space with a chocobo that can be moved.
* Croma moves any companion, anywhere (territories included), to an adjacent space.
* Tifon: the owner chooses any space of its territory where its chocobo may stand, the
  one it is on included; companions do not follow it.
* Golem moves companions and chocobos of every player, the Golem player's own included,
  one at a time in the order that player chooses; a chocobo with no space it may enter
  stays. The limit of 4 is checked once the Golem is done.
* Calling the big chocobo: "empty" means no piece at all; "your chocobos" are the two
  chocobos (the big one is still in the supply). A big chocobo is called once a game.
"""

from __future__ import annotations

from itertools import compress, pairwise

from ...core import Action
from .board import CROMA, GOLEM, KIND_OF, KINDS, MOGURI, SHIRMA, SPACE_LIMIT, TIFON
from .movement import can_enter
from .state import NOWHERE, ChocoboState


def kinds_in_hand(hand: list[int]) -> list[int]:
    """The distinct card kinds of a (sorted) hand, in kind order."""
    kinds: list[int] = []
    for card in hand:
        kind = KIND_OF[card]
        if not kinds or kinds[-1] != kind:
            kinds.append(kind)
    return kinds


def take(state: ChocoboState, seat: int, kind: int) -> int:
    """Move the lowest card of ``kind`` from the hand to the discard pile; return it."""
    hand = state.hands[seat]
    for i, card in enumerate(hand):
        if KIND_OF[card] == kind:
            del hand[i]
            state.discard.append(card)
            return card
    raise ValueError(f"no {KINDS[kind]} in hand")  # verified before: a bug if reached


# -- what may be played ---------------------------------------------------------------


def friend_actions(state: ChocoboState, seat: int, out: list[Action]) -> None:
    """Append phase 2's card plays (kind order), then the big chocobo calls."""
    hand = state.hands[seat]
    if not hand:
        return
    table = state.tables[seat]
    kinds = kinds_in_hand(hand)
    for kind in kinds:
        if kind == SHIRMA:
            out.append(table.shirma)
        elif kind == CROMA:
            croma, comp = table.croma, state.comp
            for s in compress(range(len(comp)), comp):
                out += croma[s]
        elif kind == MOGURI:
            if state.token_supply > 0:
                tokens, moguri = state.tokens, table.moguri
                out += [moguri[s] for s in state.layout.trail_spaces if not tokens[s]]
        elif kind == TIFON:
            # ``tifon_targets(state, victim, s)`` is not empty for a space ``s`` on the
            # victim's territory, or if the victim may enter one of its territory spaces.
            for victim in range(state.players):
                if victim != seat:
                    a, b = state.smalls[victim]
                    row = table.row("tifon", victim)
                    sent = (a,) if a == b else (a, b) if a < b else (b, a)
                    if _home_room(state, victim):
                        out += [row[s] for s in sent]
                    else:
                        home = state.layout.territory[victim]
                        out += [row[s] for s in sent if s in home]
        else:
            golem = table.golem
            out += [golem[s] for s in golem_spaces(state)]
    if state.bigs[seat] == NOWHERE and len(hand) >= 2:
        spaces = big_spaces(state, seat)
        if spaces:
            # Kinds held twice or more (the hand is sorted, so by kind).
            doubles = {KIND_OF[c] for c, d in pairwise(hand) if KIND_OF[c] == KIND_OF[d]}
            for i, first in enumerate(kinds):
                for second in kinds[i:]:
                    if first == second and first not in doubles:
                        continue
                    row = table.call_big(first, second)
                    out += [row[s] for s in spaces]


def has_play(state: ChocoboState, seat: int) -> bool:
    """Whether phase 2 offers anything but doing nothing (cheaper than listing it all)."""
    hand = state.hands[seat]
    if not hand:
        return False
    kinds = kinds_in_hand(hand)
    # The cheap tests first (the answer does not depend on the order).
    if SHIRMA in kinds:
        return True
    if (CROMA in kinds or GOLEM in kinds) and any(state.comp):
        return True
    if MOGURI in kinds and state.token_supply > 0:
        tokens = state.tokens
        if not all(map(tokens.__getitem__, state.layout.trail_spaces)):
            return True
    if state.bigs[seat] == NOWHERE and len(hand) >= 2 and big_spaces(state, seat):
        return True
    if TIFON in kinds:
        territory = state.layout.territory
        for victim in range(state.players):
            if victim != seat:
                a, b = state.smalls[victim]
                if a in territory[victim] or b in territory[victim] or _home_room(state, victim):
                    return True
    return GOLEM in kinds and _any_golem_mover(state)


def big_spaces(state: ChocoboState, seat: int) -> list[int]:
    """Empty spaces next to a space with one of the seat's chocobos, in board order."""
    adj, comp, load = state.layout.adj, state.comp, state.load
    a, b = state.smalls[seat]
    found = [t for t in adj[a] if not comp[t] and not load[t]]  # adjacency has no repeats
    if b != a:
        found += [t for t in adj[b] if not comp[t] and not load[t] and t not in found]
    found.sort()
    return found


def tifon_targets(state: ChocoboState, victim: int, space: int) -> list[int]:
    """The victim's territory spaces its chocobo on ``space`` may be sent to."""
    load, block = state.load, state.block
    most, mask = SPACE_LIMIT - 1, ~(1 << victim)
    return [
        t
        for t in state.layout.territory[victim]
        if t == space or (load[t] <= most and not block[t] & mask)
    ]


def _home_room(state: ChocoboState, victim: int) -> bool:
    """Whether a chocobo of ``victim`` may enter one of its territory spaces."""
    load, block = state.load, state.block
    most, mask = SPACE_LIMIT - 1, ~(1 << victim)
    return any(load[t] <= most and not block[t] & mask for t in state.layout.territory[victim])


def golem_movers(state: ChocoboState, space: int) -> list[int]:
    """Seats (with repeats for two) whose chocobos on ``space`` can move somewhere."""
    adj = state.layout.adj[space]
    load, block = state.load, state.block
    most = SPACE_LIMIT - 1
    movers = []
    for seat, (a, b) in enumerate(state.smalls):
        here = (a == space) + (b == space)
        if here:
            mask = ~(1 << seat)
            for t in adj:
                if load[t] <= most and not block[t] & mask:
                    movers += [seat] * here
                    break
    return movers


def golem_spaces(state: ChocoboState) -> list[int]:
    """Spaces where a Golem would move something, in board order."""
    comp, load, block, adj = state.comp, state.load, state.block, state.layout.adj
    found = list(compress(range(len(comp)), comp))
    # Then the spaces without companions where a chocobo can move (``golem_movers``; a
    # big chocobo stays).
    most = SPACE_LIMIT - 1
    movable: set[int] = set()
    for seat, (a, b) in enumerate(state.smalls):
        mask = ~(1 << seat)
        for s in (a,) if a == b else (a, b):
            if s != NOWHERE and not comp[s] and s not in movable:
                for t in adj[s]:
                    if load[t] <= most and not block[t] & mask:
                        movable.add(s)
                        break
    if movable:
        found += movable
        found.sort()
    return found


def _any_golem_mover(state: ChocoboState) -> bool:
    """Whether some chocobo could be moved by a Golem (``golem_spaces`` without comp)."""
    spaces = {s for pair in state.smalls for s in pair if s != NOWHERE}
    return any(golem_movers(state, s) for s in spaces)


def golem_actions(state: ChocoboState, seat: int, out: list[Action]) -> None:
    """Append the Golem's next moves: a companion, then chocobos seat by seat."""
    board = state.layout
    table = state.tables[seat]
    space = state.golem_space
    adj = board.adj[space]
    if state.comp[space]:
        companion = table.row("golem_move", -1)
        out += [companion[t] for t in adj]
    for victim in sorted(set(golem_movers(state, space))):
        row = table.row("golem_move", victim)
        out += [row[t] for t in adj if can_enter(state, t, victim)]


def golem_done(state: ChocoboState) -> bool:
    """Whether the Golem has moved everything it can."""
    space = state.golem_space
    return not state.comp[space] and not golem_movers(state, space)


# -- effects --------------------------------------------------------------------------


def move_small(state: ChocoboState, seat: int, frm: int, to: int) -> None:
    """Move one of ``seat``'s chocobos from ``frm`` to ``to`` (no checks)."""
    pair = state.smalls[seat]
    pair[0 if pair[0] == frm else 1] = to
    state.recount(frm)
    state.recount(to)


def call_big(state: ChocoboState, seat: int, first: int, second: int, space: int) -> None:
    """Discard two cards and place the big chocobo; it may not move this turn."""
    take(state, seat, first)
    take(state, seat, second)
    state.bigs[seat] = space
    state.big_new = True
    state.recount(space)
