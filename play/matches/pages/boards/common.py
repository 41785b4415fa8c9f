"""What every board shares: the input a board is drawn from, buttons for the legal actions
(worded by the engine: ``Game.labels``) grouped under headings, seat names and colours,
the score table's rows, the turn line, the SVG image around a drawn board, and a readable
event log."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from play.engine.core import get_game
from play.engine.core.wording import counted, names_by_id
from play.matches.setups import HUMAN

SEAT_COLOURS = ("#2454c5", "#b3261e", "#1e7a3c", "#8a5a00", "#6b3fa0", "#00727a")
SEAT_FILLS = ("#dbe5fb", "#f8dcd9", "#d5efdd", "#f3e3c2", "#e6dbf3", "#cdeef0")


@dataclass(frozen=True)
class BoardInput:
    """A board is drawn from the match view (play.matches.selectors.match_view), the match's
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


def seat_class(seat: int) -> str:
    """The class that gives an element the seat's colour (play/static/play/board.css), so
    the pages need no style attribute for it (the Content-Security-Policy)."""
    return f"seat-{seat % len(SEAT_COLOURS)}"


def seat_fill(seat: int) -> str:
    """A light shade of the seat's colour: the face of its tiles and territories."""
    return SEAT_FILLS[seat % len(SEAT_FILLS)]


def seat_name(seat: int, viewer: int, seats: list[dict[str, Any]]) -> str:
    """ "You", "Seat 2 (greedy)" or, in hotseat games, "Seat 2". A bot is never "You",
    though an all-bot match is shown from its first seat."""
    player = seats[seat]["player"] if 0 <= seat < len(seats) else HUMAN
    if seat == viewer and player == HUMAN:
        return "You"
    return f"Seat {seat + 1}" if player == HUMAN else f"Seat {seat + 1} ({player})"


def player_name(view: Mapping[str, Any], seat: int) -> str:
    """The seat's name as the viewer of the match view sees it (``seat_name``)."""
    return seat_name(seat, view["viewer"], view["seats"])


def seat_rows(
    inp: BoardInput, scores: Sequence[Any], **columns: Sequence[Any]
) -> list[dict[str, Any]]:
    """Per seat: its number, name, colour and score, for the score table, and the game's
    further ``columns`` (a value per seat each, e.g. ``hand_size=state["hand_sizes"]``)."""
    view = inp.view
    return [
        {
            "seat": seat,
            "name": player_name(view, seat),
            "colour_class": seat_class(seat),
            "score": score,
            "to_act": seat == view["to_act"],
            **{column: values[seat] for column, values in columns.items()},
        }
        for seat, score in enumerate(scores)
    ]


def turn_text(view: Mapping[str, Any], doing: str) -> str:
    """The line above a board: "Turn 3: You, Main shot" (``doing``: what the seat whose
    turn it is does now)."""
    state = view["state"]
    return f"Turn {state['turn']}: {player_name(view, state['active'])}, {doing}"


def svg_image(
    css_class: str,
    width: float,
    height: float,
    parts: Iterable[str],
    label: str,
    title: str | None = None,
) -> SafeString:
    """A drawn board as one SVG image: ``width`` by ``height`` units, ``label`` its
    accessible name and ``title`` (the label when not given) its tooltip. ``parts`` is
    SVG markup in which every text has been escaped already."""
    shown = label if title is None else title
    return mark_safe(  # the label and title are escaped here, the parts by the caller
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(css_class)}" role="img" '
        f'viewBox="0 0 {width} {height}" aria-label="{escape(label)}">'
        f"<title>{escape(shown)}</title>{''.join(parts)}</svg>"
    )


# -- action buttons --------------------------------------------------------------------


def make_buttons(inp: BoardInput) -> list[Button]:
    """A button per legal action, labelled by the engine (``Game.labels``, carried in the
    match view's ``legal_actions``). Actions of one kind with the same label get one
    button: the player cannot tell them apart (two copies of a card in hand), so two
    buttons would only ask a question that has no answer. The suggested one is kept."""
    buttons: dict[tuple[str, str], Button] = {}
    for legal in inp.view["legal_actions"]:
        button = Button(
            id=legal["id"],
            label=legal["label"],
            kind=legal["action"]["kind"],
            suggested=legal["id"] == inp.suggested,
        )
        key = (button.kind, button.label)
        if key not in buttons or button.suggested:
            buttons[key] = button  # a replaced button keeps its place in the order
    return list(buttons.values())


def group_by_kind(
    buttons: Iterable[Button], titles: Mapping[str, str], default: str = "Actions"
) -> list[Group]:
    """Groups in order of first appearance, titled by kind (kinds not listed: ``default``)."""
    groups: dict[str, list[Button]] = {}
    for button in buttons:
        groups.setdefault(titles.get(button.kind, default), []).append(button)
    return [Group(title, tuple(items)) for title, items in groups.items()]


def event_lines(view: Mapping[str, Any], limit: int = 40) -> list[dict[str, Any]]:
    """The recent steps' events, newest first, as readable lines (at most ``limit``),
    worded by the engine (``Game.event_text``) with the seats named for the viewer ("you",
    "Seat 2 (greedy)") and the cards or tiles by the names the viewer's view gives them
    (``Game.view_names``)."""
    game = get_game(view["game"])
    names = game.view_names(view["state"])

    def seat(index: int) -> str:
        name = player_name(view, index)
        return "you" if name == "You" else name

    lines: list[dict[str, Any]] = []
    for step in reversed(view["events"]):
        who = player_name(view, step["player"])
        texts = [game.event_text(event, names, seat) for event in step["events"]]
        lines.append({"seq": step["seq"], "who": who, "bot": step["by_bot"], "text": texts})
        if len(lines) >= limit:
            break
    return lines


__all__ = [
    "BoardInput", "Button", "Group", "counted", "event_lines", "group_by_kind",
    "make_buttons", "names_by_id", "player_name", "seat_class", "seat_colour", "seat_fill",
    "seat_name", "seat_rows", "svg_image", "turn_text",
]  # fmt: skip
