"""The flow of play: after every action, run what follows until someone must decide.

The order of precedence: an effect being carried out (innermost frame first); an Action
Stack resolving; an Action Stack being built (the asked player reacts); a Battle being
announced (Allies, then the face-down tile); otherwise the active player's turn.
"""

from __future__ import annotations

from .battle import asker, candidates
from .effects import EFFECTS
from .events import Events
from .stack import resolve_step
from .state import ALLIES, ANSWER, CHOICE, FACE_DOWN, REACT, ChizoState
from .turn import continue_turn


def settle(state: ChizoState, out: Events) -> None:
    """Advance until a decision is needed (``phase`` and ``to_act`` say whose) or the end."""
    frames = state.frames
    while not state.over:
        if frames:
            frame = frames[-1]
            if frame.wait:
                state.phase = CHOICE
                state.to_act = frame.player
                return
            EFFECTS[frame.key].run(state, frame, out)
            continue
        if state.resolving:
            resolve_step(state, out)
            continue
        if state.stack:
            state.phase = REACT
            state.to_act = state.asked
            return
        battle = state.battle
        if battle is not None:
            if battle.request >= 0:
                state.phase = ANSWER
                state.to_act = state.ctrl[battle.request]
            elif candidates(state, battle):
                state.phase = ALLIES
                state.to_act = asker(battle)
            else:
                state.phase = FACE_DOWN
                state.to_act = battle.announcer
            return
        continue_turn(state, out)
        return
