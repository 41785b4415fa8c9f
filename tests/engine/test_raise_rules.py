"""Raise, rule by rule (rulebook: shared/rules/raise.txt; readings: docs/raise.md)."""

from __future__ import annotations

import pytest

from play.engine.core import Action, DataError, IllegalAction, SetupError
from play.engine.games.raise_ import GAME
from play.engine.games.raise_.cards import (
    ALL_CARDS,
    DICE,
    HAND_SIZE,
    MAX_PLAYERS,
    POINT_VALUES,
    SET_SIZE,
    SYMBOLS,
    VP_OF,
    card_dict,
    owner,
)

from .raise_table import bid, card, ids, pass_, play, set_draw, set_hand, table

# -- setup ---------------------------------------------------------------------------


@pytest.mark.rule("raise.txt", 39, 41, 42, 43, 44)
@pytest.mark.rule("raise.txt", 35, 37)
@pytest.mark.parametrize(("players", "removed"), [(2, 6), (3, 5), (4, 4), (5, 3)])
def test_setup_removes_point_cards_by_player_count(players, removed):
    """'remove unseen from the game ... 6 point cards in a 2-player game, 5 ... 3-player,
    4 ... 4-player, 3 ... 5-player'; the first round has revealed one more."""
    state = GAME.new_game({"players": players}, seed=3)
    assert len(state.removed) == removed
    assert len(state.point_pile) == len(POINT_VALUES) - removed - 1
    assert state.point is not None
    # 'Shuffle the point cards.': which are removed, and the order of the rest, vary.
    games = [GAME.new_game({"players": players}, seed=s) for s in range(20)]
    assert len({tuple(g.removed) for g in games}) > 1
    assert len({tuple(g.point_pile) for g in games}) > 1


@pytest.mark.rule("raise.txt", "46.1")
def test_the_removed_point_cards_never_come_into_play():
    """'They are not needed for the current game.': a whole game reveals and awards only
    the other point cards."""
    state = GAME.new_game({"players": 3}, seed=4)
    removed = list(state.removed)
    revealed = {state.point}
    while not GAME.is_over(state):
        GAME.apply(state, GAME.legal_actions(state)[-1])
        revealed.add(state.point)
    awarded = {i for w in state.won_points for i in w}
    assert state.removed == removed
    assert not (revealed | awarded) & set(removed)
    assert awarded == set(range(len(POINT_VALUES))) - set(removed)


@pytest.mark.rule("raise.txt", "46.2")
def test_the_remaining_point_cards_are_a_face_down_pile():
    """'Place the remaining point cards as a face-down pile in the middle of the table.':
    every player sees how many are left, nobody sees which."""
    state = GAME.new_game({"players": 4}, seed=3)
    for seat in range(4):
        seen = GAME.view(state, seat)
        assert seen["point_pile_size"] == len(state.point_pile) == 9
        assert seen["point_card"] == POINT_VALUES[state.point]  # the revealed one only
        assert "point_pile" not in seen
        assert "removed" not in seen


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_each_player_6_cards_of_their_own_set(players):
    """'Each player takes ... the set of number cards matching its colour. Shuffle ...
    draw 6 cards from your own draw pile and take them into your hand.'"""
    state = GAME.new_game({"players": players}, seed=3)
    for seat in range(players):
        assert len(state.hands[seat]) == HAND_SIZE
        assert len(state.draws[seat]) == SET_SIZE - HAND_SIZE
        assert {owner(c) for c in state.hands[seat] + state.draws[seat]} == {seat}
        seen = GAME.view(state, seat)  # a face-down draw pile: its size, not its cards
        assert seen["draw_sizes"] == [SET_SIZE - HAND_SIZE] * players
        assert "draws" not in seen
    # Shuffled: the hands dealt vary from game to game.
    hands = {tuple(GAME.new_game({"players": players}, seed=s).hands[0]) for s in range(10)}
    assert len(hands) > 1


