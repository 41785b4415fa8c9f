"""Chocobo Party Up!: refusals and skipped decisions at the edges of the rules: a won
game refuses everything, the last companion in the supply may still be called, a
kicked or Golem-moved chocobo is stopped by the limit of 4 and not by its own big
chocobo, only a space above the limit overflows, and Tifon does not open phase 2 when
no other player's chocobo can be sent home (rulebook: shared/rules/chocobo-party-up.txt;
readings: docs/chocobo.md).

With 3 players seat 0's territory is E (TE0-TE2), seat 1's S, seat 2's W; the stand-in
boards are mapped in test_chocobo_rulebook.py.
"""

from __future__ import annotations

import pytest

from play.engine.core import Action, IllegalAction
from play.engine.games.chocobo import GAME
from play.engine.games.chocobo import friends as fr
from play.engine.games.chocobo.scenario import (
    act,
    companions_at,
    position,
    refusal,
    stack_pile,
    where,
)
from play.engine.games.chocobo.state import GOLEM_PHASE, KICK, MOVE, OVER, OVERFLOW

LIMIT_REASON = (
    "a space holds at most 4 chocobos (a big one counts 2), "
    "and only companions are moved off by the limit"
)


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


# -- the end of the game -------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 155)
def test_a_won_game_refuses_every_action_as_over():
    """'If you have 6 or more companion chocobos on your territory board, you immediately
    win the game.' Once won, nothing more is played, by anyone."""
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
        companions={"TE0": 3, "TE1": 3},
        phase="call",
        tokens=[],
    )
    GAME.apply(state, act(state, "no_call"))
    assert (state.phase, state.to_act, state.winner) == (OVER, None, 0)
    assert GAME.legal_actions(state) == []
    assert refusal(state, "no_call") == ("game_over", "the game is over")
    for seat in range(3):
        with pytest.raises(IllegalAction) as refused:
            GAME.verify(state, Action("no_card", seat, ()))
        assert (refused.value.code, refused.value.reason) == ("game_over", "the game is over")


# -- the call ------------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 141, 147)
def test_the_last_companion_of_the_supply_may_be_called():
    """'If there are no companion chocobos left in the supply ... you may not carry out
    this action': with one left, the call is only refused for its own reasons."""
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
        companions={"b00": 4, "b04": 4, "b40": 4, "b44": 4, "b02": 3},
        phase="call",
        tokens=[],
    )
    assert state.supply == 1
    assert args_of(state, "call") == [("b22",)]
    assert refusal(state, "call", "b12") == ("no_chocobo_there", "you have no chocobo on b12")
    GAME.apply(state, act(state, "call", "b22"))
    assert state.supply == 0
    assert companions_at(state)["b22"] == 1


# -- kicks and the Golem: the limit, not the own big chocobo --------------------------


def kick_position(seat_2_on_b23):
    """Seat 0's pair steps from b21 onto b22, where seat 1's chocobo stands. Next to it,
    b23 holds seat 1's big chocobo and its other chocobo (3), and seat 2's chocobo too
    if ``seat_2_on_b23`` (4)."""
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "b23"], 2: ["b23" if seat_2_on_b23 else "b24", "TW0"]},
        big={1: "b23"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert (state.phase, state.to_act) == (KICK, 0)
    return state


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 129)
def test_a_chocobo_may_be_kicked_onto_its_own_big_chocobo_s_space():
    """'... they may not enter spaces where other players' big chocobos are': its own
    big chocobo is no obstacle, b23 holds 3."""
    state = kick_position(seat_2_on_b23=False)
    assert (1, "b23") in args_of(state, "kick")
    GAME.apply(state, act(state, "kick", 1, "b23"))
    assert where(state, 1) == ["b23", "b23"]


@pytest.mark.rule("chocobo-party-up.txt", 121, 123, 129)
def test_a_chocobo_may_not_be_kicked_where_its_own_big_chocobo_makes_4():
    """'A maximum of 4 chocobos at a time is allowed on a single space': b23 holds seat
    1's big chocobo (2) and two chocobos. The refusal names the limit, not the big
    chocobo, which is its owner's."""
    state = kick_position(seat_2_on_b23=True)
    assert (1, "b23") not in args_of(state, "kick")
    assert (1, "b12") in args_of(state, "kick")
    assert refusal(state, "kick", 1, "b23") == ("space_full", LIMIT_REASON)


