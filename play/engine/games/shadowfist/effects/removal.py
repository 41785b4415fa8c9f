"""Effects that move, turn or take characters, and that cancel events.

docs/shadowfist-effects.md: ``smoke_target``, ``toast_target`` and ``return_to_hand``
send the target to its owner's smoked pile, discard pile or hand ("States attached to it
go to their owners' smoked piles"); ``take_control`` makes you its controller for good
("its owner does not change. It moves to a location of yours that you choose and keeps
its damage, turned state and states"; reading, docs/shadowfist.md: a character whose
control changes leaves the attack it is in, as attacker or interceptor); ``turn_target``
and ``unturn`` turn and unturn ("An attacker stays in its attack"); ``cancel_event``
cancels an event waiting to resolve ("Its costs stay paid").
"""

from __future__ import annotations

from ..sites import locations
from ..state import HAND, SMOKED
from ..zones import leave_play, smoke, to_pile, toast
from .resolution import Resolution


def smoke_target(effect: Resolution, card: int) -> None:
    """The target goes to its owner's smoked pile."""
    smoke(effect.state, card, effect.out)


def toast_target(effect: Resolution, card: int) -> None:
    """The target goes to its owner's discard pile, for good."""
    toast(effect.state, card, effect.out)


def return_to_hand(effect: Resolution, card: int) -> None:
    """The target character goes to its owner's hand, without its damage."""
    leave_play(effect.state, card, HAND, effect.out)


def take_control(effect: Resolution, char: int) -> None:
    """You control the target for good; you choose the location it moves to."""
    state, seat = effect.state, effect.seat
    state.chars[state.ctrl[char]].remove(char)
    state.chars[seat].append(char)
    state.ctrl[char] = seat
    state.loc[char] = 0
    if char in state.attackers:
        state.attackers.remove(char)
    state.blocks = [block for block in state.blocks if char not in block]
    effect.emit("control_taken", {"card": char, "player": seat})
    if locations(state, seat) > 1:
        state.choice = ["place", seat, 1, effect.source, char]


def turn_target(effect: Resolution, char: int) -> None:
    """Turn the target character (one already turned is not affected)."""
    effect.state.turned[char] = True


def unturn(effect: Resolution, char: int) -> None:
    """Unturn the target character; an attacker stays in its attack."""
    effect.state.turned[char] = False


def cancel_event(effect: Resolution, card: int) -> None:
    """The target event has no effect and goes to its owner's pile."""
    stack = effect.state.stack
    for index, item in enumerate(stack):
        if item[0] == card and not item[2]:
            del stack[index]
            to_pile(effect.state, card, SMOKED)
            effect.emit("cancelled", {"card": card})
            return
