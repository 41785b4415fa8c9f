"""Random play over many seeds: the invariants every game of Chocobo Party Up! keeps.

1,000 seeded games per player count (2, 3, 4), through the shared harness
(``fuzz_harness``). Random bots alone almost never finish (a 4-player game between them
runs to tens of thousands of actions: nothing steers the companions home), so each game
seats one greedy bot among random ones, every eighth game only greedy bots, and every
hundredth only random bots, which then run into the length cap and must be reported
unfinished. Every applied action is one of the legal actions; every game ends (won, or
unfinished at the cap) with every companion, chocobo, trail token and card accounted
for; its final state round-trips through JSON; one game in ten is replayed on the fast
path (``advance``: no checks, no events) to the same hash. One game in ten also gets the
expensive checks at one step (every listed action verifies and others do not; state,
action and events round-trip; views leak nothing), and the first few seeds get them at
every step.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from play.engine.core import Action, IllegalAction, Outcome, Rng
from play.engine.games.chocobo import GAME, ChocoboState
from play.engine.games.chocobo.board import CARDS, COMPANIONS, SPACE_LIMIT, TRAIL_TOKENS
from play.engine.games.chocobo.state import GOLEM_PHASE, KICK, NOWHERE, OVER, OVERFLOW, SETUP

from .fuzz_harness import (
    FuzzCase,
    Rates,
    Result,
    apply_steps,
    check_clone_is_independent,
    last_action,
    recorded_replay_test,
    same_seed_test,
    seeds_test,
    statuses,
)

SEEDS = 1000
THOROUGH = 3  # seeds per player count that get the expensive checks at every step
PLAYERS = [2, 3, 4]


def all_random(seed: int) -> bool:
    return seed % 100 == 50


def bot_names(players: int, seed: int) -> list[str]:
    """One greedy seat among random ones; all greedy every 8th seed, all random every
    100th (those hit the cap)."""
    if all_random(seed):
        return ["random"] * players
    if seed % 8 == 0:
        return ["greedy"] * players
    return ["greedy" if s == seed % players else "random" for s in range(players)]


def check_conservation(state: ChocoboState, derived: bool = True) -> None:
    """No companion, chocobo, trail token or card created or lost; the limits kept; and
    (``derived``) the derived per-space tables right."""
    assert sum(state.comp) + state.supply == COMPANIONS
    assert min(state.comp) >= 0
    assert state.supply >= 0
    assert sum(state.tokens) + state.token_supply == TRAIL_TOKENS
    assert all(state.layout.trail[s] for s, t in enumerate(state.tokens) if t)
    cards = [c for h in state.hands for c in h] + state.pile + state.discard
    assert sorted(cards) == list(range(CARDS))
    assert all(h == sorted(h) for h in state.hands)
    assert len(state.smalls) == len(state.bigs) == state.players
    size = state.layout.size
    if state.phase != SETUP:
        assert all(0 <= s < size for pair in state.smalls for s in pair)
    assert all(big == NOWHERE or 0 <= big < size for big in state.bigs)
    load, block = list(state.load), list(state.block)
    if derived:
        state.recount_all()
        assert (load, block) == (state.load, state.block)
    if state.phase != KICK:  # the pair or a big one may overfill a space, then kick
        assert max(load) <= SPACE_LIMIT  # chocobos that are not companions never overfill
    if state.phase not in (OVERFLOW, KICK, GOLEM_PHASE):
        assert all(c + n <= SPACE_LIMIT for c, n in zip(state.comp, load, strict=True))
    for seat, hand in enumerate(state.hands):
        if seat != state.active or state.phase in (SETUP, OVER):
            assert len(hand) <= 3


def check_everything_listed_verifies_and_nothing_else(state: ChocoboState) -> None:
    legal = GAME.legal_actions(state)
    assert len(set(legal)) == len(legal)
    for action in legal:
        GAME.verify(state, action)
    player = state.to_act
    assert player is not None  # the fuzz loop checks states with legal actions only
    # Near misses: each listed action with an argument changed, or by another player.
    for action in legal[:12]:
        other = Action(action.kind, (player + 1) % state.players, action.args)
        assert not GAME.can(state, other)
        if action.args and isinstance(action.args[-1], int):
            bumped = Action(action.kind, player, (*action.args[:-1], action.args[-1] + 4))
            if bumped not in legal:
                with pytest.raises(IllegalAction) as caught:
                    GAME.verify(state, bumped)
                assert caught.value.reason


def hide_and_shuffle(state: ChocoboState, viewer: int, seed: int) -> ChocoboState:
    """A state the viewer cannot tell apart: the others' hands and the pile dealt anew
    from the same cards, and the rng changed."""
    other = state.clone()
    rng = Rng(seed)
    seats = [s for s in range(other.players) if s != viewer]
    pool = [c for s in seats for c in other.hands[s]] + other.pile
    rng.shuffle(pool)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    other.pile = pool
    other.rng = Rng(seed + 1, rng.draws)
    return other


def check_outcome(state: ChocoboState, outcome: Outcome, seed: int) -> None:
    if outcome.status == "finished":
        assert state.phase == OVER
        (winner,) = outcome.winners
        assert outcome.scores[winner] >= 6
    else:
        assert outcome.status == "unfinished"
        assert outcome.length == GAME.info.max_length
        assert outcome.winners == ()
        assert all_random(seed)


def check_totals(results: Sequence[Result]) -> None:
    capped = sum(1 for r in results if all_random(r.seed))
    assert statuses(results)["finished"] >= len(results) - capped


def fuzz_case(players: int) -> FuzzCase[ChocoboState]:
    return FuzzCase(
        GAME,
        players,
        "",
        setup=lambda seed: {"players": players},
        bots=lambda seed: bot_names(players, seed),
        conserve=lambda state, _: check_conservation(state),
        exhaustive=check_everything_listed_verifies_and_nothing_else,
        hide=hide_and_shuffle,
        hidden_keys=frozenset({"rng", "pile", "hands"}),
        check_outcome=check_outcome,
        check_totals=check_totals,
        light=lambda state, step: check_conservation(state, derived=step % 128 == 0),
        rates=Rates(
            sample=10, sample_step=97, exhaustive=3, views=10, light=32, final_views=10, fast=10
        ),
        thorough=THOROUGH,
        same_seeds=range(1, 4),
    )


FUZZ_CASES = [fuzz_case(players) for players in PLAYERS]


# The harness's tests per case, collected under these names.
test_random_games_end_within_the_cap_and_keep_every_piece_and_card = seeds_test(FUZZ_CASES, SEEDS)
test_the_same_seed_gives_the_same_game = same_seed_test(FUZZ_CASES)
test_a_recorded_game_replays_with_every_hash_matching = recorded_replay_test(FUZZ_CASES)


def test_a_clone_is_independent_of_its_original() -> None:
    state = GAME.new_game({"players": 4}, 5)
    apply_steps(GAME, state, last_action, 60)
    twin = check_clone_is_independent(GAME, state, last_action, limit=200)
    assert twin.rng.draws > state.rng.draws


def test_a_clone_sets_every_attribute_of_the_state() -> None:
    """The clone copies the attributes it names; one left out would be unset (or shared)."""
    from play.engine.games.chocobo.state import ChocoboState

    state = GAME.new_game({"players": 3}, 9)
    apply_steps(GAME, state, last_action, 40)
    twin = state.clone()
    for name in ChocoboState.__slots__:
        assert getattr(twin, name) == getattr(state, name) or name == "rng", name
