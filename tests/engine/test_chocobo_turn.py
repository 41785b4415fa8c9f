"""Chocobo Party Up!, rule by rule: phases 3 to 6 of a turn, the pile, the contract
(rulebook: shared/rules/chocobo-party-up.txt; readings and the stand-in board:
docs/chocobo.md).

Positions are laid out on the stand-in back side (see test_chocobo_rulebook.py for a
map): with 3 players seat 0's territory is E (TE0-TE2), seat 1's S, seat 2's W.
"""

from __future__ import annotations

import pytest

from play.engine.core import Action, DataError, IllegalAction
from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.board import KIND_OF, KINDS
from play.engine.games.chocobo.scenario import act, companions_at, give, position, refusal, where
from play.engine.games.chocobo.state import (
    DISCARD,
    KICK,
    MOVE,
    OVER,
    OVERFLOW,
)

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}


def kinds(actions):
    return [a.kind for a in actions]


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


def hand_kinds(state, seat):
    return sorted(KINDS[KIND_OF[c]] for c in state.hands[seat])


# -- 3. movement ---------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 97)
def test_no_chocobo_enters_a_space_with_another_players_big_chocobo():
    """'...they may not enter spaces where other players' big chocobos are...'"""
    state = position(3, {0: ["b21", "b24"], **HOME}, big={1: "b22"}, tokens=[])
    assert ("one", "b21", "b22", 0) not in args_of(state, "move")
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "one", "b21", "b22", 0))
    assert caught.value.code == "big_chocobo_there"


@pytest.mark.rule("chocobo-party-up.txt", 97)
def test_no_chocobo_enters_a_space_with_two_chocobos_of_another_player():
    """'...or where two chocobos of the same player already are.'"""
    state = position(3, {0: ["b21", "b24"], 1: ["b22", "b22"], 2: ["TW1", "TW1"]}, tokens=[])
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "one", "b21", "b22", 0))
    assert caught.value.code == "two_chocobos_there"


@pytest.mark.rule("chocobo-party-up.txt", 89, 97)
def test_chocobos_may_enter_spaces_with_other_players_chocobos_springs_and_territories():
    """'All your chocobos ... may enter spaces occupied by other players' chocobos.' Each
    step goes 'to any adjacent space, including Spring spaces and territory boards of
    other players.'"""
    state = position(3, {0: ["b33", "b42"], 1: ["b32", "TS0"], 2: ["TW1", "TW1"]}, tokens=[])
    legal = args_of(state, "move")
    assert ("one", "b33", "b32", 0) in legal
    assert ("one", "b42", "TS1", 0) in legal


@pytest.mark.rule("chocobo-party-up.txt", 105, 107, 109)
def test_the_big_chocobo_moves_one_space_a_turn_and_never_with_another():
    """'It may not move together with another chocobo. It may move a maximum of one space
    per turn.'"""
    state = position(3, {0: ["b22", "b22"], **HOME}, big={0: "b22"}, face="footprints4", tokens=[])
    pieces = {a[0] for a in args_of(state, "move")}
    assert pieces == {"one", "pair", "big"}  # no move of the big one with the others
    GAME.apply(state, act(state, "move", "big", "b22", "b23", 0))
    assert state.steps == 3
    assert "big" not in {a[0] for a in args_of(state, "move")}
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "big", "b23", "b24", 0))
    assert caught.value.code == "big_moved"


@pytest.mark.rule("chocobo-party-up.txt", 97, 105)
def test_the_big_chocobo_moves_as_the_other_chocobos_do():
    """'It moves in the same way as the other chocobos.' One step to an adjacent space,
    territories included, under the same entry restrictions."""
    state = position(
        3,
        {0: ["TE0", "TE0"], 1: ["b23", "b23"], 2: ["TW1", "TW1"]},
        big={0: "b24", 2: "b14"},
        tokens=[],
    )
    assert sorted(a[2] for a in args_of(state, "move") if a[0] == "big") == ["TE1", "b34"]
    for to, code in (("b14", "big_chocobo_there"), ("b23", "two_chocobos_there")):
        with pytest.raises(IllegalAction) as caught:
            GAME.verify(state, act(state, "move", "big", "b24", to, 0))
        assert caught.value.code == code


@pytest.mark.rule("chocobo-party-up.txt", 117)
def test_companions_follow_a_leaving_chocobo_at_no_cost():
    """'When one or more of your chocobos (big or not) leaves a space, you may have one or
    more companion chocobos follow it, to adjacent spaces, without any additional
    movement cost and regardless of who moved them previously.'"""
    state = position(3, {0: ["b22", "b24"], **HOME}, companions={"b22": 3}, tokens=[])
    assert [a for a in args_of(state, "move") if a[:3] == ("one", "b22", "b23")] == [
        ("one", "b22", "b23", k) for k in range(4)
    ]
    GAME.apply(state, act(state, "move", "one", "b22", "b23", 2))
    assert companions_at(state) == {"b22": 1, "b23": 2}
    assert state.steps == 1


