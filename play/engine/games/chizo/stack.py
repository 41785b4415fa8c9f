"""The ACTION STACK and the BATTLE ACTION STACK: reactions, then top-down resolution.

"Once started, all other players have the option of adding a Reaction or
Action/Reaction to this Stack. Order of play is always clockwise." "All players have to
be asked if they want to add a Tile to the ACTION STACK after every new Tile that is
added to it. If it gets back to the player who added the last Tile, that player can
decide to finish the ACTION STACK by not adding another Tile!" "Then, working from the
top Tile down, perform the Special Effects explained on the Tiles, placing completed
Tiles into the Discard Pile of the players who played them."

A player who holds nothing they could add passes without being asked (it changes
nothing, and saves simulations a decision).
"""

from __future__ import annotations

from ...core import Action
from .actions import PASS, one, two
from .battle import result
from .catalog import ACTION_STACK, BATTLE_STACK
from .effects import EFFECTS
from .effects.base import canonical
from .events import Events, emit
from .squares import take_formed
from .state import (
    BATTLE_TILE,
    FIGHTING,
    LEND_TILE,
    PLAYED_ACTION,
    PLAYED_REACTION,
    UNTIL_STACK,
    ChizoState,
    Entry,
    Frame,
)
from .zones import sweep


def start_action_stack(state: ChizoState, player: int, uid: int, out: Events) -> None:
    """ "A player can start an ACTION STACK during their turn by playing an Action, an
    Action/Reaction"."""
    state.hands[player].remove(uid)
    state.stack_kind = ACTION_STACK
    if out is not None:
        emit(out, "stack_started", player=player, tile=uid, name=state.name(uid))
    _add(state, Entry(uid, player, PLAYED_ACTION))


def start_battle_stack(state: ChizoState, player: int, uid: int, out: Events) -> None:
    """The attacker lays the face-down tile: "It doesn't matter which type of Tile is
    chosen to start; that is why it is played face down"."""
    battle = state.battle
    assert battle is not None
    state.hands[player].remove(uid)
    battle.step = FIGHTING
    state.stack_kind = BATTLE_STACK
    if out is not None:
        emit(out, "face_down", player=player)
    _add(state, Entry(uid, player, BATTLE_TILE))


def react(state: ChizoState, player: int, uid: int, out: Events) -> None:
    """Add a Reaction or Action/Reaction ("Reacting to an ACTION STACK is not an
    Action")."""
    state.hands[player].remove(uid)
    if out is not None:
        emit(out, "reacted", player=player, tile=uid, name=state.name(uid))
    _add(state, Entry(uid, player, PLAYED_REACTION))


def lend(state: ChizoState, player: int, creature: int, uid: int, out: Events) -> None:
    """Use a Helpful creature's ability, paying with a face-down tile from the hand."""
    state.hands[player].remove(uid)
    state.lent.append(creature)
    if out is not None:
        emit(out, "lend", player=player, creature=creature, name=state.name(creature))
    _add(state, Entry(uid, player, LEND_TILE, creature))


def pass_(state: ChizoState, player: int, out: Events) -> None:
    """Add nothing; when the player who added the last tile passes, the stack closes."""
    if out is not None:
        emit(out, "passed", player=player)
    if player == state.last:
        _close(state)
    else:
        _ask_after(state, player)


def _add(state: ChizoState, entry: Entry) -> None:
    state.stack.append(entry)
    state.last = entry.player
    _ask_after(state, entry.player)


def _ask_after(state: ChizoState, seat: int) -> None:
    """Ask the players after ``seat`` clockwise, up to the last one who added a tile."""
    n, last = state.players, state.last
    for _ in range(n):
        seat = (seat + 1) % n
        if has_reaction(state, seat):
            state.asked = seat
            return
        if seat == last:
            break
    _close(state)


def _close(state: ChizoState) -> None:
    state.asked = -1
    state.resolving = True


def has_reaction(state: ChizoState, seat: int) -> bool:
    """Whether ``seat`` holds anything it could add to the stack now."""
    cat, kind, mask = state.cat, state.kind, state.stack_kind
    hand = state.hands[seat]
    for uid in hand:
        if cat.responds[kind[uid]] & mask:
            return True
    return bool(hand) and cat.any_lend and bool(_lenders(state, seat))


def _lenders(state: ChizoState, seat: int) -> list[int]:
    cat, kind, ctrl, mask = state.cat, state.kind, state.ctrl, state.stack_kind
    found = []
    for uid in state.pos:
        if ctrl[uid] == seat and uid not in state.lent:
            ability = cat.lend[kind[uid]]
            if ability is not None and ability.responds & mask:
                found.append(uid)
    return sorted(found)


def reaction_actions(state: ChizoState, seat: int) -> list[Action]:
    """ "pass", each Reaction tile of the hand, then each lending ability and its cost."""
    cat, kind, mask = state.cat, state.kind, state.stack_kind
    hand = state.hands[seat]
    found = [PASS[seat]]
    found += [one("react", seat, u) for u in canonical(state, hand) if cat.responds[kind[u]] & mask]
    if hand and cat.any_lend:
        costs = canonical(state, hand)
        for creature in _lenders(state, seat):
            found += [two("lend", seat, creature, u) for u in costs]
    return found


# -- resolution ---------------------------------------------------------------------------


def resolve_step(state: ChizoState, out: Events) -> None:
    """One step of resolution: discard the tile just resolved, or resolve the next one,
    or finish the stack."""
    current = state.current
    if current is not None:
        state.current = None
        state.discards[state.owner[current.uid]].append(current.uid)
        sweep(state, out)
        return
    if not state.stack:
        end_stack(state, out)
        return
    entry = state.stack.pop()
    state.current = entry
    if entry.mode == BATTLE_TILE:
        # "The result of the BATTLE becomes effective if you reach the face down Tile."
        result(state, out)
        return
    if entry.mode == LEND_TILE:
        state.frames.append(Frame("lend_stat", entry.player, entry.source))
        return
    d = state.kind[entry.uid]
    if out is not None:
        emit(out, "resolving", tile=entry.uid, name=state.name(entry.uid), player=entry.player)
    key = state.cat.key[d]
    handler = EFFECTS.get(key)
    if handler is None:
        if out is not None:
            emit(out, "no_effect", tile=entry.uid, key=key, modelled=state.cat.modelled[d])
        return
    state.frames.append(Frame(key, entry.player, entry.uid))


def end_stack(state: ChizoState, out: Events) -> None:
    """The stack has resolved: take the squares formed meanwhile, then end the
    ``stack`` durations (and the Battle)."""
    state.resolving = False
    state.stack_kind = 0
    state.last = state.asked = -1
    state.lent = []
    state.battle = None
    if out is not None:
        emit(out, "stack_resolved")
    take_formed(state, out)
    if state.temps:
        state.temps = [t for t in state.temps if t.until != UNTIL_STACK]
    if state.protects:
        state.protects = [p for p in state.protects if p[1] != UNTIL_STACK]
    sweep(state, out)
