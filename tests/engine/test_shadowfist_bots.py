"""The bots: legal choices only, reproducible from a seed, and in order of strength."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from play.engine.games.shadowfist import GAME
from play.engine.simulate import play_game

from .shadowfist_table import DECK_NAMES, starter_cards, starter_deck


def test_the_game_has_random_greedy_tactician_and_search_bots():
    names = {"random", "greedy", "tactician", "search-fast", "search-strong"}
    assert set(GAME.bot_types()) == names


@pytest.mark.parametrize("name", ["random", "greedy", "tactician"])
def test_a_bot_chooses_among_the_legal_actions_and_depends_only_on_its_seed(name):
    state = GAME.new_game({"players": 2}, seed=3)
    bots = [GAME.make_bot(name, 10), GAME.make_bot(name, 10)]
    twin_bots = [GAME.make_bot(name, 10), GAME.make_bot(name, 10)]
    twin = state.clone()
    for _ in range(200):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        action = bots[state.to_act].choose(state, legal)
        assert action in legal
        assert twin_bots[twin.to_act].choose(twin, GAME.legal_actions(twin)) == action
        GAME.apply(state, action)
        GAME.apply(twin, action)


def results(first: str, second: str, seeds: int) -> Counter[str]:
    """Every pairing of the four suggested decks, each bot in each seat."""
    cards = starter_cards()
    won: Counter[str] = Counter()
    for a, b in itertools.product(DECK_NAMES, repeat=2):
        for seed in range(seeds):
            for bots in ([first, second], [second, first]):
                setup = {"players": 2, "cards": cards, "decks": [starter_deck(a), starter_deck(b)]}
                outcome = GAME.outcome(play_game(GAME, setup, bots, seed))
                won[bots[outcome.winners[0]] if outcome.winners else "none"] += 1
    return won


def test_greedy_beats_random():
    won = results("greedy", "random", 2)
    assert won["greedy"] >= 0.9 * sum(won.values())


def test_the_tactician_beats_greedy_more_often_than_not():
    """The stronger heuristic (docs/shadowfist.md, "Bots"): about 59% of the games over
    every deck pairing, each bot in each seat."""
    won = results("tactician", "greedy", 4)
    assert won["tactician"] > 1.2 * won["greedy"]
