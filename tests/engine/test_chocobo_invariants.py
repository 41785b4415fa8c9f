"""Random play over many seeds: the invariants every game of Chocobo Party Up! keeps.

1,000 seeded games per player count (2, 3, 4). Random bots alone almost never finish
(a 4-player game between them runs to tens of thousands of actions: nothing steers the
companions home), so each game seats one greedy bot among random ones, every eighth
game only greedy bots, and every hundredth only random bots, which then run into the
length cap and must be reported unfinished. Every applied action is one of the legal
actions; every game ends (won, or unfinished at the cap) with every companion, chocobo,
trail token and card accounted for; its final state round-trips through JSON; one game
in ten is replayed on the fast path (``advance``: no checks, no events) to the same hash.
One game in ten also gets the expensive checks at one step (every listed action
verifies and others do not; state, action and events round-trip; views leak nothing),
and the first few seeds get them at every step.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from play.engine.core import Action, Event, IllegalAction, Outcome, RandomBot, Rng, record, replay
from play.engine.games.chocobo import GAME, ChocoboState, GreedyBot
from play.engine.games.chocobo.board import CARDS, COMPANIONS, SPACE_LIMIT, TRAIL_TOKENS
from play.engine.games.chocobo.state import GOLEM_PHASE, KICK, NOWHERE, OVER, OVERFLOW, SETUP
from play.engine.simulate import bot_seed, play_game

SEEDS = 1000
THOROUGH = 3  # seeds per player count that get the expensive checks at every step
PLAYERS = [2, 3, 4]


def bot_names(players: int, seed: int) -> list[str]:
    """One greedy seat among random ones; all greedy every 8th seed, all random every
    100th (those hit the cap)."""
    if seed % 100 == 50:
        return ["random"] * players
    if seed % 8 == 0:
        return ["greedy"] * players
    return ["greedy" if s == seed % players else "random" for s in range(players)]


def bots_for(players: int, seed: int) -> list[RandomBot | GreedyBot]:
    kinds = {"random": RandomBot, "greedy": GreedyBot}
    return [kinds[name](GAME, bot_seed(seed, s)) for s, name in enumerate(bot_names(players, seed))]


def roundtrip(data: object) -> object:
    return json.loads(json.dumps(data))


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


def check_json_roundtrips(state: ChocoboState, action: Action, events: list[Event]) -> None:
    data = state.to_dict()
    again = GAME.state_from_dict(roundtrip(data))
    assert again.to_dict() == data
    assert again.hash() == state.hash()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    for event in events:
        assert Event.from_dict(roundtrip(event.to_dict())) == event


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


def check_views_leak_nothing(state: ChocoboState, seed: int) -> None:
    for viewer in range(state.players):
        view = GAME.view(state, viewer)
        assert roundtrip(view) == view
        assert not {"rng", "pile", "hands"} & set(view)
        assert GAME.view(hide_and_shuffle(state, viewer, seed), viewer) == view


def play_one(players: int, seed: int, thorough: bool) -> tuple[ChocoboState, list[Action]]:
    """Play a game, checking that each action is legal; invariants on the way."""
    state = GAME.new_game({"players": players}, seed)
    bots = bots_for(players, seed)
    actions: list[Action] = []
    sample = seed % 97 if seed % 10 == 0 else -1
    check_conservation(state)
    while legal := GAME.legal_actions(state):
        step = len(actions)
        action = bots[state.to_act].choose(state, legal)
        assert action in legal  # every applied action is legal
        if thorough or step == sample:
            if step % 3 == 0 or not thorough:
                check_everything_listed_verifies_and_nothing_else(state)
            events = GAME.apply(state, action)
            check_conservation(state)
            check_json_roundtrips(state, action, events)
            if step % 10 == 0 or not thorough:
                check_views_leak_nothing(state, seed + step)
        else:
            GAME.advance(state, action)
            if step % 32 == 0:
                check_conservation(state, derived=step % 128 == 0)
        actions.append(action)
    assert GAME.is_over(state)
    return state, actions


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_end_within_the_cap_and_keep_every_piece_and_card(players):
    statuses = Counter()
    for seed in range(SEEDS):
        state, actions = play_one(players, seed, thorough=seed < THOROUGH)
        outcome = GAME.outcome(state)
        statuses[outcome.status] += 1
        assert outcome.length == len(actions) <= GAME.info.max_length
        if outcome.status == "finished":
            assert state.phase == OVER
            (winner,) = outcome.winners
            assert outcome.scores[winner] >= 6
        else:
            assert outcome.status == "unfinished"
            assert outcome.length == GAME.info.max_length
            assert outcome.winners == ()
            assert bot_names(players, seed) == ["random"] * players
        assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome
        check_conservation(state)
        check_json_roundtrips(state, actions[-1], [])
        if seed % 10 == 0:
            check_views_leak_nothing(state, seed)
            # The fast path (no verify, no events) plays the very same game.
            fast = play_game(GAME, {"players": players}, bot_names(players, seed), seed)
            assert fast.hash() == state.hash()
    assert statuses["finished"] >= SEEDS - SEEDS // 100


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_seed_gives_the_same_game(players):
    for seed in range(1, 4):
        first, actions = play_one(players, seed, thorough=False)
        second, again = play_one(players, seed, thorough=False)
        assert actions == again
        assert first.hash() == second.hash()
        replayed = GAME.new_game({"players": players}, seed)
        for action in actions:
            GAME.apply(replayed, action)
        assert replayed.hash() == first.hash()


@pytest.mark.parametrize("players", PLAYERS)
def test_a_recorded_game_replays_with_every_hash_matching(players):
    _, actions = play_one(players, 99, thorough=False)
    transcript = record(GAME, {"players": players}, 99, actions)
    final = replay(type(transcript).from_dict(roundtrip(transcript.to_dict())))
    assert final.hash() == transcript.final_hash


def test_a_clone_is_independent_of_its_original():
    state, _ = play_one(4, 7, thorough=False)
    state = GAME.new_game({"players": 4}, 5)
    for _ in range(60):
        GAME.apply(state, GAME.legal_actions(state)[-1])
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    before = state.to_dict()
    for _ in range(200):
        legal = GAME.legal_actions(twin)
        if not legal:
            break
        GAME.apply(twin, legal[-1])
    assert state.to_dict() == before
    assert twin.rng.draws > state.rng.draws
