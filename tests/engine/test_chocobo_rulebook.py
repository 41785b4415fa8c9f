"""Every example of the Chocobo Party Up! rulebook (shared/rules/chocobo-party-up.txt),
quoted, as a test.

The board is the stand-in 5x5 back side (docs/chocobo.md): rows b0x to b4x, Spring
spaces b12 b21 b22 b23 b32, trail spaces b01 b03 b10 b11 b13 b14 b30 b31 b33 b34 b41
b43; with 3 players seat 0's territory is on the E side (TE0-TE2), seat 1's on the S
side (TS0-TS2), seat 2's on the W side (TW0-TW2).
"""

from __future__ import annotations

import pytest

from play.engine.core import Action, IllegalAction
from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.scenario import act, companions_at, position, where
from play.engine.games.chocobo.state import CALL, KICK, MOVE, OVERFLOW

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}  # seats 1 and 2, out of the way


def moves(state):
    return [a for a in GAME.legal_actions(state) if a.kind == "move"]


# -- moving chocobos -----------------------------------------------------------------


def apart(face="footprints2"):
    """Seat 0's chocobos on b20 and b24, a roll of 2, no companions about."""
    return position(3, {0: ["b20", "b24"], **HOME}, face=face, tokens=[])


@pytest.mark.rule("chocobo-party-up.txt", 89, 93, 99)
def test_with_a_roll_of_2_one_chocobo_may_move_two_spaces():
    """'Example (left): you rolled a 2. You may move your chocobo two spaces, both
    chocobos one space, or do nothing.' (First: one chocobo two spaces.)"""
    state = apart()
    assert state.steps == 2
    GAME.apply(state, act(state, "move", "one", "b24", "b23", 0))
    assert (state.phase, state.steps) == (MOVE, 1)
    GAME.apply(state, act(state, "move", "one", "b23", "b22", 0))
    assert where(state, 0) == ["b20", "b22"]
    assert state.steps == 0
    assert state.phase == CALL  # movement is over: b22 is a Spring, so the call is next


@pytest.mark.rule("chocobo-party-up.txt", 89, 99)
def test_with_a_roll_of_2_both_chocobos_may_move_one_space():
    """'...both chocobos one space...'"""
    state = apart()
    GAME.apply(state, act(state, "move", "one", "b20", "b21", 0))
    GAME.apply(state, act(state, "move", "one", "b24", "b23", 0))
    assert where(state, 0) == ["b21", "b23"]
    assert state.phase == CALL


@pytest.mark.rule("chocobo-party-up.txt", 99)
def test_with_a_roll_of_2_a_player_may_do_nothing():
    """'...or do nothing.'"""
    state = apart()
    assert GAME.legal_actions(state)[0] == act(state, "end_move")
    GAME.apply(state, act(state, "end_move"))
    assert where(state, 0) == ["b20", "b24"]
    assert state.active == 1  # no space to call from: the turn has passed


@pytest.mark.rule("chocobo-party-up.txt", 93)
def test_with_a_roll_of_2_there_is_no_third_step():
    state = apart()
    for action in (
        act(state, "move", "one", "b24", "b23", 0),
        act(state, "move", "one", "b23", "b13", 0),
    ):
        GAME.apply(state, action)
    assert state.active == 1  # b13 has no token: no call, the turn has passed
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, Action("move", 0, ("one", "b13", "b03", 0)))
    assert caught.value.code == "not_your_turn"


@pytest.mark.rule("chocobo-party-up.txt", 95, 101)
def test_two_chocobos_on_one_space_move_together_two_spaces_with_a_roll_of_2():
    """'Example (right): you rolled a 2. Your two chocobos are on the same space, so you
    decide to move them together two spaces.' ('If you have 2 chocobos on the same space,
    you may move them together and it counts as a single movement.')"""
    state = position(3, {0: ["b22", "b22"], **HOME}, tokens=[])
    GAME.apply(state, act(state, "move", "pair", "b22", "b12", 0))
    assert (where(state, 0), state.steps) == (["b12", "b12"], 1)
    GAME.apply(state, act(state, "move", "pair", "b12", "b02", 0))
    assert where(state, 0) == ["b02", "b02"]
    assert state.active == 1  # both steps used, nothing to call from: next turn


