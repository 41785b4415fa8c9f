"""Random play over many seeds: the invariants every game of ChiZo must keep.

1,000 seeded games for each of 2, 3 and 4 players and 2-vs-2 teams, through the shared
harness (``fuzz_harness``), with stacks drawn from the project's set (basic creatures
and every other tile: 12 tiles a seat in most games, so they stay short, and as many as
a real game in one game in ten), between random bots with a greedy one in every third
game and a planner now and then. Every chosen action is one of the legal ones; every game
ends well within the cap with every tile accounted for and every owner unchanged; the
final state round-trips through JSON; the checked path (``apply``: every action
verified, events built) plays the very same game as the fast one. One game in twenty
also gets the expensive checks at one step (every listed action verifies and nothing
else of its kinds; state, action and events round-trip; views leak nothing), and the
first seeds get them at every step. Goldfish games (one player, a 40-tile stack) get a
shorter run here (the long run, ``bench/fuzz_engine.py``, plays 10,000).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from play.engine.core import Action, IllegalAction, Outcome, Rng
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.grid import frontier
from play.engine.games.chizo.state import FACE_DOWN_MODES, Entry
from play.engine.simulate import play_game

from .chizo_data import random_stack, tile_list
from .chizo_table import all_uids
from .fuzz_harness import (
    FuzzCase,
    Rates,
    Result,
    apply_steps,
    check_clone_is_independent,
    first_action,
    last_action,
    play_one,
    recorded_replay_test,
    run_seeds,
    same_seed_test,
    seeds_test,
)

SEEDS = 1000
GOLDFISH_SEEDS = 1000  # the long run (bench/fuzz_engine.py) plays 10,000
THOROUGH = 2  # seeds per configuration that get the expensive checks at every step
CONFIGS = {"2p": (2, False), "3p": (3, False), "4p": (4, False), "teams": (4, True)}
#: Stack sizes: most games are short ones (small stacks); one in ten has stacks as big
#: as a real game's, so long games with sprawling grids are played too.
SHORT_STACK = 12
LONG_STACK = {2: 30, 3: 26, 4: 22}
GOLDFISH_STACK = 40


def setup_for(config: str, seed: int) -> dict[str, Any]:
    players, teams = CONFIGS[config]
    size = LONG_STACK[players] if seed % 10 == 0 else SHORT_STACK
    stacks = [random_stack(seed * 7 + s, size=size) for s in range(players)]
    return {"players": players, "teams": teams, "tiles": tile_list(), "stacks": stacks}


def goldfish_setup(seed: int) -> dict[str, Any]:
    stack = random_stack(seed * 7, size=GOLDFISH_STACK)
    return {"goldfish": True, "tiles": tile_list(), "stacks": [stack]}


def bot_names(players: int, seed: int) -> list[str]:
    """Random seats; a greedy one in every third game, a planner in one game in 200."""
    names = ["random"] * players
    if seed % 3 == 0:
        names[seed // 3 % players] = "greedy"
    if seed % 200 == 7:
        names[0] = "planner"
    return names


def goldfish_bot(seed: int) -> list[str]:
    """Greedy (as goldfish batches play), random one game in three, now and then a planner."""
    return ["planner" if seed % 200 == 7 else "random" if seed % 3 == 1 else "greedy"]


def check_conservation(state: ChizoState, owner: Sequence[int] | None = None) -> None:
    """No tile created or lost; owners never change (``owner``: the very list dealt);
    tiles out of play face their owner."""
    assert owner is None or state.owner is owner  # "Tiles never change ownership!"
    assert all_uids(state) == list(range(len(state.kind)))
    assert len(state.owner) == len(state.kind)
    for uid, controller in enumerate(state.ctrl):
        if uid not in state.pos and uid not in state.att.values():
            assert controller == state.owner[uid]
    for seat in range(len(state.hands)):
        for zone in (state.hands[seat], state.stacks[seat], state.discards[seat]):
            assert all(state.owner[u] == seat for u in zone)
    assert {state.pos[u] for u in state.pos} == set(state.grid)
    assert all(state.grid[cell] == u for u, cell in state.pos.items())
    assert all(host in state.pos for host in state.att)
    # The frontier a state keeps, brought up to date at each change, is the one its grid has.
    assert state.free is None or state.free == frontier(state.grid)


def check_everything_listed_verifies_and_nothing_else(state: ChizoState) -> None:
    """Every listed action verifies; actions of the phase's kinds naming the player's
    tiles (hand, Discard Pile, tiles in play) that are not listed are refused."""
    legal = GAME.legal_actions(state)
    for action in legal:
        GAME.verify(state, action)
    player = state.to_act
    assert player is not None
    kinds = {a.kind for a in legal} | {"pass", "draw", "end_turn", "done", "stop"}
    uids = set(state.hands[player]) | set(state.discards[player]) | set(state.pos)
    candidates = {Action(k, player) for k in ("pass", "draw", "end_turn", "done", "stop")}
    candidates |= {
        Action(k, player, (u,))
        for u in uids
        for k in kinds & {"choose", "react", "action", "face_down", "ask"}
    }
    listed = set(legal)
    for action in candidates - listed:
        with pytest.raises(IllegalAction):
            GAME.verify(state, action)
    if state.players > 1:  # alone (goldfish), there is no other player
        other = (player + 1) % state.players
        with pytest.raises(IllegalAction):
            GAME.verify(state, Action(legal[0].kind, other, legal[0].args))


def hide_and_shuffle(state: ChizoState, viewer: int, seed: int) -> ChizoState:
    """A state the viewer cannot tell apart: its own Stack's order, the other players'
    hands, Stacks and face-down tiles dealt anew, another rng."""
    other = state.clone()
    rng = Rng(seed)
    rng.shuffle(other.stacks[viewer])
    for seat in range(other.players):
        if seat == viewer:
            continue
        hidden = [
            i for i, e in enumerate(other.stack) if e.player == seat and e.mode in FACE_DOWN_MODES
        ]
        pool = other.hands[seat] + other.stacks[seat] + [other.stack[i].uid for i in hidden]
        rng.shuffle(pool)
        for i in hidden:
            e = other.stack[i]
            other.stack[i] = Entry(pool.pop(), e.player, e.mode, e.source)
        size = len(other.hands[seat])
        other.hands[seat], other.stacks[seat] = pool[:size], pool[size:]
    other.rng = Rng(seed + 1, rng.draws)
    return other


def other_players_choice(state: ChizoState, viewer: int) -> bool:
    """A choice among another player's hidden tiles: not the viewer's to see."""
    return bool(state.frames and state.frames[-1].wait and state.to_act != viewer)


def check_outcome(state: ChizoState, outcome: Outcome, seed: int) -> None:
    """12 points wins; a game where nobody can act any more is unfinished, no winner."""
    assert state.over, f"seed {seed}: length cap"
    if state.end == "points":
        assert outcome.status == "finished", f"seed {seed}"
        assert outcome.winners
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]] >= 12
    else:
        assert state.end == "exhausted", f"seed {seed}: {state.end}"
        assert outcome.status == "unfinished", f"seed {seed}"
        assert outcome.winners == ()
        assert max(outcome.scores) < 12


def check_goldfish_outcome(state: ChizoState, outcome: Outcome, seed: int) -> None:
    """12 points finishes a goldfish; a dry stack or the turn cap leaves it unfinished."""
    assert state.over, f"seed {seed}: length cap"
    if outcome.status == "finished":
        assert state.end == "points"
        assert outcome.winners == (0,)
        assert outcome.scores[0] >= 12
    else:
        assert outcome.status == "unfinished", f"seed {seed}: {outcome.status}"
        assert state.end in ("exhausted", "turn_cap")
        assert outcome.winners == ()


def check_totals(results: Sequence[Result]) -> None:
    ends = Counter(r.end for r in results)
    assert max(r.length for r in results) < GAME.info.max_length // 5  # far from real games
    assert ends["points"] + ends["exhausted"] == len(results)
    assert ends["points"] >= len(results) // 100  # games are won with 12 points too


def check_goldfish_totals(results: Sequence[Result]) -> None:
    ends = Counter(r.end for r in results)
    assert max(r.length for r in results) < GAME.info.max_length // 5
    assert ends["points"] >= len(results) // 100  # random stacks reach 12 points too


def fuzz_case(config: str) -> FuzzCase[ChizoState]:
    players, teams = CONFIGS[config]
    return FuzzCase(
        GAME,
        players,
        "teams" if teams else "",
        setup=lambda seed: setup_for(config, seed),
        bots=lambda seed: bot_names(players, seed),
        conserve=check_conservation,
        exhaustive=check_everything_listed_verifies_and_nothing_else,
        hide=hide_and_shuffle,
        hidden_keys=frozenset({"rng", "stacks", "kind"}),
        check_outcome=check_outcome,
        check_totals=check_totals,
        fixed=lambda state: state.owner,
        view_skip=other_players_choice,
        end=lambda state: state.end,
        rates=Rates(
            sample=20,
            sample_step=97,
            exhaustive=3,
            views=5,
            final_json=20,
            final_views=20,
            checked=20,
        ),
        thorough=THOROUGH,
        same_seeds=range(THOROUGH),
    )


FUZZ_CASES = [fuzz_case(config) for config in CONFIGS]
GOLDFISH_CASE = replace(
    FUZZ_CASES[0],
    players=1,
    variant="goldfish",
    setup=goldfish_setup,
    bots=goldfish_bot,
    check_outcome=check_goldfish_outcome,
    check_totals=check_goldfish_totals,
    view_skip=lambda state, viewer: False,  # alone: no other player's choice to hide
)
ALL_CASES = [*FUZZ_CASES, GOLDFISH_CASE]


# The harness's tests per case, collected under these names.
test_random_games_end_within_the_cap_and_keep_every_tile = seeds_test(FUZZ_CASES, SEEDS)
test_the_same_seed_gives_the_same_game = same_seed_test(ALL_CASES)
test_a_recorded_game_replays_with_every_hash_matching = recorded_replay_test(ALL_CASES)


def test_goldfish_games_end_and_keep_every_tile() -> None:
    run_seeds(GOLDFISH_CASE, GOLDFISH_SEEDS)


def test_a_clone_is_independent_of_its_original() -> None:
    state = GAME.new_game(setup_for("3p", 5), 5)
    apply_steps(GAME, state, last_action, 40)
    check_clone_is_independent(GAME, state, first_action)


def test_games_between_random_bots_only_also_end_and_keep_every_tile() -> None:
    for seed in range(60):
        setup = setup_for("2p", seed)
        state = play_game(GAME, setup, ["random", "random"], seed)
        assert isinstance(state, ChizoState)
        check_outcome(state, GAME.outcome(state), seed)  # won at 12, or nobody can act
        check_conservation(state)


def test_the_bots_play_the_same_game_on_the_fast_path() -> None:
    case = FUZZ_CASES[1]  # 3 players
    for seed in range(0, 40, 10):
        played = play_one(case, seed, thorough=False)
        fast = play_game(GAME, setup_for("3p", seed), bot_names(3, seed), seed)
        assert fast.hash() == played.state.hash()