@pytest.mark.rule("chocobo-party-up.txt", 115)
def test_companions_are_never_moved_on_their_own():
    """'You may not move companion chocobos on their own.' In phase 3 every step moves a
    chocobo (one, the pair or the big one); companions only follow."""
    state = position(3, {0: ["b21", "b24"], **HOME}, companions={"b22": 2, "b21": 1}, tokens=[])
    legal = GAME.legal_actions(state)
    assert {a.args[0] for a in legal if a.kind == "move"} == {"one"}
    assert {a.args[1] for a in legal if a.kind == "move"} == {"b21", "b24"}  # not b22
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "companion", "b22", "b23", 0))
    assert caught.value.code == "bad_action"


@pytest.mark.rule("chocobo-party-up.txt", 117, 123)
def test_any_number_of_companions_may_follow_and_the_excess_then_overflows():
    """'...you may have one or more companion chocobos follow it...' (line 117) sets no
    limit on the followers; 'If, as a result of one of your actions, 5 or more chocobos
    end up grouped on the same space, you must move companion chocobos to adjacent spaces
    until the number of chocobos drops to 4.' (line 123): move first, then the excess."""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b23", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 3, "b23": 1, "b40": 4},
        face="footprints3",
        tokens=[],
    )
    # b23 holds 2; all three companions may follow the chocobo there (3 + 3 = 6).
    assert [a[3] for a in args_of(state, "move") if a[:3] == ("one", "b22", "b23")] == [0, 1, 2, 3]
    GAME.verify(state, act(state, "move", "one", "b22", "b23", 3))
    GAME.apply(state, act(state, "move", "one", "b22", "b23", 3))
    assert companions_at(state) == {"b23": 4, "b40": 4}
    assert (state.phase, state.to_act) == (OVERFLOW, 0)
    assert refusal(state, "overflow", "b22", "b21") == (
        "not_over_limit",
        "b22 is not above the limit of 4",
    )
    assert refusal(state, "overflow", "b23", "b44") == (
        "not_adjacent",
        "an overflowing companion goes to an adjacent space",
    )
    GAME.apply(state, act(state, "overflow", "b23", "b22"))
    assert state.phase == OVERFLOW  # 5 still: one more
    GAME.apply(state, act(state, "overflow", "b23", "b13"))
    assert companions_at(state) == {"b22": 1, "b13": 1, "b23": 2, "b40": 4}
    assert (state.phase, state.steps) == (MOVE, 2)  # then movement goes on
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "one", "b23", "b22", 3))
    assert caught.value.code == "not_enough_companions"


@pytest.mark.rule("chocobo-party-up.txt", 123)
def test_a_single_chocobo_may_not_enter_where_chocobos_that_are_not_companions_fill_the_space():
    """Reading: only companions are moved off by the limit ('you must move companion
    chocobos', line 123), and one chocobo entering kicks nobody, so it may not make more
    than 4 chocobos that are not companions on a space."""
    state = position(
        3,
        {0: ["b21", "b24"], 1: ["b22", "TS0"], 2: ["b22", "TW0"]},
        big={1: "b12"},
        tokens=[],
    )
    state.bigs[1] = -1  # seat 1's big chocobo back in the supply
    state.bigs[0] = state.layout.index["b22"]
    state.recount_all()
    # b22: seat 0's big (2) and seats 1 and 2's chocobos: 4 already.
    assert ("one", "b21", "b22", 0) not in args_of(state, "move")
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "one", "b21", "b22", 0))
    assert caught.value.code == "space_full"
    assert "kick" not in caught.value.reason  # no kick for one chocobo


