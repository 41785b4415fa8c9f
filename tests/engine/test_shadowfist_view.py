"""What a seat sees: its own hand, the table, public piles; not the others' hands, the
order of any deck, face-down sites it does not control, or the rng."""

from __future__ import annotations

import json

import pytest

from play.engine.core import DataError
from play.engine.games.shadowfist import GAME

from .shadowfist_table import act, main_table, put_character, put_site, to_hand


def test_a_seat_sees_its_hand_and_only_the_size_of_the_others():
    state = main_table(hands={0: ["Lead Rain"], 1: ["Temple Novice", "Flashbang"]})
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert [c["name"] for c in mine["hand"]] == ["Lead Rain"]
    assert mine["seats"][1]["hand_size"] == 2
    assert "Flashbang" not in json.dumps(mine)
    assert "Lead Rain" not in json.dumps(theirs)
    assert "deck" not in mine["seats"][0]
    assert mine["seats"][0]["deck_size"] > 0
    assert "rng" not in json.dumps(mine)


def test_face_down_sites_are_hidden_from_the_other_players_only():
    state = main_table()
    site = put_site(state, 0, "Hall of Nine Bells", face_up=False)
    assert GAME.view(state, 0)["seats"][0]["sites"][0][0]["name"] == "Hall of Nine Bells"
    hidden = GAME.view(state, 1)["seats"][0]["sites"][0][0]
    assert hidden == {"id": site, "face_down": True, "damage": 0, "turned": False}


def test_only_the_seat_to_act_sees_its_legal_actions():
    state = main_table()
    assert GAME.view(state, 0)["legal_actions"]
    assert GAME.view(state, 1)["legal_actions"] == []


def test_a_choice_shows_its_options_to_the_chooser_only():
    state = main_table(hands={1: ["Temple Novice", "Lead Rain", "Jade Moon Garden"]})
    from .shadowfist_table import give_resources

    (visions,) = to_hand(state, 0, "Nightmare Visions")
    give_resources(state, 0, "eM")
    act(state, "play", visions, 1)
    assert GAME.view(state, 1)["choice"]["options"] == sorted(state.hands[1])
    assert "options" not in GAME.view(state, 0)["choice"]


def test_the_board_shows_characters_with_their_current_fighting():
    state = main_table()
    char = put_character(state, 1, "Precinct Captain")
    state.damage[char] = 2
    (shown,) = GAME.view(state, 0)["seats"][1]["characters"]
    assert (shown["fighting"], shown["damage"], shown["toughness"]) == (3, 2, 1)


@pytest.mark.parametrize("player", [-1, 2, "0", True])
def test_a_view_for_no_such_seat_is_refused(player):
    with pytest.raises(DataError):
        GAME.view(main_table(), player)
