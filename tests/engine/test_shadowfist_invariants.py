"""Random play over many seeds: the invariants every game of Shadowfist must keep.

1,000 seeded games per player count (2 and 3) with the starter set's suggested decks,
and as many with decks drawn from the real card list (skipped when it is absent),
between random, greedy and tactician bots. Every chosen action is one the engine lists
as legal (and ``verify`` confirms it every fifth step); every game ends within the cap
(the turn cap, for the few that stall); no card is created or lost and owners never
change; the final state round-trips through JSON; the fast path (``advance``) plays the
very same game (one game in four). One game in ten also gets the expensive checks at a
step picked by its seed (every listed action applies cleanly on a clone; state, action
and events round-trip; views hide hands and deck order), and the first seeds get them
every few steps. Games of 4 to 6 players get a lighter run. About a minute in all.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from play.engine.core import (
    Action,
    Event,
    IllegalAction,
    Outcome,
    RandomBot,
    Rng,
    record,
    replay,
)
from play.engine.games.shadowfist import GAME, GreedyBot, ShadowfistState, TacticianBot
from play.engine.games.shadowfist.state import HAND
from play.engine.simulate import bot_seed, play_game

from .shadowfist_table import check_conservation, real_cards, real_deck, used_cards

SEEDS = 1000
THOROUGH = 3  # seeds per case that get the expensive checks every few steps
PLAYERS = [2, 3]


#: A turn cap well above the games that end (30 to 60 turns), so capped games stay cheap.
MAX_TURNS = 100


def setup_for(players: int, seed: int, real: bool) -> dict[str, Any]:
    if not real:
        return {"players": players, "max_turns": MAX_TURNS}
    cards = real_cards()
    decks = [real_deck(cards, seed * 11 + s) for s in range(players)]
    return {
        "players": players,
        "cards": used_cards(cards, decks),
        "decks": decks,
        "max_turns": MAX_TURNS,
    }


def bot_names(players: int, seed: int) -> list[str]:
    """Mostly random bots, a greedy or tactician one in some seats so their paths run."""
    names = []
    for seat in range(players):
        pick = (seed + seat) % 5
        names.append("greedy" if pick == 0 else "tactician" if pick == 1 else "random")
    return names


BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "tactician": TacticianBot}


def roundtrip(data: object) -> Any:
    return json.loads(json.dumps(data))


def check_json_roundtrips(state: ShadowfistState, action: Action, events: list[Event]) -> None:
    data = state.to_dict()
    again = GAME.state_from_dict(roundtrip(data))
    assert again.to_dict() == data
    assert again.hash() == state.hash()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    for event in events:
        assert Event.from_dict(roundtrip(event.to_dict())) == event


def check_every_listed_action_applies(state: ShadowfistState) -> None:
    """Each listed action applies on a clone and leaves a consistent state."""
    for action in GAME.legal_actions(state):
        twin = state.clone()
        GAME.apply(twin, action)
        check_conservation(twin, state.owner)
    other = (state.to_act + 1) % state.players  # type: ignore[operator]
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("end_turn", other))
    assert caught.value.code == "not_your_turn"


def hide_and_shuffle(state: ShadowfistState, viewer: int, seed: int) -> ShadowfistState:
    """A state the viewer cannot tell apart: the others' hands and decks dealt again from
    the same cards, every deck's order changed, another rng."""
    other = state.clone()
    rng = Rng(seed)
    for seat in range(other.players):
        if seat == viewer:
            rng.shuffle(other.decks[seat])
            continue
        cards = other.hands[seat] + other.decks[seat]
        rng.shuffle(cards)
        size = len(other.hands[seat])
        other.hands[seat], other.decks[seat] = cards[:size], cards[size:]
        for card in other.hands[seat]:
            other.zone[card] = HAND
        for card in other.decks[seat]:
            other.zone[card] = 0
    other.rng = Rng(seed + 1, rng.draws)
    return other


def check_views_hide_hands_and_decks(state: ShadowfistState, seed: int) -> None:
    for viewer in range(state.players):
        view = GAME.view(state, viewer)
        assert roundtrip(view) == view
        assert not {"rng", "decks", "hands", "kind"} & set(view)
        assert GAME.view(hide_and_shuffle(state, viewer, seed), viewer) == view


