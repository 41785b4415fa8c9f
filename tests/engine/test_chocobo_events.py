"""Chocobo Party Up!: the exact events each kind of action reports, in the situations
where one action carries the turn on through several phases (a discard down to 3 and the
next turn, a kick that ends movement, the limit of 4 after a kick, Tifon, Golem, doing
nothing with no step possible), and what the view and the outcome say of cards and
scores (rulebook: shared/rules/chocobo-party-up.txt; readings: docs/chocobo.md).

The stand-in back side is mapped in test_chocobo_rulebook.py; with 3 players seat 0's
territory is E (TE0-TE2), seat 1's S, seat 2's W. The seed of ``position`` fixes the
next roll: seat 1 rolls two footprints.
"""

from __future__ import annotations

import pytest

from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.scenario import act, position, stack_pile, where
from play.engine.games.chocobo.state import KICK, OVERFLOW, TIFON_PHASE, ChocoboState

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}

NEXT_TURN = [
    {"kind": "turn_started", "data": {"player": 1, "turn": 2}},
    {"kind": "rolled", "data": {"player": 1, "face": "footprints2", "result": 2}},
]


def events_of(state, kind, *args):
    return [e.to_dict() for e in GAME.apply(state, act(state, kind, *args))]


@pytest.mark.rule("chocobo-party-up.txt", 145, 151, 157)
def test_a_discard_down_to_3_is_reported_then_the_turn_passes():
    """'If you have 4 or more friend cards in your hand, you must discard until you have
    3.' ... 'Otherwise, the turn passes to the next player clockwise.'"""
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        hands={0: ["Shirma", "Croma", "Moguri"]},
        phase="call",
        tokens=[],
    )
    stack_pile(state, ["Tifon"])
    assert events_of(state, "call", "b22") == [
        {"kind": "called", "data": {"player": 0, "space": "b22", "trail_token": False}},
        {"kind": "card_drawn", "data": {"player": 0}},
    ]
    hand = {card["kind"]: card["id"] for card in GAME.view(state, 0)["hand"]}
    assert events_of(state, "discard", "Croma") == [
        {"kind": "discarded", "data": {"player": 0, "card": "Croma", "id": hand["Croma"]}},
        *NEXT_TURN,
    ]
    assert len(state.hands[0]) == 3


def crowded_kick() -> ChocoboState:
    """Seat 0's pair steps onto b22: seat 1's chocobo and 3 companions are there."""
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 3},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert state.phase == KICK
    return state


@pytest.mark.rule("chocobo-party-up.txt", 123, 133, 135)
def test_a_kick_ends_movement_then_the_limit_of_4_is_checked():
    """'If the kick takes place on a space with 5 or more chocobos, first carry it out and
    then check that the limit of 4 is not exceeded.' 'After the kick, your movement phase
    ends.'"""
    state = crowded_kick()
    assert events_of(state, "kick", 1, "b12") == [
        {"kind": "kicked", "data": {"player": 0, "seat": 1, "from": "b22", "to": "b12"}},
        {"kind": "movement_ended", "data": {"player": 0, "steps_left": 2, "reason": "kick"}},
    ]
    assert state.phase == OVERFLOW  # 2 + 3 companions on b22
    assert GAME.view(state, 0)["steps"] == 0  # movement is over
    # A game saved while companions move off is the same game once loaded.
    assert ChocoboState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    # Once b22 holds 4, the call (b22 is a Spring but holds 4: none) and the hand limit
    # have nothing to do: the turn passes.
    assert events_of(state, "overflow", "b22", "b21") == [
        {"kind": "overflowed", "data": {"player": 0, "from": "b22", "to": "b21"}},
        *NEXT_TURN,
    ]


@pytest.mark.rule("chocobo-party-up.txt", 129, 157)
def test_ending_a_kick_without_kicking_on_the_last_step_passes_the_turn():
    """'... you may move as many of those chocobos as you like': none is allowed; with no
    step left and nothing to call from, the turn passes."""
    state = position(
        3, {0: ["b01", "b01"], 1: ["b02", "TS0"], 2: ["TW1", "TW1"]}, face="chocobo", tokens=[]
    )
    GAME.apply(state, act(state, "move", "pair", "b01", "b02", 0))
    assert state.phase == KICK
    assert events_of(state, "end_kick") == NEXT_TURN


