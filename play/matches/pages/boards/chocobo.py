"""The Chocobo Party Up! board: the spaces as SVG (Springs, trail spaces with their
tokens, each seat's territory), chocobos, big chocobos and companions on them, the own
hand, companions at home; actions as buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString

from play.matches.pages.boards.common import (
    BoardInput,
    counted,
    group_by_kind,
    make_buttons,
    player_name,
    seat_colour,
    seat_fill,
    seat_rows,
    svg_image,
    turn_text,
)

CELL = 56
SIDE_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
KIND_FILL = {"plain": "#ffffff", "trail": "#efe3cf", "spring": "#d6ecf7"}
KIND_TITLES = {
    "place": "Place your chocobos", "no_card": "Friend card", "play": "Friend card",
    "call_big": "Friend card", "relocate": "Tifón", "golem_move": "Gólem", "move": "Move",
    "end_move": "Move", "kick": "Kick", "end_kick": "Kick", "overflow": "Too many on a space",
    "call": "Call a companion", "no_call": "Call a companion", "discard": "Discard",
}  # fmt: skip


def board(inp: BoardInput) -> dict[str, Any]:
    """The template context of the Chocobo board."""
    state = inp.view["state"]
    buttons = make_buttons(inp)
    return {
        "template": "play/boards/chocobo.html",
        "phase": phase_text(inp.view),
        "svg": board_svg(inp),
        "seats": seat_rows(inp, list(state["home"]), hand_size=state["hand_sizes"]),
        "hand": [card["name"] for card in state["hand"]],
        "discard": len(state["discard"]),
        "pile_size": state["pile_size"],
        "supply": state["supply"],
        "die": state.get("die"),
        "steps": state.get("steps"),
        "groups": group_by_kind(buttons, KIND_TITLES),
    }


def phase_text(view: Mapping[str, Any]) -> str:
    """ "Turn 2: You, move"."""
    return turn_text(view, str(view["state"]["phase"]).replace("_", " "))


def positions(spaces: list[Mapping[str, Any]]) -> dict[str, tuple[int, int]]:
    """Column and row of every space: b<row><col> on the grid, a territory space one step
    outside the grid space it is joined to."""
    found: dict[str, tuple[int, int]] = {}
    for space in spaces:
        name = space["id"]
        if name.startswith("b") and len(name) == 3 and name[1:].isdigit():
            found[name] = (int(name[2]) + 1, int(name[1]) + 1)
    for space in spaces:
        name = space["id"]
        if name in found or not name.startswith("T") or len(name) < 2:
            continue
        step = SIDE_STEP.get(name[1], (0, 0))
        inner = next((found[a] for a in space["adjacent"] if a in found), None)
        if inner is not None:
            found[name] = (inner[0] + step[0], inner[1] + step[1])
    return found


def board_svg(inp: BoardInput) -> SafeString:
    """The spaces with their pieces."""
    state = inp.view["state"]
    places = positions(state["spaces"]) or {"": (0, 0)}
    left = min(c for c, _ in places.values())
    top = min(r for _, r in places.values())
    places = {name: (c - left, r - top) for name, (c, r) in places.items()}
    cols = max(c for c, _ in places.values()) + 1
    rows = max(r for _, r in places.values()) + 1
    pieces = _pieces(state)
    parts = [
        _space_svg(space, places[space["id"]], pieces.get(space["id"], []), inp)
        for space in state["spaces"]
        if space["id"] in places
    ]
    return svg_image("chocobo-board", cols * CELL, rows * CELL, parts, "The board")


def _pieces(state: Mapping[str, Any]) -> dict[str, list[tuple[str, int]]]:
    """What stands on each space: ("chocobo" | "big", seat) and ("companions", count)."""
    found: dict[str, list[tuple[str, int]]] = {}
    for seat, spaces in enumerate(state["chocobos"]):
        for space in spaces:
            if space:
                found.setdefault(space, []).append(("chocobo", seat))
    for seat, space in enumerate(state["big_chocobos"]):
        if space:
            found.setdefault(space, []).append(("big", seat))
    for space, count in state["companions"].items():
        found.setdefault(space, []).append(("companions", count))
    return found


def _space_svg(
    space: Mapping[str, Any],
    place: tuple[int, int],
    pieces: list[tuple[str, int]],
    inp: BoardInput,
) -> str:
    x, y = place[0] * CELL, place[1] * CELL
    size = CELL - 4
    owner = space.get("owner")
    fill = seat_fill(owner) if owner is not None else KIND_FILL.get(space["kind"], "#fff")
    stroke = seat_colour(owner) if owner is not None else "#a9aeb8"
    token = space["id"] in inp.view["state"]["trail_tokens"]
    about = [space["id"], space["kind"]] + (["trail token"] if token else [])
    about += [_piece_words(p, inp) for p in pieces]
    parts = [
        f'<g class="space {space["kind"]}" data-space="{space["id"]}">'
        f"<title>{escape(', '.join(about))}</title>",
        f'<rect x="{x + 2}" y="{y + 2}" width="{size}" height="{size}" rx="5" fill="{fill}" '
        f'stroke="{stroke}"></rect>',
        f'<text x="{x + 5}" y="{y + 13}" font-size="9" fill="#5d6470">{escape(space["id"])}</text>',
    ]
    if token:
        parts.append(f'<circle cx="{x + size - 6}" cy="{y + 10}" r="4" fill="#8a5a00"></circle>')
    for index, piece in enumerate(pieces):
        parts.append(_piece_svg(piece, x + 12 + (index % 3) * 15, y + 28 + (index // 3) * 14))
    parts.append("</g>")
    return "".join(parts)


def _piece_svg(piece: tuple[str, int], cx: int, cy: int) -> str:
    kind, value = piece
    if kind == "companions":
        return (
            f'<rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" fill="#fff" '
            f'stroke="#1d1f24"></rect><text x="{cx}" y="{cy + 3.5}" text-anchor="middle" '
            f'font-size="9">{value}</text>'
        )
    radius = 8 if kind == "big" else 6
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{seat_colour(value)}"></circle>'
        f'<text x="{cx}" y="{cy + 3}" text-anchor="middle" font-size="8" fill="#fff">'
        f"{value + 1}</text>"
    )


def _piece_words(piece: tuple[str, int], inp: BoardInput) -> str:
    kind, value = piece
    if kind == "companions":
        return counted(value, "companion")
    return f"{player_name(inp.view, value)}: {'big chocobo' if kind == 'big' else 'chocobo'}"