# -- the limit of 4 ------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 121, 123)
def test_the_limit_of_4_counts_a_big_chocobo_as_2_and_moves_companions_off():
    """'A maximum of 4 chocobos at a time is allowed on a single space. This includes
    chocobos, big chocobos and companion chocobos. Each big chocobo, however, counts as 2
    toward this limit. If, as a result of one of your actions, 5 or more chocobos end up
    grouped on the same space, you must move companion chocobos to adjacent spaces until
    the number of chocobos drops to 4.'"""
    state = position(
        3,
        {0: ["b21", "b24"], **HOME},
        big={0: "b22"},
        companions={"b22": 2},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "one", "b21", "b22", 0))  # 2 + 2 + 1 = 5
    assert state.phase == OVERFLOW
    assert state.to_act == 0  # the player whose action caused it
    overflow = GAME.legal_actions(state)
    assert {a.kind for a in overflow} == {"overflow"}
    assert {a.args for a in overflow} == {("b22", t) for t in ("b12", "b32", "b21", "b23")}
    GAME.apply(state, act(state, "overflow", "b22", "b23"))
    assert companions_at(state) == {"b22": 1, "b23": 1}
    assert (state.phase, state.steps) == (MOVE, 2)  # then movement goes on


@pytest.mark.rule("chocobo-party-up.txt", 125, 178)
def test_if_moving_companions_overfills_another_space_the_process_repeats():
    """'If moving the companion chocobos causes another space to exceed the limit, repeat
    the same process until all spaces comply with the limit.' Seat 1's chocobo is sent by
    Tifon to TS1, among full spaces: TS1 overflows into TS0, which overflows in turn."""
    full = {"TS0": 4, "TS1": 4, "TS2": 4, "b42": 4}
    state = position(
        3,
        {0: ["b24", "b24"], 1: ["b11", "b44"], 2: ["TW1", "TW1"]},
        companions=full,
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "b11"))
    assert state.to_act == 1
    GAME.apply(state, act(state, "relocate", "TS1"))
    assert state.phase == OVERFLOW
    assert state.to_act == 0  # Tifon's player caused it, so chooses
    # No space next to TS1 has room: the companion goes toward the nearest room.
    assert {a.args for a in GAME.legal_actions(state)} == {
        ("TS1", "b42"),
        ("TS1", "TS0"),
        ("TS1", "TS2"),
    }
    GAME.apply(state, act(state, "overflow", "TS1", "TS0"))
    assert state.phase == OVERFLOW  # TS0 now holds 5: repeat
    assert {a.args for a in GAME.legal_actions(state)} == {("TS0", "b41")}
    GAME.apply(state, act(state, "overflow", "TS0", "b41"))
    assert companions_at(state) == {"TS0": 4, "TS1": 3, "TS2": 4, "b42": 4, "b41": 1}
    assert state.phase == MOVE


# -- kicks ---------------------------------------------------------------------------


def kick_table(face="footprints3"):
    """Seat 0's pair on b21 with 2 companions, seat 1's chocobo on b22 next door."""
    return position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b21": 2},
        face=face,
        tokens=[],
    )


