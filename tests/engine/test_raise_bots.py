"""Raise's bots, the budget bot above all (docs/raise.md, "Bots"): legal choices only,
the same game from the same seeds, cards kept for the rounds worth them, fewer point
cards left unawarded than greedy bots leave, and more games won than greedy."""

from __future__ import annotations

import pytest

from play.engine.games.raise_ import GAME, RaiseState
from play.engine.games.raise_.bots import BudgetBot, GreedyBot
from play.engine.games.raise_.cards import POINT_VALUES
from play.engine.simulate import bot_seed, game_seed, play_game, round_robin

from .raise_table import bid, card, pass_, play, table

#: Strong gear and bell cards, weak hourglass and cloud ones, under dice with two gears
#: and two bells (gear and bell x3, hourglass and cloud x1): only Gear 6 is strong.
THRIFTY = ["Hourglass 1", "Hourglass 1", "Hourglass 2", "Cloud 1", "Cloud 2", "Gear 6"]
RIVAL = ["Hourglass 2", "Cloud 3", "Gear 4", "Bell 5", "Bell 6", "Diamond 5"]
DICE = {"gear": 2, "bell": 2}


def with_point_card(state: RaiseState, value: int) -> RaiseState:
    """Make the revealed point card the one worth ``value`` (swapped with it, so every
    point card stays accounted for)."""
    wanted, shown = POINT_VALUES.index(value), state.point
    assert shown is not None  # a round is on
    if shown != wanted:
        for pile in (state.point_pile, state.removed):
            if wanted in pile:
                pile[pile.index(wanted)] = shown
        state.point = wanted
        state.removed.sort()
    return state


def test_the_game_has_random_greedy_and_budget_bots() -> None:
    assert set(GAME.bot_types()) == {"random", "greedy", "budget"}
    assert GAME.bot_types()["budget"] is BudgetBot


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_budget_bot_chooses_only_legal_actions_and_every_game_finishes(
    players: int,
) -> None:
    """Every action is verified before it is applied; the tables are all budget bots,
    or one among greedy bots, or one among random bots, its seat rotating."""
    for index in range(45):
        seed = game_seed(9, index)
        others = ("budget", "greedy", "random")[index % 3]
        names = [others] * players
        names[index % players] = "budget"
        bots = [GAME.make_bot(name, bot_seed(seed, s)) for s, name in enumerate(names)]
        state = GAME.new_game({"players": players}, seed)
        while legal := GAME.legal_actions(state):
            player = state.to_act
            assert player is not None
            action = bots[player].choose(state, legal)
            assert action in legal
            GAME.apply(state, action)  # verifies it: raises if it is not legal
        assert GAME.outcome(state).status == "finished", f"game {index}"


def test_the_same_seeds_give_the_same_game() -> None:
    first: list[object] = []
    again: list[object] = []
    other: list[object] = []
    state = play_game(GAME, {"players": 4}, ["budget", "greedy", "budget", "random"], 17, first)
    twin = play_game(GAME, {"players": 4}, ["budget", "greedy", "budget", "random"], 17, again)
    play_game(GAME, {"players": 4}, ["budget", "greedy", "budget", "random"], 18, other)
    assert first == again
    assert state.to_dict() == twin.to_dict()
    assert first != other  # the seeds do decide something


def test_face_down_it_gives_a_weak_card_to_a_cheap_round_and_a_strong_one_to_a_dear_one() -> None:
    """Round 1 of 8, a 6-point card: greedy bids its Gear 6 (worth 18 this round), the
    budget bot its Hourglass 1, the card least worth keeping. On a 20-point card it bids
    high too: Bell 6, as strong as Gear 6 this round but weaker on average (bells have
    fewer dice faces), so the Gear 6 stays for later."""
    hand = ["Hourglass 1", "Cloud 2", "Gear 5", "Gear 6", "Bell 6", "Diamond 6"]
    cheap = with_point_card(table(2, 0, {0: hand, 1: RIVAL}, DICE), 6)
    legal = GAME.legal_actions(cheap)
    assert GreedyBot(GAME, 1).choose(cheap, legal) == bid(0, "Gear 6")
    assert BudgetBot(GAME, 1).choose(cheap, legal) == bid(0, "Hourglass 1")
    dear = with_point_card(table(2, 0, {0: hand, 1: RIVAL}, DICE), 20)
    assert BudgetBot(GAME, 1).choose(dear, GAME.legal_actions(dear)) == bid(0, "Bell 6")


def test_furthest_back_it_passes_a_cheap_round_greedy_would_spend_its_best_card_on() -> None:
    """A 6-point card with 7 rounds to come; the rival's Bell 6 stands on 18, the budget
    bot's Hourglass 1 on 1. Only its Gear 6 (18) would overtake, and the rival's five
    cards would likely overtake again: greedy plays the Gear 6, the budget bot passes."""
    state = with_point_card(table(2, 0, {0: THRIFTY, 1: RIVAL}, DICE), 6)
    GAME.apply(state, bid(0, "Hourglass 1"))
    GAME.apply(state, bid(1, "Bell 6"))
    assert (state.to_act, state.pos) == (0, [1, 18])
    legal = GAME.legal_actions(state)
    assert GreedyBot(GAME, 1).choose(state, legal) == play(0, "Gear 6")
    assert BudgetBot(GAME, 1).choose(state, legal) == pass_(0)


def test_furthest_back_it_overtakes_on_a_dear_round_with_its_weakest_cards() -> None:
    """A 20-point card; the rival's Cloud 3 stands on 3, the budget bot's Hourglass 1 on
    1, with a strong hand behind it. Greedy overtakes with the weakest card that does it
    alone, Gear 5 (15); the budget bot with Cloud 2 and Cloud 1 (the pair least worth
    keeping), and keeps its gears and bell for later rounds."""
    hand = ["Hourglass 1", "Cloud 1", "Cloud 2", "Gear 5", "Gear 6", "Bell 6"]
    state = with_point_card(table(2, 0, {0: hand, 1: RIVAL}, DICE), 20)
    GAME.apply(state, bid(0, "Hourglass 1"))
    GAME.apply(state, bid(1, "Cloud 3"))
    assert (state.to_act, state.pos) == (0, [1, 3])
    assert GreedyBot(GAME, 1).choose(state, GAME.legal_actions(state)) == play(0, "Gear 5")
    budget = BudgetBot(GAME, 1)
    for name in ("Cloud 2", "Cloud 1"):
        action = budget.choose(state, GAME.legal_actions(state))
        assert action == play(0, name)
        GAME.apply(state, action)
    assert state.pos == [4, 3]
    assert state.hands[0] == sorted(card(0, name) for name in ("Gear 5", "Gear 6", "Bell 6"))


def test_budget_bots_leave_far_fewer_point_cards_unawarded_than_greedy_bots() -> None:
    """100 three-player games of each, seeded as a simulation batch: greedy bots leave
    166 point cards in the pile (82 games), budget bots none (docs/raise.md)."""
    left = {
        bot: sum(
            len(play_game(GAME, {"players": 3}, [bot] * 3, game_seed(1, i)).point_pile)
            for i in range(100)
        )
        for bot in ("greedy", "budget")
    }
    assert left["greedy"] >= 100
    assert left["budget"] * 10 <= left["greedy"]


def test_the_budget_bot_beats_greedy() -> None:
    """100 two-player games, the seats swapped on each deal: the budget bot wins about
    85% (docs/play.md, "Bot ladder")."""
    (pairing,) = round_robin(GAME, {"players": 2}, ["budget", "greedy"], 100, seed=3)
    assert pairing.first_wins >= 3 * pairing.second_wins
