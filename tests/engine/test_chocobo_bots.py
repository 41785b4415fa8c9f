"""Chocobo Party Up!'s bots, and the engine's copy of the stand-in data."""

from __future__ import annotations

from pathlib import Path

from play.engine.core import RandomBot
from play.engine.games.chocobo import GAME, GreedyBot
from play.engine.games.chocobo.scenario import act, position
from play.engine.simulate import simulate, summarize

ROOT = Path(__file__).resolve().parents[2]
HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}


def test_the_greedy_bot_is_reproducible_from_its_seed_and_plays_legal_actions():
    for seed in range(3):
        picks = []
        for _ in range(2):
            state = GAME.new_game({"players": 3}, seed)
            bot = GreedyBot(GAME, seed)
            chosen = []
            for _ in range(80):
                legal = GAME.legal_actions(state)
                if not legal:
                    break
                action = bot.choose(state, legal)
                assert action in legal
                chosen.append(action)
                GAME.apply(state, action)
            picks.append(chosen)
        assert picks[0] == picks[1]


def test_the_greedy_bot_leads_companions_home():
    state = position(3, {0: ["b23", "b22"], **HOME}, companions={"b23": 2}, tokens=[])
    action = GreedyBot(GAME, 1).choose(state, GAME.legal_actions(state))
    assert action == act(state, "move", "one", "b23", "b24", 2)  # toward TE1, with both


def test_the_greedy_bot_calls_when_it_can():
    state = position(3, {0: ["b22", "b13"], **HOME}, phase="call", tokens=["b13"])
    action = GreedyBot(GAME, 1).choose(state, GAME.legal_actions(state))
    assert action.kind == "call"


def test_the_greedy_bot_beats_random_bots():
    bots = ["greedy", "random", "random", "random"]
    records = simulate(GAME, {"players": 4}, bots, 60, seed=5)
    summary = summarize(records, bots)
    greedy, *randoms = summary["seats"]
    assert greedy.low > max(r.high for r in randoms)
    assert summary["unfinished"] == 0


def test_the_random_bot_is_the_engine_s_uniform_one():
    assert GAME.bot_types()["random"] is RandomBot
    assert set(GAME.bot_types()) == {"random", "greedy"}