@pytest.mark.rule("chocobo-party-up.txt", 97, 129, 133)
def test_the_pair_may_enter_a_space_it_overfills_with_chocobos_and_must_kick_first():
    """'All your chocobos ... may enter spaces occupied by other players' chocobos.' (line
    97 forbids only other players' big chocobos and pairs) and 'If the kick takes place on
    a space with 5 or more chocobos, first carry it out and then check that the limit of 4
    is not exceeded.' (line 133). Reading: when the chocobos that are not companions count
    more than 4, the kick has to move enough of them (it may not be ended before)."""
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        big={0: "b22"},
        face="footprints3",
        tokens=[],
    )
    assert ("pair", "b21", "b22", 0) in args_of(state, "move")
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))  # 2 + 1 + 2 = 5
    assert state.phase == KICK
    kicks = GAME.legal_actions(state)
    assert "end_kick" not in kinds(kicks)
    assert {a.args for a in kicks} == {(1, t) for t in ("b12", "b32", "b21", "b23")}
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "end_kick"))
    assert caught.value.code == "must_kick"
    GAME.apply(state, act(state, "kick", 1, "b32"))
    assert where(state, 1) == ["TS0", "b32"]
    # Movement ended with the kick (two steps were left); b22, a Spring, holds 4: no
    # call, and the turn has passed.
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 123, 133)
def test_a_kick_onto_a_space_over_the_limit_with_chocobos_first_kicks_then_moves_companions():
    """Reading of 'If the kick takes place on a space with 5 or more chocobos, first carry
    it out and then check that the limit of 4 is not exceeded' when the excess is not
    companions: the kick brings the chocobos that are not companions down to 4, then the
    companions overflow as line 123 says."""
    state = position(
        3,
        {0: ["TE1", "b22"], 1: ["b22", "TS0"], 2: ["b22", "TW0"]},
        big={0: "b23"},
        companions={"b22": 1},
        face="footprints3",
        tokens=[],
    )
    # b22: seat 0's chocobo, seats 1 and 2's, a companion: 4. The big one makes 6.
    assert ("big", "b23", "b22", 0) in args_of(state, "move")
    GAME.apply(state, act(state, "move", "big", "b23", "b22", 0))
    assert state.phase == KICK
    assert "end_kick" not in kinds(GAME.legal_actions(state))
    GAME.apply(state, act(state, "kick", 2, "b21"))
    # Chocobos that are not companions: 4 now, so the kick may stop; 5 with the companion.
    assert kinds(GAME.legal_actions(state))[0] == "end_kick"
    GAME.apply(state, act(state, "end_kick"))
    assert state.phase == OVERFLOW
    assert {a.args[0] for a in GAME.legal_actions(state)} == {"b22"}
    GAME.apply(state, act(state, "overflow", "b22", "b12"))
    assert companions_at(state) == {"b12": 1}
    assert state.active == 1  # movement ended with the kick; no call (b22 holds 4)


@pytest.mark.rule("chocobo-party-up.txt", 121)
def test_territory_spaces_count_toward_the_limit():
    """Reading: the limit holds on every space, territory spaces included."""
    state = position(3, {0: ["TE1", "b24"], **HOME}, companions={"TE1": 3, "b24": 1}, tokens=[])
    GAME.apply(state, act(state, "move", "one", "b24", "TE1", 0))  # 3 + 1 + 1 = 5
    assert state.phase == OVERFLOW


@pytest.mark.rule("chocobo-party-up.txt", 123, 125)
def test_the_overflow_goes_to_a_space_with_room_when_there_is_one():
    state = position(
        3,
        {0: ["b21", "b24"], **HOME},
        big={0: "b22"},
        companions={"b22": 2, "b12": 4, "b32": 3},
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "one", "b21", "b22", 0))
    assert args_of(state, "overflow") == [("b22", "b32"), ("b22", "b21"), ("b22", "b23")]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "overflow", "b22", "b12"))
    assert caught.value.code == "must_take_room"


@pytest.mark.rule("chocobo-party-up.txt", 129)
def test_moving_one_chocobo_onto_another_players_chocobo_is_no_kick():
    """Reading: 'move 2 of your chocobos' is the pair moving together; one chocobo joining
    the other on a space with another player's chocobo does not kick."""
    state = position(3, {0: ["b21", "b22"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]}, tokens=[])
    GAME.apply(state, act(state, "move", "one", "b21", "b22", 0))
    assert (state.phase, state.steps) == (MOVE, 1)
    assert where(state, 0) == ["b22", "b22"]


@pytest.mark.rule("chocobo-party-up.txt", 129, 135)
def test_declining_to_kick_lets_movement_go_on():
    """Reading: a kick that moves no chocobo is no kick, so movement does not end."""
    state = position(
        3, {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]}, face="footprints3", tokens=[]
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert state.phase == KICK
    GAME.apply(state, act(state, "end_kick"))
    assert (state.phase, state.steps) == (MOVE, 2)


