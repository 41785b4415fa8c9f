"""The search bots (issue: bots that play well): budgeted, deterministic, better than the
heuristics they start from, and fair — only the benchmark's clairvoyant yardstick reads
the draw order. That they never read hidden information is also checked, for every bot,
by test_bots_see_their_view."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

import pytest

from play.engine.core import Bot, DataError, mix_seed
from play.engine.core.search import Budget, SearchBot
from play.engine.games.chizo import goldfish as chizo_goldfish
from play.engine.games.chizo import search as chizo_search
from play.engine.games.chizo.game import GAME as CHIZO
from play.engine.games.shadowfist import DeckPlan, goldfish
from play.engine.games.shadowfist import search as shadowfist_search
from play.engine.games.shadowfist.game import GAME as SHADOWFIST

from .chizo_data import tile_list, typical_stack
from .shadowfist_table import starter_cards, starter_deck
from .test_chizo_invariants import hide_and_shuffle

TILES = tile_list()


def _chizo(seed: int, bot: str | Callable[[int], Bot]) -> chizo_goldfish.GoldfishRecord:
    return chizo_goldfish(TILES, typical_stack(), seed, bot=bot)


def _plan() -> DeckPlan:
    return DeckPlan(starter_cards(), starter_deck("Heroic Bloodshed"))


@pytest.mark.parametrize(
    ("rollouts", "width", "horizon"), [(0, 4, 0), (8, 1, 0), (8, 4, -1)], ids=str
)
def test_a_budget_that_could_not_search_is_refused(rollouts: int, width: int, horizon: int) -> None:
    with pytest.raises(DataError) as caught:
        Budget("bad", rollouts, width, horizon)
    assert caught.value.code == "bad_budget"


@pytest.mark.parametrize("bot", ["search-fast", "search-strong"])
def test_the_same_seed_plays_the_same_goldfish(bot: str) -> None:
    assert _chizo(5, bot).to_dict() == _chizo(5, bot).to_dict()
    plan = _plan()
    assert goldfish(plan, seed=5, bot=bot).to_dict() == goldfish(plan, seed=5, bot=bot).to_dict()


def test_another_seed_plays_another_game() -> None:
    assert _chizo(5, "search-fast").drawn != _chizo(6, "search-fast").drawn


def test_a_search_spends_its_budget_and_no_more() -> None:
    made: list[SearchBot] = []

    def make(seed: int) -> Bot:
        bot = chizo_search.FastSearchBot(CHIZO, seed)
        made.append(bot)
        return bot

    _chizo(3, make)
    (bot,) = made
    budget = chizo_search.FAST
    assert bot.searches > 5
    # Every searched decision rolls out at least two candidates once, at most its budget.
    assert 2 * bot.searches <= bot.rollouts <= budget.rollouts * bot.searches


def _mean_turn(turns: list[int | None], cap: int) -> float:
    return statistics.fmean(cap + 1 if t is None else t for t in turns)


def test_the_chizo_search_finishes_sooner_than_the_greedy_it_starts_from() -> None:
    seeds = [mix_seed(1, i) for i in range(30)]
    greedy = _mean_turn([_chizo(s, "greedy").turn_reached for s in seeds], 30)
    search = _mean_turn([_chizo(s, "search-fast").turn_reached for s in seeds], 30)
    assert search < greedy - 0.3, (search, greedy)


def test_the_shadowfist_search_finishes_sooner_than_the_tactician_it_starts_from() -> None:
    plan, seeds = _plan(), [mix_seed(1, i) for i in range(30)]
    base = [goldfish(plan, seed=s, bot="tactician", max_turns=20).turn_won for s in seeds]
    search = [goldfish(plan, seed=s, bot="search-fast", max_turns=20).turn_won for s in seeds]
    assert _mean_turn(search, 20) < _mean_turn(base, 20) - 0.3, (search, base)


def _choices_differ(make: Callable[[int], Bot], decisions: int) -> int:
    """Decisions of a ChiZo goldfish where the bot chose otherwise once the hidden parts
    (its Stack's order, the game's rng) were dealt anew."""
    state = CHIZO.new_game({"goldfish": True, "tiles": TILES, "stacks": [typical_stack()]}, 9)
    player, differed = make(1), 0
    for step in range(decisions):
        legal = CHIZO.legal_actions(state)
        if not legal:
            break
        twin = hide_and_shuffle(state, 0, mix_seed(13, step))
        seen = make(mix_seed(11, step)).choose(state.clone(), legal)
        unseen = make(mix_seed(11, step)).choose(twin, CHIZO.legal_actions(twin))
        differed += seen != unseen
        CHIZO.advance(state, player.choose(state, legal))
    return differed


def test_only_the_clairvoyant_yardstick_reads_the_draw_order() -> None:
    budget = Budget("test", rollouts=6, width=3, horizon=1)

    def fair(seed: int) -> Bot:
        return chizo_search.StrongSearchBot(CHIZO, seed, budget)

    def clairvoyant(seed: int) -> Bot:
        return chizo_search.StrongSearchBot(CHIZO, seed, budget, clairvoyant=True)

    assert _choices_differ(fair, 60) == 0
    assert _choices_differ(clairvoyant, 60) > 0


def _play_out(game: Any, setup: dict[str, Any], bots: list[str], seed: int) -> tuple[str, Any]:
    """A whole game, every action checked by the rules (``apply``), seat 0 a search bot."""
    state = game.new_game(setup, seed)
    players = [game.make_bot(name, mix_seed(seed, seat)) for seat, name in enumerate(bots)]
    while legal := game.legal_actions(state):
        game.apply(state, players[legal[0].player].choose(state, legal))
    return state.hash(), game.outcome(state)


def test_a_chizo_search_bot_plays_a_whole_match_by_the_rules_and_replays_it() -> None:
    setup = {"players": 2, "tiles": TILES, "stacks": [typical_stack(), typical_stack()]}
    first = _play_out(CHIZO, setup, ["search-fast", "greedy"], 4)
    assert first[1].status == "finished"
    assert _play_out(CHIZO, setup, ["search-fast", "greedy"], 4) == first


def test_a_shadowfist_search_bot_plays_a_whole_match_by_the_rules_and_replays_it() -> None:
    decks = [starter_deck("Heroic Bloodshed"), starter_deck("Court of the Lotus")]
    setup = {"players": 2, "cards": starter_cards(), "decks": decks}
    first = _play_out(SHADOWFIST, setup, ["search-strong", "tactician"], 4)
    assert first[1].status == "finished"
    assert _play_out(SHADOWFIST, setup, ["search-strong", "tactician"], 4) == first


@pytest.mark.parametrize("game", [CHIZO, SHADOWFIST], ids=["chizo", "shadowfist"])
def test_each_game_says_the_measured_gap_of_each_bot_it_measured(game: Any) -> None:
    gaps = (chizo_search if game is CHIZO else shadowfist_search).GOLDFISH_GAPS
    for bot, gap in gaps.items():
        assert game.goldfish_gap(bot) == gap
    assert game.goldfish_gap("no-such-bot") is None
