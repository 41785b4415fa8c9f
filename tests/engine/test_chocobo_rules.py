"""Chocobo Party Up!, rule by rule: setup, rolling, and phase 2 (friend cards and the
big chocobo) (rulebook: shared/rules/chocobo-party-up.txt; readings and the stand-in
board: docs/chocobo.md).

Positions are laid out on the stand-in back side (see test_chocobo_rulebook.py for a
map): with 3 players seat 0's territory is E (TE0-TE2), seat 1's S, seat 2's W.
"""

from __future__ import annotations

from collections import Counter

import pytest

from play.engine.core import IllegalAction, SetupError
from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.board import KIND_COUNTS, KIND_OF, KINDS, layout
from play.engine.games.chocobo.scenario import act, companions_at, position, refusal, where
from play.engine.games.chocobo.state import (
    FRIEND,
    GOLEM_PHASE,
    MOVE,
    OVERFLOW,
    SETUP,
    TIFON_PHASE,
)

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}


def kinds(actions):
    return [a.kind for a in actions]


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


def hand_kinds(state, seat):
    return sorted(KINDS[KIND_OF[c]] for c in state.hands[seat])


# -- setup ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "territories"),
    [
        (2, "2-3p", ["TE0", "TE1", "TE2", "TW0", "TW1", "TW2"]),
        (3, "2-3p", ["TE0", "TE1", "TE2", "TS0", "TS1", "TS2", "TW0", "TW1", "TW2"]),
        (
            4,
            "4p",
            ["TN0", "TN1", "TN2", "TE0", "TE1", "TE2", "TS0", "TS1", "TS2", "TW0", "TW1", "TW2"],
        ),
    ],
)
@pytest.mark.rule("chocobo-party-up.txt", 38, 43, 50, 53, 163, 166)
def test_the_board_depends_on_the_player_count(players, board, territories):
    """'For 3 players, use only the back side of the double-sided board. For 4 players,
    use the front side ... and place the small board beside it.' Two players: 'Place 2
    territory boards on any of the 3 sides ... The last side remains empty.'"""
    state = GAME.new_game({"players": players}, seed=1)
    assert state.layout.name == board
    assert [s for s in state.layout.names if s.startswith("T")] == territories
    for seat in range(players):
        assert len(state.layout.territory[seat]) == 3


@pytest.mark.rule("chocobo-party-up.txt", 37, 51, 164)
def test_a_trail_token_goes_on_every_trail_space():
    """'Place a trail token on each space of the board(s) that contains a trail token
    symbol.' The stand-in boards have 12 such spaces; the other 2 of the 14 tokens wait."""
    for players in (2, 3, 4):
        state = GAME.new_game({"players": players}, seed=2)
        board = state.layout
        assert [s for s in range(board.size) if state.tokens[s]] == list(board.trail_spaces)
        assert len(board.trail_spaces) == 12
        assert state.token_supply == 2


@pytest.mark.rule("chocobo-party-up.txt", 41, 52, 165)
def test_the_friend_cards_are_shuffled_into_a_face_down_pile():
    """'Shuffle the friend cards and place them face down in a pile' (30 cards: 8 Shirma,
    8 Croma, 6 Moguri, 5 Tifon and 3 Golem)."""
    piles = [GAME.new_game({"players": 3}, seed=s).pile for s in range(5)]
    for pile in piles:
        assert sorted(pile) == list(range(30))
        assert Counter(KIND_OF[c] for c in pile) == dict(enumerate(KIND_COUNTS))
    assert len({tuple(p) for p in piles}) == 5
    assert KIND_COUNTS == (8, 8, 6, 5, 3)


@pytest.mark.rule("chocobo-party-up.txt", 54)
def test_the_starting_player_is_drawn_from_the_seeded_rng_unless_given():
    """'Choose a starting player at random.'"""
    assert {GAME.new_game({"players": 4}, seed=s).first for s in range(40)} == {0, 1, 2, 3}
    assert GAME.new_game({"players": 4}, seed=1).first == GAME.new_game({"players": 4}, 1).first
    assert GAME.new_game({"players": 3, "first_player": 2}, seed=1).to_act == 2


