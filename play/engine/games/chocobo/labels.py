"""Readable labels of Chocobo Party Up!'s actions: "Move chocobo from b02 to b12", "Call a
companion at b22". Every argument is public (spaces, seats, the card played from the own
hand), so an action words itself without the state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core import Action
from ...core.wording import Wording, counted, word_action
from .state import ChocoboState

CARD_NAMES: Final = {"Tifon": "Tifón", "Golem": "Gólem"}
PIECE_WORDS: Final = {"one": "chocobo", "pair": "both chocobos", "big": "big chocobo"}


def labels(state: ChocoboState, actions: Sequence[Action]) -> list[str]:
    """The label of each action, or the terse ``str(action)`` for one WORDINGS lacks."""
    return [action_label(action.to_dict()) or str(action) for action in actions]


def card_name(kind: Any) -> str:
    """A friend card's name as printed: "Tifón" for "Tifon"."""
    return CARD_NAMES.get(str(kind), str(kind))


def action_label(action: Mapping[str, Any]) -> str:
    """By WORDINGS; "" for a kind without one."""
    return word_action(action, WORDINGS, card=card_name)


def _place_label(args: list[Any]) -> str:
    return "Place your chocobos on " + " and ".join(str(a) for a in args)


def _move_label(args: list[Any]) -> str:
    piece, start, end, followers = args
    follow = f", {counted(followers, 'companion')} following" if followers else ""
    return f"Move {PIECE_WORDS.get(piece, piece)} from {start} to {end}{follow}"


def _golem_label(args: list[Any]) -> str:
    if args[0] == "companion":
        return f"Gólem: move a companion to {args[1]}"
    return f"Gólem: move Seat {args[1] + 1}'s chocobo to {args[2]}"


def _play_label(args: list[Any]) -> str:
    card, rest = card_name(args[0]), args[1:]
    if args[0] == "Croma" and len(rest) == 2:
        return f"Play Croma: move a companion from {rest[0]} to {rest[1]}"
    if args[0] == "Moguri" and rest:
        return f"Play Moguri: a trail token on {rest[0]}"
    if args[0] == "Tifon" and len(rest) == 2:
        return f"Play Tifón on Seat {rest[0] + 1}'s chocobo on {rest[1]}"
    if args[0] == "Golem" and rest:
        return f"Play Gólem on {rest[0]}"
    return f"Play {card}" + (f" ({', '.join(str(r) for r in rest)})" if rest else "")


WORDINGS: Final[dict[str, Wording]] = {
    "no_card": "Play no card", "end_move": "Stop moving", "end_kick": "Kick no more",
    "no_call": "Call no companion", "place": _place_label, "move": _move_label,
    "play": _play_label, "relocate": "Send the chocobo to {0:card}",
    "call": "Call a companion at {0:card}", "discard": "Discard {0:card}",
    "kick": "Kick {0:seat}'s chocobo to {1}", "overflow": "Move a companion from {0} to {1}",
    "call_big": "Call the big chocobo to {2} (discard {0:card}, {1:card})",
    "golem_move": _golem_label,
}  # fmt: skip