@pytest.mark.rule("chocobo-party-up.txt", 129, 131, 135)
def test_moving_two_chocobos_onto_another_players_chocobo_is_a_kick_that_ends_movement():
    """'When you move 2 of your chocobos or your big chocobo onto a space that contains
    chocobos of one or more players, you may move as many of those chocobos as you like,
    in the order you like, to adjacent spaces. This is called a kick. ... After the kick,
    your movement phase ends.'"""
    state = kick_table()
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 1))
    assert state.phase == KICK
    kicks = GAME.legal_actions(state)
    assert kicks[0] == act(state, "end_kick")
    assert {a.args for a in kicks[1:]} == {(1, t) for t in ("b12", "b32", "b21", "b23")}
    events = GAME.apply(state, act(state, "kick", 1, "b23"))
    assert where(state, 1) == ["TS0", "b23"]
    assert state.steps == 0  # two steps were left: the kick ended movement
    assert state.phase == CALL  # b22 is a Spring (3 there: fewer than 4)
    assert [e.kind for e in events] == ["kicked", "movement_ended"]


@pytest.mark.rule("chocobo-party-up.txt", 129)
def test_a_big_chocobo_kicks_too():
    state = position(
        3,
        {0: ["TE1", "TE1"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        big={0: "b23"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "big", "b23", "b22", 0))
    assert state.phase == KICK


@pytest.mark.rule("chocobo-party-up.txt", 133)
def test_if_the_kick_is_on_a_space_with_5_or_more_the_kick_comes_first_then_the_limit():
    """'If the kick takes place on a space with 5 or more chocobos, first carry it out and
    then check that the limit of 4 is not exceeded.'"""
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 2},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))  # 2 + 1 + 2 = 5
    assert state.phase == KICK
    GAME.apply(state, act(state, "kick", 1, "b12"))  # 4 left: within the limit
    assert companions_at(state) == {"b22": 2}  # no companion had to move
    assert state.active == 1  # movement ended; 4 on b22 is too many to call: next turn


@pytest.mark.rule("chocobo-party-up.txt", 123, 133)
def test_an_unkicked_crowd_over_the_limit_is_settled_after_the_kick():
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 2},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    GAME.apply(state, act(state, "end_kick"))  # nobody kicked: 5 on b22
    assert state.phase == OVERFLOW
    GAME.apply(state, act(state, "overflow", "b22", "b21"))
    assert (state.phase, state.steps) == (MOVE, 2)  # no kick happened: movement goes on


# -- the call ------------------------------------------------------------------------


def call_table(face):
    """Seat 0 has a chocobo on the Spring b22 and one on the trail token of b13."""
    return position(3, {0: ["b22", "b13"], **HOME}, face=face, phase="call", tokens=["b13"])


@pytest.mark.rule("chocobo-party-up.txt", 139, 141)
def test_with_a_die_result_below_4_a_call_may_be_made_from_a_trail_token_or_a_spring():
    """'Choose one of your chocobos (big or not) located on a trail token or a Spring
    space. There must be fewer than 4 chocobos on that space for you to make the call.'"""
    state = call_table("footprints3")
    assert [a.args for a in GAME.legal_actions(state)] == [(), ("b13",), ("b22",)]


@pytest.mark.rule("chocobo-party-up.txt", 143)
def test_with_a_die_result_of_4_or_more_calls_are_only_from_a_spring():
    """'If your die result is 4 or more, you may only choose a chocobo on a Spring space.'"""
    state = call_table("footprints4")
    assert [a.args for a in GAME.legal_actions(state)] == [(), ("b22",)]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "call", "b13"))
    assert caught.value.code == "spring_only"
    assert "4 or more" in caught.value.reason


@pytest.mark.rule("chocobo-party-up.txt", 36, 145)
def test_a_call_places_a_companion_draws_a_card_and_discards_the_trail_token():
    """'Place 1 companion chocobo from the supply on that space and draw 1 friend card. If
    there was a trail token on that space, discard it.'"""
    state = call_table("footprints2")
    supply, tokens, pile = state.supply, state.token_supply, len(state.pile)
    GAME.apply(state, act(state, "call", "b13"))
    assert companions_at(state) == {"b13": 1}
    assert state.supply == supply - 1
    assert len(state.hands[0]) == 1
    assert len(state.pile) == pile - 1
    assert not state.tokens[state.layout.index["b13"]]
    assert state.token_supply == tokens + 1
