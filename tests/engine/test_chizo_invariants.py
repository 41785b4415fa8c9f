"""Random play over many seeds: the invariants every game of ChiZo must keep.

1,000 seeded games for each of 2, 3 and 4 players and 2-vs-2 teams, with stacks drawn
from the project's set (basic creatures and every other tile: 12 tiles a seat in most
games, so they stay short, and as many as a real game in one game in ten), between
random bots with a greedy one in every third game and a planner now and then. Every
chosen action is one of the legal ones; every game ends well within the cap with every
tile accounted for and every owner unchanged; the final state round-trips through JSON;
the checked path (``apply``: every action verified, events built) plays the very same
game as the fast one. One game in twenty also gets the expensive checks at one step
(every listed action verifies and nothing else of its kinds; state, action and events
round-trip; views leak nothing), and the first seeds get them at every step.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from play.engine.core import Action, Event, IllegalAction, Outcome, Rng, record, replay
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.state import FACE_DOWN_MODES, Entry
from play.engine.simulate import bot_seed, play_game

from .chizo_data import random_stack, tile_list
from .chizo_table import all_uids

SEEDS = 1000
THOROUGH = 2  # seeds per configuration that get the expensive checks at every step
CONFIGS = {"2p": (2, False), "3p": (3, False), "4p": (4, False), "teams": (4, True)}
#: Stack sizes: most games are short ones (small stacks); one in ten has stacks as big
#: as a real game's, so long games with sprawling grids are played too.
SHORT_STACK = 12
LONG_STACK = {2: 30, 3: 26, 4: 22}


def setup_for(config: str, seed: int) -> dict:
    players, teams = CONFIGS[config]
    size = LONG_STACK[players] if seed % 10 == 0 else SHORT_STACK
    stacks = [random_stack(seed * 7 + s, size=size) for s in range(players)]
    return {"players": players, "teams": teams, "tiles": tile_list(), "stacks": stacks}


def bot_names(players: int, seed: int) -> list[str]:
    """Random seats; a greedy one in every third game, a planner in one game in 200."""
    names = ["random"] * players
    if seed % 3 == 0:
        names[seed // 3 % players] = "greedy"
    if seed % 200 == 7:
        names[0] = "planner"
    return names


def roundtrip(data: object) -> object:
    return json.loads(json.dumps(data))


def check_conservation(state: ChizoState) -> None:
    """No tile created or lost; owners never change; tiles out of play face their owner."""
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
    candidates |= {Action(k, player, (u,)) for u in uids for k in kinds
                   & {"choose", "react", "action", "face_down", "ask"}}
    listed = set(legal)
    for action in candidates - listed:
        with pytest.raises(IllegalAction):
            GAME.verify(state, action)
    other = (player + 1) % state.players
    with pytest.raises(IllegalAction):
        GAME.verify(state, Action(legal[0].kind, other, legal[0].args))


def check_json_roundtrips(state: ChizoState, action: Action, events: list[Event]) -> None:
    data = state.to_dict()
    again = GAME.state_from_dict(roundtrip(data))
    assert again.to_dict() == data
    assert again.hash() == state.hash()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    for event in events:
        assert Event.from_dict(roundtrip(event.to_dict())) == event


def hide_and_shuffle(state: ChizoState, viewer: int, seed: int) -> ChizoState:
    """A state the viewer cannot tell apart: its own Stack's order, the other players'
    hands, Stacks and face-down tiles dealt anew, another rng."""
    other = state.clone()
    rng = Rng(seed)
    rng.shuffle(other.stacks[viewer])
    for seat in range(other.players):
        if seat == viewer:
            continue
        hidden = [i for i, e in enumerate(other.stack) if e.player == seat and e.mode
                  in FACE_DOWN_MODES]
        pool = other.hands[seat] + other.stacks[seat] + [other.stack[i].uid for i in hidden]
        rng.shuffle(pool)
        for i in hidden:
            e = other.stack[i]
            other.stack[i] = Entry(pool.pop(), e.player, e.mode, e.source)
        size = len(other.hands[seat])
        other.hands[seat], other.stacks[seat] = pool[:size], pool[size:]
    other.rng = Rng(seed + 1, rng.draws)
    return other


def check_views_leak_nothing(state: ChizoState, seed: int) -> None:
    for viewer in range(state.players):
        view = GAME.view(state, viewer)
        assert roundtrip(view) == view
        assert not {"rng", "stacks", "kind"} & set(view)
        if state.frames and state.frames[-1].wait and state.to_act != viewer:
            continue  # a choice among another player's hidden tiles: not theirs to see
        assert GAME.view(hide_and_shuffle(state, viewer, seed), viewer) == view


def play_one(config: str, seed: int, thorough: bool) -> tuple[ChizoState, list[Action]]:
    """Play a game on the fast path, with the invariants along the way.

    Every chosen action must be one of the listed ones; one step of one game in ten (and
    every step of a thorough game) goes through the checked path with the expensive
    checks.
    """
    setup = setup_for(config, seed)
    state = GAME.new_game(setup, seed)
    players = state.players
    bots = [GAME.make_bot(name, bot_seed(seed, s))
            for s, name in enumerate(bot_names(players, seed))]
    owner = state.owner
    actions: list[Action] = []
    sample = seed % 97 if seed % 20 == 0 else -1
    check_conservation(state)
    while legal := GAME.legal_actions(state):
        step = len(actions)
        action = bots[state.to_act].choose(state, legal)
        assert id(action) in set(map(id, legal)) or action in legal
        if thorough or step == sample:
            if step % 3 == 0 or not thorough:
                check_everything_listed_verifies_and_nothing_else(state)
            events = GAME.apply(state, action)
            check_conservation(state)
            check_json_roundtrips(state, action, events)
            if step % 5 == 0 or not thorough:
                check_views_leak_nothing(state, seed + step)
        else:
            GAME.advance(state, action)
        actions.append(action)
    assert state.owner is owner  # "Tiles never change ownership!"
    return state, actions


def replay_checked(config: str, seed: int, actions: list[Action]) -> ChizoState:
    """The same game through ``apply``: every action verified, events built."""
    state = GAME.new_game(setup_for(config, seed), seed)
    for action in actions:
        GAME.apply(state, action)
    return state


@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games_end_within_the_cap_and_keep_every_tile(config):
    lengths: Counter[int] = Counter()
    ends: Counter[str] = Counter()
    for seed in range(SEEDS):
        state, actions = play_one(config, seed, thorough=seed < THOROUGH)
        outcome = GAME.outcome(state)
        assert outcome.status == "finished", f"seed {seed}: {state.end or 'cap'}"
        assert outcome.length == len(actions) <= GAME.info.max_length
        assert outcome.winners
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
        assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome
        check_conservation(state)
        if seed % 20 == 0:
            check_json_roundtrips(state, actions[-1], [])
            check_views_leak_nothing(state, seed)
            # The checked path (every action verified, events built) plays the same game.
            assert replay_checked(config, seed, actions).hash() == state.hash()
        lengths[len(actions)] += 1
        ends[state.end] += 1
    assert max(lengths) < GAME.info.max_length // 5  # the cap is far from real games
    assert ends["points"] + ends["exhausted"] == SEEDS
    assert ends["points"] >= 10  # games are won with 12 points too (short stacks hold few)


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_same_seed_gives_the_same_game(config):
    for seed in range(THOROUGH):
        first, actions = play_one(config, seed, thorough=False)
        second, again = play_one(config, seed, thorough=False)
        assert actions == again
        assert first.hash() == second.hash()


@pytest.mark.parametrize("config", list(CONFIGS))
def test_a_recorded_game_replays_with_every_hash_matching(config):
    _, actions = play_one(config, 99, thorough=False)
    transcript = record(GAME, setup_for(config, 99), 99, actions)
    final = replay(type(transcript).from_dict(roundtrip(transcript.to_dict())))
    assert final.hash() == transcript.final_hash


def test_a_clone_is_independent_of_its_original():
    state = GAME.new_game(setup_for("3p", 5), 5)
    for _ in range(40):
        GAME.apply(state, GAME.legal_actions(state)[-1])
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    before = state.to_dict()
    while legal := GAME.legal_actions(twin):
        GAME.apply(twin, legal[0])
    assert state.to_dict() == before


def test_games_between_random_bots_only_also_end_and_keep_every_tile():
    for seed in range(60):
        setup = setup_for("2p", seed)
        state = play_game(GAME, setup, ["random", "random"], seed)
        assert GAME.outcome(state).status == "finished"
        check_conservation(state)


def test_the_bots_play_the_same_game_on_the_fast_path():
    for seed in range(0, 40, 10):
        state, _ = play_one("3p", seed, thorough=False)
        fast = play_game(GAME, setup_for("3p", seed), bot_names(3, seed), seed)
        assert fast.hash() == state.hash()
