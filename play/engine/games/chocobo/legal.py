"""The legal actions of Chocobo Party Up!, phase by phase: what the player to act may
choose now (the turn's phases and applying actions are in :mod:`.rules`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core import Action
from . import friends as fr
from . import movement as mv
from .rules import MAX_LENGTH
from .state import (
    CALL,
    DISCARD,
    FRIEND,
    GOLEM_PHASE,
    KICK,
    MOVE,
    NOWHERE,
    OVER,
    OVERFLOW,
    SETUP,
    TIFON_PHASE,
    ChocoboState,
)


def legal_actions(state: ChocoboState) -> list[Action]:
    """The actions of ``state.to_act`` in a deterministic order; none once over.

    The "do nothing" action of a phase (``no_card``, ``end_move``, ``end_kick``,
    ``no_call``) comes first, then the choices in the order each phase documents.
    """
    seat = state.to_act
    if seat is None or state.step >= MAX_LENGTH:
        return []
    return _LEGAL[state.phase](state, seat)


def _legal_setup(state: ChocoboState, seat: int) -> list[Action]:
    if NOWHERE not in state.smalls[seat]:
        return []
    table = state.tables[seat]
    if state.smalls[seat][0] != NOWHERE:  # 2 players: one is on the star already
        return list(table.place_one)
    return list(table.place)


def _legal_friend(state: ChocoboState, seat: int) -> list[Action]:
    out = [state.tables[seat].no_card]
    fr.friend_actions(state, seat, out)
    return out


def _legal_tifon(state: ChocoboState, seat: int) -> list[Action]:
    relocate = state.tables[seat].row("relocate", 0)
    return [relocate[t] for t in fr.tifon_targets(state, seat, state.tifon_from)]


def _legal_golem(state: ChocoboState, seat: int) -> list[Action]:
    out: list[Action] = []
    fr.golem_actions(state, seat, out)
    return out


def _legal_kick(state: ChocoboState, seat: int) -> list[Action]:
    out = [] if mv.must_kick(state) else [state.tables[seat].end_kick]
    mv.kick_actions(state, seat, out)
    return out


def _legal_overflow(state: ChocoboState, seat: int) -> list[Action]:
    out: list[Action] = []
    mv.overflow_actions(state, seat, out)
    return out


def _legal_call(state: ChocoboState, seat: int) -> list[Action]:
    table = state.tables[seat]
    out = [table.no_call]
    out += map(table.call.__getitem__, mv.call_spaces(state, seat))
    return out


def _legal_discard(state: ChocoboState, seat: int) -> list[Action]:
    discard = state.tables[seat].discard
    return [discard[k] for k in fr.kinds_in_hand(state.hands[seat])]


def _legal_over(state: ChocoboState, seat: int) -> list[Action]:
    return []


_LEGAL: Final[dict[str, Callable[[ChocoboState, int], list[Action]]]] = {
    SETUP: _legal_setup,
    FRIEND: _legal_friend,
    TIFON_PHASE: _legal_tifon,
    GOLEM_PHASE: _legal_golem,
    MOVE: mv.legal_moves,
    KICK: _legal_kick,
    OVERFLOW: _legal_overflow,
    CALL: _legal_call,
    DISCARD: _legal_discard,
    OVER: _legal_over,
}