@pytest.mark.rule("chocobo-party-up.txt", 97, 129)
def test_kicked_chocobos_obey_the_entry_restrictions():
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["b23", "b23"]},
        big={2: "b12"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert args_of(state, "kick") == [(1, "b32"), (1, "b21")]  # not b12 (big), b23 (pair)


@pytest.mark.rule("chocobo-party-up.txt", 129, 135)
def test_every_chocobo_of_other_players_may_be_kicked_in_the_order_chosen():
    state = position(
        4,
        {0: ["b32", "b32"], 1: ["b33", "TE0"], 2: ["b33", "TS0"], 3: ["TW0", "TW1"]},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b32", "b33", 0))
    assert {a[0] for a in args_of(state, "kick")} == {1, 2}
    GAME.apply(state, act(state, "kick", 2, "b43"))
    assert state.phase == KICK
    assert {a[0] for a in args_of(state, "kick")} == {1}
    GAME.apply(state, act(state, "end_kick"))
    assert state.steps == 0  # one was kicked: movement is over
    assert where(state, 1) == ["TE0", "b33"]


# -- 4. call -------------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 121, 141)
def test_no_call_from_a_space_with_4_chocobos_a_big_one_counting_2():
    state = position(
        3,
        {0: ["b22", "b13"], **HOME},
        big={0: "b22"},
        companions={"b22": 1},
        phase="call",
        tokens=["b13"],
    )
    assert args_of(state, "call") == [("b13",)]  # b22: 1 + 2 + 1 = 4
    assert refusal(state, "call", "b22") == (
        "space_full",
        "there must be fewer than 4 chocobos on the space to call",
    )


@pytest.mark.rule("chocobo-party-up.txt", 147)
def test_no_call_when_the_supply_is_empty():
    """'If there are no companion chocobos left in the supply because they have all
    already been called, you may not carry out this action.'"""
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        companions={"b44": 4, "b40": 4, "b00": 4, "b04": 4, "b02": 4},
        phase="move",
        tokens=[],
    )
    assert state.supply == 0
    GAME.apply(state, act(state, "end_move"))
    assert state.active == 1  # no call phase
    state = position(3, {0: ["b22", "b24"], **HOME}, phase="call", tokens=[])
    state.supply = 0
    assert refusal(state, "call", "b22") == ("no_companions_left",
                                             "every companion has been called")  # fmt: skip


@pytest.mark.rule("chocobo-party-up.txt", 141)
def test_the_big_chocobo_may_call_and_a_trail_space_without_token_may_not():
    state = position(3, {0: ["b13", "b24"], **HOME}, big={0: "b21"}, phase="call", tokens=[])
    assert args_of(state, "call") == [("b21",)]
    assert refusal(state, "call", "b13") == (
        "no_trail_token",
        "call from a space with a trail token or a Spring space",
    )
    assert refusal(state, "call", "b22") == ("no_chocobo_there", "you have no chocobo on b22")
    assert refusal(state, "call", "b21", "b13")[0] == "bad_action"


# -- 5. hand limit -------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 151)
def test_with_4_or_more_cards_the_player_discards_down_to_3():
    """'If you have 4 or more friend cards in your hand, you must discard until you have
    3.'"""
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        phase="call",
        hands={0: ["Shirma", "Croma", "Croma", "Golem"]},
        tokens=[],
    )
    GAME.apply(state, act(state, "call", "b22"))  # draws a fifth card
    assert state.phase == DISCARD
    assert len(state.hands[0]) == 5
    assert refusal(state, "discard", "Moguri") == ("card_not_in_hand", "you have no Moguri in hand")
    assert refusal(state, "no_card") == (
        "wrong_action",
        "now discard down to 3 cards ('discard'), not 'no_card'",
    )
    while state.phase == DISCARD:
        legal = GAME.legal_actions(state)
        assert kinds(legal) == ["discard"] * len(legal)
        GAME.apply(state, legal[-1])
    assert len(state.hands[0]) == 3
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 151)
def test_a_hand_of_one_kind_is_discarded_without_asking():
    state = position(
        3, {0: ["b22", "b24"], **HOME}, phase="call", hands={0: ["Croma"] * 4}, tokens=[]
    )
    state.pile = [c for c in state.pile if KIND_OF[c] != 1] + [
        c for c in state.pile if KIND_OF[c] == 1
    ]  # a Croma on top
    events = GAME.apply(state, act(state, "call", "b22"))
    assert [e.kind for e in events].count("discarded") == 2
    assert hand_kinds(state, 0) == ["Croma"] * 3


# -- 6. victory ----------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", "31.4", 155)
def test_six_companions_on_the_own_territory_win_at_the_end_of_the_turn():
    """'If you have 6 or more companion chocobos on your territory board, you immediately
    win the game.'"""
    state = position(
        3, {0: ["b24", "b24"], **HOME}, companions={"TE0": 3, "TE2": 1, "b24": 2}, tokens=[]
    )
    GAME.apply(state, act(state, "move", "one", "b24", "TE1", 2))
    assert state.phase == MOVE  # not yet: the check is phase 6
    events = GAME.apply(state, act(state, "end_move"))
    assert events[-1].to_dict() == {"kind": "won", "data": {"player": 0, "companions": 6}}
    assert state.phase == OVER
    assert GAME.is_over(state)
    assert GAME.legal_actions(state) == []
    outcome = GAME.outcome(state)
    assert (outcome.status, outcome.winners) == ("finished", (0,))
    assert outcome.scores == (6, 0, 0)
    assert companions_at(state) == {"TE0": 3, "TE1": 2, "TE2": 1}


@pytest.mark.rule("chocobo-party-up.txt", 60, 155, 157)
def test_only_the_player_whose_turn_it_is_wins():
    """Reading: phase 6 checks the player whose turn it is; another player with 6 at home
    wins at the end of their own turn (if they still have them)."""
    state = position(3, {0: ["b24", "b24"], **HOME}, companions={"TS0": 3, "TS1": 3}, tokens=[])
    GAME.apply(state, act(state, "end_move"))
    assert state.phase != OVER
    assert state.active == 1


