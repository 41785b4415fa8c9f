"""Raise's state, views and outcome: what a state may hold, what each seat sees when,
and the scores while a game is in progress (rulebook: shared/rules/raise.txt)."""

from __future__ import annotations

import pytest

from play.engine.core import Action, DataError, IllegalAction, Rng
from play.engine.games.raise_ import GAME, RaiseState
from play.engine.games.raise_.cards import (
    POINT_VALUES,
    SET_SIZE,
    SYMBOL_INDEX,
    VP_OF,
    card_values,
    find_card,
)

from .raise_table import bid, card, pass_, play, table


def race_table() -> RaiseState:
    """Seat 0 on 2 (furthest back), seat 1 on 5, seat 2 on 6; no symbols rolled."""
    state = table(3, roller=0, dice={}, hands={
        0: ["Cloud 2", "Hourglass 1", "Hourglass 2", "Gear 6"],
        1: ["Cloud 5", "Bell 6"],
        2: ["Gear 6", "Bell 6"]})
    for action in (bid(0, "Cloud 2"), bid(1, "Cloud 5"), bid(2, "Gear 6")):
        GAME.apply(state, action)
    return state


# -- states from data ----------------------------------------------------------------


def test_a_bare_state_is_an_empty_table_until_the_setup_fills_it():
    state = RaiseState(3, Rng(1))
    assert (state.players, state.step, state.round, state.roller) == (3, 0, 0, 0)
    assert (state.phase, state.to_act, state.point) == ("bid", None, None)
    assert (state.target, state.committed) == (None, False)
    assert state.hands == state.draws == state.won == state.won_points == [[], [], []]
    assert state.point_pile == state.removed == state.dice == state.pot == state.order == []
    assert state.bids == state.pos == [None, None, None]
    assert state.values == ()
    with pytest.raises(IndexError):
        state.value_of(0)  # no dice yet: no card has a value



def test_a_state_in_the_middle_of_continuing_round_trips_through_json():
    state = race_table()
    GAME.apply(state, play(0, "Hourglass 1"))  # committed: must play on
    again = RaiseState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert (again.committed, again.target, again.order) == (True, 5, [0, 1, 2])
    assert again.values == state.values  # the card values come back with the dice
    assert GAME.legal_actions(again) == GAME.legal_actions(state)


def broken(change):
    data = race_table().to_dict()
    change(data)
    return data


@pytest.mark.parametrize("change", [
    lambda d: d.update(game="chizo"),
    lambda d: d.update(phase="auction"),
    lambda d: d.pop("committed"),
    lambda d: d.update(step="many"),
    lambda d: d.update(hands=[[1], 2, [3]]),
    lambda d: d.update(players=1, hands=[[]], draws=[[]], won=[[]], won_points=[[]],
                       bids=[None], pos=[None], order=[]),
    lambda d: d.update(players=6),
    lambda d: d.update(bids=[None, None]),
    lambda d: d.update(pos=[2, 5, 6, None]),
    lambda d: d.update(order=[0, 1]),
    lambda d: d.update(order=[0, 1, 1]),
    lambda d: d.update(pos=[None, 5, 6]),
], ids=["game", "phase", "missing", "step", "hand", "one-player", "six-players", "bids",
        "pos", "order-short", "order-twice", "order-off-board"])
def test_a_state_that_is_not_a_raise_state_is_refused(change):
    with pytest.raises(DataError) as caught:
        RaiseState.from_dict(broken(change))
    assert caught.value.code == "bad_state"
    assert caught.value.reason.startswith(("not a Raise state", "a Raise state for",
                                           "the stone order must list"))


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(game="chizo"), "not a Raise state"),
    (lambda d: d.update(phase="auction"), "not a Raise state"),
    (lambda d: d.pop("committed"), "not a Raise state: KeyError('committed')"),
    (lambda d: d.update(players=6), "a Raise state for 6 players needs one entry per seat"),
    (lambda d: d.update(order=[0, 1]),
     "the stone order must list exactly the stones on the board"),
], ids=["game", "phase", "missing", "six-players", "order"])
def test_a_refused_state_says_why(change, reason):
    with pytest.raises(DataError) as caught:
        RaiseState.from_dict(broken(change))
    assert caught.value.reason == reason


@pytest.mark.parametrize("players", [2, 5])
def test_states_of_the_smallest_and_largest_tables_are_accepted(players):
    state = GAME.new_game({"players": players}, seed=2)
    assert RaiseState.from_dict(state.to_dict()).to_dict() == state.to_dict()