@pytest.mark.rule("raise.txt", 19, 20, 21, 22)
def test_the_components_are_five_sets_of_30_number_cards_14_point_cards_and_7_dice():
    """'150 number cards: 5 colour-marked sets of 30 cards each. Each card shows a number,
    a symbol and victory points.' '14 point cards', '5 counting stones' (one per player:
    at most five), '7 dice'."""
    assert (SET_SIZE, MAX_PLAYERS, ALL_CARDS) == (30, 5, 150)
    for c in range(ALL_CARDS):
        shown = card_dict(c)
        assert shown["owner"] == c // 30
        assert shown["number"] >= 1
        assert shown["symbol"] in SYMBOLS
        assert shown["vp"] >= 1
    assert len(POINT_VALUES) == 14
    assert len(DICE) == 7
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 5)
    state = GAME.new_game({"players": 5}, seed=1)
    assert sorted(c for seat in range(5) for c in state.hands[seat] + state.draws[seat]) == (
        list(range(150))
    )


@pytest.mark.rule("raise.txt", 48, "61.1")
def test_the_first_player_holds_the_dice_and_reveals_and_rolls():
    """'Determine a player who begins. This player receives all 7 dice.' and 'The player
    holding the dice reveals the top point card of the pile and rolls all 7 dice.'"""
    state = GAME.new_game({"players": 3, "first_player": 2}, seed=3)
    assert state.roller == 2
    assert state.round == 1
    assert len(state.dice) == len(DICE) == 7
    assert state.to_act == 2  # face-down choices are collected from the roller on


@pytest.mark.rule("raise.txt", "48.1")
def test_the_beginner_is_drawn_from_the_seeded_rng_when_not_given():
    rollers = {GAME.new_game({"players": 4}, seed=s).roller for s in range(40)}
    assert rollers == {0, 1, 2, 3}


@pytest.mark.parametrize(("setup", "code"), [
    (None, "missing_players"),
    ({"players": 1}, "bad_player_count"),
    ({"players": 6}, "bad_player_count"),
    ({"players": True}, "bad_player_count"),
    ({"players": 3, "first_player": 3}, "bad_first_player"),
    ({"players": 3, "colour": "red"}, "unknown_option"),
])
def test_it_refuses_a_setup_it_cannot_play(setup, code):
    with pytest.raises(SetupError) as caught:
        GAME.new_game(setup, seed=1)
    assert caught.value.code == code


# -- face-down play ------------------------------------------------------------------


@pytest.mark.rule("raise.txt", 65)
def test_face_down_cards_stay_hidden_until_everyone_has_chosen():
    """'Each player chooses exactly 1 number card ... face down ... When everyone is
    ready, you turn the card face up simultaneously.'"""
    state = table(3, roller=0, hands={0: ["Bell 2", "Cloud 1"], 1: ["Diamond 5"],
                                      2: ["Gear 3"]}, dice={"bell": 3})
    events = GAME.apply(state, bid(0, "Bell 2"))
    assert [e.to_dict() for e in events] == [{"kind": "card_chosen", "data": {"player": 0}}]
    assert state.pos == [None, None, None]
    others = GAME.view(state, 1)
    assert others["chosen"] == [True, False, False]
    assert others["face_down"] is None
    assert others["pot"] == []
    assert others["stones"] == []
    assert GAME.view(state, 0)["face_down"]["id"] == card(0, "Bell 2")
    GAME.apply(state, bid(1, "Diamond 5"))
    events = GAME.apply(state, bid(2, "Gear 3"))
    assert events[1].kind == "cards_revealed"
    assert state.pos == [8, 5, 3]


@pytest.mark.rule("raise.txt", "65.1")
def test_face_down_choices_are_collected_from_the_roller_clockwise():
    state = GAME.new_game({"players": 4, "first_player": 2}, seed=5)
    order = []
    while state.phase == "bid":
        order.append(state.to_act)
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert order == [2, 3, 0, 1]


