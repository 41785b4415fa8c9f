"""Lay out a position: chosen pieces, cards and die, for tests, tutorials and puzzles.

A position is built from a new game, so everything stays accounted for: companions come
out of the supply, cards out of the pile, trail tokens go back to their supply. The
result is a state the rules could have reached, at the start of a phase of the active
player's turn::

    state = position(3, chocobos={0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
                     companions={"b22": 2}, face="footprints2", phase="move")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ...core import Action, IllegalAction
from .board import FACE_STEPS, FACES, KIND_INDEX, KIND_OF
from .game import GAME
from .state import CALL, FRIEND, MOVE, NOWHERE, ChocoboState

_PHASES: Final = {"friend": FRIEND, "move": MOVE, "call": CALL}


def position(
    players: int,
    chocobos: Mapping[int, Sequence[str]],
    *,
    big: Mapping[int, str] | None = None,
    companions: Mapping[str, int] | None = None,
    tokens: Sequence[str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    active: int = 0,
    face: str = "footprints2",
    phase: str = "move",
    seed: int = 1,
    sides: Sequence[str] | None = None,
) -> ChocoboState:
    """A game at ``phase`` ("friend", "move" or "call") of ``active``'s turn.

    ``chocobos`` gives each seat's two chocobo spaces (every seat must be given), ``big``
    the big chocobos on the board, ``companions`` the companions per space, ``tokens``
    the spaces keeping a trail token (default: all trail spaces, as at setup), ``hands``
    the friend cards by kind name ("Shirma"...), ``face`` the die face rolled this turn.
    """
    setup: dict[str, object] = {"players": players, "first_player": active}
    if sides is not None:
        setup["sides"] = list(sides)
    state = GAME.new_game(setup, seed)
    index = state.layout.index
    if set(chocobos) != set(range(players)):
        raise ValueError("give the two chocobo spaces of every seat")
    for seat, spaces in chocobos.items():
        state.smalls[seat] = sorted(index[s] for s in spaces)
    for seat, space in (big or {}).items():
        state.bigs[seat] = index[space]
    for space, n in (companions or {}).items():
        state.comp[index[space]] += n
        state.supply -= n
    if state.supply < 0:
        raise ValueError("more companions than the game has")
    if tokens is not None:
        kept = {index[s] for s in tokens}
        for s in state.layout.trail_spaces:
            if s not in kept and state.tokens[s]:
                state.tokens[s] = False
                state.token_supply += 1
    for seat, kinds in (hands or {}).items():
        give(state, seat, kinds)
    state.recount_all()
    state.active = active
    state.to_act = active
    state.turn = 1
    state.face = FACES.index(face)
    state.result = state.steps = FACE_STEPS[state.face]
    state.phase = _PHASES[phase]
    return state


def give(state: ChocoboState, seat: int, kinds: Sequence[str]) -> None:
    """Move cards of these kinds from the pile into the seat's hand."""
    hand = state.hands[seat]
    for name in kinds:
        kind = KIND_INDEX[name]
        card = next(c for c in reversed(state.pile) if KIND_OF[c] == kind)
        state.pile.remove(card)
        hand.append(card)
    hand.sort()


def stack_pile(state: ChocoboState, kinds: Sequence[str]) -> None:
    """Put cards of these kinds (taken from the pile) on its top, the first on top."""
    for name in reversed(kinds):
        kind = KIND_INDEX[name]
        card = next(c for c in state.pile if KIND_OF[c] == kind)
        state.pile.remove(card)
        state.pile.append(card)


def where(state: ChocoboState, seat: int) -> list[str]:
    """The seat's two chocobos' spaces, by name, sorted."""
    names = state.layout.names
    return sorted(names[s] for s in state.smalls[seat] if s != NOWHERE)


def companions_at(state: ChocoboState) -> dict[str, int]:
    """Companions per space, by name (spaces with none left out)."""
    names = state.layout.names
    return {names[s]: n for s, n in enumerate(state.comp) if n}


def act(state: ChocoboState, kind: str, *args: int | str) -> Action:
    """The action ``kind`` with ``args`` of the player to act (``None`` if nobody is)."""
    return Action(kind, -1 if state.to_act is None else state.to_act, tuple(args))


def refusal(state: ChocoboState, kind: str, *args: int | str) -> tuple[str, str]:
    """The code and reason with which the player to act is refused ``kind`` ``args``."""
    try:
        GAME.verify(state, act(state, kind, *args))
    except IllegalAction as refused:
        return refused.code, refused.reason
    raise AssertionError(f"{kind} {args} was accepted")
