"""Batches of seeded games between bots."""

from __future__ import annotations

import json

import pytest

from play.engine.core import get_game
from play.engine.simulate import (
    GameRecord,
    game_seed,
    simulate,
    summarize,
    wilson_interval,
)

RAISE = get_game("raise")


def test_a_batch_is_the_same_for_the_same_master_seed():
    first = simulate(RAISE, {"players": 3}, ["random", "greedy", "random"], 20, seed=7)
    again = simulate(RAISE, {"players": 3}, ["random", "greedy", "random"], 20, seed=7)
    assert first == again
    other = simulate(RAISE, {"players": 3}, ["random", "greedy", "random"], 20, seed=8)
    assert first != other


def test_a_batch_can_be_played_in_chunks():
    whole = simulate(RAISE, {"players": 2}, ["random", "random"], 10, seed=3)
    parts = simulate(RAISE, {"players": 2}, ["random", "random"], 4, seed=3) + simulate(
        RAISE, {"players": 2}, ["random", "random"], 6, seed=3, start=4
    )
    assert whole == parts
    assert [r.seed for r in whole] == [game_seed(3, i) for i in range(10)]


def test_records_round_trip_through_json_and_report_progress():
    done = []
    records = simulate(RAISE, {"players": 4}, ["greedy"] * 4, 5, seed=1, progress=done.append)
    assert done == [1, 2, 3, 4, 5]
    for record in records:
        assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
        assert not record.unfinished
        assert record.winners


@pytest.mark.parametrize("players", [2, 4])
def test_the_greedy_bot_beats_random_bots(players):
    bots = ["greedy"] + ["random"] * (players - 1)
    records = simulate(RAISE, {"players": players}, bots, 200, seed=11)
    summary = summarize(records, bots)
    greedy, *randoms = summary["seats"]
    assert greedy.low > max(r.high for r in randoms)
    assert summary["unfinished"] == 0
    assert summary["games"] == 200
    assert sum(summary["length_histogram"].values()) == 200


def test_one_bot_is_needed_per_seat():
    with pytest.raises(ValueError, match="one bot per seat"):
        simulate(RAISE, {"players": 3}, ["random", "random"], 1, seed=1)


def test_the_wilson_interval_brackets_the_rate():
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0


def test_a_round_robin_plays_each_pair_on_shared_deals_with_the_seats_swapped() -> None:
    """Game 2k and 2k + 1 of a pair are one deal (one seed), the first bot in seat 0 and
    then in seat 1; every game is counted once."""
    from play.engine.core import mix_seed
    from play.engine.simulate import play_game, round_robin

    game = get_game("raise")
    setup = {"players": 2}
    (pairing,) = round_robin(game, setup, ["greedy", "random"], 10, seed=4)
    assert (pairing.first, pairing.second, pairing.games) == ("greedy", "random", 10)
    assert pairing.first_wins + pairing.second_wins + pairing.shared + pairing.no_winner == 10
    expected = [0, 0]
    for index in range(10):
        seats = ["random", "greedy"] if index % 2 else ["greedy", "random"]
        state = play_game(game, setup, seats, game_seed(mix_seed(4, 0), index // 2))
        (winner,) = game.outcome(state).winners
        expected[seats[winner] == "random"] += 1
    assert [pairing.first_wins, pairing.second_wins] == expected
    assert pairing.first_wins > pairing.second_wins  # greedy beats random at Raise


def test_a_round_robin_has_a_pairing_for_every_two_bots() -> None:
    from play.engine.simulate import round_robin

    bots = ["random", "greedy", "planner"]
    pairs = list(round_robin(get_game("chizo"), {"players": 2}, bots, 2, 1))
    assert [(p.first, p.second) for p in pairs] == [
        ("random", "greedy"),
        ("random", "planner"),
        ("greedy", "planner"),
    ]
    assert all(p.games == 2 for p in pairs)