@pytest.mark.rule("chocobo-party-up.txt", 39, 53, 54, 60)
def test_players_place_both_chocobos_on_their_territory_from_the_starting_player_clockwise():
    """'Starting with that player and going clockwise, each player places their two
    chocobos on any space of their territory board (both chocobos may be placed on the
    same space).'"""
    state = GAME.new_game({"players": 3, "first_player": 1}, seed=3)
    order = []
    while state.phase == SETUP:
        order.append(state.to_act)
        legal = GAME.legal_actions(state)
        own = state.layout.territory[state.to_act]
        names = [state.layout.names[s] for s in own]
        assert [a.args for a in legal] == [
            (names[0], names[0]),
            (names[0], names[1]),
            (names[0], names[2]),
            (names[1], names[1]),
            (names[1], names[2]),
            (names[2], names[2]),
        ]
        assert refusal(state, "place", names[1], names[0]) == (
            "bad_action",
            "name your chocobos' spaces in board order (2 players: only the one not on the star)",
        )
        other = state.layout.territory[(state.to_act + 1) % 3][0]
        assert refusal(state, "place", names[0], state.layout.names[other]) == (
            "not_your_territory",
            "place your chocobos on your own territory board",
        )
        GAME.apply(state, legal[0])
    assert order == [1, 2, 0]
    assert state.active == 1
    assert state.turn == 1
    assert where(state, 1) == ["TS0", "TS0"]


@pytest.mark.rule("chocobo-party-up.txt", 161, 167)
def test_two_players_start_with_one_chocobo_each_on_the_star_space():
    """'Both players place 1 chocobo each on the specified space (marked with a star).
    Then, starting with the starting player, they place the rest of their chocobos on a
    space of their territory board.'"""
    state = GAME.new_game({"players": 2, "first_player": 1}, seed=3)
    assert where(state, 0) == where(state, 1) == ["b02"]
    assert state.to_act == 1
    assert args_of(state, "place") == [("TW0",), ("TW1",), ("TW2",)]
    GAME.apply(state, act(state, "place", "TW2"))
    GAME.apply(state, act(state, "place", "TE0"))
    assert where(state, 0) == ["TE0", "b02"]
    assert where(state, 1) == ["TW2", "b02"]
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 166)
def test_two_players_may_sit_on_any_two_of_the_three_sides():
    state = GAME.new_game({"players": 2, "sides": ["S", "W"]}, seed=1)
    assert state.layout.sides == ("S", "W")
    assert "TE0" not in state.layout.index


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        (None, "missing_players"),
        ({"players": 1}, "bad_player_count"),
        ({"players": 5}, "bad_player_count"),
        ({"players": "2"}, "bad_player_count"),
        ({"players": 3, "first_player": 3}, "bad_first_player"),
        ({"players": 3, "colour": "red"}, "unknown_option"),
        ({"players": 2, "sides": ["E", "E"]}, "bad_sides"),
        ({"players": 2, "sides": ["E", "N"]}, "bad_sides"),
        ({"players": 3, "sides": ["E", "W", "S"]}, "bad_sides"),  # not clockwise
    ],
)
@pytest.mark.rule("chocobo-party-up.txt", "31.1")
def test_it_refuses_a_setup_it_cannot_play(setup, code):
    with pytest.raises(SetupError) as caught:
        GAME.new_game(setup, seed=1)
    assert caught.value.code == code


# -- 1. rolling ----------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 35, 64, 66, 67, "71.1")
def test_the_chocobo_face_draws_a_card_and_footprints_give_their_number_of_steps():
    """'If you roll the chocobo icon face -> draw 1 friend card ... a face showing 2
    footprints - 4 footprints -> draw no card. The number of symbols on the die will let
    you move your chocobos further later.'"""
    seen = set()
    for seed in range(40):
        state = GAME.new_game({"players": 2, "first_player": 0}, seed=seed)
        GAME.apply(state, act(state, "place", "TE1"))
        events = GAME.apply(state, act(state, "place", "TW1"))
        rolled = next(e for e in events if e.kind == "rolled")
        face = rolled.data["face"]
        seen.add(face)
        drawn = [e for e in events if e.kind == "card_drawn"]
        if face == "chocobo":
            assert rolled.data["result"] == 1
            assert len(drawn) == 1
            assert len(state.hands[0]) == 1
        else:
            assert rolled.data["result"] == int(face[-1])
            assert not drawn
            assert not state.hands[0]
    assert seen == {"chocobo", "footprints2", "footprints3", "footprints4"}