@pytest.mark.rule("raise.txt", "65.1", "89.2")
def test_a_player_without_cards_sits_the_round_out():
    """Reading: with an empty hand (draw pile used up) a player plays no card and places no
    stone (docs/raise.md)."""
    state = table(3, roller=0, hands={0: ["Bell 2", "Cloud 1"], 1: [],
                                      2: ["Gear 3", "Cloud 1"]})
    set_draw(state, 1, 0)
    GAME.apply(state, bid(0, "Bell 2"))
    assert state.to_act == 2
    events = GAME.apply(state, bid(2, "Gear 3"))
    revealed = next(e for e in events if e.kind == "cards_revealed")
    assert [p["player"] for p in revealed.data["plays"]] == [0, 2]
    assert state.pos[1] is None
    assert sorted(state.order) == [0, 2]


@pytest.mark.rule("raise.txt", "73.1", "73.2", "77.2")
def test_stones_are_placed_in_order_from_the_roller_and_stacked():
    """'Beginning with the player who rolled the dice ... each place your counting stone
    ... If a counting stone lands on a space on which one or more counting stones
    already are, simply place your own stone on top.' The stone on top is furthest back:
    'In case of a tie, this is the player whose counting stone is on top.'"""
    state = table(3, roller=1, dice={}, hands={
        0: ["Gear 3", "Bell 6"], 1: ["Cloud 3", "Bell 6"], 2: ["Hourglass 4", "Bell 6"]})
    for action in (bid(1, "Cloud 3"), bid(2, "Hourglass 4"), bid(0, "Gear 3")):
        GAME.apply(state, action)
    assert state.pos == [3, 3, 4]
    assert state.order == [0, 1, 2]  # seat 0 placed last on space 3: on top
    assert state.to_act == 0
    assert state.target == 3  # the second-to-last stone is seat 1's, under it


@pytest.mark.rule("raise.txt", 77)
def test_it_is_the_turn_of_the_stone_furthest_back():
    """'It is always the turn of the player whose counting stone is furthest back.'"""
    state = table(3, roller=0, dice={}, hands={
        0: ["Gear 6", "Bell 6"], 1: ["Cloud 2", "Bell 6"], 2: ["Hourglass 4", "Bell 6"]})
    for action in (bid(0, "Gear 6"), bid(1, "Cloud 2"), bid(2, "Hourglass 4")):
        GAME.apply(state, action)
    assert state.to_act == 1
    assert state.target == 4


# -- continue or pass ----------------------------------------------------------------


@pytest.mark.rule("raise.txt", "52.2", 54, 55, 56, 57)
def test_a_round_runs_through_its_four_steps_in_order():
    """'A round always proceeds as follows: 1. Reveal a point card and roll the dice
    2. Play number cards face down 3. Continue playing or pass 4. End of round'"""
    state = table(3, roller=0, dice={}, hands={
        0: ["Cloud 2", "Hourglass 1", "Hourglass 2", "Gear 6"],
        1: ["Cloud 5", "Bell 6"],
        2: ["Gear 6", "Bell 6"]})
    kinds = []
    for action in (bid(0, "Cloud 2"), bid(1, "Cloud 5"), bid(2, "Gear 6"),
                   play(0, "Gear 6"), pass_(1), pass_(2)):
        kinds += [e.kind for e in GAME.apply(state, action)]
    assert kinds == [
        "card_chosen", "card_chosen", "card_chosen", "cards_revealed",  # 2.
        "card_played", "passed", "refilled", "passed", "refilled",  # 3.
        "round_won", "refilled",  # 4.
        "round_started",  # 1. of the next round
    ]
    assert state.phase == "bid"




def race_table():
    """Seat 0 on 2 (furthest back), seat 1 on 5, seat 2 on 6; no symbols rolled."""
    state = table(3, roller=0, dice={}, hands={
        0: ["Cloud 2", "Hourglass 1", "Hourglass 2", "Gear 6"],
        1: ["Cloud 5", "Bell 6"],
        2: ["Gear 6", "Bell 6"]})
    for action in (bid(0, "Cloud 2"), bid(1, "Cloud 5"), bid(2, "Gear 6")):
        GAME.apply(state, action)
    assert (state.to_act, state.pos) == (0, [2, 5, 6])
    return state


