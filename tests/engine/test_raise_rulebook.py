"""Every example of the Raise rulebook (shared/rules/raise.txt), quoted, as a test."""

from __future__ import annotations

import pytest

from play.engine.core import IllegalAction
from play.engine.games.raise_ import GAME
from play.engine.games.raise_.cards import POINT_VALUES
from play.engine.games.raise_.rules import card_value, score

from .raise_table import bid, card, pass_, play, table

PETER, MELANIE, SASCHA = 0, 1, 2
EXAMPLE_DICE = {"bell": 3, "diamond": 2, "gear": 1}  # and 1 blank


def example_table():
    """Peter rolled; the three are about to choose their cards face down."""
    return table(3, roller=PETER, dice=EXAMPLE_DICE, hands={
        PETER: ["Bell 2", "Hourglass 1", "Bell 5"],
        MELANIE: ["Diamond 5", "Hourglass 2"],
        SASCHA: ["Gear 3", "Cloud 4"],
    })


@pytest.mark.rule("raise.txt", "65.2", 67, 71)
def test_the_dice_example_gives_bell_2_8_diamond_5_15_and_gear_3_6():
    """'The seven dice show: 3x bell, 2x diamond, 1x gear, 1x blank. Peter plays the card
    "Bell 2" and calculates the value 8 (= 2 x 4). Melanie plays the card "Diamond 5"
    and has the value 15 (= 5 x 3). Sascha plays the card "Gear 3" and has the value 6
    (= 3 x 2).'"""
    state = example_table()
    assert card_value(state, card(PETER, "Bell 2")) == 8
    assert card_value(state, card(MELANIE, "Diamond 5")) == 15
    assert card_value(state, card(SASCHA, "Gear 3")) == 6


@pytest.mark.rule("raise.txt", 67, 69)
def test_the_quantity_of_a_symbol_is_always_one_more_than_was_rolled():
    """'The "quantity of the dice symbol" includes both the number of rolled symbols and
    the symbol depicted on the game board! So it is always 1 more than was rolled.'"""
    state = example_table()
    assert card_value(state, card(SASCHA, "Cloud 4")) == 4  # no cloud rolled: 4 x 1
    assert card_value(state, card(PETER, "Hourglass 1")) == 1


@pytest.mark.rule("raise.txt", "61.2", 69)
def test_the_example_dice_sorted_by_symbol_give_each_symbol_its_quantity():
    """'The dice are then sorted by symbol and placed at the matching spots on the game
    board.' With the example's dice every player sees, per symbol, the quantity that
    multiplies its cards: the dice showing it plus the board's printed one."""
    state = example_table()
    for seat in (PETER, MELANIE, SASCHA):
        seen = GAME.view(state, seat)
        assert seen["multipliers"] == {
            "bell": 4, "diamond": 3, "gear": 2, "cloud": 1, "hourglass": 1,
        }
        assert sorted(seen["dice"]) == sorted(
            ["bell"] * 3 + ["diamond"] * 2 + ["gear"] + ["blank"]
        )


@pytest.mark.rule("raise.txt", "73.1", "73.3")
def test_in_the_example_the_stones_stand_on_8_15_and_6():
    """'...each place your counting stone on the space with the calculated number.'"""
    state = example_table()
    for action in (bid(PETER, "Bell 2"), bid(MELANIE, "Diamond 5"), bid(SASCHA, "Gear 3")):
        GAME.apply(state, action)
    assert state.pos == [8, 15, 6]
    assert sorted(state.pot) == sorted(
        [card(PETER, "Bell 2"), card(MELANIE, "Diamond 5"), card(SASCHA, "Gear 3")]
    )