# -- 2. one friend card or the big chocobo ---------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 75, "79.1", "79.2", 173)
def test_one_friend_card_a_turn():
    """'You may choose between playing 1 friend card, calling your big chocobo, or doing
    nothing.'"""
    state = position(
        3, {0: ["b20", "b24"], **HOME}, hands={0: ["Shirma", "Shirma"]}, phase="friend", tokens=[]
    )
    assert kinds(GAME.legal_actions(state))[0] == "no_card"
    GAME.apply(state, act(state, "play", "Shirma"))
    assert state.phase == MOVE
    assert "play" not in kinds(GAME.legal_actions(state))
    assert state.discard
    assert KIND_OF[state.discard[-1]] == 0


@pytest.mark.rule("chocobo-party-up.txt", 143, 175)
def test_shirma_adds_one_to_the_die_this_turn():
    """'Shirma: Add +1 to the die during this turn.' Reading: the die result itself is
    raised, so a 3 with Shirma is a 4 and calls only from a Spring."""
    state = position(
        3,
        {0: ["b13", "b24"], **HOME},
        hands={0: ["Shirma"]},
        face="footprints3",
        phase="friend",
        tokens=["b13"],
    )
    GAME.apply(state, act(state, "play", "Shirma"))
    assert (state.result, state.steps) == (4, 4)
    GAME.apply(state, act(state, "end_move"))
    assert state.active == 1  # b13's token may not be used with a result of 4: no call


@pytest.mark.rule("chocobo-party-up.txt", 75)
def test_the_phase_is_skipped_when_there_is_nothing_to_play():
    """A decision nobody has is not asked: with an empty hand, a Moguri while every trail
    space has its token, or a Croma while no companion is out, movement comes next."""
    seen = set()
    for seed in range(40):
        state = GAME.new_game({"players": 2, "first_player": 0}, seed=seed)
        GAME.apply(state, act(state, "place", "TE1"))
        GAME.apply(state, act(state, "place", "TW1"))
        hand = hand_kinds(state, 0)
        expected = MOVE if hand in ([], ["Moguri"], ["Croma"]) else FRIEND
        assert state.phase == expected
        seen.add((tuple(hand), state.phase))
    assert ((), MOVE) in seen
    assert (("Moguri",), MOVE) in seen
    assert (("Croma",), MOVE) in seen
    assert (("Shirma",), FRIEND) in seen
    assert (("Golem",), FRIEND) in seen


@pytest.mark.rule("chocobo-party-up.txt", 176)
def test_croma_moves_a_companion_one_space():
    """'Croma: Choose a companion chocobo and move it one space.' Any companion, in a
    territory or not."""
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        companions={"b22": 1, "TS2": 1},
        hands={0: ["Croma"]},
        phase="friend",
        tokens=[],
    )
    targets = args_of(state, "play")
    assert targets == [("Croma", "b22", t) for t in ("b12", "b32", "b21", "b23")] + [
        ("Croma", "TS2", t) for t in ("b43", "TS1")
    ]
    GAME.apply(state, act(state, "play", "Croma", "TS2", "b43"))
    assert companions_at(state) == {"b22": 1, "b43": 1}
    assert state.phase == MOVE


