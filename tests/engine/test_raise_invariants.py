"""Random play over many seeds: the invariants every game of Raise must keep.

1,000 seeded games per player count (2-5) between random and greedy bots: every action
is verified before it is applied, every game finishes under the cap with every card and
stone accounted for, its final state round-trips through JSON, and the fast path
(``advance``: no checks, no events) plays the same game to the same hash. One game in
ten also gets the expensive checks at one step (every listed action verifies and no
other does; state, action and events round-trip; no view leaks), and the first few
seeds get them at every step. The module runs in seconds.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from play.engine.core import Action, Event, IllegalAction, Outcome, RandomBot, Rng, record, replay
from play.engine.games.raise_ import GAME, GreedyBot, RaiseState
from play.engine.games.raise_.cards import POINT_VALUES, SET_SIZE
from play.engine.simulate import bot_seed, play_game

from .raise_table import all_cards, expected_cards

SEEDS = 1000
THOROUGH = 4  # seeds per player count that get the expensive checks at every step
PLAYERS = [2, 3, 4, 5]


def bots_for(players: int, seed: int) -> list[RandomBot | GreedyBot]:
    """Mostly random bots, with a greedy one in some seats so its paths run too."""
    return [GreedyBot(GAME, bot_seed(seed, s)) if (seed + s) % 3 == 0
            else RandomBot(GAME, bot_seed(seed, s)) for s in range(players)]


def roundtrip(data: object) -> object:
    return json.loads(json.dumps(data))


def check_conservation(state: RaiseState) -> None:
    """No number card, point card or stone created or lost."""
    assert all_cards(state) == expected_cards(state.players)
    points = [i for w in state.won_points for i in w] + state.point_pile + state.removed
    points += [] if state.point is None else [state.point]
    assert sorted(points) == list(range(len(POINT_VALUES)))
    on_board = [s for s in range(state.players) if state.pos[s] is not None]
    assert sorted(state.order) == on_board
    spaces = [state.pos[s] for s in state.order]
    assert spaces == sorted(spaces)  # order runs back to front
    for seat, hand in enumerate(state.hands):
        assert hand == sorted(hand)
        assert len(hand) <= 6
        assert all(c // SET_SIZE == seat for c in hand + state.draws[seat])


def check_everything_listed_verifies_and_nothing_else(state: RaiseState) -> None:
    legal = GAME.legal_actions(state)
    player = state.to_act
    candidates = [Action("pass", player)] + [
        Action(kind, player, (c,)) for kind in ("bid", "play")
        for c in range(player * SET_SIZE, (player + 1) * SET_SIZE)
    ]
    accepted = [a for a in candidates if GAME.can(state, a)]
    assert sorted(accepted, key=str) == sorted(legal, key=str)
    other = (player + 1) % state.players
    with pytest.raises(IllegalAction):
        GAME.verify(state, Action(legal[0].kind, other, legal[0].args))


def check_json_roundtrips(state: RaiseState, action: Action, events: list[Event]) -> None:
    data = state.to_dict()
    again = GAME.state_from_dict(roundtrip(data))
    assert again.to_dict() == data
    assert again.hash() == state.hash()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    for event in events:
        assert Event.from_dict(roundtrip(event.to_dict())) == event


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
    other.point_pile = hidden[:len(other.point_pile)]
    other.removed = sorted(hidden[len(other.point_pile):])
    other.rng = Rng(seed + 1, rng.draws)
    return other


def check_views_leak_nothing(state: RaiseState, seed: int) -> None:
    for viewer in range(state.players):
        view = GAME.view(state, viewer)
        assert roundtrip(view) == view
        assert not {"rng", "draws", "removed", "point_pile", "bids"} & set(view)
        assert GAME.view(hide_and_shuffle(state, viewer, seed), viewer) == view


def bot_names(players: int, seed: int) -> list[str]:
    return [bot.name for bot in bots_for(players, seed)]


def play_one(players: int, seed: int, thorough: bool) -> tuple[RaiseState, list[Action]]:
    """Play a game, verifying each action before applying it; check invariants on the way.

    One game in ten gets the full checks at one step picked by its seed; a thorough
    game gets them at every step (views every few steps: they are costly).
    """
    state = GAME.new_game({"players": players}, seed)
    bots = bots_for(players, seed)
    actions: list[Action] = []
    sample = seed % 101 if seed % 10 == 0 else -1
    check_conservation(state)
    while legal := GAME.legal_actions(state):
        step = len(actions)
        action = bots[state.to_act].choose(state, legal)
        assert action in legal
        GAME.verify(state, action)  # every applied action is legal
        if thorough or step == sample:
            if step % 2 == 0 or not thorough:
                check_everything_listed_verifies_and_nothing_else(state)
            events = GAME.apply_unchecked(state, action)
            check_conservation(state)
            check_json_roundtrips(state, action, events)
            if step % 6 == 0 or not thorough:
                check_views_leak_nothing(state, seed + step)
        else:
            GAME.advance(state, action)
        actions.append(action)
    assert GAME.is_over(state)
    return state, actions


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_end_within_the_cap_and_keep_every_card(players):
    lengths = Counter()
    for seed in range(SEEDS):
        state, actions = play_one(players, seed, thorough=seed < THOROUGH)
        outcome = GAME.outcome(state)
        assert outcome.status == "finished", f"seed {seed} unfinished"
        assert outcome.length == len(actions) <= GAME.info.max_length
        assert outcome.winners
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
        assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome
        check_conservation(state)
        check_json_roundtrips(state, actions[-1], [])
        if seed % 10 == 0:
            check_views_leak_nothing(state, seed)
        # The fast path (no verify, no events) plays the very same game.
        assert play_game(GAME, {"players": players}, bot_names(players, seed), seed).hash() == (
            state.hash()
        )
        lengths[len(actions)] += 1
    assert max(lengths) < GAME.info.max_length // 2  # the cap is far from real games


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_seed_gives_the_same_game(players):
    for seed in range(THOROUGH):
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
    state = GAME.new_game({"players": 4}, 5)
    for _ in range(30):
        GAME.apply(state, GAME.legal_actions(state)[-1])
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    before = state.to_dict()
    while legal := GAME.legal_actions(twin):
        GAME.apply(twin, legal[0])
    assert state.to_dict() == before
    assert twin.rng.draws > state.rng.draws
