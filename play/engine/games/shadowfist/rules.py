"""The rules as functions: legal actions, applying an action, and moving the game on.

After each action, :func:`run` moves the game forward until a player must decide:
it smokes characters whose damage reached their Fighting, asks the seats of a pass
round that have something to play, resolves the stack, plays the dummy's turns, and
steps the attack along. ``state.to_act`` is then the seat whose decision the game
waits for (``None`` once the game is over).

Functions take ``out``: a list collecting the events, or ``None`` on the fast path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core import Action
from . import attack, combat, turn
from .actions import make
from .choices import auto_choose, choice_actions, choose
from .damage import Events, heal
from .opposition import dummy_defends
from .play import has_response, play_actions, play_card, use_ability
from .sites import locations
from .stack import resolve_top, seats_from
from .state import (
    COMBAT,
    DECLARE,
    DECLARED,
    DISCARD_STEP,
    FATE,
    INTERCEPT,
    JOIN,
    MAIN,
    OVER,
    POWER,
    STRIKE,
    TARGET,
    WINDOWS,
    ShadowfistState,
)
from .zones import settle

#: Actions after which a game stops, "unfinished" (a guard: the turn cap comes first).
MAX_LENGTH: Final = 50_000

Handler = Callable[[ShadowfistState, Action, Events], None]


# -- legal actions ----------------------------------------------------------------------


def legal_actions(state: ShadowfistState) -> list[Action]:
    """Every action of ``state.to_act``, in a deterministic order; none once over."""
    seat = state.to_act
    if seat is None or state.step >= MAX_LENGTH:
        return []
    if state.choice is not None:
        return choice_actions(state, seat)
    if state.pending:
        return [make("pass", seat), *play_actions(state, seat, main=False)]
    return PHASE_ACTIONS[state.phase](state, seat)


def main_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """The main shot: end the turn, play cards, use abilities, heal, move, attack."""
    actions = [make("end_turn", seat)]
    actions += play_actions(state, seat, main=True)
    turned, damage = state.turned, state.damage
    chars = [c for c in state.chars[seat] if not turned[c]]
    # "You may turn damaged characters to heal them."
    actions += [make("heal", seat, (c,)) for c in chars if damage[c]]
    # "Characters may turn to attack, heal, or change location".
    count = locations(state, seat)
    if count > 1:
        loc = state.loc
        actions += [
            make("move", seat, (c, where))
            for c in chars
            for where in range(count)
            if where != loc[c]
        ]
    actions += attack.attack_actions(state, seat)
    return actions


PHASE_ACTIONS: Final[dict[str, Callable[[ShadowfistState, int], list[Action]]]] = {
    POWER: turn.power_actions,
    DISCARD_STEP: turn.discard_actions,
    MAIN: main_actions,
    DECLARE: attack.declare_actions,
    JOIN: attack.join_actions,
    INTERCEPT: attack.intercept_actions,
    STRIKE: combat.strike_actions,
    FATE: combat.fate_actions,
}


# -- applying -----------------------------------------------------------------------------


def apply(state: ShadowfistState, action: Action, out: Events) -> None:
    """Apply a legal action, then move the game on to the next decision."""
    state.step += 1
    HANDLERS[action.kind](state, action, out)
    run(state, out)


def advance(state: ShadowfistState, action: Action) -> None:
    """Apply a legal action without events (the simulations' fast path)."""
    state.step += 1
    HANDLERS[action.kind](state, action, None)
    run(state, None)


def _heal(state: ShadowfistState, action: Action, out: Events) -> None:
    char: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    state.turned[char] = True
    heal(state, char, None, out)


def _move(state: ShadowfistState, action: Action, out: Events) -> None:
    char: int = action.args[0]  # type: ignore[assignment]  # ints: from legal_actions
    where: int = action.args[1]  # type: ignore[assignment]  # an int: from legal_actions
    state.turned[char] = True
    state.loc[char] = where


def _end_turn(state: ShadowfistState, action: Action, out: Events) -> None:
    turn.end_turn(state, out)


def _go(state: ShadowfistState, action: Action, out: Events) -> None:
    attack.start_joining(state)
    state.phase = JOIN


def _pass(state: ShadowfistState, action: Action, out: Events) -> None:
    """Pass in a pass round, stop joining, or stop declaring interceptors."""
    if state.pending:
        del state.pending[0]
    elif state.phase == INTERCEPT and state.blocks:
        # "Defense is chosen and combat is resolved before the next player may intercept."
        state.phase = COMBAT
        state.pending = seats_from(state, state.active)
    else:
        del state.queue[0]


def _strike(state: ShadowfistState, action: Action, out: Events) -> None:
    struck: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    combat.strike_back(state, struck, out)


HANDLERS: Final[dict[str, Handler]] = {
    "power": turn.generate_power,
    "skip_power": turn.skip_power,
    "discard": turn.discard,
    "keep": turn.keep,
    "play": play_card,
    "ability": use_ability,
    "heal": _heal,
    "move": _move,
    "end_turn": _end_turn,
    "attack": attack.declare,
    "add": attack.add_attacker,
    "add_all": attack.add_all,
    "go": _go,
    "join": attack.add_attacker,
    "pass": _pass,
    "intercept": attack.intercept,
    "strike": _strike,
    "seize": combat.decide_fate,
    "smoke_site": combat.decide_fate,
    "burn_victory": combat.decide_fate,
    "burn_power": combat.decide_fate,
    "choose": choose,
}


# -- moving on ----------------------------------------------------------------------------


def run(state: ShadowfistState, out: Events) -> None:
    """Move the game on until a seat must decide; set ``state.to_act``.

    Characters whose damage reached their Fighting are smoked after the action and after
    each effect resolves; combat and the ends of attacks and turns smoke them as they
    go (``zones.settle``). Passing over a seat changes nothing.
    """
    settle(state, out)
    while True:
        if state.phase == OVER:
            state.to_act = None
            return
        choice = state.choice
        if choice is not None:
            if choice[1] != state.dummy:
                state.to_act = choice[1]
                return
            auto_choose(state, out)
            continue
        pending = state.pending
        if pending:
            if has_response(state, pending[0]):
                state.to_act = pending[0]
                return
            del pending[0]
            continue
        if state.stack:
            resolve_top(state, out)
            settle(state, out)
            if state.stack or state.phase in WINDOWS:
                state.pending = seats_from(state, state.active)
            continue
        if _step(state, out):
            return


def _step(state: ShadowfistState, out: Events) -> bool:
    """Move the phase on; True when a seat must decide (``to_act`` set)."""
    phase = state.phase
    if phase in (MAIN, POWER):
        if phase == POWER and state.active == state.dummy:
            turn.dummy_turn(state, out)
            return False
        if state.power_burned:
            turn.end_turn(state, out)
            return False
        state.to_act = state.active
        return True
    if phase == DISCARD_STEP:
        if not state.hands[state.active]:
            turn.finish_establishing(state, out)
            return False
        state.to_act = state.active
        return True
    if (
        phase == DECLARE
        and state.attackers
        and len(attack.declare_actions(state, state.att_player)) == 1
    ):
        # Every unturned character attacks: the declaration is complete.
        attack.start_joining(state)
        state.phase = JOIN
        return False
    if phase in (DECLARE, FATE):
        state.to_act = state.att_player
        return True
    if phase == STRIKE:
        state.to_act = state.att_defender
        return True
    return _attack_step(state, out)


def _attack_step(state: ShadowfistState, out: Events) -> bool:
    """The attack's automatic steps between decisions."""
    phase = state.phase
    if phase == JOIN:
        queue = state.queue
        while queue and len(attack.join_actions(state, queue[0])) == 1:
            del queue[0]
        if queue:
            state.to_act = queue[0]
            return True
        state.phase = DECLARED
        state.pending = seats_from(state, state.active)
        return False
    if phase == DECLARED:
        attack.start_interception(state)
        state.phase = INTERCEPT
        return False
    if phase == INTERCEPT:
        queue = state.queue
        if not attack.active_attackers(state):
            queue.clear()
        while queue:
            if len(attack.intercept_actions(state, queue[0])) > 1:
                state.att_quiet = False
                if queue[0] == state.dummy:  # its blockers intercept by themselves
                    dummy_defends(state, out)
                    state.phase = COMBAT
                    state.pending = seats_from(state, state.active)
                    return False
                state.to_act = queue[0]
                return True
            if state.blocks:  # nothing more to declare: the combats come next
                state.phase = COMBAT
                state.pending = seats_from(state, state.active)
                return False
            del queue[0]
        if not attack.active_attackers(state):
            combat.end_attack(state, out)
        elif state.att_quiet:
            # Nobody could intercept: nothing has happened since every seat passed in
            # the window after the declaration, so that window was this one too.
            combat.reach_target(state, out)
        else:
            state.phase = TARGET
            state.pending = seats_from(state, state.active)
        return False
    if phase == COMBAT:
        combat.resolve_blocks(state, out)
        del state.queue[0]
        state.phase = INTERCEPT
        return False
    if phase == TARGET:
        combat.reach_target(state, out)
        return False
    raise AssertionError(f"no step for phase {phase!r}")  # a bug if reached