# -- the pile ------------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", "71.2")
def test_when_the_pile_runs_out_the_discard_pile_is_shuffled_into_a_new_pile():
    """'If at any point in the game the pile runs out, shuffle the discard pile and place
    it face down to form a new pile.' Reading: as soon as the last card is drawn."""
    state = position(3, {0: ["b22", "b24"], **HOME}, phase="call", tokens=[])
    state.discard = state.pile[:-1]
    state.pile = state.pile[-1:]
    last = state.pile[0]
    events = GAME.apply(state, act(state, "call", "b22"))
    assert state.hands[0] == [last]
    assert "reshuffled" in [e.kind for e in events]
    assert len(state.pile) == 29
    assert state.discard == []


@pytest.mark.rule("chocobo-party-up.txt", "71.2")
def test_with_pile_and_discard_empty_no_card_is_drawn():
    """Reading: with no card in the pile nor the discard pile, the draw is skipped."""
    state = position(3, {0: ["b22", "b24"], **HOME}, phase="call", tokens=[])
    for seat in (1, 2):
        state.hands[seat] = sorted(state.pile[:15] if seat == 1 else state.pile[15:])
    state.pile = []
    events = GAME.apply(state, act(state, "call", "b22"))
    assert "no_card_to_draw" in [e.kind for e in events]
    assert state.hands[0] == []


# -- contract ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("move", 1, ("one", "b20", "b21", 0)), "not_your_turn"),
        (Action("call", 0, ("b22",)), "wrong_action"),
        (Action("move", 0, ("one", "b20", "b22", 0)), "not_adjacent"),
        (Action("move", 0, ("one", "b21", "b22", 0)), "no_chocobo_there"),
        (Action("move", 0, ("pair", "b20", "b21", 0)), "not_together"),
        (Action("move", 0, ("one", "b20", "b21", 1)), "not_enough_companions"),
        (Action("move", 0, ("one", "b20", "nowhere", 0)), "bad_action"),
        (Action("move", 0, ("one", "b20")), "bad_action"),
        (Action("end_move", 0, (1,)), "bad_action"),
    ],
)
def test_it_refuses_illegal_actions_with_a_code_and_a_reason(action, code):
    state = position(3, {0: ["b20", "b24"], **HOME}, tokens=[])
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert caught.value.code == code
    assert caught.value.reason
    assert not GAME.can(state, action)


@pytest.mark.parametrize(
    ("args", "code", "reason"),
    [
        (("one", "b20", "b21", True), "bad_action", "followers is a count of companions"),
        (("one", "b20", "b21", -1), "bad_action", "followers is a count of companions"),
        (("one", "b20", "b21", "1"), "bad_action", "followers is a count of companions"),
        (("big", "b20", "b21", 0), "no_chocobo_there", "your big chocobo is not on b20"),
        (("one", "b21", "b22", 0), "no_chocobo_there", "you have no chocobo on b21"),
        (("pair", "b20", "b21", 0), "not_together",
         "two chocobos move together only from one space"),
        (("one", "b20", "b22", 0), "not_adjacent", "b22 is not next to b20"),
        (("one", "b20", "b21", 1), "not_enough_companions", "only 0 companions are on b20"),
        (("big", "b44", "b43", 1), "not_enough_companions", "only 0 companions are on b44"),
    ],
)  # fmt: skip
def test_a_refused_move_says_which_rule_it_breaks(args, code, reason):
    """The big chocobo (2 toward the limit) may enter b43, which holds 2: so the
    refusal is about its followers, not the limit."""
    state = position(3, {0: ["b20", "b24"], 1: ["b43", "TS0"], 2: ["b43", "TW1"]},
                     big={0: "b44"}, tokens=[])  # fmt: skip
    assert refusal(state, "move", *args) == (code, reason)


def test_a_card_played_on_a_target_its_effect_does_not_allow_is_refused():
    state = position(3, {0: ["b20", "b24"], **HOME}, hands={0: ["Moguri"]}, phase="friend",
                     tokens=[])  # fmt: skip
    assert refusal(state, "play", "Moguri", "b44") == (
        "bad_target",
        "Moguri cannot be played on ['b44']: see the card's effect",
    )