@pytest.mark.rule("raise.txt", "77.2", "83.2")
def test_continuing_takes_as_many_cards_as_needed_to_overtake():
    """'A player who decides to continue playing must play as many hand cards until the
    calculated value in total makes it possible to overtake the second-to-last
    counting stone.'"""
    state = race_table()
    GAME.apply(state, play(0, "Hourglass 1"))
    assert (state.to_act, state.pos[0], state.committed) == (0, 3, True)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, pass_(0))
    assert caught.value.code == "must_continue"
    GAME.apply(state, play(0, "Hourglass 2"))
    assert state.pos[0] == 5  # on seat 1's space, on top of it: not yet past it
    assert state.to_act == 0
    GAME.apply(state, play(0, "Gear 6"))
    assert state.pos[0] == 11
    assert state.order == [1, 2, 0]
    assert state.to_act == 1


@pytest.mark.rule("raise.txt", "83.6")
def test_played_cards_go_to_the_winnings_pile():
    """'The played number cards are again placed on the common winnings pile.'"""
    state = race_table()
    GAME.apply(state, play(0, "Gear 6"))
    assert card(0, "Gear 6") in state.pot
    assert card(0, "Gear 6") not in state.hands[0]


@pytest.mark.rule("raise.txt", "83.3")
def test_a_player_who_cannot_overtake_must_pass():
    """'If that is not possible, the player must pass!'"""
    state = race_table()
    set_hand(state, 0, ["Hourglass 1", "Hourglass 2"])  # reach 2 + 3 = 5: not past 5
    assert GAME.legal_actions(state) == [pass_(0)]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, play(0, "Hourglass 2"))
    assert caught.value.reason == (
        "you must overtake the second-to-last stone: your cards reach 5, you need 6"
    )


@pytest.mark.rule("raise.txt", "83.2", "83.3")
def test_landing_on_the_second_to_last_stone_is_not_overtaking_it():
    """Reading (docs/raise.md, "Overtaking"): 'as many hand cards until the calculated
    value in total makes it possible to overtake the second-to-last counting stone' means
    reaching a space beyond it. Seat 0 on 2, seat 1 on 5: a hand reaching 5 must pass, a
    hand reaching 6 (exactly one past) may continue, even when no card does it alone."""
    state = race_table()
    set_hand(state, 0, ["Hourglass 3"])  # 2 + 3 = 5: on seat 1's stone
    assert GAME.legal_actions(state) == [pass_(0)]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, play(0, "Hourglass 3"))
    assert caught.value.code == "cannot_overtake"
    set_hand(state, 0, ["Hourglass 4"])  # 2 + 4 = 6: past it with one card
    assert GAME.legal_actions(state) == [pass_(0), play(0, "Hourglass 4")]
    set_hand(state, 0, ["Hourglass 1", "Hourglass 3"])  # 2 + 1 + 3 = 6: with both
    assert GAME.legal_actions(state) == [pass_(0), play(0, "Hourglass 1"),
                                         play(0, "Hourglass 3")]
    GAME.verify(state, play(0, "Hourglass 1"))
    GAME.apply(state, play(0, "Hourglass 1"))
    assert (state.to_act, state.pos[0], state.committed) == (0, 3, True)
    assert GAME.legal_actions(state) == [play(0, "Hourglass 3")]
    GAME.apply(state, play(0, "Hourglass 3"))
    assert state.order == [1, 0, 2]  # 6: past seat 1's 5, on top of seat 2's 6
    assert (state.to_act, state.target, state.committed) == (1, 6, False)


@pytest.mark.rule("raise.txt", "83.4", "83.5")
def test_only_hand_cards_may_be_used_to_continue():
    """'Only the current hand cards may be used ... Drawing further number cards is not
    allowed in the current round!'"""
    state = race_table()
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, play(0, "Bell 6"))
    assert caught.value.code == "card_not_in_hand"


