"""What every board shares: the input a board is drawn from, buttons for the legal actions
grouped under headings, seat names and colours, and a readable event log."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from play.setups import HUMAN

SEAT_COLOURS = ("#2454c5", "#b3261e", "#1e7a3c", "#8a5a00", "#6b3fa0", "#00727a")
SEAT_FILLS = ("#dbe5fb", "#f8dcd9", "#d5efdd", "#f3e3c2", "#e6dbf3", "#cdeef0")


@dataclass(frozen=True)
class BoardInput:
    """A board is drawn from the match view (play.selectors.match_view), the match's
    engine setup (catalogue rows of the decks), the player's selection on the board (a
    query parameter) and the suggested action id, if suggestions are on."""

    view: Mapping[str, Any]
    setup: Mapping[str, Any] = field(default_factory=dict)
    selected: str | None = None
    suggested: int | None = None


@dataclass(frozen=True)
class Button:
    """One legal action as a submit button: its id, a readable label, its kind."""

    id: int
    label: str
    kind: str
    suggested: bool = False


@dataclass(frozen=True)
class Group:
    """Buttons under a heading; a folded group is shown closed (a <details>)."""

    title: str
    buttons: tuple[Button, ...]
    folded: bool = False


def seat_colour(seat: int) -> str:
    """The seat's colour: outlines, stones, dots."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_fill(seat: int) -> str:
    """A light shade of the seat's colour: the face of its tiles and territories."""
    return SEAT_FILLS[seat % len(SEAT_FILLS)]


def seat_name(seat: int, viewer: int, seats: list[dict[str, Any]]) -> str:
    """ "You", "Seat 2 (greedy)" or, in hotseat games, "Seat 2"."""
    if seat == viewer:
        return "You"
    player = seats[seat]["player"] if 0 <= seat < len(seats) else HUMAN
    return f"Seat {seat + 1}" if player == HUMAN else f"Seat {seat + 1} ({player})"


def seat_rows(inp: BoardInput, scores: list[Any]) -> list[dict[str, Any]]:
    """Per seat: its number, name, colour and score, for the score table."""
    view = inp.view
    return [
        {
            "seat": seat,
            "name": seat_name(seat, view["viewer"], view["seats"]),
            "colour": seat_colour(seat),
            "score": score,
            "to_act": seat == view["to_act"],
        }
        for seat, score in enumerate(scores)
    ]


def make_buttons(inp: BoardInput, label: Callable[[Mapping[str, Any]], str]) -> list[Button]:
    """A button per legal action, labelled by ``label(action dict)`` (or the engine's)."""
    found = []
    for legal in inp.view["legal_actions"]:
        action = legal["action"]
        found.append(
            Button(
                id=legal["id"],
                label=label(action) or legal["label"],
                kind=action["kind"],
                suggested=legal["id"] == inp.suggested,
            )
        )
    return found


def group_by_kind(
    buttons: Iterable[Button], titles: Mapping[str, str], default: str = "Actions"
) -> list[Group]:
    """Groups in order of first appearance, titled by kind (kinds not listed: ``default``)."""
    groups: dict[str, list[Button]] = {}
    for button in buttons:
        groups.setdefault(titles.get(button.kind, default), []).append(button)
    return [Group(title, tuple(items)) for title, items in groups.items()]


def names_by_id(data: Any, key: str = "id") -> dict[int, str]:
    """Every object with an int ``key`` and a ``name`` anywhere in ``data``, by that id."""
    found: dict[int, str] = {}
    _collect(data, key, found)
    return found


def _collect(data: Any, key: str, found: dict[int, str]) -> None:
    if isinstance(data, dict):
        ident, name = data.get(key), data.get("name")
        if isinstance(ident, int) and not isinstance(ident, bool) and isinstance(name, str):
            found.setdefault(ident, name)
        for value in data.values():
            _collect(value, key, found)
    elif isinstance(data, list):
        for value in data:
            _collect(value, key, found)


def event_lines(
    view: Mapping[str, Any], names: Mapping[int, str] | None = None, limit: int = 40
) -> list[dict[str, Any]]:
    """The recent steps' events, newest first, as readable lines (at most ``limit``);
    ``names``: what the ids of cards or tiles in the events are called."""
    lines: list[dict[str, Any]] = []
    for step in reversed(view["events"]):
        who = seat_name(step["player"], view["viewer"], view["seats"])
        texts = [event_text(event, names or {}) for event in step["events"]]
        lines.append({"seq": step["seq"], "who": who, "bot": step["by_bot"], "text": texts})
        if len(lines) >= limit:
            break
    return lines


ID_KEYS = ("card", "tile", "target", "attacker", "defender", "source", "host")
ID_LISTS = ("cards", "tiles")


def event_text(event: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """One event as words: "placed Rat at (1, 2)", "drew 2", "turn started (turn 3)".

    Instance ids (a tile's or card's uid) mean nothing to a reader: they are replaced by
    the names in ``names``, or left out when the event names the thing itself.
    """
    names = names or {}
    hidden = ("player", "args")  # raw action arguments: positions and ids, not words
    data = {k: v for k, v in event.get("data", {}).items() if v is not None and k not in hidden}
    head = str(event.get("kind", "")).replace("_", " ")
    name = data.pop("name", None) or data.pop("title", None)
    listed = data.pop("names", None)
    for key in ID_KEYS + ID_LISTS:
        if key in data:
            value = _named(data.pop(key), names)
            if value is not None and not (name and key in ID_KEYS) and not listed:
                data[key] = value
    if name is not None:
        head += f" {name}"
    if listed:
        head += " " + ", ".join(str(n) for n in listed)
    if "x" in data and "y" in data:
        head += f" at ({data.pop('x')}, {data.pop('y')})"
    if isinstance(data.get("count"), int):
        head += f" {data.pop('count')}"
    facts = ", ".join(f"{key.replace('_', ' ')} {_fact(value)}" for key, value in data.items())
    return f"{head} ({facts})" if facts else head


def _named(value: Any, names: Mapping[int, str]) -> Any:
    """An id, or a list of ids, by name; None when some id has no known name."""
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value)
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        found = [names.get(v) for v in value]
        return None if None in found else found
    return value if not isinstance(value, list) else None


def _fact(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_fact(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_fact(v)}" for k, v in value.items()) + "}"
    return "none" if value is None else str(value)