@pytest.mark.rule("chocobo-party-up.txt", 123, 176)
def test_croma_into_a_full_space_overflows():
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        companions={"b22": 4, "b23": 1},
        hands={0: ["Croma"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Croma", "b23", "b22"))
    assert state.phase == OVERFLOW
    assert ("b22", "b23") in args_of(state, "overflow")


@pytest.mark.rule("chocobo-party-up.txt", 177)
def test_moguri_puts_a_trail_token_on_a_trail_space_without_one():
    """'Moguri: Choose a space with a trail symbol that has no trail token and place a
    trail token on it.'"""
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        hands={0: ["Moguri"]},
        phase="friend",
        tokens=[s for s in layout("2-3p", ("E", "S", "W")).names[:25] if s not in ("b01", "b44")],
    )
    supply = state.token_supply
    assert args_of(state, "play") == [("Moguri", "b01")]  # b44 is plain, not a trail space
    GAME.apply(state, act(state, "play", "Moguri", "b01"))
    assert state.tokens[state.layout.index["b01"]]
    assert state.token_supply == supply - 1


@pytest.mark.rule("chocobo-party-up.txt", 177)
def test_moguri_cannot_be_played_when_every_trail_space_has_a_token():
    state = position(
        3, {0: ["b20", "b24"], **HOME}, hands={0: ["Moguri", "Shirma"]}, phase="friend"
    )
    assert [a[0] for a in args_of(state, "play")] == ["Shirma"]


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_sends_another_players_chocobo_to_a_territory_space_its_owner_chooses():
    """'Tifon: Choose another player's chocobo (that is not a big chocobo). That player
    must move the chosen chocobo to any space of their territory board.'"""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b21", "TS0"], 2: ["b23", "b23"]},
        big={1: "b12"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert args_of(state, "play") == [
        ("Tifon", 1, "b21"),
        ("Tifon", 1, "TS0"),
        ("Tifon", 2, "b23"),
    ]  # no big chocobo, none of seat 0
    GAME.apply(state, act(state, "play", "Tifon", 2, "b23"))
    assert (state.phase, state.to_act) == (TIFON_PHASE, 2)
    assert args_of(state, "relocate") == [("TW0",), ("TW1",), ("TW2",)]
    events = GAME.apply(state, act(state, "relocate", "TW2"))
    assert where(state, 2) == ["TW2", "b23"]
    assert events[0].to_dict() == {
        "kind": "sent_home",
        "data": {"player": 2, "from": "b23", "to": "TW2"},
    }
    assert (state.phase, state.to_act) == (MOVE, 0)


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_needs_no_choice_when_only_one_space_fits():
    state = position(
        3,
        {0: ["TS1", "TS1"], 1: ["b21", "b33"], 2: ["TS2", "TS2"]},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "b21"))  # TS1, TS2 are closed to it
    assert where(state, 1) == ["TS0", "b33"]
    assert state.to_act == 0


@pytest.mark.rule("chocobo-party-up.txt", 179)
def test_golem_moves_every_chocobo_of_the_space_but_big_ones_one_at_a_time():
    """'Golem: Choose a space. Move all the chocobos on that space (except big chocobos)
    one at a time to adjacent spaces.'"""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        big={2: "b22"},
        companions={"b22": 1},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Golem", "b22"))
    assert state.phase == GOLEM_PHASE
    assert refusal(state, "golem_move", "companion", "b24") == (
        "not_adjacent",
        "the Golem moves each chocobo to an adjacent space",
    )
    assert refusal(state, "golem_move", "chocobo", 2, "b21") == (
        "no_chocobo_there",
        "player 2 has no chocobo on the Golem's space",
    )
    assert refusal(state, "golem_move", "big", 2, "b21") == (
        "bad_action",
        "golem_move takes 'companion' and a space, or 'chocobo', a seat and a space",
    )
    assert refusal(state, "golem_move", "companion", 1, "b21")[0] == "bad_action"
    assert refusal(state, "golem_move", "chocobo", "1", "b21")[0] == "bad_action"
    legal = args_of(state, "golem_move")
    assert ("companion", "b12") in legal
    assert ("chocobo", 1, "b32") in legal
    assert ("chocobo", 0, "b21") in legal  # the player's own chocobo goes too
    assert not any(a[0] == "chocobo" and a[1] == 2 for a in legal)  # big: stays
    GAME.apply(state, act(state, "golem_move", "chocobo", 1, "b32"))
    GAME.apply(state, act(state, "golem_move", "companion", "b12"))
    assert state.phase == GOLEM_PHASE
    assert refusal(state, "golem_move", "companion", "b21") == (
        "no_companion_there",
        "no companion is left on the Golem's space",
    )
    GAME.apply(state, act(state, "golem_move", "chocobo", 0, "b21"))
    assert where(state, 0) == ["b21", "b24"]
    assert where(state, 1) == ["TS0", "b32"]
    assert companions_at(state) == {"b12": 1}
    assert state.bigs[2] == state.layout.index["b22"]
    assert (state.phase, state.to_act) == (MOVE, 0)


@pytest.mark.rule("chocobo-party-up.txt", 97, 179)
def test_a_chocobo_the_golem_cannot_move_anywhere_stays():
    """Reading: every chocobo obeys the entry restrictions, so one with no adjacent space
    it may enter stays on the Golem's space."""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b00", "TS0"], 2: ["b10", "b10"]},
        big={0: "b01"},
        companions={"b00": 1},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Golem", "b00"))
    assert args_of(state, "golem_move") == [("companion", "b10"), ("companion", "b01")]
    assert refusal(state, "golem_move", "chocobo", 1, "b10") == (
        "two_chocobos_there",
        "a chocobo may not enter a space with two chocobos of another player (player 2's)",
    )
    assert refusal(state, "golem_move", "chocobo", 1, "b01") == (
        "big_chocobo_there",
        "a chocobo may not enter a space with another player's big chocobo (player 0's)",
    )
    GAME.apply(state, act(state, "golem_move", "companion", "b10"))
    assert (state.phase, where(state, 1)) == (MOVE, ["TS0", "b00"])


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_may_leave_a_chocobo_on_its_territory_space():
    """Reading: 'any space of their territory board' includes the one it stands on."""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["TS1", "b41"], 2: ["TW1", "TW1"]},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "TS1"))
    assert args_of(state, "relocate") == [("TS0",), ("TS1",), ("TS2",)]
    GAME.apply(state, act(state, "relocate", "TS1"))
    assert where(state, 1) == ["TS1", "b41"]


