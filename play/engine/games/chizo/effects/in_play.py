"""Effects on one tile in play: capture, remove, score, take control, return to hand.

Keys: ``capture_target``, ``remove_target``, ``score_points``, ``take_control``,
``return_to_hand`` (docs/chizo-tiles.md, "The effect vocabulary").
"""

from __future__ import annotations

from ..events import Events, emit
from ..filters import MODIFIER_BIT
from ..state import ChizoState, Frame
from ..targets import in_play
from ..zones import capture, protected, remove_from_play, return_to_hand, sweep
from .base import Effect, Targeted, fizzle, params, pop, score


class CaptureTarget(Targeted):
    """Capture one matching tile in play (Toasted: "steals the Rooster")."""

    key = "capture_target"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """The target goes to your Point Pile, unless protected."""
        if not capture(state, [uid], frame.player, out) and out is not None:
            emit(out, "protected", tile=uid, name=state.name(uid))


class RemoveTarget(Targeted):
    """Remove one matching tile from play; then score ``score`` points if it left.

    A ``modifier`` target is detached and discarded. A protected creature stays, and
    then nothing is scored (the effect did not remove anything).
    """

    key = "remove_target"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Remove, sweep STR 0 (an aura may have left), then score."""
        is_modifier = bool(state.cat.bits[state.kind[uid]] & MODIFIER_BIT)
        if not is_modifier and protected(state, uid):
            if out is not None:
                emit(out, "protected", tile=uid, name=state.name(uid))
            return
        remove_from_play(state, uid, out)
        sweep(state, out)
        points = params(state, frame).get("score", 0)
        if points > 0:
            score(state, frame.player, points, frame.source, out)


class ScorePoints(Effect):
    """Score ``points``; with a ``target``, a matching tile must be in play (untouched)."""

    key = "score_points"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Golden Egg: "Choose a Rooster in play. Score 2 points." """
        p = params(state, frame)
        if "target" in p and not in_play(state, p["target"], frame.player, frame.source):
            fizzle(state, frame, out)
            return
        pop(state, frame)
        score(state, frame.player, p["points"], frame.source, out)


class TakeControl(Targeted):
    """You control the target from now on (it turns to face you); owner unchanged."""

    key = "take_control"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Change the controller."""
        state.ctrl[uid] = frame.player
        if out is not None:
            emit(out, "control", tile=uid, name=state.name(uid), player=frame.player)
        sweep(state, out)  # auras that depend on the controller change


class ReturnToHand(Targeted):
    """Return the target to its owner's hand; its attached tile is removed from play."""

    key = "return_to_hand"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Back to the owner's hand."""
        return_to_hand(state, uid, out)
        sweep(state, out)
