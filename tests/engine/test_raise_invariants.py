"""Random play over many seeds: the invariants every game of Raise must keep.

1,000 seeded games per player count (2-5) between random and greedy bots, through the
shared harness (``fuzz_harness``): every action is verified before it is applied, every
game finishes under the cap with every card and stone accounted for, its final state
round-trips through JSON, and the fast path (``advance``: no checks, no events) plays the
same game to the same hash. One game in ten also gets the expensive checks at one step
(every listed action verifies and no other does; state, action and events round-trip; no
view leaks), and the first few seeds get them at every step. The module runs in seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from play.engine.core import Action, IllegalAction, Outcome, Rng
from play.engine.games.raise_ import GAME, RaiseState
from play.engine.games.raise_.cards import POINT_VALUES, SET_SIZE

from .fuzz_harness import (
    FuzzCase,
    Rates,
    Result,
    apply_steps,
    check_clone_is_independent,
    first_action,
    last_action,
    recorded_replay_test,
    same_seed_test,
    seeds_test,
)
from .raise_table import all_cards, expected_cards

SEEDS = 1000
THOROUGH = 4  # seeds per player count that get the expensive checks at every step
PLAYERS = [2, 3, 4, 5]


def bot_names(players: int, seed: int) -> list[str]:
    """Mostly random bots, with a greedy one in some seats so its paths run too."""
    return ["greedy" if (seed + s) % 3 == 0 else "random" for s in range(players)]


def check_conservation(state: RaiseState, _: object = None) -> None:
    """No number card, point card or stone created or lost."""
    assert all_cards(state) == expected_cards(state.players)
    points = [i for w in state.won_points for i in w] + state.point_pile + state.removed
    points += [] if state.point is None else [state.point]
    assert sorted(points) == list(range(len(POINT_VALUES)))
    on_board = [s for s in range(state.players) if state.pos[s] is not None]
    assert sorted(state.order) == on_board
    spaces = [pos for s in state.order if (pos := state.pos[s]) is not None]  # all: above
    assert spaces == sorted(spaces)  # order runs back to front
    for seat, hand in enumerate(state.hands):
        assert hand == sorted(hand)
        assert len(hand) <= 6
        assert all(c // SET_SIZE == seat for c in hand + state.draws[seat])


def check_everything_listed_verifies_and_nothing_else(state: RaiseState) -> None:
    legal = GAME.legal_actions(state)
    player = state.to_act
    assert player is not None  # the fuzz loop checks states with legal actions only
    candidates = [Action("pass", player)] + [
        Action(kind, player, (c,))
        for kind in ("bid", "play")
        for c in range(player * SET_SIZE, (player + 1) * SET_SIZE)
    ]
    accepted = [a for a in candidates if GAME.can(state, a)]
    assert sorted(accepted, key=str) == sorted(legal, key=str)
    other = (player + 1) % state.players
    with pytest.raises(IllegalAction):
        GAME.verify(state, Action(legal[0].kind, other, legal[0].args))


def hide_and_shuffle(state: RaiseState, viewer: int, seed: int) -> RaiseState:
    """A state the viewer cannot tell apart: others' hidden cards, all draw-pile orders,
    the point pile and the rng changed."""
    other = state.clone()
    rng = Rng(seed)
    for seat in range(other.players):
        if seat == viewer:
            rng.shuffle(other.draws[seat])
            continue
        bid = other.bids[seat]
        pool = other.hands[seat] + other.draws[seat] + ([] if bid is None else [bid])
        rng.shuffle(pool)
        if bid is not None:
            other.bids[seat] = pool.pop()
        size = len(other.hands[seat])
        other.hands[seat], other.draws[seat] = sorted(pool[:size]), pool[size:]
    hidden = other.point_pile + other.removed
    rng.shuffle(hidden)
    other.point_pile = hidden[: len(other.point_pile)]
    other.removed = sorted(hidden[len(other.point_pile) :])
    other.rng = Rng(seed + 1, rng.draws)
    return other


def check_outcome(state: RaiseState, outcome: Outcome, seed: int) -> None:
    assert outcome.status == "finished", f"seed {seed} unfinished"
    assert outcome.winners
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]


def check_totals(results: Sequence[Result]) -> None:
    assert max(r.length for r in results) < GAME.info.max_length // 2  # far from real games


def fuzz_case(players: int) -> FuzzCase[RaiseState]:
    return FuzzCase(
        GAME,
        players,
        "",
        setup=lambda seed: {"players": players},
        bots=lambda seed: bot_names(players, seed),
        conserve=check_conservation,
        exhaustive=check_everything_listed_verifies_and_nothing_else,
        hide=hide_and_shuffle,
        hidden_keys=frozenset({"rng", "draws", "removed", "point_pile", "bids"}),
        check_outcome=check_outcome,
        check_totals=check_totals,
        rates=Rates(
            sample=10, sample_step=101, exhaustive=2, views=6, verify=1, final_views=10, fast=1
        ),
        thorough=THOROUGH,
        same_seeds=range(THOROUGH),
    )


FUZZ_CASES = [fuzz_case(players) for players in PLAYERS]


# The harness's tests per case, collected under these names.
test_random_games_end_within_the_cap_and_keep_every_card = seeds_test(FUZZ_CASES, SEEDS)
test_the_same_seed_gives_the_same_game = same_seed_test(FUZZ_CASES)
test_a_recorded_game_replays_with_every_hash_matching = recorded_replay_test(FUZZ_CASES)


def test_a_clone_is_independent_of_its_original() -> None:
    state = GAME.new_game({"players": 4}, 5)
    apply_steps(GAME, state, last_action, 30)
    twin = check_clone_is_independent(GAME, state, first_action)
    assert twin.rng.draws > state.rng.draws