@pytest.mark.rule("raise.txt", 87, "91.1")
def test_passing_removes_the_stone_and_refills_the_hand_to_6():
    """'A player who passes does not play any more in this round, removes their own
    counting stone from the game board and refills their hand cards to 6.'"""
    state = race_table()
    events = GAME.apply(state, pass_(0))
    assert state.pos[0] is None
    assert 0 not in state.order
    assert len(state.hands[0]) == 6
    assert {"kind": "refilled", "data": {"player": 0, "count": 3}} in [e.to_dict() for e in events]
    assert state.to_act == 1


@pytest.mark.rule("raise.txt", "37.2", "87.2")
def test_refilling_draws_from_the_top_of_the_own_draw_pile():
    """'draw 6 cards from your own draw pile' and, passing, 'refills their hand cards to
    6': the cards drawn are the top ones of the player's own pile."""
    state = race_table()
    set_hand(state, 0, ["Hourglass 1", "Hourglass 2", "Gear 6"],
             draw_top=["Bell 2", "Bell 3", "Diamond 4", "Diamond 5"])
    GAME.apply(state, pass_(0))
    assert state.hands[0] == sorted(ids(0, ["Hourglass 1", "Hourglass 2", "Gear 6",
                                            "Bell 2", "Bell 3", "Diamond 4"]))
    assert state.draws[0][-1] == card(0, "Diamond 5")  # the next one on top
    assert len(state.draws[0]) == SET_SIZE - 1 - 3 - 3  # one in the pot, 3 held, 3 drawn


@pytest.mark.rule("raise.txt", 89)
def test_an_exhausted_draw_pile_leaves_the_hand_short():
    """'If your draw pile is used up, you must manage with the remaining hand cards until
    the end of the game!'"""
    state = race_table()
    set_draw(state, 0, 1)
    GAME.apply(state, pass_(0))
    assert len(state.hands[0]) == 4
    assert state.draws[0] == []


def reading_race():
    """Seat 0 on 2 cannot overtake seat 1 on 5; seat 2 is on 6; no symbols rolled.

    After the face-down cards seat 0 holds "Hourglass 1", seat 1 "Bell 6" and seat 2
    "Bell 6" and "Bell 5"; every draw pile is still full.
    """
    state = table(3, roller=0, dice={}, hands={
        0: ["Cloud 2", "Hourglass 1"],
        1: ["Cloud 5", "Bell 6"],
        2: ["Gear 6", "Bell 6", "Bell 5"]})
    for action in (bid(0, "Cloud 2"), bid(1, "Cloud 5"), bid(2, "Gear 6")):
        GAME.apply(state, action)
    assert (state.to_act, state.pos) == (0, [2, 5, 6])
    return state


@pytest.mark.rule("raise.txt", 87, 91)
def test_a_player_who_passes_refills_at_once_and_is_never_asked_again_that_round():
    """Reading (docs/raise.md, "Passing"): 'A player who passes does not play any more in
    this round, removes their own counting stone from the game board and refills their
    hand cards to 6.' The refill comes with the pass, while the round goes on, and the
    refilled hand neither gives the player another turn nor keeps the round going."""
    state = reading_race()
    point = state.point
    draw_before = len(state.draws[0])
    events = GAME.apply(state, pass_(0))
    assert [e.kind for e in events] == ["passed", "refilled"]
    assert events[1].data == {"player": 0, "count": 5}
    assert len(state.hands[0]) == 6
    assert len(state.draws[0]) == draw_before - 5
    assert (state.phase, state.point, state.round) == ("race", point, 1)  # round goes on
    turns = [state.to_act]
    for action in (play(1, "Bell 6"), play(2, "Bell 6"), pass_(1)):
        events = GAME.apply(state, action)
        turns.append(state.to_act)
    assert turns[:3] == [1, 2, 1]  # seat 0, with 6 cards, is not asked
    assert state.won_points[2] == [point]  # the round ended once seat 2's stone was alone
    refills = [e.data for e in events if e.kind == "refilled"]
    assert refills == [{"player": 1, "count": 6}, {"player": 2, "count": 5}]  # not seat 0


