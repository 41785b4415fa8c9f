"""Random play over many seeds: the invariants every game of Shadowfist must keep.

1,000 seeded games per player count (2 and 3) with the starter set's suggested decks,
and as many with decks drawn from the real card list (skipped when it is absent),
between random, greedy and tactician bots, through the shared harness
(``fuzz_harness``). Every chosen action is one the engine lists as legal (and ``verify``
confirms it every fifth step: it computes the same list again, so doing it on every step
would only double the cost); every game ends within the cap (the turn cap, for the few
that stall); no card is created or lost and owners never change; the final state
round-trips through JSON; the fast path (``advance``) plays the very same game (one game
in four). One game in ten also gets the expensive checks at a step picked by its seed
(every listed action applies cleanly on a clone; state, action and events round-trip;
views hide hands and deck order), and the first seeds get them every few steps. Games of
4 to 6 players and goldfish games against the dummy get a lighter run here (the long run,
``bench/fuzz_engine.py``, plays 10,000 of each). About a minute in all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from play.engine.core import Action, IllegalAction, Outcome, RandomBot, Rng
from play.engine.games.shadowfist import GAME, ShadowfistState
from play.engine.games.shadowfist.state import HAND

from .fuzz_harness import (
    FuzzCase,
    Rates,
    Result,
    apply_steps,
    check_clone_is_independent,
    per_case,
    play_one,
    recorded_replay_test,
    run_seeds,
    same_seed_test,
    seeds_test,
    seeds_to_play,
    statuses,
)
from .shadowfist_table import (
    DECK_NAMES,
    check_conservation,
    real_cards,
    real_deck,
    starter_deck,
    used_cards,
)

SEEDS = 1000
GOLDFISH_SEEDS = 1000  # the long run (bench/fuzz_engine.py) plays 10,000
THOROUGH = 3  # seeds per case that get the expensive checks every few steps
PLAYERS = [2, 3]
MANY_PLAYERS = [4, 5, 6]  # "2 to 4 players (more if cheap)": the engine takes up to 6

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


def check_every_listed_action_applies(state: ShadowfistState) -> None:
    """Each listed action applies on a clone and leaves a consistent state."""
    for action in GAME.legal_actions(state):
        twin = state.clone()
        GAME.apply(twin, action)
        check_conservation(twin, state.owner)
    # A seat: the fuzz loop checks states with legal actions only.
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


def check_outcome(state: ShadowfistState, outcome: Outcome, seed: int) -> None:
    assert outcome.status in ("finished", "unfinished")
    assert outcome.length < GAME.info.max_length
    if outcome.status == "finished":
        assert outcome.winners == (state.winner,)
    else:
        assert state.capped  # the turn cap, never the action cap


def totals_check(share: float) -> Any:
    def check_totals(results: Sequence[Result]) -> None:
        counts = statuses(results)
        assert counts["finished"] > len(results) * share, counts

    return check_totals


def fuzz_case(players: int, real: bool) -> FuzzCase[ShadowfistState]:
    return FuzzCase(
        GAME,
        players,
        "real decks" if real else "",
        setup=lambda seed: setup_for(players, seed, real),
        bots=lambda seed: bot_names(players, seed),
        conserve=check_conservation,
        exhaustive=check_every_listed_action_applies,
        hide=hide_and_shuffle,
        hidden_keys=frozenset({"rng", "decks", "hands", "kind"}),
        check_outcome=check_outcome,
        # Crowded tables stall more often (the turn cap).
        check_totals=totals_check(0.8 if players in PLAYERS else 0.75),
        fixed=lambda state: state.owner,
        rates=Rates(
            sample=10,
            sample_step=97,
            deep=7,
            exhaustive=1,
            views=1,
            verify=5,
            final_json=10,
            fast=4,
        ),
        thorough=THOROUGH,
        same_seeds=range(THOROUGH),
    )


def goldfish_setup(seed: int) -> dict[str, Any]:
    """A starter deck alone (seat 0, first) against the passive dummy (seat 1)."""
    deck = starter_deck(DECK_NAMES[seed % len(DECK_NAMES)])
    return {"players": 2, "decks": [deck, []], "dummy": 1, "first_player": 0, "max_turns": 80}


def goldfish_bots(seed: int) -> list[str]:
    """The deck's seat as in :func:`bot_names`; the dummy's bot is never asked."""
    return [bot_names(1, seed)[0], "random"]


FUZZ_CASES = [fuzz_case(players, real) for real in (False, True) for players in PLAYERS]
MANY_CASES = [fuzz_case(players, False) for players in MANY_PLAYERS]
GOLDFISH_CASE = replace(
    fuzz_case(2, False), variant="goldfish", setup=goldfish_setup, bots=goldfish_bots
)


# The harness's tests per case, collected under these names.
test_random_games_end_within_the_cap_and_keep_every_card = seeds_test(FUZZ_CASES, SEEDS)
test_the_same_seed_gives_the_same_game = same_seed_test(FUZZ_CASES)
test_a_recorded_game_replays_with_every_hash_matching = recorded_replay_test(FUZZ_CASES)


def test_goldfish_games_against_the_dummy_keep_every_card_too() -> None:
    run_seeds(GOLDFISH_CASE, GOLDFISH_SEEDS)


def test_a_clone_is_independent_of_its_original() -> None:
    state = GAME.new_game({"players": 3}, 11)
    bot = RandomBot(GAME, 1)
    apply_steps(GAME, state, bot.choose, 100)  # the game goes on (the clone check says so)
    twin = check_clone_is_independent(GAME, state, bot.choose)
    assert twin.rng.draws >= state.rng.draws


@per_case(MANY_CASES)
def test_games_of_four_to_six_players_keep_every_card_too(case: FuzzCase[Any]) -> None:
    """'2 to 4 players (more if cheap)': the engine takes up to 6; a lighter check."""
    counts: Counter[str] = Counter()
    seeds = seeds_to_play(SEEDS)
    for seed in range(seeds):
        played = play_one(case, seed, thorough=seed == 0)
        check_conservation(played.state, played.fixed)
        counts[GAME.outcome(played.state).status] += 1
        assert len(played.actions) < GAME.info.max_length
    assert counts["finished"] > 0.75 * seeds, counts
