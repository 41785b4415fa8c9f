"""Readable labels of Raise's actions: "Play Cloud 3 face down", "Play Bell 4 (value 8)",
"Pass"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core import Action
from ...core.wording import Wording, label_each, word_action
from .cards import card_dict
from .state import RaiseState

WORDINGS: Final[dict[str, Wording]] = {
    "pass": "Pass", "bid": "Play {0:card} face down", "play": "Play {0:card} (value {0:value})",
}  # fmt: skip


def labels(state: RaiseState, actions: Sequence[Action]) -> list[str]:
    """The label of each action (its card named from its player's own hand), or the terse
    ``str(action)`` for one the wordings do not cover."""
    return label_each(actions, lambda player: _hand(state, player), action_label)


def _hand(state: RaiseState, player: int) -> dict[int, dict[str, Any]]:
    """The player's cards by id, with name and this round's value (as its view shows)."""
    if not 0 <= player < state.players:
        return {}
    return {
        card: {"name": card_dict(card)["name"], "value": state.values[card]}
        for card in state.hands[player]
    }


def action_label(action: Mapping[str, Any], hand: Mapping[int, Mapping[str, Any]]) -> str:
    """By WORDINGS, a card read from ``hand`` (by id: its name and value); "" for a card
    not in the hand."""
    return word_action(
        action,
        WORDINGS,
        card=lambda card: str(hand[card]["name"]),
        value=lambda card: str(hand[card]["value"]),
    )
