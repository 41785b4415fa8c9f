"""Choices made while an effect resolves: discards forced on you, the card a recycle
returns, the location a character you took control of moves to.

``state.choice`` is ``[kind, player, count, source, card]``; the player answers with
``choose (option)`` until ``count`` choices are made.
"""

from __future__ import annotations

from ...core import Action
from .actions import make
from .damage import Events
from .effects.economy import recycle_options, return_from_smoked
from .sites import locations
from .state import ShadowfistState
from .zones import discard_from_hand


def choice_options(state: ShadowfistState) -> list[int]:
    """The options of the pending choice."""
    assert state.choice is not None
    kind, seat, _, source, _ = state.choice
    if kind == "discard":
        return sorted(state.hands[seat])
    if kind == "recycle":
        spec = state.defs[state.kind[source]].effect
        assert spec is not None
        return recycle_options(state, seat, spec)
    return list(range(locations(state, seat)))


def choice_actions(state: ShadowfistState, seat: int) -> list[Action]:
    """``choose (option)`` for each option."""
    return [make("choose", seat, (option,)) for option in choice_options(state)]


def choose(state: ShadowfistState, action: Action, out: Events) -> None:
    """Apply one answer to the pending choice."""
    assert state.choice is not None
    option: int = action.args[0]  # type: ignore[assignment]  # an int: from legal_actions
    kind, seat, count, _, card = state.choice
    if kind == "discard":
        discard_from_hand(state, seat, option, out)
    elif kind == "recycle":
        return_from_smoked(state, seat, option, out)
    else:
        state.loc[card] = option
    count -= 1
    if count <= 0 or (kind == "discard" and not state.hands[seat]):
        state.choice = None
    else:
        state.choice[2] = count


def auto_choose(state: ShadowfistState, out: Events) -> None:
    """The goldfish dummy answers a choice with its first option."""
    assert state.choice is not None
    options = choice_options(state)
    if not options:
        state.choice = None
        return
    choose(state, make("choose", state.choice[1], (options[0],)), out)