@pytest.mark.rule("chocobo-party-up.txt", 40, 83)
def test_calling_the_big_chocobo_discards_two_cards_and_places_it_next_to_a_chocobo():
    """'Discard 2 friend cards from your hand. Place one of the big chocobos from your
    supply on an empty space adjacent to another space that contains one or more of your
    chocobos.'"""
    state = position(
        3,
        {0: ["b22", "b22"], **HOME},
        companions={"b12": 1},
        hands={0: ["Croma", "Golem", "Golem"]},
        phase="friend",
        tokens=[],
    )
    calls = args_of(state, "call_big")
    assert {c[2] for c in calls} == {"b32", "b21", "b23"}  # b12 is not empty
    assert {c[:2] for c in calls} == {("Croma", "Golem"), ("Golem", "Golem")}
    GAME.apply(state, act(state, "call_big", "Croma", "Golem", "b23"))
    assert hand_kinds(state, 0) == ["Golem"]
    assert state.bigs[0] == state.layout.index["b23"]
    assert [KINDS[KIND_OF[c]] for c in state.discard] == ["Croma", "Golem"]


@pytest.mark.rule("chocobo-party-up.txt", 85, 111)
def test_the_big_chocobo_may_not_move_the_turn_it_is_placed():
    """'You may not move your big chocobo during the turn in which you place it.'"""
    state = position(
        3, {0: ["b22", "b22"], **HOME}, hands={0: ["Croma", "Golem"]}, phase="friend", tokens=[]
    )
    GAME.apply(state, act(state, "call_big", "Croma", "Golem", "b23"))
    assert state.phase == MOVE
    assert "big" not in {a.args[0] for a in GAME.legal_actions(state) if a.kind == "move"}
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "big", "b23", "b24", 0))
    assert caught.value.code == "big_just_called"


@pytest.mark.rule("chocobo-party-up.txt", 83)
def test_the_big_chocobo_is_called_once():
    state = position(
        3,
        {0: ["b22", "b22"], **HOME},
        big={0: "b44"},
        hands={0: ["Croma", "Golem"]},
        phase="friend",
        tokens=[],
    )
    assert "call_big" not in kinds(GAME.legal_actions(state))
