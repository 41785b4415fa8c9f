"""Shadowfist's events as sentences for the log: "Seat 2 played Lead Rain on Rookie
Patrol Officer", "Sleeping Dragon Ridge took 1 damage". A card is named by the event's
own title, else from the reader's view (``names``); a card the reader may not see (a
face-down site of another seat, a card in another hand) reads "a card" or "a face-down
site"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.wording import EventWording, EventWords, counted, listed, word_event

FATE_WORDS: Final = {
    "seize": "{player:seat} seized {card:card}",
    "smoke_site": "{player:seat} smoked {card:card}",
    "burn_victory": "{player:seat} burned {card:card} for victory",
    "burn_power": "{player:seat} burned {card:card} for Power",
}
LEFT_WORDS: Final = {
    "smoked": "{card:card} was smoked",
    "toasted": "{card:card} was toasted",
    "burned": "{card:card} was burned",
    "hand": "{card:card} returned to its owner's hand",
}


def _played_text(data: Mapping[str, Any], words: EventWords) -> str:
    """An event or ability, with its targets."""
    verb = "used" if data.get("kind") == "ability" else "played"
    text = words.fill(
        (f"{{player:seat}} {verb} {{title}}", f"{{player:seat}} {verb} {{card:card}}"), data
    )
    on = " on {targets:seats}" if data.get("targeting") == "opponent" else " on {targets:cards}"
    return text + words.fill((on, ""), data)


def _site_fate_text(data: Mapping[str, Any], words: EventWords) -> str:
    fate = FATE_WORDS.get(str(data.get("fate")), "{player:seat} decided the fate of {card:card}")
    return words.fill(fate, data)


def _left_play_text(data: Mapping[str, Any], words: EventWords) -> str:
    return words.fill(LEFT_WORDS.get(str(data.get("to")), "{card:card} left play"), data)


WORDINGS: Final[dict[str, EventWording]] = {
    "turn_started": "Turn {turn}: {player:whose} turn",
    "turn_ended": "{player:whose} turn ended",
    "power_generated": "{player:seat} generated {amount} Power",
    "power_skipped": "{player:seat} skipped generating Power",
    "power_gained": "{player:seat} gained {amount} Power",
    "power_stolen": "{player:seat} took {amount} Power from {from:seat}",
    "drew": "{player:seat} drew {count:cards}",
    "discarded": "{player:seat} discarded {card:card}",
    "recycled": "{player:seat} took {card:card} back from the smoked pile",
    "card_played": (
        "{player:seat} played {title}",
        "{player:seat} played {card:site}",
    ),
    "event_played": lambda data, words: _played_text(data, words),
    "ability_used": lambda data, words: _played_text({**data, "kind": "ability"}, words),
    "resolved": "{card:card} resolved",
    "cancelled": "{card:card} was cancelled",
    "control_taken": "{player:seat} took control of {card:card}",
    "site_revealed": ("{title} was revealed", "{card:card} was revealed"),
    "attack_declared": "{player:seat} attacked {target:site}",
    "attacker": "{player:seat} attacked with {card:card}",
    "intercepted": "{player:seat} intercepted {attacker:card} with {card:card}",
    "damaged": "{card:card} took {amount} damage",
    "healed": "{card:card} healed {amount} damage",
    "left_play": _left_play_text,
    "attack_ended": lambda data, words: (
        "The attack hit its target" if data.get("hit") else "The attack ended without a hit"
    ),
    "site_fate": _site_fate_text,
    "victory": "{player:seat} won with {sites} Feng Shui Sites controlled or burned",
}


def event_text(
    event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
) -> str:
    """By WORDINGS; "" for a kind without one. ``names``: cards by id, as the reader's
    view shows them; a card not among them reads "a card"."""

    def card(ident: Any) -> str:
        return names.get(ident, "a card")

    words = EventWords(
        seat,
        card=card,
        cards=lambda value: (
            listed(card(c) for c in value)
            if isinstance(value, list)
            else counted(int(value), "card")
        ),
        seats=lambda seats: listed(seat(s) for s in seats),
        site=lambda ident: names.get(ident, "a face-down site"),
    )
    return word_event(event, WORDINGS, words)
