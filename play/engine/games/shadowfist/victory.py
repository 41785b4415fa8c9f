"""Victory: control and/or burn six feng shui sites (five with more than two players).

Rules summary, "Objective": "Control and/or burn six feng shui sites in a two-player
game, or five feng shui sites in a game of more than two players. You must either seize
or "burn for victory" your final feng shui site." So victory is checked only when a
player seizes or burns a feng shui site for victory: reaching the count by playing a
site from hand does not win, nor does seizing a regular site (docs/shadowfist.md).
"""

from __future__ import annotations

from ...core import Event
from .damage import Events
from .sites import feng_shui_count
from .state import OVER, ShadowfistState


def goal(state: ShadowfistState) -> int:
    """Feng shui sites needed: 6 with two players, 5 with more."""
    return 6 if state.players == 2 else 5


def victory_count(state: ShadowfistState, seat: int) -> int:
    """Feng shui sites the seat controls plus those in its burned-for-victory pile."""
    return feng_shui_count(state, seat) + len(state.burned[seat])


def check_victory(state: ShadowfistState, seat: int, out: Events) -> None:
    """After a seize or a burn for victory: the seat wins if it has reached the goal."""
    if victory_count(state, seat) >= goal(state):
        state.winner = seat
        state.phase = OVER
        state.to_act = None
        if out is not None:
            out.append(Event("victory", {"player": seat, "sites": victory_count(state, seat)}))