def test_malformed_actions_are_refused_with_a_code_in_every_phase():
    """Whatever a client sends, verify answers IllegalAction with a code and a reason."""
    junk = [
        (),
        ("b22",),
        (1,),
        ("one", "b22"),
        ("one", "b22", "b23", -1),
        ("one", "nowhere", "b23", 0),
        ("Tifon", 9, "b22"),
        ("Golem", "b99"),
        ("companion", "b22"),
        ("chocobo", 7, "b22"),
        ("Croma", "Croma", "b22"),
        ("Shirma",),
        ("b22", "b23"),
        (0, "b22"),
        ("x", "y", "z", "w", "v"),
    ]
    kinds = (
        "place",
        "no_card",
        "play",
        "call_big",
        "relocate",
        "golem_move",
        "move",
        "end_move",
        "kick",
        "end_kick",
        "overflow",
        "call",
        "no_call",
        "discard",
        "fly",
    )
    phases = set()
    for seed in range(6):
        state = GAME.new_game({"players": 2 + seed % 3}, seed)
        for step in range(400):
            legal = GAME.legal_actions(state)
            if not legal:
                break
            if step % 7 == 0 or state.phase not in phases:
                phases.add(state.phase)
                for kind in kinds:
                    for args in junk:
                        action = Action(kind, state.to_act, args)
                        if action in legal:
                            continue
                        with pytest.raises(IllegalAction) as caught:
                            GAME.verify(state, action)
                        assert caught.value.code
                        assert caught.value.reason
            GAME.apply(state, legal[(seed * 7 + step) % len(legal)])
    assert len(phases) >= 7


def test_a_card_not_in_hand_is_refused():
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        hands={0: ["Croma"]},
        phase="friend",
        companions={"b22": 1},
        tokens=[],
    )
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "play", "Shirma"))
    assert caught.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "call_big", "Croma", "Shirma", "b21"))
    assert caught.value.code == "card_not_in_hand"


def test_a_game_at_its_length_cap_is_unfinished():
    state = GAME.new_game({"players": 2}, seed=1)
    state.step = GAME.info.max_length
    assert GAME.is_over(state)
    assert GAME.legal_actions(state) == []
    outcome = GAME.outcome(state)
    assert (outcome.status, outcome.winners) == ("unfinished", ())
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "place", "TE0"))
    assert caught.value.code == "game_over"


def test_the_view_shows_the_own_hand_and_only_the_sizes_of_the_rest():
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        hands={0: ["Croma"], 1: ["Golem"]},
        phase="friend",
        companions={"b22": 1},
        tokens=[],
    )
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert [c["kind"] for c in mine["hand"]] == ["Croma"]
    assert [c["name"] for c in theirs["hand"]] == ["Gólem"]
    assert mine["hand_sizes"] == [1, 1, 0]
    assert mine["pile_size"] == len(state.pile)
    assert not {"pile", "hands", "rng"} & set(mine)
    assert mine["legal_actions"]
    assert theirs["legal_actions"] == []
    with pytest.raises(DataError):
        GAME.view(state, 3)


def test_give_takes_cards_from_the_pile():
    state = position(3, {0: ["b20", "b24"], **HOME}, tokens=[])
    give(state, 2, ["Tifon"])
    assert hand_kinds(state, 2) == ["Tifon"]
    assert len(state.pile) == 29


# -- kicks that must bring a space down to the limit -----------------------------------

CORNER = {  # 4 players: seats 1-3 each have a chocobo on the corner b00
    0: ["b01", "b01"],
    1: ["b00", "TE0"],
    2: ["b00", "TS0"],
    3: ["b00", "TW0"],
}


@pytest.mark.rule("chocobo-party-up.txt", 97, 129, 133)
def test_the_pair_may_not_enter_a_space_its_kick_could_not_bring_down_to_4():
    """Reading of line 133 when the excess is not companions: the kick must move enough
    of the other players' chocobos off, so the pair may enter only where it can. Here
    b00 (a corner: b01 and b10 next to it) holds three chocobos; seat 0's big one stays
    on b01 (closed to the others), and b10 holds two big chocobos (full)."""
    state = position(4, CORNER, big={0: "b01", 1: "b10", 2: "b10"}, tokens=[])
    assert ("pair", "b01", "b00", 0) not in args_of(state, "move")
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "move", "pair", "b01", "b00", 0))
    assert caught.value.code == "space_full"
    assert "kick" in caught.value.reason


