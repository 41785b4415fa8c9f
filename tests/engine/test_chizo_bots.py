"""The ChiZo bots: legal choices only, reproducible, and as strong as documented."""

from __future__ import annotations

import pytest

from play.engine.core import Rng
from play.engine.games.chizo import GAME
from play.engine.simulate import simulate

from .chizo_data import random_stack, tile_list, typical_stack
from .chizo_table import at, in_hand, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def board(**layout):
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return table(2, **layout)


@pytest.mark.parametrize("name", ["random", "greedy", "planner"])
def test_a_bot_chooses_a_legal_action_and_the_same_one_from_the_same_seed(name):
    setup = {"players": 3, "tiles": tile_list(), "stacks": [random_stack(s) for s in range(3)]}
    for seed in range(3):
        state = GAME.new_game(setup, seed)
        for _ in range(60):
            legal = GAME.legal_actions(state)
            if not legal:
                break
            picks = {GAME.make_bot(name, 17).choose(state, legal) for _ in range(2)}
            assert len(picks) == 1
            (pick,) = picks
            assert pick in legal
            GAME.apply(state, pick)


def test_the_greedy_bot_takes_points_now():
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE)},
                  hands={WE: ["Rooster", "Dog", "Bountiful Harvest"]})
    action = GAME.make_bot("greedy", 1).choose(state, GAME.legal_actions(state))
    assert action.kind == "place"
    assert action.args == (in_hand(state, WE, "Rooster"), 1, 1)


def test_the_greedy_bot_builds_towards_a_compatible_square():
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE)},
                  hands={WE: ["Horse", "Ox"]})
    action = GAME.make_bot("greedy", 1).choose(state, GAME.legal_actions(state))
    assert action.args[0] == in_hand(state, WE, "Horse")
    assert action.args[1:] in {(0, 1), (1, 1), (0, -1), (1, -1)}  # beside both


def test_the_greedy_bot_battles_only_when_it_wins():
    losing = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Grumpy Ox", THEY)},
                   hands={WE: ["Swift Feet"]}, stacks={WE: [], THEY: SPARE})
    picks = {GAME.make_bot("greedy", s).choose(losing, GAME.legal_actions(losing)).kind
             for s in range(10)}
    assert "battle" not in picks
    winning = board(grid={(0, 0): ("Grumpy Ox", WE), (1, 0): ("Rabbit", THEY),
                          (1, 1): ("Dog", WE)}, hands={WE: ["Swift Feet"]},
                    stacks={WE: [], THEY: SPARE})
    action = GAME.make_bot("greedy", 1).choose(winning, GAME.legal_actions(winning))
    assert action.kind == "battle"
    assert action.args == (at(winning, 0, 0), at(winning, 1, 0))


def test_the_greedy_bot_answers_an_opponents_golden_egg_with_toasted():
    state = table(2, active=THEY, grid={(0, 0): ("Rooster", THEY)},
                  hands={WE: ["Toasted"], THEY: ["Golden Egg"]}, discards={THEY: ["Rat"]},
                  stacks={WE: SPARE, THEY: SPARE})
    GAME.apply(state, GAME.make_bot("greedy", 1).choose(state, GAME.legal_actions(state)))
    assert state.phase == "react"
    assert state.to_act == WE
    action = GAME.make_bot("greedy", 1).choose(state, GAME.legal_actions(state))
    assert action.kind == "react"


def test_the_planner_does_not_peek_at_hidden_tiles():
    """Two positions that differ only in what the planner can't see (the other hand and
    Stack, its own Stack's order) get the same choice."""
    setup = {"players": 2, "tiles": tile_list(), "stacks": [typical_stack(), random_stack(4)]}
    state = GAME.new_game(setup, 8)
    while state.to_act != 0:
        GAME.apply(state, GAME.legal_actions(state)[0])
    other = state.clone()
    rng = Rng(99)
    pool = other.hands[1] + other.stacks[1]
    rng.shuffle(pool)
    other.hands[1], other.stacks[1] = pool[:len(other.hands[1])], pool[len(other.hands[1]):]
    rng.shuffle(other.stacks[0])
    first = GAME.make_bot("planner", 3).choose(state, GAME.legal_actions(state))
    second = GAME.make_bot("planner", 3).choose(other, GAME.legal_actions(other))
    assert first == second


def test_greedy_beats_random_and_planner_beats_greedy():
    """Measured over seated-both-ways games with the typical stack (docs/chizo.md)."""
    setup = {"players": 2, "tiles": tile_list(), "stacks": [typical_stack()]}
    wins = {"greedy": 0, "planner": 0}
    for bots, strong in ((["greedy", "random"], "greedy"), (["random", "greedy"], "greedy"),
                         (["planner", "greedy"], "planner"), (["greedy", "planner"], "planner")):
        for record in simulate(GAME, setup, bots, 6, seed=5):
            wins[strong] += bots.index(strong) in record.winners
    assert wins["greedy"] >= 11
    assert wins["planner"] >= 9
