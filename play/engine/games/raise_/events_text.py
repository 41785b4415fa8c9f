"""Raise's events as sentences for the log: "Seat 2 played Diamond 6 (value 18) to space
18", "Seat 3 won the round: a 14-point card and 9 cards".

A card is named by its id: Raise's deck is fixed, so an id shown in an event (a card
turned up, played or won) names a card everyone may know; a face-down card is never in an
event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.wording import EventWording, EventWords, counted, listed, word_event
from .cards import ALL_CARDS, card_dict


def _reveal_text(data: Mapping[str, Any], words: EventWords) -> str:
    play = "{player:seat} played {card:card} (value {value}) to space {space}"
    return "; ".join(words.fill(play, entry) for entry in data["plays"])


def _card_played_text(data: Mapping[str, Any], words: EventWords) -> str:
    text = words.fill(
        (
            "{player:seat} played {card:card} (value {value}) from space {from} to {to}",
            "{player:seat} played {card:card} (value {value}) to space {to}",
        ),
        data,
    )
    return text + (", taking the lead" if data.get("overtook") else "")


def _round_started_text(data: Mapping[str, Any], words: EventWords) -> str:
    rolled = listed(data["dice"])
    multiplied = ", ".join(f"{symbol} x{times}" for symbol, times in data["multipliers"].items())
    return (
        f"Round {data['round']}: {words.seat(data['roller'])} rolled {rolled}; the point card "
        f"is worth {data['point_card']}; multipliers {multiplied}"
    )


def _round_won_text(data: Mapping[str, Any], words: EventWords) -> str:
    cards = counted(len(data.get("cards") or []), "card")
    if data.get("point_card") is None:
        return f"{words.seat(data['player'])} won the round and {cards}"
    point = f"the {data['point_card']}-point card"
    return f"{words.seat(data['player'])} won the round: {point} and {cards}"


def _game_over_text(data: Mapping[str, Any], words: EventWords) -> str:
    winners = [words.seat(seat) for seat in data["winners"]]
    best = max(data["scores"]) if data["scores"] else 0
    verb = "wins" if len(winners) == 1 else "tie"
    return f"Game over, {data['reason']}: {listed(winners)} {verb} with {best} points"


WORDINGS: Final[dict[str, EventWording]] = {
    "card_chosen": "{player:seat} chose a card face down",
    "cards_revealed": _reveal_text,
    "card_played": _card_played_text,
    "passed": "{player:seat} passed",
    "refilled": "{player:seat} drew {count:cards} to refill",
    "round_started": _round_started_text,
    "round_won": _round_won_text,
    "game_over": _game_over_text,
}


def card_name(card: Any) -> str:
    """A card's name by its id, in the fixed deck ("Diamond 6")."""
    if not isinstance(card, int) or not 0 <= card < ALL_CARDS:
        raise LookupError(card)
    return str(card_dict(card)["name"])


def event_text(
    event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
) -> str:
    """By WORDINGS; "" for a kind without one. Cards are named by the deck, not by
    ``names`` (every id is a fixed card of the deck)."""
    words = EventWords(seat, card=card_name, cards=lambda count: counted(int(count), "card"))
    return word_event(event, WORDINGS, words)
