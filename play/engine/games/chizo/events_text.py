"""ChiZo RISING's events as sentences for the log: "You placed Rat at (0, 1)", "Seat 2
captured Rabbit and Horse". Events name their tiles themselves (a drawn or face-down tile
is never in one); a tile an event shows only by its uid (a host, a replaced tile) is named
from the reader's view, or left out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core.wording import EventWording, EventWords, counted, listed, word_event
from .state import ATTACKER_SIDE

SIDE_WORDS: Final = {ATTACKER_SIDE: "the attacker"}


def _cell(cell: Any) -> str:
    x, y = cell
    return f"({x}, {y})"


def _placed_text(data: Mapping[str, Any], words: EventWords) -> str:
    text = words.fill(
        ("{player:seat} placed {name} at ({x}, {y})", "{player:seat} placed {name}"), data
    )
    return text + words.fill((", replacing {replaced:tile}", ""), data)


def _battle_result_text(data: Mapping[str, Any], words: EventWords) -> str:
    sides = words.fill(
        " (attacker {attacker[0]} STR {attacker[1]} INT, defender {defender[0]} STR "
        "{defender[1]} INT)",
        data,
    )
    if data.get("winner") is not None:
        side = SIDE_WORDS.get(data.get("side", -1), "the defender")
        return f"{words.seat(data['winner'])} won the battle as {side}{sides}"
    if data.get("why") == "draw":
        return f"The battle was a draw{sides}"
    return words.fill(("No battle: the tiles are {why}", "No battle"), data)


def _modified_text(data: Mapping[str, Any], words: EventWords) -> str:
    changes = [f"{data[key]:+d} {key.upper()}" for key in ("str", "int") if data.get(key)]
    return words.fill("{name} got ", data) + (" and ".join(changes) or "no change")


def _square_formed_text(data: Mapping[str, Any], words: EventWords) -> str:
    squares = counted(len(data.get("squares") or []), "square")
    return words.fill(("{tile:tile} formed ", "A tile formed "), data) + squares


def _game_over_text(data: Mapping[str, Any], words: EventWords) -> str:
    points = ", ".join(
        f"{words.seat(seat)}: {counted(p, 'point')}" for seat, p in enumerate(data["points"])
    )
    reason = {
        "points": "a player reached the points to win",
        "exhausted": "nobody could act any more",
        "turn_cap": "the last turn was played",
    }
    return f"Game over, {reason.get(data['reason'], data['reason'])} ({points})"


WORDINGS: Final[dict[str, EventWording]] = {
    "turn_started": "Turn {turn}: {player:whose} turn",
    "turn_ended": "{player:whose} turn {turn} ended",
    "turn_skipped": "{player:whose} turn was skipped",
    "drew": "{player:seat} drew {count:tiles}",
    "placed": _placed_text,
    "moved": ("{name} moved from {frm:cell} to {to:cell}", "{name} moved"),
    "square": (
        "{player:seat} formed {squares:squares} with {tiles:names}",
        "{player:seat} formed {squares:squares}",
    ),
    "square_formed": _square_formed_text,
    "captured": "{player:seat} captured {names:list}",
    "scored": "{player:seat} scored {name}",
    "scored_unshown": "{player:seat} scored {points:points} that no tile is left to show",
    "removed": "{name} was removed ({why})",
    "returned": "{name} returned to {player:whose} hand",
    "discarded": "{player:seat} discarded {name}",
    "recovered": "{player:seat} took {name} back from the discard pile",
    "searched": "{player:seat} searched and found nothing",
    "attached": ("{player:seat} attached {name} to {host:tile}", "{player:seat} attached {name}"),
    "modified": _modified_text,
    "lent": lambda data, words: _modified_text(data, words) + " until the stack is done",
    "cancelled": ("{player:whose} {name} was cancelled", "{player:whose} tile was cancelled"),
    "protected": "{name} was protected",
    "control": "{player:seat} took control of {name}",
    "extra_actions": "{player:seat} gets {count:extra_actions} this turn",
    "battle": "{player:seat} announced a battle: {attacker_name} against {defender_name}",
    "ally_asked": "{player:seat} was asked to ally {name}",
    "ally_refused": ("{player:seat} refused to ally {tile:tile}", "{player:seat} refused to ally"),
    "ally": ("{name} joined the battle on the side of {side:side}", "{name} joined the battle"),
    "ally_dismissed": "{name} left the battle",
    "face_down": "{player:seat} laid a battle tile face down",
    "lend": "{player:seat} lent {name} to the battle",
    "battle_result": _battle_result_text,
    "battle_ended": (
        "The battle ended ({tiles_discarded:tiles} discarded)",
        "The battle ended",
    ),
    "stack_started": "{player:seat} played {name}",
    "reacted": "{player:seat} reacted with {name}",
    "passed": "{player:seat} passed",
    "resolving": ("{player:whose} {name} resolves", "{name} resolves"),
    "no_effect": ("{tile:tile} had no effect", "A tile had no effect"),
    "fizzled": ("{name} fizzled ({why})", "{name} fizzled"),
    "stack_resolved": "The Action Stack resolved",
    "game_over": _game_over_text,
}


def event_text(
    event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
) -> str:
    """By WORDINGS; "" for a kind without one. ``names``: tiles by uid, as the reader's
    view shows them."""

    def tile(uid: Any) -> str:
        return names[uid]

    words = EventWords(
        seat,
        tile=tile,
        names=lambda uids: listed(tile(uid) for uid in uids),
        list=lambda items: listed(items),
        cell=_cell,
        side=lambda side: SIDE_WORDS.get(side, "the defender"),
        tiles=lambda count: counted(int(count), "tile"),
        extra_actions=lambda count: counted(int(count), "extra action"),
        squares=lambda count: counted(int(count), "square"),
        points=lambda count: counted(int(count), "point"),
    )
    return word_event(event, WORDINGS, words)