@pytest.mark.rule("raise.txt", "83.4", "83.5", 87, 99)
def test_a_player_still_in_the_round_draws_nothing_until_passing_or_the_round_end():
    """Reading (docs/raise.md, "Passing"): 'Only the current hand cards may be used to
    continue playing. Drawing further number cards is not allowed in the current round!'
    A player whose stone is on the board draws nothing, even with an empty hand: they
    refill when they pass ('refills their hand cards to 6') or at the end of the round
    ('refill your hand cards to 6')."""
    state = reading_race()
    draws = [len(d) for d in state.draws]
    GAME.apply(state, pass_(0))
    GAME.apply(state, play(1, "Bell 6"))  # 5 -> 11: seat 1's last card
    assert state.hands[1] == []
    GAME.apply(state, play(2, "Bell 6"))  # 6 -> 12: seat 1 is furthest back again
    assert (state.to_act, state.hands[1], state.hands[2]) == (1, [], [card(2, "Bell 5")])
    assert [len(d) for d in state.draws][1:] == draws[1:]  # nobody in the round drew
    assert GAME.legal_actions(state) == [pass_(1)]  # no card to continue with, none drawn
    events = GAME.apply(state, pass_(1))
    assert events[1].data == {"player": 1, "count": 6}  # the pass refills
    assert len(state.draws[1]) == draws[1] - 6
    won = next(i for i, e in enumerate(events) if e.kind == "round_won")
    assert events[won + 1].data == {"player": 2, "count": 5}  # the round's end refills
    assert len(state.draws[2]) == draws[2] - 5


# -- end of round --------------------------------------------------------------------


@pytest.mark.rule("raise.txt", "91.2", 95, 97)
def test_the_round_ends_when_one_stone_is_left_and_its_owner_takes_everything():
    """'The round is won ... by the player whose counting stone is the only one left ...
    This player receives both the revealed point card and all number cards from the
    winnings pile.'"""
    state = race_table()
    point = state.point
    pot = list(state.pot)
    GAME.apply(state, pass_(0))
    events = GAME.apply(state, pass_(1))
    won = next(e for e in events if e.kind == "round_won")
    assert won.data == {"player": 2, "point_card": POINT_VALUES[point], "cards": pot}
    assert state.won_points[2] == [point]
    assert sorted(state.won[2]) == sorted(pot)


@pytest.mark.rule("raise.txt", "52.1", "61.1", 99, 101)
def test_after_a_round_stones_leave_the_board_hands_refill_and_the_winner_rolls():
    """'Now remove all remaining counting stones from the game board and refill your hand
    cards to 6. Start a new round with step 1. The player who won the previous round
    rolls the dice.'"""
    state = race_table()
    GAME.apply(state, pass_(0))
    events = GAME.apply(state, pass_(1))
    assert state.pos == [None, None, None]
    assert state.order == []
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert state.roller == 2
    assert state.round == 2
    assert state.to_act == 2
    started = next(e for e in events if e.kind == "round_started")
    assert started.data["roller"] == 2
    assert len(started.data["dice"]) == 7


@pytest.mark.rule("raise.txt", "91.2", 95)
def test_the_round_ends_when_all_hand_cards_have_been_played():
    """'Continue the round like this until either only a single counting stone remains on
    the game board, or all hand cards have been played.' Then the stone furthest ahead
    wins: 'The round is won either by the player whose counting stone is furthest ahead
    on the game board...'"""
    state = table(2, roller=0, dice={}, hands={0: ["Cloud 2", "Gear 6"], 1: ["Cloud 5"]})
    GAME.apply(state, bid(0, "Cloud 2"))
    GAME.apply(state, bid(1, "Cloud 5"))
    events = GAME.apply(state, play(0, "Gear 6"))  # 2 -> 8: past 5, and no hand card left
    won = next(e for e in events if e.kind == "round_won")
    assert won.data["player"] == 0


