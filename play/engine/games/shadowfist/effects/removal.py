"""Effects that move, turn or take characters, and that cancel events.

Starter doc, "The vocabulary": ``smoke_target``, ``toast_target`` and ``return_to_hand``
send the target to its owner's smoked pile, discard pile or hand ("States attached to it
go to their owners' smoked piles"); ``take_control`` makes you its controller for good
("its owner does not change. It moves to a location of yours that you choose and keeps
its damage, turned state and states"); ``turn_target`` and ``unturn`` turn and unturn
("An attacker stays in its attack"); ``cancel_event`` cancels an event waiting to
resolve ("Its costs stay paid").
"""

from __future__ import annotations

from ....core import Event
from ..damage import Events
from ..sites import locations
from ..state import HAND, SMOKED, ShadowfistState
from ..zones import leave_play, smoke, to_pile, toast
from .spec import EffectSpec


def smoke_target(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target goes to its owner's smoked pile."""
    for card in targets:
        smoke(state, card, out)


def toast_target(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target goes to its owner's discard pile, for good."""
    for card in targets:
        toast(state, card, out)


def return_to_hand(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target character goes to its owner's hand, without its damage."""
    for card in targets:
        leave_play(state, card, HAND, out)


def take_control(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """You control the target for good; you choose the location it moves to."""
    for char in targets:
        state.chars[state.ctrl[char]].remove(char)
        state.chars[seat].append(char)
        state.ctrl[char] = seat
        state.loc[char] = 0
        if out is not None:
            out.append(Event("control_taken", {"card": char, "player": seat}))
        if locations(state, seat) > 1:
            state.choice = ["place", seat, 1, source, char]


def turn_target(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Turn the target character (one already turned is not affected)."""
    for char in targets:
        state.turned[char] = True


def unturn(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """Unturn the target character; an attacker stays in its attack."""
    for char in targets:
        state.turned[char] = False


def cancel_event(
    state: ShadowfistState,
    seat: int,
    source: int,
    spec: EffectSpec,
    targets: list[int],
    out: Events,
) -> None:
    """The target event has no effect and goes to its owner's pile."""
    for card in targets:
        for index, item in enumerate(state.stack):
            if item[0] == card and not item[2]:
                del state.stack[index]
                to_pile(state, card, SMOKED)
                if out is not None:
                    out.append(Event("cancelled", {"card": card}))
                break
