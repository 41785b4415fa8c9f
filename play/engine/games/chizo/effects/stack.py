"""Effects on the Action Stack and the Battle: ``cancel_tile``, ``end_battle``,
``dismiss_ally``.
"""

from __future__ import annotations

from ..catalog import BATTLE_STACK
from ..events import Events, emit
from ..state import BATTLE_TILE, ChizoState, Frame
from ..targets import in_play
from .base import Effect, Targeted, fizzle, params, pop


class CancelTile(Effect):
    """Bad Omen: the tile directly beneath does not resolve and is discarded.

    "It can't cancel the face-down tile that started a Battle": then it fizzles.
    """

    key = "cancel_tile"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Discard the entry beneath, unresolved."""
        if not state.stack or state.stack[-1].mode == BATTLE_TILE:
            fizzle(state, frame, out, why="nothing it can cancel")
            return
        pop(state, frame)
        entry = state.stack.pop()
        state.discards[state.owner[entry.uid]].append(entry.uid)
        face_up = entry.mode not in (BATTLE_TILE,) and entry.source < 0
        emit(
            out,
            "cancelled",
            tile=entry.uid if face_up else None,
            name=state.name(entry.uid) if face_up else None,
            player=entry.player,
        )


class EndBattle(Effect):
    """Feather Flurry: "the Battle is over with no result"; the rest of the Battle
    Action Stack is discarded without resolving ("These BATTLES are over and the rest of
    the Tiles are discarded.")."""

    key = "end_battle"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """End the Battle if it is one and the target (if any) exists."""
        p = params(state, frame)
        if state.battle is None or state.stack_kind != BATTLE_STACK:
            fizzle(state, frame, out, why="not a Battle")
            return
        if "target" in p and not in_play(state, p["target"], frame.player, frame.source):
            fizzle(state, frame, out)
            return
        pop(state, frame)
        for entry in state.stack:
            state.discards[state.owner[entry.uid]].append(entry.uid)
        if out is not None:
            emit(out, "battle_ended", tiles_discarded=len(state.stack))
        state.stack.clear()
        state.battle = None


class DismissAlly(Targeted):
    """Cold Shoulder: the chosen Ally is no longer involved in the Battle."""

    key = "dismiss_ally"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Take the Ally out of the Battle: not captured, values not added."""
        if state.battle is not None:
            state.battle.dismissed.append(uid)
            if out is not None:
                emit(out, "ally_dismissed", tile=uid, name=state.name(uid))