@pytest.mark.rule("raise.txt", "77.2", 95)
def test_on_a_tie_for_the_lead_the_bottom_stone_is_furthest_ahead():
    """Reading (docs/raise.md): the top stone of a stack counts as further back, so when
    the round ends on a stack in front, its bottom stone wins."""
    state = table(2, roller=0, dice={}, hands={0: ["Cloud 3"], 1: ["Gear 3"]})
    GAME.apply(state, bid(0, "Cloud 3"))
    events = GAME.apply(state, bid(1, "Gear 3"))
    won = next(e for e in events if e.kind == "round_won")
    assert won.data["player"] == 0  # placed first, so at the bottom


# -- end of the game -----------------------------------------------------------------


def finish_with_passes(state):
    """Play on: bid the first card, continue never (pass whenever possible)."""
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        GAME.apply(state, actions[0])


@pytest.mark.rule("raise.txt", "105.1")
def test_the_game_ends_when_all_point_cards_are_awarded():
    """'The game ends when all point cards have been awarded.'"""
    state = GAME.new_game({"players": 2}, seed=11)
    finish_with_passes(state)
    awarded = sum(len(w) for w in state.won_points)
    assert awarded == len(POINT_VALUES) - 6
    assert state.point_pile == []
    assert state.to_act is None
    assert GAME.outcome(state).status == "finished"


@pytest.mark.rule("raise.txt", 97, "105.2", 107)
def test_final_scoring_counts_hand_cards_but_not_the_draw_pile():
    """'place all cards still in your hand onto your own pile ... Cards remaining in your
    own draw pile may not be counted in the final scoring!'"""
    state = GAME.new_game({"players": 2}, seed=11)
    finish_with_passes(state)
    outcome = GAME.outcome(state)
    for seat in (0, 1):
        pile = state.won[seat] + state.hands[seat]
        expected = sum(VP_OF[c] for c in pile)
        expected += sum(POINT_VALUES[i] for i in state.won_points[seat])
        assert outcome.scores[seat] == expected
        assert state.draws[seat]  # cards left there, not counted


@pytest.mark.rule("raise.txt", 29, "109.1")
def test_the_player_with_the_most_victory_points_wins():
    """'... and so to win the most points.' 'The player with the most victory points in
    total wins.'"""
    state = GAME.new_game({"players": 3}, seed=2)
    finish_with_passes(state)
    state.won = [[], [], []]
    state.hands = [[], [card(1, "Bell 2")], [card(2, "Diamond 6")]]
    state.won_points = [[POINT_VALUES.index(6)], [POINT_VALUES.index(8)], []]
    outcome = GAME.outcome(state)
    assert outcome.scores == (6, 9, 5)
    assert outcome.winners == (1,)
    assert not outcome.is_tie


@pytest.mark.rule("raise.txt", 109)
def test_a_tie_shares_the_victory():
    """'In case of a tie, all players involved in the tie share the victory.'"""
    state = GAME.new_game({"players": 3}, seed=2)
    finish_with_passes(state)
    state.won[0], state.won[1], state.won[2] = [], [], []
    state.hands[0], state.hands[1], state.hands[2] = [], [], []
    state.won_points = [[0], [0], []]  # the same point card twice: only the scores matter
    outcome = GAME.outcome(state)
    assert outcome.winners == (0, 1)
    assert outcome.is_tie


@pytest.mark.rule("raise.txt", "65.1", 89, 105)
def test_the_game_ends_when_nobody_has_a_card_left():
    """Reading (docs/raise.md, "When the cards run out"): the rulebook ends the game 'when
    all point cards have been awarded' and is silent when every hand and draw pile is
    empty first. Then nobody can do step 2 ('Each player chooses exactly 1 number card
    from their hand'), so no round can be played: the game ends, finished, and the point
    cards still in the pile are not awarded."""
    state = table(2, roller=0, dice={}, hands={0: ["Cloud 2"], 1: ["Cloud 5"]})
    set_draw(state, 0, 0)
    set_draw(state, 1, 0)
    GAME.apply(state, bid(0, "Cloud 2"))
    events = GAME.apply(state, bid(1, "Cloud 5"))
    assert events[-1].kind == "game_over"
    assert events[-1].data["reason"] == "no player has a card left"
    point = state.won_points[1][0]
    assert events[-1].data["scores"] == [0, POINT_VALUES[point] + 2]  # the pot: 2 cards
    assert events[-1].data["winners"] == [1]
    assert GAME.is_over(state)
    assert state.point_pile


