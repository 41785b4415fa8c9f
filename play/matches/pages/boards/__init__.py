"""Boards of the match page, one module per game: each turns a match view (and the
match's setup) into a template context, with SVG where the board is drawn. Pure
functions of their input, so they are tested without requests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from play.matches.pages.boards import chizo, chocobo, raise_, shadowfist
from play.matches.pages.boards.common import BoardInput, event_lines, group_by_kind, make_buttons

BOARDS: dict[str, Callable[[BoardInput], dict[str, Any]]] = {
    "chizo": chizo.board,
    "shadowfist": shadowfist.board,
    "raise": raise_.board,
    "chocobo": chocobo.board,
}


def board_context(inp: BoardInput) -> dict[str, Any]:
    """The game's board, or for a game without one, its actions with the engine's labels."""
    draw = BOARDS.get(inp.view["game"])
    if draw is None:
        return {
            "template": "play/boards/plain.html",
            "groups": group_by_kind(make_buttons(inp), {}),
        }
    return draw(inp)


__all__ = ["BOARDS", "BoardInput", "board_context", "event_lines"]
