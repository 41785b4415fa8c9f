"""Chocobo Party Up!'s events as sentences for the log: "Seat 2 rolled 3 footprints",
"You moved both chocobos from TW0 to b02, 2 companions following". Every event is public:
spaces, seats and the friend cards played or discarded; a drawn card is never named."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.wording import EventWording, EventWords, counted, listed, word_event
from .labels import card_name

PIECE_WORDS: Final = {"one": "a chocobo", "pair": "both chocobos", "big": "the big chocobo"}


def _called_text(data: Mapping[str, Any], words: EventWords) -> str:
    text = words.fill("{player:seat} called a companion at {space}", data)
    return text + (" and took a trail token" if data.get("trail_token") else "")


def _rolled_text(data: Mapping[str, Any], words: EventWords) -> str:
    face = str(data["face"])
    shown = "the chocobo" if face == "chocobo" else f"{face.removeprefix('footprints')} footprints"
    return words.fill("{player:seat} rolled ", data) + f"{shown} ({data['result']} to move)"


def _moved_text(data: Mapping[str, Any], words: EventWords) -> str:
    piece = PIECE_WORDS.get(str(data["piece"]), str(data["piece"]))
    text = words.fill("{player:seat} moved ", data) + piece
    text += words.fill(" from {from} to {to}", data)
    if data.get("followers"):
        text += f", {counted(data['followers'], 'companion')} following"
    if data.get("steps_left"):
        text += f" ({counted(data['steps_left'], 'step')} left)"
    return text


def _movement_ended_text(data: Mapping[str, Any], words: EventWords) -> str:
    text = words.fill("{player:seat} ended the move", data)
    if data.get("reason") == "kick":
        text += " by kicking"
    if data.get("steps_left"):
        text += f" ({counted(data['steps_left'], 'step')} unused)"
    return text


WORDINGS: Final[dict[str, EventWording]] = {
    "turn_started": "Turn {turn}: {player:whose} turn",
    "rolled": _rolled_text,
    "placed": "{player:seat} placed the chocobos on {spaces:spaces}",
    "moved": _moved_text,
    "movement_ended": _movement_ended_text,
    "called": _called_text,
    "big_called": "{player:seat} called the big chocobo to {space} (discarding {discarded:cards})",
    "no_call": "{player:seat} called no companion",
    "card_drawn": "{player:seat} drew a friend card",
    "no_card_to_draw": "{player:seat} had no friend card left to draw",
    "card_played": (
        "{player:seat} played {card:card}: a companion moved from {from} to {to}",
        "{player:seat} played {card:card} on {target:whose} chocobo on {space}",
        "{player:seat} played {card:card}: the roll is now {result}",
        "{player:seat} played {card:card} on {space}",
        "{player:seat} played {card:card}",
    ),
    "no_card": "{player:seat} played no friend card",
    "discarded": "{player:seat} discarded {card:card}",
    "golem_moved": (
        "{player:seat} moved {seat:whose} chocobo from {from} to {to} (Gólem)",
        "{player:seat} moved a companion from {from} to {to} (Gólem)",
    ),
    "kicked": "{player:seat} kicked {seat:whose} chocobo from {from} to {to}",
    "overflowed": "{player:whose} companion overflowed from {from} to {to}",
    "sent_home": "{player:whose} chocobo was sent home from {from} to {to}",
    "reshuffled": (
        "The discards were shuffled into a new pile of {cards:cards}",
        "The discards were shuffled into a new pile",
    ),
    "won": "{player:seat} won with {companions:companions} home",
}


def event_text(
    event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
) -> str:
    """By WORDINGS; "" for a kind without one (``names`` are not needed: every card an
    event shows is named in it)."""
    words = EventWords(
        seat,
        card=card_name,
        cards=_cards,
        spaces=lambda spaces: listed(spaces),
        companions=lambda count: counted(int(count), "companion"),
    )
    return word_event(event, WORDINGS, words)


def _cards(cards: Any) -> str:
    """A list of cards by name, or a count of cards."""
    if isinstance(cards, list):
        return listed(card_name(card) for card in cards)
    return counted(int(cards), "card")