@pytest.mark.rule("raise.txt", 89, 91, 95)
def test_a_player_alone_with_cards_plays_the_round_alone_and_wins_it():
    """Reading (docs/raise.md, "When the cards run out"): a player whose hand and draw
    pile are used up places no stone; if only one player holds cards, theirs is the only
    stone, and 'The round is won ... by the player whose counting stone is the only one
    left on the game board.' The game goes on while anyone holds a card."""
    state = table(2, roller=1, dice={}, hands={0: ["Cloud 2"], 1: []})
    set_draw(state, 1, 0)
    assert state.to_act == 0  # the roller has no card: seat 0 chooses alone
    point, pile = state.point, len(state.point_pile)
    events = GAME.apply(state, bid(0, "Cloud 2"))
    won = next(e for e in events if e.kind == "round_won")
    assert won.data["player"] == 0
    assert state.won_points[0] == [point]
    assert not GAME.is_over(state)
    assert (state.round, state.roller, state.to_act) == (2, 0, 0)
    assert len(state.point_pile) == pile - 1
    assert len(state.hands[0]) == 6
    assert state.hands[1] == []


def test_a_game_at_its_length_cap_is_unfinished():
    state = GAME.new_game({"players": 2}, seed=1)
    state.step = GAME.info.max_length
    assert GAME.is_over(state)
    assert GAME.legal_actions(state) == []
    assert GAME.outcome(state).status == "unfinished"
    assert GAME.outcome(state).winners == ()
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("bid", state.to_act, (state.hands[state.to_act][0],)))
    assert caught.value.code == "game_over"


# -- refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "code"), [
    (Action("bid", 1, (SET_SIZE,)), "not_your_turn"),
    (Action("pass", 0), "wrong_action"),
    (Action("bid", 0, ()), "bad_action"),
    (Action("bid", 0, ("Bell 2",)), "bad_action"),
    (Action("bid", 0, (True,)), "bad_action"),
    (Action("bid", 0, (SET_SIZE,)), "card_not_in_hand"),
    (Action("bid", 0, (9999,)), "card_not_in_hand"),
])
def test_it_refuses_illegal_actions_with_a_code_and_a_reason(action, code):
    state = GAME.new_game({"players": 2, "first_player": 0}, seed=1)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert caught.value.code == code
    assert caught.value.reason
    assert not GAME.can(state, action)


def test_not_your_turn_says_so():
    state = GAME.new_game({"players": 2, "first_player": 0}, seed=1)
    with pytest.raises(IllegalAction, match=r"^not your turn"):
        GAME.apply(state, Action("bid", 1, (state.hands[1][0],)))


def test_pass_takes_no_arguments_and_race_actions_are_play_or_pass():
    state = race_table()
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("pass", 0, (1,)))
    assert caught.value.code == "bad_action"
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("bid", 0, (card(0, "Gear 6"),)))
    assert caught.value.code == "wrong_action"


def test_a_finished_game_refuses_every_action():
    state = GAME.new_game({"players": 2}, seed=11)
    finish_with_passes(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, pass_(0))
    assert caught.value.code == "game_over"


def test_view_refuses_a_seat_that_is_not_at_the_table():
    state = GAME.new_game({"players": 2}, seed=1)
    with pytest.raises(DataError):
        GAME.view(state, 2)


@pytest.mark.rule("raise.txt", "77.2", 79, 80, 81)
def test_legal_actions_list_pass_first_then_cards_by_id():
    state = race_table()
    actions = GAME.legal_actions(state)
    assert actions[0] == pass_(0)
    cards = [a.args[0] for a in actions[1:]]
    assert cards == sorted(state.hands[0])
