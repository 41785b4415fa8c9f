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

from ...core import Action
from .actions import action, tables
from .board import CROMA, KIND_OF, KINDS, MOGURI, SHIRMA, TIFON
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
    board = state.layout
    table = tables(board)[seat]
    kinds = kinds_in_hand(hand)
    for kind in kinds:
        if kind == SHIRMA:
            out.append(table.shirma)
        elif kind == CROMA:
            croma = table.croma
            for s, n in enumerate(state.comp):
                if n:
                    out += croma[s]
        elif kind == MOGURI:
            if state.token_supply > 0:
                for s in board.trail_spaces:
                    if not state.tokens[s]:
                        out.append(table.moguri[s])
        elif kind == TIFON:
            for victim in range(state.players):
                if victim != seat:
                    for s in sorted(set(state.smalls[victim])):
                        if tifon_targets(state, victim, s):
                            out.append(action(board, "play", seat, TIFON, victim, s))
        else:
            golem = table.golem
            out += [golem[s] for s in golem_spaces(state)]
    if state.bigs[seat] == NOWHERE and len(hand) >= 2:
        spaces = big_spaces(state, seat)
        if spaces:
            for i, first in enumerate(kinds):
                for second in kinds[i:]:
                    if first == second and sum(KIND_OF[c] == first for c in hand) < 2:
                        continue
                    for s in spaces:
                        out.append(action(board, "call_big", seat, first, second, s))


def has_play(state: ChocoboState, seat: int) -> bool:
    """Whether phase 2 offers anything but doing nothing (cheaper than listing it all)."""
    hand = state.hands[seat]
    if not hand:
        return False
    if state.bigs[seat] == NOWHERE and len(hand) >= 2 and big_spaces(state, seat):
        return True
    for kind in kinds_in_hand(hand):
        if kind == SHIRMA:
            return True
        if kind == CROMA:
            if any(state.comp):
                return True
        elif kind == MOGURI:
            if state.token_supply > 0 and not all(
                state.tokens[s] for s in state.layout.trail_spaces
            ):
                return True
        elif kind == TIFON:
            if any(
                tifon_targets(state, victim, s)
                for victim in range(state.players)
                if victim != seat
                for s in set(state.smalls[victim])
            ):
                return True
        elif golem_spaces(state):
            return True
    return False


def big_spaces(state: ChocoboState, seat: int) -> list[int]:
    """Empty spaces next to a space with one of the seat's chocobos, in board order."""
    adj, comp, load = state.layout.adj, state.comp, state.load
    found = {t for s in set(state.smalls[seat]) for t in adj[s] if not comp[t] and not load[t]}
    return sorted(found)


def tifon_targets(state: ChocoboState, victim: int, space: int) -> list[int]:
    """The victim's territory spaces its chocobo on ``space`` may be sent to."""
    return [t for t in state.layout.territory[victim] if t == space or can_enter(state, t, victim)]


def golem_movers(state: ChocoboState, space: int) -> list[int]:
    """Seats (with repeats for two) whose chocobos on ``space`` can move somewhere."""
    adj = state.layout.adj[space]
    movers = []
    for seat, (a, b) in enumerate(state.smalls):
        here = (a == space) + (b == space)
        if here and any(can_enter(state, t, seat) for t in adj):
            movers += [seat] * here
    return movers


def golem_spaces(state: ChocoboState) -> list[int]:
    """Spaces where a Golem would move something, in board order."""
    comp, load = state.comp, state.load
    return [s for s in range(len(comp)) if comp[s] or (load[s] and golem_movers(state, s))]


def golem_actions(state: ChocoboState, seat: int, out: list[Action]) -> None:
    """Append the Golem's next moves: a companion, then chocobos seat by seat."""
    board = state.layout
    space = state.golem_space
    adj = board.adj[space]
    if state.comp[space]:
        for t in adj:
            out.append(action(board, "golem_move", seat, t))
    for victim in sorted(set(golem_movers(state, space))):
        for t in adj:
            if can_enter(state, t, victim):
                out.append(action(board, "golem_move", seat, victim, t))


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
