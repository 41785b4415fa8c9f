"""Board buttons: one per action the player can tell apart."""

from __future__ import annotations

from typing import Any

from play.matches.pages.boards import board_context
from play.matches.pages.boards.common import BoardInput, make_buttons


def legal(ident: int, kind: str, label: str) -> dict[str, Any]:
    return {"id": ident, "label": label, "action": {"kind": kind, "player": 0, "args": [ident]}}


TWO_COPIES = {
    "legal_actions": [
        legal(0, "end_turn", "End turn"),
        legal(1, "play", "Play Rookie Patrol Officer at column 1"),
        legal(2, "play", "Play Rookie Patrol Officer at column 1"),
        legal(3, "play", "Play Lead Rain"),
    ]
}


def test_actions_with_the_same_label_are_one_button_in_the_first_ones_place() -> None:
    buttons = make_buttons(BoardInput(TWO_COPIES))

    assert [(b.id, b.label) for b in buttons] == [
        (0, "End turn"),
        (1, "Play Rookie Patrol Officer at column 1"),
        (3, "Play Lead Rain"),
    ]


def test_the_suggested_copy_is_the_one_kept() -> None:
    buttons = make_buttons(BoardInput(TWO_COPIES, suggested=2))

    assert [(b.id, b.suggested) for b in buttons] == [(0, False), (2, True), (3, False)]


def test_the_same_words_of_another_kind_stay_apart() -> None:
    view = {"legal_actions": [legal(0, "pass", "Pass"), legal(1, "decline", "Pass")]}

    assert [b.id for b in make_buttons(BoardInput(view))] == [0, 1]


def test_a_game_without_a_board_gets_its_actions_as_plain_buttons() -> None:
    context = board_context(BoardInput({"game": "no-board", **TWO_COPIES}))

    assert context["template"] == "play/boards/plain.html"
    assert [b.id for group in context["groups"] for b in group.buttons] == [0, 1, 3]