@pytest.mark.rule("chocobo-party-up.txt", 75, 97, 157)
def test_doing_nothing_in_phase_2_with_no_step_possible_passes_the_turn():
    """'You may choose between playing 1 friend card, calling your big chocobo, or doing
    nothing.' Seat 0's pair on b00 may enter neither b10 nor b01 ('two chocobos of the
    same player already are'), and b00 has nothing to call from."""
    state = position(
        3,
        {0: ["b00", "b00"], 1: ["b10", "b10"], 2: ["b01", "b01"]},
        hands={0: ["Shirma"]},
        phase="friend",
        tokens=[],
    )
    assert events_of(state, "no_card") == [
        {"kind": "no_card", "data": {"player": 0}},
        *NEXT_TURN,
    ]


@pytest.mark.rule("chocobo-party-up.txt", 97, 178)
def test_tifon_s_relocation_is_reported_then_the_turn_goes_on():
    """'That player must move the chosen chocobo to any space of their territory board.'
    Then seat 0, whose pair is shut in on b00 by big chocobos, has nothing left to do."""
    state = position(
        3,
        {0: ["b00", "b00"], 1: ["b44", "TS0"], 2: ["TW1", "TW1"]},
        big={1: "b10", 2: "b01"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    tifon = GAME.view(state, 0)["hand"][0]["id"]
    assert events_of(state, "play", "Tifon", 1, "b44") == [
        {
            "kind": "card_played",
            "data": {"player": 0, "card": "Tifon", "id": tifon, "target": 1, "space": "b44"},
        }
    ]
    assert (state.phase, state.to_act) == (TIFON_PHASE, 1)
    assert GAME.view(state, 1)["tifon"] == {"seat": 1, "space": "b44"}
    assert events_of(state, "relocate", "TS2") == [
        {"kind": "sent_home", "data": {"player": 1, "from": "b44", "to": "TS2"}},
        *NEXT_TURN,
    ]
    assert where(state, 1) == ["TS0", "TS2"]


@pytest.mark.rule("chocobo-party-up.txt", 179)
def test_each_golem_move_is_reported_with_the_piece_moved():
    """'Golem: Choose a space. Move all the chocobos on that space (except big chocobos)
    one at a time to adjacent spaces.'"""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 1},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Golem", "b22"))
    assert events_of(state, "golem_move", "companion", "b12") == [
        {
            "kind": "golem_moved",
            "data": {"piece": "companion", "player": 0, "from": "b22", "to": "b12"},
        }
    ]
    assert events_of(state, "golem_move", "chocobo", 1, "b32") == [
        {
            "kind": "golem_moved",
            "data": {"piece": "chocobo", "seat": 1, "player": 0, "from": "b22", "to": "b32"},
        }
    ]
    assert events_of(state, "golem_move", "chocobo", 0, "b21") == [
        {
            "kind": "golem_moved",
            "data": {"piece": "chocobo", "seat": 0, "player": 0, "from": "b22", "to": "b21"},
        }
    ]


@pytest.mark.rule("chocobo-party-up.txt", 41, "79.1", "79.2")
def test_the_view_shows_each_card_of_the_hand_and_the_discard_pile():
    """Friend cards are in the hand, then 'discard it face up'."""
    state = position(3, {0: ["b22", "b24"], **HOME}, hands={0: ["Shirma", "Moguri"]})
    shirma, moguri = state.hands[0]
    view = GAME.view(state, 0)
    assert view["hand"] == [
        {"id": shirma, "kind": "Shirma", "name": "Shirma"},
        {"id": moguri, "kind": "Moguri", "name": "Moguri"},
    ]
    assert view["discard"] == []
    assert GAME.view(state, 1)["hand"] == []


@pytest.mark.rule("chocobo-party-up.txt", 155)
def test_a_game_in_progress_scores_the_companions_on_each_territory():
    """'If you have 6 or more companion chocobos on your territory board, you immediately
    win the game.' Until then the scores are the companions at home."""
    state = position(
        3, {0: ["b22", "b24"], **HOME}, companions={"TE0": 2, "TE2": 1, "TS1": 1, "b23": 3}
    )
    outcome = GAME.outcome(state)
    assert outcome.status == "in_progress"
    assert outcome.scores == (3, 1, 0)
    assert outcome.winners == ()
