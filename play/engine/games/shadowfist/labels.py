"""Readable labels of Shadowfist's actions: "Generate Power", "Play Teahouse Brawler at
column 1", "Attack a face-down site".

Cards are named from the acting player's own view: a face-down site of another seat
reads "a face-down site", so a label names nothing that player cannot see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from ...core import Action
from ...core.wording import Wording, label_each, names_by_id, word_action
from .card_types import SITE_TYPES
from .state import ShadowfistState
from .view import view

WORDINGS: Final[dict[str, Wording]] = {
    "power": ("Generate Power, discard {0:card}", "Generate Power"),
    "skip_power": "Skip Power and discard", "keep": "Keep the rest",
    "add_all": "Add every character to the attack", "go": "Start the attack", "pass": "Pass",
    "end_turn": "End turn", "join": ("Join the attack with {0:card}", "Join the attack"),
    "seize": "Seize the site", "smoke_site": "Smoke the site",
    "burn_victory": "Burn the site for victory", "burn_power": "Burn the site for Power",
    "move": "Move {0:card} to column {1:column}", "intercept": "Intercept {1:card} with {0:card}",
    "discard": "Discard {0:card}", "heal": "Heal {0:card}", "attack": "Attack {0:card}",
    "add": "Add to the attack: {0:card}", "strike": "Strike {0:card}",
}  # fmt: skip


def labels(state: ShadowfistState, actions: Sequence[Action]) -> list[str]:
    """The label of each action (of one player, to act), or the terse ``str(action)``
    for one WORDINGS lacks."""
    return label_each(actions, lambda player: _seen(view(state, player, [])), action_label)


def card_name(card: Any, names: Mapping[int, str]) -> str:
    """A card id by name ("a face-down site" when the view does not name it)."""
    return names.get(card, "a face-down site") if isinstance(card, int) else str(card)


class Seen(NamedTuple):
    """What the acting player sees, read once for all their labels: their view, the
    names of the cards in it and their hand by id."""

    view: Mapping[str, Any]
    names: dict[int, str]
    hand: dict[int, Mapping[str, Any]]


def _seen(seen: Mapping[str, Any]) -> Seen:
    return Seen(seen, names_by_id(seen), {card["id"]: card for card in seen["hand"]})


def action_label(action: Mapping[str, Any], context: Seen) -> str:
    """By WORDINGS, but for the kinds worded from the hand or the state (``context``: what
    the acting player sees); "" for a kind without a wording."""
    seen, names, hand = context
    kind, args = action["kind"], action["args"]
    if kind == "play":
        return _play_label(args, names, hand, seen)
    if kind == "ability":
        on = f" on {', '.join(card_name(t, names) for t in args[1:])}" if len(args) > 1 else ""
        return f"Use {card_name(args[0], names)}{on}"
    if kind == "choose":
        return _choose_label(args[0], names, seen)
    return word_action(
        action,
        WORDINGS,
        card=lambda card: card_name(card, names),
        column=lambda index: str(index + 1),
    )


def _play_label(
    args: list[Any],
    names: Mapping[int, str],
    hand: Mapping[int, Mapping[str, Any]],
    seen: Mapping[str, Any],
) -> str:
    card = hand.get(args[0], {})
    name, kind = card_name(args[0], names), card.get("type", "")
    if kind == "Character" and len(args) > 1:
        return f"Play {name} at column {args[1] + 1}"
    if kind in SITE_TYPES and len(args) > 1:
        columns = len(seen["seats"][seen["player"]]["sites"])
        return f"Play {name} in a new column" if args[1] >= columns else (
            f"Play {name} behind column {args[1] + 1}"
        )  # fmt: skip
    if len(args) > 1:
        return f"Play {name} on {', '.join(card_name(t, names) for t in args[1:])}"
    return f"Play {name}"


def _choose_label(option: Any, names: Mapping[int, str], seen: Mapping[str, Any]) -> str:
    choice = seen.get("choice") or {}
    if choice.get("kind") in ("discard", "recycle"):
        return f"Choose {card_name(option, names)}"
    return f"Choose column {option + 1}" if isinstance(option, int) else f"Choose {option}"