# -- card values ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_card_values_of_a_roll_are_shared_by_every_state_with_those_dice(players):
    """Memoised on the sorted faces (any order of the same faces gives the same values),
    for every face from diamond (the first symbol) to blank."""
    faces = [SYMBOL_INDEX[f] for f in ("diamond", "blank", "bell", "diamond", "gear",
                                       "blank", "hourglass")]
    first = card_values(faces, players)
    assert card_values(list(reversed(faces)), players) is first
    assert len(first) == 30 * players
    assert first[card(0, "Diamond 4")] == 4 * 3  # two diamonds rolled


def test_a_roll_of_seven_equal_faces_is_memoised_too():
    bells = [SYMBOL_INDEX["bell"]] * 7
    assert card_values(bells, 2) is card_values(list(bells), 2)
    assert card_values(bells, 2)[card(1, "Bell 6")] == 6 * 8


def test_dice_that_no_die_shows_count_for_no_symbol():
    """A state read from bad data may hold faces no die has: they count as blanks."""
    blank = SYMBOL_INDEX["blank"]
    expected = card_values([blank] * 7, 3)
    assert card_values([-1] * 7, 3) == expected
    assert card_values([300] * 7, 3) == expected
    assert card_values([], 3) == expected
    bell = SYMBOL_INDEX["bell"]
    with_bells = card_values([bell] * 6 + [blank], 3)
    assert card_values([-1] + [bell] * 6, 3) == with_bells  # an odd face first ...
    assert card_values([bell] * 6 + [300], 3) == with_bells  # ... or last


def test_a_card_is_found_by_name_and_copy():
    assert find_card(1, "diamond 6", 1) == find_card(1, "Diamond 6") + 1 == SET_SIZE + 29
    with pytest.raises(KeyError, match="seat 1 has no card 'Diamond 6' number 2"):
        find_card(1, "Diamond 6", 2)  # a set holds two
    with pytest.raises(KeyError):
        find_card(0, "Bell 1")  # and no Bell 1


@pytest.mark.parametrize(("card_id", "reason"), [
    (0, "card 0 (Hourglass 1) is not in your hand"),
    (SET_SIZE * 5 - 1, "card 149 (Diamond 6) is not in your hand"),
    (SET_SIZE * 5, "card 150 is not in your hand"),
    (-1, "card -1 is not in your hand"),
])
def test_a_card_not_in_hand_is_named_when_it_exists(card_id, reason):
    state = table(2, roller=1, hands={0: ["Bell 2"], 1: ["Bell 3"]})
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("bid", 1, (card_id,)))
    assert (caught.value.code, caught.value.reason) == ("card_not_in_hand", reason)


# -- views ---------------------------------------------------------------------------


def test_the_first_round_shows_the_beginner_to_choose_and_an_empty_board():
    state = GAME.new_game({"players": 3, "first_player": 1}, seed=6)
    seen = GAME.view(state, 2)
    assert (seen["game"], seen["player"], seen["players"]) == ("raise", 2, 3)
    assert (seen["step"], seen["round"], seen["phase"]) == (0, 1, "bid")
    assert (seen["to_act"], seen["roller"]) == (1, 1)
    assert (seen["stones"], seen["target"], seen["committed"]) == ([], None, False)
    assert seen["point_pile_size"] == 14 - 5 - 1
    assert len(seen["dice"]) == 7
    assert [c["id"] for c in seen["hand"]] == state.hands[2]
    GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.view(state, 0)["step"] == 1



@pytest.mark.rule("raise.txt", "65.1", "65.2", 99)
def test_a_new_round_shows_no_stones_and_no_face_down_card_yet():
    """'Now remove all remaining counting stones from the game board': the next round
    starts with an empty board, nobody has chosen, nothing is to be overtaken."""
    state = race_table()
    GAME.apply(state, pass_(0))
    GAME.apply(state, pass_(1))  # seat 2 wins the round and rolls the next
    for seat in range(3):
        seen = GAME.view(state, seat)
        assert seen["phase"] == "bid"
        assert seen["round"] == 2
        assert seen["stones"] == []
        assert seen["target"] is None
        assert seen["committed"] is False
        assert seen["pot"] == []
        assert seen["chosen"] == [False, False, False]
        assert seen["face_down"] is None
        assert seen["point_card"] == POINT_VALUES[state.point]
        assert seen["roller"] == 2
    assert GAME.view(state, 2)["legal_actions"]
    assert GAME.view(state, 0)["legal_actions"] == []  # not seat 0's turn