@pytest.mark.rule("chocobo-party-up.txt", 129, 133)
def test_a_kick_that_must_go_on_offers_only_kicks_that_can_bring_the_space_down_to_4():
    """With only seat 2's big chocobo on b10, seat 2's chocobo may still go there (its own
    big one does not close the space to it): the pair may enter b00 (2 + 3 = 5), and the
    only kick is seat 2's chocobo to b10."""
    state = position(4, CORNER, big={0: "b01", 2: "b10"}, face="footprints3", tokens=[])
    GAME.apply(state, act(state, "move", "pair", "b01", "b00", 0))
    assert state.phase == KICK
    assert [a.args for a in GAME.legal_actions(state)] == [(2, "b10")]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "kick", 1, "b10"))
    assert caught.value.code == "big_chocobo_there"
    GAME.apply(state, act(state, "kick", 2, "b10"))
    assert where(state, 2) == ["TS0", "b10"]
    # Four chocobos that are not companions on b00, and nowhere left to kick to: the
    # kick has ended movement; b00 is no call space, so the turn has passed.
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 129, 133)
def test_a_kick_that_would_leave_another_chocobo_nowhere_to_go_is_not_offered():
    """b00 (next to b10 and b01) holds seat 0's big chocobo and a chocobo of seats 1 and
    2; seat 0's pair comes from b01, where seats 1 and 2 have their other chocobos: 6
    chocobos that are not companions, so both must be kicked. Seat 2's may only go to
    b01 (seat 1's big one closes b10 to it); seat 1's to b10, or to b01, but then its
    pair there would close b01 to seat 2's: that kick is not offered."""
    state = position(
        3,
        {0: ["b01", "b01"], 1: ["b00", "b01"], 2: ["b00", "b01"]},
        big={0: "b00", 1: "b10"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b01", "b00", 0))
    assert state.phase == KICK
    assert [a.args for a in GAME.legal_actions(state)] == [(1, "b10"), (2, "b01")]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "kick", 1, "b01"))
    assert caught.value.code == "kick_cannot_clear"
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, act(state, "end_kick", 1))
    assert caught.value.code == "bad_action"
    GAME.apply(state, act(state, "kick", 2, "b01"))
    assert [a.args for a in GAME.legal_actions(state)] == [(1, "b10")]  # still 5
    GAME.apply(state, act(state, "kick", 1, "b10"))
    assert where(state, 1) == ["b01", "b10"]
    assert where(state, 2) == ["b01", "b01"]
    assert state.active == 1  # the kick ended movement and the turn


# -- the four-player board --------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 43, 50)
def test_the_four_player_board_is_the_front_side_with_the_small_board_beside_it():
    """'For 4 players, use the front side of the double-sided board and place the small
    board beside it' (line 50). Stand-in: the front side is a 5x5 grid like the back
    side, the small board a 2x3 grid beside its S edge; about as many spaces a player as
    the back side gives 3 players, and every territory 2 steps from a Spring."""
    four = GAME.new_game({"players": 4}, seed=1).layout
    three = GAME.new_game({"players": 3}, seed=1).layout
    board = [n for n in four.names if n.startswith("b")]
    front = [n for n in board if int(n[1]) < 5]
    small = [n for n in board if int(n[1]) >= 5]
    assert (len(front), len(small)) == (25, 6)
    # The small board touches the front side along b41-b43.
    assert {a for n in small for a in four.adj[four.index[n]] if four.names[a] in front} == {
        four.index[n] for n in ("b41", "b42", "b43")
    }
    per_player = len(board) / 4
    assert per_player == 7.75
    assert abs(per_player - 25 / 3) / (25 / 3) < 0.1
    assert len(three.names) - 9 == 25
    for layout_ in (four, three):
        for seat in range(len(layout_.sides)):
            assert min(layout_.home_dist[seat][s] for s in layout_.spring_spaces) == 2


@pytest.mark.rule("chocobo-party-up.txt", 121, 123)
def test_with_four_players_the_limit_holds_across_both_boards():
    """Reading: the rulebook changes nothing for 4 players but the board (its only
    changes are for 2 players, lines 159-167), so the limit of 4 holds on every space of
    both boards, and the boards are one where they touch: a space of the front side
    overflows onto the small board."""
    state = position(
        4,
        {0: ["TN1", "b02"], 1: ["TE0", "TE1"], 2: ["b52", "b52"], 3: ["TW0", "TW1"]},
        companions={"TS0": 3, "TS2": 2, "b42": 2, "b52": 1, "b51": 4, "b53": 4, "b62": 4},
        active=2,
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "one", "b52", "b42", 1))  # b42: 1 + 3 = 4
    GAME.apply(state, act(state, "move", "one", "b52", "b42", 0))  # 5: overflows
    assert state.phase == OVERFLOW
    # b52 (small board) has room again; b32, b41 and b43 (front side) have room too.
    assert {a.args for a in GAME.legal_actions(state)} == {
        ("b42", "b32"),
        ("b42", "b52"),
        ("b42", "b41"),
        ("b42", "b43"),
    }
    GAME.apply(state, act(state, "overflow", "b42", "b52"))
    assert companions_at(state)["b52"] == 1
    assert (state.phase, state.steps) == (MOVE, 1)


@pytest.mark.rule("chocobo-party-up.txt", 141, 143, 155)
def test_with_four_players_calls_come_from_either_board_and_six_at_home_win():
    """Calls from a trail token or a Spring of either board, with fewer than 4 chocobos
    there (line 141); six companions on the territory win (line 155)."""
    state = position(
        4,
        {0: ["TN1", "b02"], 1: ["TE0", "TE1"], 2: ["b51", "b62"], 3: ["TW0", "TW1"]},
        companions={"TS0": 3, "TS1": 2, "b62": 1},
        active=2,
        face="footprints2",
        phase="call",
        tokens=["b51"],
    )
    assert [a.args for a in GAME.legal_actions(state)] == [(), ("b51",)]  # b62: no token
    state.phase = "move"
    state.steps = 1
    events = GAME.apply(state, act(state, "move", "one", "b62", "TS1", 1))  # 6 at home
    assert [e.kind for e in events][-1] != "won"  # the call phase comes first
    assert state.phase == "call"
    events = GAME.apply(state, act(state, "no_call"))
    assert events[-1].to_dict() == {"kind": "won", "data": {"player": 2, "companions": 6}}