def play_one(
    players: int, seed: int, real: bool, thorough: bool, setup: dict[str, Any] | None = None
) -> tuple[ShadowfistState, list[Action]]:
    """Play a game, checking each action is listed as legal; check invariants on the way.

    ``verify`` (a second, independent pass over the rules) runs on every fifth step: it
    computes the same list of legal actions again, so doing it on every step would only
    double the cost of the test.
    """
    setup = setup or setup_for(players, seed, real)
    state = GAME.new_game(setup, seed)
    owners = state.owner
    names = bot_names(players, seed)
    bots = [BOT_CLASSES[name](GAME, bot_seed(seed, s)) for s, name in enumerate(names)]
    actions: list[Action] = []
    sample = seed % 97 if seed % 10 == 0 else -1
    check_conservation(state, owners)
    while legal := GAME.legal_actions(state):
        step = len(actions)
        action = bots[state.to_act].choose(state, legal)  # type: ignore[index]
        assert action in legal  # every applied action is legal
        if step % 5 == 0:
            GAME.verify(state, action)
        if (thorough and step % 7 == 0) or step == sample:
            check_every_listed_action_applies(state)
            events = GAME.apply_unchecked(state, action)
            check_conservation(state, owners)
            check_json_roundtrips(state, action, events)
            check_views_hide_hands_and_decks(state, seed + step)
        else:
            GAME.advance(state, action)
        actions.append(action)
    assert GAME.is_over(state)
    return state, actions


CASES = [(players, real) for real in (False, True) for players in PLAYERS]


@pytest.mark.parametrize(("players", "real"), CASES)
def test_random_games_end_within_the_cap_and_keep_every_card(players, real):
    statuses: Counter[str] = Counter()
    for seed in range(SEEDS):
        setup = setup_for(players, seed, real)
        state, actions = play_one(players, seed, real, seed < THOROUGH, setup)
        outcome = GAME.outcome(state)
        statuses[outcome.status] += 1
        assert outcome.status in ("finished", "unfinished")
        assert outcome.length == len(actions) < GAME.info.max_length
        if outcome.status == "finished":
            assert outcome.winners == (state.winner,)
        else:
            assert state.capped  # the turn cap, never the action cap
        assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome
        check_conservation(state, state.owner)
        if seed % 10 == 0:
            check_json_roundtrips(state, actions[-1], [])
        if seed % 4 == 0:
            # The fast path (no verify, no events) plays the very same game.
            final = play_game(GAME, setup, bot_names(players, seed), seed)
            assert final.hash() == state.hash()
    assert statuses["finished"] > SEEDS * 0.8, statuses


@pytest.mark.parametrize(("players", "real"), CASES)
def test_the_same_seed_gives_the_same_game(players, real):
    for seed in range(THOROUGH):
        first, actions = play_one(players, seed, real, thorough=False)
        second, again = play_one(players, seed, real, thorough=False)
        assert actions == again
        assert first.hash() == second.hash()


@pytest.mark.parametrize(("players", "real"), CASES)
def test_a_recorded_game_replays_with_every_hash_matching(players, real):
    _, actions = play_one(players, 99, real, thorough=False)
    setup = setup_for(players, 99, real)
    transcript = record(GAME, setup, 99, actions)
    final = replay(type(transcript).from_dict(roundtrip(transcript.to_dict())))
    assert final.hash() == transcript.final_hash


def test_a_clone_is_independent_of_its_original():
    state = GAME.new_game({"players": 3}, 11)
    bot = RandomBot(GAME, 1)
    for _ in range(100):
        GAME.apply(state, bot.choose(state, GAME.legal_actions(state)))
    assert not GAME.is_over(state)
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    before = state.to_dict()
    while legal := GAME.legal_actions(twin):
        GAME.apply(twin, bot.choose(twin, legal))
    assert state.to_dict() == before
    assert twin.rng.draws >= state.rng.draws


@pytest.mark.parametrize("players", [4, 5, 6])
def test_games_of_four_to_six_players_keep_every_card_too(players):
    """'2 to 4 players (more if cheap)': the engine takes up to 6; a lighter check."""
    statuses: Counter[str] = Counter()
    for seed in range(60):
        state, actions = play_one(players, seed, False, thorough=seed == 0)
        check_conservation(state, state.owner)
        statuses[GAME.outcome(state).status] += 1
        assert len(actions) < GAME.info.max_length
    assert statuses["finished"] > 45, statuses
