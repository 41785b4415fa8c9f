"""Effects on a creature's values and safety: ``modify_stats``, ``protect``, ``lend_stat``.

Temporary changes last until the end of the stack they resolved in (``stack``: a
Battle's result is computed inside that stack, so they count) or of the turn (``turn``).
"""

from __future__ import annotations

from ..catalog import Lend
from ..events import Events, emit
from ..state import DURATION_CODES, UNTIL_STACK, ChizoState, Frame, Temp
from ..targets import in_play
from ..zones import sweep
from .base import Targeted, fizzle, params


class ModifyStats(Targeted):
    """The target creature gets +/- STR and INT for the duration (War Drums, Firecracker)."""

    key = "modify_stats"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Add the temporary change; a STR dropping to 0 removes the creature."""
        p = params(state, frame)
        change = Temp(uid, p.get("str", 0), p.get("int", 0), DURATION_CODES[p["duration"]])
        state.temps.append(change)
        if out is not None:
            emit(out, "modified", tile=uid, name=state.name(uid), str=change.dstr, int=change.dint)
        sweep(state, out)


class Protect(Targeted):
    """For the duration the creature can't be captured, nor removed from play by effects."""

    key = "protect"

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """Note the protection."""
        until = DURATION_CODES[params(state, frame)["duration"]]
        state.protects.append((uid, until))
        if out is not None:
            emit(out, "protected", tile=uid, name=state.name(uid))


class LendStat(Targeted):
    """A Helpful creature's ability: a neighbour gets its printed amount until the stack ends.

    The frame's ``source`` is the lending creature; the face-down tile that paid for the
    ability is the resolving stack entry. It fizzles if the lender left play or is no
    longer controlled by the player who used it, or has no neighbouring creature.
    """

    key = "lend_stat"

    def lend(self, state: ChizoState, frame: Frame) -> Lend:
        """The source creature's ability."""
        ability = state.cat.lend[state.kind[frame.source]]
        assert ability is not None
        return ability

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Check the lender is still yours and in play, then choose the neighbour."""
        if frame.source not in state.pos or state.ctrl[frame.source] != frame.player:
            fizzle(state, frame, out, why="the lender is gone")
            return
        super().run(state, frame, out)

    def candidates(self, state: ChizoState, frame: Frame) -> list[int]:
        """Neighbours of the lender matching the ability's target."""
        found = in_play(state, self.lend(state, frame).target, frame.player, frame.source)
        return [u for u in found if u != frame.source]

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """+amount of the stat until the stack is finished."""
        ability = self.lend(state, frame)
        amount = ability.amount
        change = Temp(
            uid, amount if ability.stat == 0 else 0, amount if ability.stat else 0, UNTIL_STACK
        )
        state.temps.append(change)
        emit(
            out,
            "lent",
            tile=uid,
            name=state.name(uid),
            source=frame.source,
            str=change.dstr,
            int=change.dint,
        )
