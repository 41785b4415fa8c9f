"""Readable action labels from the engine (``Game.labels``): the words the boards and the
API show, for each game, in fixed positions, and for every action in played games."""

from __future__ import annotations

import re
from typing import Any

import pytest

from play.engine.core import Action, Game, Rng, get_game
from play.engine.core.wording import word_action

from .chizo_data import tile_list, typical_stack

TERSE = re.compile(r"^P\d+ ")


def labelled(game: Game[Any], state: Any) -> dict[str, str]:
    actions = game.legal_actions(state)
    return dict(zip((str(a) for a in actions), game.labels(state, actions), strict=True))


def test_raise_bids_and_plays_read_as_the_card_and_its_value():
    game = get_game("raise")
    state = game.new_game({"players": 3}, 3)

    labels = labelled(game, state)

    assert labels["P0 bid 0"] == "Play Hourglass 1 face down"
    assert labels["P0 bid 10"] == "Play Cloud 2 face down"
    assert game.label(state, Action("bid", 0, (0,))) == "Play Hourglass 1 face down"
    while not any(a.kind == "play" for a in game.legal_actions(state)):  # to the race
        game.advance(state, game.legal_actions(state)[0])
    for action in game.legal_actions(state):
        if action.kind == "play":
            card = action.args[0]
            assert re.fullmatch(r"Play \w+ \d+ \(value \d+\)", game.label(state, action))
            assert game.label(state, action).endswith(f"(value {state.values[card]})")


def test_chocobo_labels_read_as_the_boards_words():
    game = get_game("chocobo")
    state = game.new_game({"players": 3}, 3)

    labels = labelled(game, state)

    assert labels["P2 place TW0 TW1"] == "Place your chocobos on TW0 and TW1"
    assert game.label(state, Action("move", 2, ("one", "b02", "b12", 2))) == (
        "Move chocobo from b02 to b12, 2 companions following"
    )
    assert game.label(state, Action("kick", 2, (1, "b22"))) == "Kick Seat 2's chocobo to b22"
    assert game.label(state, Action("call_big", 2, ("Tifon", "Golem", "b11"))) == (
        "Call the big chocobo to b11 (discard Tifón, Gólem)"
    )


def test_chizo_labels_name_the_tiles_of_the_hand():
    game = get_game("chizo")
    setup = {"players": 2, "tiles": tile_list(), "stacks": [typical_stack(), typical_stack()]}
    state = game.new_game(setup, 4)

    labels = labelled(game, state)

    assert labels["P1 draw"] == "Draw 2"
    assert "Play Golden Egg" in labels.values()
    assert "Place Dragon at (0, 0)" in labels.values()
    assert game.label(state, Action("opponent", 1, (0,))) == "Choose Seat 1"


def test_shadowfist_labels_name_the_cards_of_the_hand():
    game = get_game("shadowfist")
    state = game.new_game({"players": 2}, 3)

    labels = labelled(game, state)

    assert labels["P0 power"] == "Generate Power"
    assert labels["P0 power 11"] == "Generate Power, discard Rain-Slick Rooftops"
    assert labels["P0 power 26"] == "Generate Power, discard Hard-Boiled Detective"


def test_a_kind_without_a_wording_keeps_the_terse_label():
    game = get_game("raise")
    state = game.new_game({"players": 3}, 3)

    assert game.label(state, Action("shrug", 0, (4,))) == "P0 shrug 4"
    assert word_action({"kind": "shrug", "args": []}, {}) == ""


SETUPS = {
    "raise": {"players": 3},
    "chocobo": {"players": 3},
    "shadowfist": {"players": 2},
    "chizo": {"players": 2, "tiles": tile_list(), "stacks": [typical_stack(), typical_stack()]},
}


@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_every_legal_action_of_a_played_game_is_worded(slug):
    game = get_game(slug)
    for seed in range(3):
        state = game.new_game(SETUPS[slug], seed)
        rng = Rng(seed)
        for _ in range(150):
            if game.is_over(state):
                break
            actions = game.legal_actions(state)
            labels = game.labels(state, actions)
            assert len(labels) == len(actions)
            terse = [(str(a), label) for a, label in zip(actions, labels, strict=True)
                     if TERSE.match(label)]  # fmt: skip
            assert not terse, terse
            game.advance(state, actions[rng.below(len(actions))])
