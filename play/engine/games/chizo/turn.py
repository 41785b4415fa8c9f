"""A player's turn: two actions, at least one; then clockwise to the next player.

"On their turn, each Player has two (2) actions ... Every action is optional and can be
skipped, or may even be chosen twice. A player may not pass on their turn by not
performing any action. At least one action has to be performed. After every turn the
game proceeds clockwise."

A player with no action they could take (no tile to draw, nothing playable, no Battle)
cannot perform one, so their turn is skipped; when every player in a row has been
skipped, nobody can ever act again and the game ends ("exhausted", docs/chizo.md):
unfinished, with no winner, since "A player wins the game by scoring 12 points" and the
rulebook knows no other win. A player with actions left but none possible ends the turn
without being asked.
"""

from __future__ import annotations

from .battle import can_battle
from .events import Events, emit
from .placement import hosts_for, replace_cells
from .state import TURN, UNTIL_TURN, ChizoState
from .tiles import ACTIONS_PER_TURN
from .zones import game_over, sweep


def start_turn(state: ChizoState, seat: int, out: Events) -> None:
    """Give ``seat`` a new turn of two actions (or stop at the turn cap)."""
    if state.max_turns is not None and state.turn >= state.max_turns:
        game_over(state, "turn_cap", out)
        return
    state.turn += 1
    state.active = seat
    state.actions_left = ACTIONS_PER_TURN
    state.actions_taken = 0
    if out is not None:
        emit(out, "turn_started", player=seat, turn=state.turn)


def take_action(state: ChizoState) -> None:
    """Count one of the turn's actions."""
    state.actions_left -= 1
    state.actions_taken += 1
    state.skips = 0


def end_turn(state: ChizoState, out: Events) -> None:
    """End the turn: effects lasting "until the end of the turn" stop."""
    if state.temps:
        state.temps = [t for t in state.temps if t.until != UNTIL_TURN]
    if state.protects:
        state.protects = [p for p in state.protects if p[1] != UNTIL_TURN]
    if out is not None:
        emit(out, "turn_ended", player=state.active, turn=state.turn)
    sweep(state, out)


def continue_turn(state: ChizoState, out: Events) -> None:
    """Nothing is pending: the active player acts, or the turn passes on."""
    while not state.over:
        seat = state.active
        if state.actions_left > 0 and has_main_action(state, seat):
            state.phase = TURN
            state.to_act = seat
            return
        if state.actions_taken == 0:
            state.skips += 1
            if out is not None:
                emit(out, "turn_skipped", player=seat)
        end_turn(state, out)
        if state.over:
            return
        if state.skips >= state.players:
            game_over(state, "exhausted", out)
            return
        start_turn(state, (seat + 1) % state.players, out)


def has_main_action(state: ChizoState, seat: int) -> bool:
    """Whether ``seat`` could take any action now (cheaper than listing them)."""
    if state.stacks[seat]:
        return True
    cat, kind = state.cat, state.kind
    for uid in state.hands[seat]:
        d = kind[uid]
        if cat.starts[d]:
            return True
        if cat.placed[d]:
            if cat.replaces[d] < 0 or replace_cells(state, seat, cat.replaces[d]):
                return True
        elif cat.attach[d] is not None and hosts_for(state, seat, uid):
            return True
    return can_battle(state, seat)  # False for an empty hand: no tile to lay face down