def test_the_race_view_shows_the_stones_back_to_front_and_the_stone_to_pass():
    state = race_table()
    seen = GAME.view(state, 1)
    assert seen["stones"] == [{"player": 0, "space": 2}, {"player": 1, "space": 5},
                              {"player": 2, "space": 6}]
    assert (seen["to_act"], seen["target"], seen["committed"]) == (0, 5, False)
    assert [c["id"] for c in seen["pot"]] == [card(0, "Cloud 2"), card(1, "Cloud 5"),
                                              card(2, "Gear 6")]
    assert seen["hand"] == [{
        "id": card(1, "Bell 6"), "owner": 1, "name": "Bell 6", "symbol": "bell",
        "number": 6, "vp": 1, "value": 6,
    }]
    assert seen["hand_sizes"] == [3, 1, 1]


def test_a_finished_game_shows_no_point_card_and_each_pile():
    state = GAME.new_game({"players": 2}, seed=11)
    while not GAME.is_over(state):
        GAME.apply(state, GAME.legal_actions(state)[0])
    seen = GAME.view(state, 0)
    assert (seen["phase"], seen["to_act"], seen["point_card"]) == ("over", None, None)
    assert seen["legal_actions"] == []
    for seat in (0, 1):
        pile = seen["piles"][seat]
        assert pile["cards"] == state.won[seat]
        assert pile["point_cards"] == [POINT_VALUES[i] for i in state.won_points[seat]]
        assert pile["points"] == sum(VP_OF[c] for c in state.won[seat]) + sum(
            pile["point_cards"])


# -- outcome -------------------------------------------------------------------------


@pytest.mark.rule("raise.txt", "105.1", "105.2")
def test_while_the_game_goes_on_nobody_has_won_and_the_scores_are_the_piles():
    """Nobody wins before 'all point cards have been awarded'; in the meantime the
    scores shown are the players' own piles, without the hands (scored only at the end:
    'For the final scoring, now place all cards still in your hand onto your own pile')."""
    state = race_table()
    GAME.apply(state, pass_(0))
    GAME.apply(state, pass_(1))  # seat 2 won the first round
    outcome = GAME.outcome(state)
    assert outcome.status == "in_progress"
    assert outcome.winners == ()
    pile = sum(VP_OF[c] for c in state.won[2]) + POINT_VALUES[state.won_points[2][0]]
    assert outcome.scores == (0, 0, pile)
    assert outcome.length == state.step == 5


# -- clones and refusals ---------------------------------------------------------------


def test_a_clone_in_the_middle_of_continuing_is_the_same_game():
    state = race_table()
    GAME.apply(state, play(0, "Hourglass 1"))
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    assert (twin.target, twin.committed, twin.values) == (5, True, state.values)
    assert GAME.legal_actions(twin) == GAME.legal_actions(state)
    GAME.apply(twin, play(0, "Gear 6"))
    assert (state.pos[0], twin.pos[0]) == (3, 9)


def refusal(setup_actions, action):
    state = race_table()
    for done in setup_actions:
        GAME.apply(state, done)
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, action)
    return caught.value.code, caught.value.reason


@pytest.mark.parametrize(("setup_actions", "action", "code", "reason"), [
    ([], pass_(1), "not_your_turn", "not your turn: player 0 is to act"),
    ([], Action("pass", 0, (1,)), "bad_action", "'pass' takes no arguments"),
    ([], Action("play", 0, ()), "bad_action", "'play' takes one argument: a card id"),
    ([], Action("bid", 0, (card(0, "Gear 6"),)), "wrong_action",
     "your stone is furthest back: 'play' a card or 'pass', not 'bid'"),
    ([play(0, "Hourglass 1")], pass_(0), "must_continue",
     "you have started to continue: play cards until your stone overtakes the "
     "second-to-last stone (you are on 3, you need 6)"),
    ([pass_(0), pass_(1)], pass_(2), "wrong_action",
     "choose a card to play face down ('bid'), not 'pass'"),
], ids=["turn", "pass-args", "card-args", "race-bid", "must-continue", "bid-pass"])
def test_each_refusal_says_why(setup_actions, action, code, reason):
    assert refusal(setup_actions, action) == (code, reason)


def test_a_finished_game_says_it_is_over():
    state = GAME.new_game({"players": 2}, seed=11)
    while not GAME.is_over(state):
        GAME.apply(state, GAME.legal_actions(state)[0])
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, pass_(0))
    assert (caught.value.code, caught.value.reason) == ("game_over", "the game is over")