def test_refused_kicks_and_discards_say_why():
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert state.phase == KICK
    for args, code in (
        ((0, "b12"), "not_kickable"),  # the kicking player's own chocobo
        ((2, "b12"), "not_kickable"),  # seat 2 has no chocobo there
        (("1", "b12"), "not_kickable"),
        ((1, "b44"), "not_adjacent"),
    ):
        with pytest.raises(IllegalAction) as caught:
            GAME.verify(state, act(state, "kick", *args))
        assert caught.value.code == code
        assert caught.value.reason
    discarding = position(
        3,
        {0: ["b22", "b24"], **HOME},
        phase="call",
        hands={0: ["Shirma", "Croma", "Croma", "Croma"]},
        tokens=[],
    )
    GAME.apply(discarding, act(discarding, "call", "b22"))
    assert discarding.phase == DISCARD
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(discarding, act(discarding, "discard", "Golem"))
    assert caught.value.code == "card_not_in_hand"


def test_three_players_may_name_their_sides_clockwise():
    state = GAME.new_game({"players": 3, "sides": ["E", "S", "W"]}, seed=1)
    assert state.layout.sides == ("E", "S", "W")


# -- refusals name the rule they apply -------------------------------------------------


def friend_phase(**options):
    return position(
        3,
        {0: ["b22", "b22"], **HOME},
        hands={0: ["Croma", "Golem"]},
        phase="friend",
        tokens=[],
        **options,
    )


@pytest.mark.rule("chocobo-party-up.txt", 83)
def test_a_big_chocobo_is_called_onto_an_empty_space_next_to_a_chocobo_once():
    """'Place one of the big chocobos from your supply on an empty space adjacent to
    another space that contains one or more of your chocobos.'"""
    assert refusal(friend_phase(big={0: "b44"}), "call_big", "Croma", "Golem", "b23") == (
        "big_on_board",
        "your big chocobo is already on the board",
    )
    assert refusal(friend_phase(companions={"b12": 1}), "call_big", "Croma", "Golem",
                   "b12") == ("space_not_empty", "b12 is not empty")  # fmt: skip
    assert refusal(friend_phase(big={1: "b21"}), "call_big", "Croma", "Golem", "b21") == (
        "space_not_empty",
        "b21 is not empty",
    )
    assert refusal(friend_phase(), "call_big", "Croma", "Golem", "b00") == (
        "not_next_to_your_chocobo",
        "b00 is not next to a space with one of your chocobos",
    )
    assert refusal(friend_phase(), "call_big", "Croma", "Croma", "b23") == (
        "card_not_in_hand",
        "discard two friend cards of your hand",
    )
    GAME.verify(friend_phase(), act(friend_phase(), "call_big", "Croma", "Golem", "b21"))


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_sends_the_chosen_chocobo_to_a_free_space_of_its_owners_territory():
    """'That player must move the chosen chocobo to any space of their territory
    board.'"""
    state = position(
        3,
        {0: ["b20", "b24"], 1: ["b22", "TS1"], 2: ["TW1", "TW1"]},
        big={2: "TS2"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "b22"))
    assert state.to_act == 1
    assert refusal(state, "relocate", "TW0") == (
        "not_your_territory",
        "Tifon sends your chocobo to a space of your own territory board",
    )
    assert refusal(state, "relocate", "b21") == (
        "not_your_territory",
        "Tifon sends your chocobo to a space of your own territory board",
    )
    assert refusal(state, "relocate", "TS2") == ("space_full", "your chocobo may not stand on TS2")
    assert sorted(a.args[0] for a in GAME.legal_actions(state)) == ["TS0", "TS1"]
    GAME.apply(state, act(state, "relocate", "TS1"))
    assert where(state, 1) == ["TS1", "TS1"]


def test_an_action_without_arguments_refuses_one():
    state = friend_phase()
    assert refusal(state, "no_card", "b22") == ("bad_action", "'no_card' takes no arguments")
    GAME.verify(state, act(state, "no_card"))


def test_end_kick_takes_no_arguments_and_is_refused_while_a_kick_must_go_on():
    state = position(4, CORNER, big={0: "b01", 2: "b10"}, face="footprints3", tokens=[])
    GAME.apply(state, act(state, "move", "pair", "b01", "b00", 0))
    assert state.phase == KICK
    assert refusal(state, "end_kick", 1) == ("bad_action", "'end_kick' takes no arguments")
    assert refusal(state, "end_kick") == (
        "must_kick",
        "the chocobos that are not companions on the space count more than 4: "
        "kick until they count 4 at most",
    )
