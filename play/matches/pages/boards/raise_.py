"""The Raise board: the track with every seat's stone (SVG), the dice and multipliers, the
point card and the winnings pile, the own hand with this round's values; actions as
buttons."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString

from play.matches.pages.boards.common import (
    BoardInput,
    group_by_kind,
    make_buttons,
    player_name,
    seat_colour,
    seat_rows,
    svg_image,
)

KIND_TITLES = {"bid": "Play a card face down", "play": "Move your stone", "pass": "Move your stone"}
PHASE_TEXT = {"bid": "everyone plays a card face down", "race": "the stone furthest back moves",
              "over": "game over"}  # fmt: skip
STEP, LEFT = 24, 20  # SVG units per track space, side margin


def board(inp: BoardInput) -> dict[str, Any]:
    """The template context of the Raise board."""
    state = inp.view["state"]
    buttons = make_buttons(inp)
    rows = seat_rows(
        inp,
        [pile["points"] for pile in state["piles"]],
        hand_size=state["hand_sizes"],
        draw_size=state["draw_sizes"],
        chosen=state["chosen"],
        point_cards=[pile["point_cards"] for pile in state["piles"]],
    )
    return {
        "template": "play/boards/raise.html",
        "phase": f"Round {state['round']}: {PHASE_TEXT.get(state['phase'], state['phase'])}",
        "track": track_svg(inp),
        "seats": rows,
        "hand": state["hand"],
        "face_down": state.get("face_down"),
        "dice": state["dice"],
        "multipliers": sorted(state["multipliers"].items()),
        "point_card": state["point_card"],
        "point_pile_size": state["point_pile_size"],
        "pot": [card["name"] for card in state["pot"]],
        "target": state.get("target"),
        "groups": group_by_kind(buttons, KIND_TITLES),
    }


def track_window(state: Mapping[str, Any]) -> tuple[int, int]:
    """The spaces drawn: from a little behind the last stone to past the first, so the
    stones stay big (the spaces behind every stone no longer matter)."""
    spaces = [s["space"] for s in state["stones"]]
    if state.get("target") is not None:
        spaces.append(state["target"])
    if not spaces:
        return 0, 20
    first = max(0, (min(spaces) - 2) // 5 * 5)
    return first, max(max(spaces) + 2, first + 20)


def track_svg(inp: BoardInput) -> SafeString:
    """The track around the stones; stones on one space are stacked upwards."""
    state = inp.view["state"]
    first, last = track_window(state)
    depth = max(Counter(s["space"] for s in state["stones"]).values(), default=1)
    base = 34 + 20 * depth  # room above the track for the highest stack

    def at(space: int) -> int:
        """The x of a space."""
        return LEFT + STEP * (space - first)

    width = at(last) + LEFT
    parts = [
        f'<line x1="{at(first)}" y1="{base}" x2="{at(last)}" y2="{base}" stroke="#a9aeb8" '
        'stroke-width="2"></line>'
    ]
    for space in range(first, last + 1):
        tall = 6 if space % 5 == 0 else 3
        parts.append(
            f'<line x1="{at(space)}" y1="{base}" x2="{at(space)}" y2="{base + tall}" '
            'stroke="#a9aeb8"></line>'
        )
        if space % 5 == 0:
            parts.append(
                f'<text x="{at(space)}" y="{base + 20}" text-anchor="middle" font-size="12" '
                f'fill="#5d6470">{space}</text>'
            )
    if state.get("target") is not None:
        x = at(state["target"])
        parts.append(
            f'<g class="target"><title>the space to pass: {state["target"]}</title>'
            f'<line x1="{x}" y1="{base - 20 * depth - 10}" x2="{x}" y2="{base + 6}" '
            'stroke="#8a5a00" stroke-dasharray="4 3"></line></g>'
        )
    height_at: dict[int, int] = {}
    for stone in state["stones"]:  # back to front: a stack's top stone comes later
        parts.append(_stone(stone, at(stone["space"]), base, height_at, inp))
    label = f"The track: {_track_words(inp)}"
    return svg_image("raise-track", width, base + 28, parts, label, title="The track")


def _stone(
    stone: Mapping[str, Any], x: int, base: int, height_at: dict[int, int], inp: BoardInput
) -> str:
    space, seat = stone["space"], stone["player"]
    level = height_at.get(space, 0)
    height_at[space] = level + 1
    y = base - 12 - level * 20
    who = player_name(inp.view, seat)
    return (
        f'<g class="stone" data-seat="{seat}" data-space="{space}">'
        f"<title>{escape(who)}: space {space}</title>"
        f'<circle cx="{x}" cy="{y}" r="10" fill="{seat_colour(seat)}" stroke="#fff"></circle>'
        f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="12" font-weight="700" '
        f'fill="#fff">{seat + 1}</text></g>'
    )


def _track_words(inp: BoardInput) -> str:
    view = inp.view
    stones = view["state"]["stones"]
    if not stones:
        return "no stones yet"
    return "; ".join(f"{player_name(view, s['player'])} on {s['space']}" for s in stones)