@pytest.mark.rule("raise.txt", "83.2", 85)
def test_sascha_continues_with_cloud_4_from_6_to_10_overtaking_peter():
    """'Sascha's turn, because his counting stone is furthest back. He decides to continue
    playing and plays the card "Cloud 4", which has the value 4 (= 4 x 1). He moves his
    counting stone from space 6 to space 10 and so overtakes Peter's counting stone. Now
    it is Peter's turn and he must decide whether to continue playing or pass.'"""
    state = example_table()
    for action in (bid(PETER, "Bell 2"), bid(MELANIE, "Diamond 5"), bid(SASCHA, "Gear 3")):
        GAME.apply(state, action)
    assert state.to_act == SASCHA
    events = GAME.apply(state, play(SASCHA, "Cloud 4"))
    played = next(e for e in events if e.kind == "card_played")
    assert played.data["value"] == 4
    assert (played.data["from"], played.data["to"]) == (6, 10)
    assert played.data["overtook"] is True
    assert state.pos[SASCHA] == 10
    assert state.to_act == PETER
    assert {a.kind for a in GAME.legal_actions(state)} == {"pass", "play"}


@pytest.mark.rule("raise.txt", "87.2", 95, 97, "101.2")
def test_peter_then_may_pass_and_melanie_wins_the_round():
    """Continuing the example: 'A player who passes does not play any more in this round,
    removes their own counting stone from the game board and refills their hand cards
    to 6.' Then Sascha is furthest back; if he passes too, Melanie's stone is the only
    one left and 'The round is won ... by the player whose counting stone is the only one
    left on the game board.'"""
    state = example_table()
    for action in (bid(PETER, "Bell 2"), bid(MELANIE, "Diamond 5"), bid(SASCHA, "Gear 3"),
                   play(SASCHA, "Cloud 4"), pass_(PETER)):
        GAME.apply(state, action)
    assert state.pos[PETER] is None
    assert len(state.hands[PETER]) == 6
    assert state.to_act == SASCHA
    point = state.point
    GAME.apply(state, pass_(SASCHA))
    assert state.won_points[MELANIE] == [point]
    assert sorted(state.won[MELANIE]) == sorted([
        card(PETER, "Bell 2"), card(MELANIE, "Diamond 5"),
        card(SASCHA, "Gear 3"), card(SASCHA, "Cloud 4"),
    ])
    assert state.roller == MELANIE  # 'The player who won the previous round rolls the dice.'


@pytest.mark.rule("raise.txt", "105.2", 111)
def test_the_illustrated_pile_of_28_victory_points():
    """'For the final scoring, now place all cards still in your hand onto your own pile,
    and add up the victory points on the number cards and point cards.' The illustration
    shows a pile worth 28; here a point card of 20, a diamond card (5) in the pile and
    three cards (1 each) still in hand."""
    state = example_table()
    twenty = POINT_VALUES.index(20)
    state.won_points[PETER] = [twenty]
    state.won[PETER] = [card(MELANIE, "Diamond 6")]
    assert score(state, PETER) == 20 + 5 + 3


@pytest.mark.rule("raise.txt", "83.2", "83.3")
def test_peter_cannot_continue_with_cards_that_reach_only_9():
    """With only "Hourglass 1" (value 1) left, Peter's stone on 8 could reach 9; Sascha's
    stone is on 10, so Peter 'must play as many hand cards until the calculated value in
    total makes it possible to overtake the second-to-last counting stone ... If that is
    not possible, the player must pass!'"""
    state = example_table()
    for action in (bid(PETER, "Bell 2"), bid(MELANIE, "Diamond 5"), bid(SASCHA, "Gear 3"),
                   play(SASCHA, "Cloud 4")):
        GAME.apply(state, action)
    state.hands[PETER].remove(card(PETER, "Bell 5"))
    state.draws[PETER].append(card(PETER, "Bell 5"))
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, play(PETER, "Hourglass 1"))
    assert caught.value.code == "cannot_overtake"
    assert caught.value.reason == (
        "you must overtake the second-to-last stone: your cards reach 9, you need 11"
    )
    assert GAME.legal_actions(state) == [pass_(PETER)]