@pytest.mark.rule("chocobo-party-up.txt", 121, 123, 179)
def test_the_golem_may_not_move_a_chocobo_where_its_own_big_chocobo_makes_4():
    """'Golem: ... Move all the chocobos on that space (except big chocobos) one at a
    time to adjacent spaces.' b23 holds seat 1's big chocobo (2), seat 0's and seat 2's
    chocobos: seat 1's chocobo from b22 may not go there, for the limit."""
    state = position(
        3,
        {0: ["b23", "b24"], 1: ["b22", "TS0"], 2: ["b23", "TW0"]},
        big={1: "b23"},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Golem", "b22"))
    assert (state.phase, state.to_act) == (GOLEM_PHASE, 0)
    assert args_of(state, "golem_move") == [("chocobo", 1, t) for t in ("b12", "b32", "b21")]
    assert refusal(state, "golem_move", "chocobo", 1, "b23") == ("space_full", LIMIT_REASON)


@pytest.mark.rule("chocobo-party-up.txt", 121, 179)
def test_the_golem_may_move_a_chocobo_onto_its_own_big_chocobo_s_space():
    """Seat 1's own big chocobo on b23 (with seat 0's chocobo: 3) does not close it."""
    state = position(
        3,
        {0: ["b23", "b24"], 1: ["b22", "TS0"], 2: ["TW0", "TW0"]},
        big={1: "b23"},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Golem", "b22"))
    assert ("chocobo", 1, "b23") in args_of(state, "golem_move")
    GAME.apply(state, act(state, "golem_move", "chocobo", 1, "b23"))
    assert where(state, 1) == ["TS0", "b23"]


# -- the limit of 4 ------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 121, 123)
def test_a_space_holding_exactly_4_does_not_overflow():
    """'If ... 5 or more chocobos end up grouped on the same space, you must move
    companion chocobos': b22 ends with 6 and overflows; b12, with 4 companions, is at
    the limit, not above it."""
    state = position(
        3,
        {0: ["b21", "TE0"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
        companions={"b21": 3, "b22": 2, "b12": 4},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "one", "b21", "b22", 3))
    assert (state.phase, state.to_act) == (OVERFLOW, 0)
    assert {a[0] for a in args_of(state, "overflow")} == {"b22"}
    assert refusal(state, "overflow", "b12", "b02") == (
        "not_over_limit",
        "b12 is not above the limit of 4",
    )


# -- Tifon and phase 2 ---------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 75, 178)
def test_tifon_does_not_open_phase_2_when_no_chocobo_can_be_sent_home():
    """'Tifon: Choose another player's chocobo ... That player must move the chosen
    chocobo to any space of their territory board.' Every territory space of seats 1 and
    2 holds a big chocobo or the pair of another player, and none of their chocobos is
    at home: Tifon can do nothing, so seat 0's turn goes from the roll to movement."""
    state = position(
        3,
        {0: ["TW0", "TW0"], 1: ["TW2", "TW2"], 2: ["TS2", "TS2"]},
        big={0: "TS0", 1: "TW1", 2: "TS1"},
        hands={0: ["Tifon"]},
        active=2,
        tokens=[],
    )
    assert not fr.has_play(state, 0)
    stack_pile(state, ["Tifon"])  # what a roll of the chocobo face would draw
    GAME.apply(state, act(state, "end_move"))  # seat 2 has nothing to call from
    assert (state.active, state.to_act) == (0, 0)
    assert state.phase == MOVE
    assert GAME.legal_actions(state)[0].kind == "end_move"
    assert not fr.has_play(state, 0)


@pytest.mark.rule("chocobo-party-up.txt", 75, 178)
def test_tifon_opens_phase_2_for_chocobos_at_home_though_their_territory_is_closed():
    """Two players: TW0 holds seat 0's big chocobo, TW1 its pair, TW2 seat 1's big
    chocobo and both its chocobos (4). Seat 1's chocobos may stay where they are ('the
    one it already stands on'), so Tifon may be played on them."""
    state = position(
        2,
        {0: ["TW1", "TW1"], 1: ["TW2", "TW2"]},
        big={0: "TW0", 1: "TW2"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert fr.has_play(state, 0)
    assert args_of(state, "play") == [("Tifon", 1, "TW2")]
    GAME.apply(state, act(state, "play", "Tifon", 1, "TW2"))  # TW2 only: no choice
    assert where(state, 1) == ["TW2", "TW2"]
    assert (state.phase, state.to_act) == (MOVE, 0)
