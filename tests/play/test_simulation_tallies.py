"""Tallies: any split of a simulation's games into chunks, tallied and merged in order,
gives the summary the records themselves give (the oracle below is the summary as it
was computed from the whole list of records before tallies)."""

from __future__ import annotations

import itertools
import json
import math
import statistics
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play.engine.simulate import GameRecord, summarize
from play.simulations.tallies import (
    SAMPLES_PER_BUCKET,
    BotsTally,
    GoldfishTally,
    interval_of,
    median_of,
    merged,
    summary_of,
    tally_from_json,
    tally_records,
)

CARDS = st.sampled_from(["1", "2", "3", "14", "77"])
TURN = st.integers(min_value=1, max_value=12)


@st.composite
def goldfish_records(draw: st.DrawFn) -> list[dict[str, Any]]:
    games = draw(st.integers(min_value=0, max_value=40))
    curves = draw(st.sampled_from([(), ("points_by_turn",), ("power_by_turn",)]))
    firsts = draw(st.booleans())
    records = []
    for index in range(games):
        record: dict[str, Any] = {
            "index": index,
            "seed": 1000 + 7 * index,
            "turn": draw(st.none() | TURN),
            "drawn": draw(st.dictionaries(CARDS, TURN, max_size=4)),
            "played": draw(st.lists(CARDS, max_size=4)),
            "never_playable": draw(st.lists(CARDS, max_size=2)),
            "blanks": draw(st.lists(CARDS, max_size=2)),
        }
        for key in curves:
            record[key] = draw(st.lists(st.integers(0, 15), max_size=8))
        if firsts:
            record["first_site_turn"] = draw(st.none() | TURN)
            record["first_character_turn"] = draw(st.none() | TURN)
        records.append(record)
    return records


def oracle_goldfish(records: list[dict[str, Any]], by_turn: int) -> dict[str, Any]:
    """The summary from the whole list of records, as the engine's first summaries did."""
    games = len(records)
    turns = [r["turn"] for r in records if r["turn"] is not None]
    histogram = Counter(turns)
    samples: dict[int, list[int]] = {}
    for record in sorted(records, key=lambda r: r["index"]):
        if record["turn"] is not None:
            bucket = samples.setdefault(record["turn"], [])
            if len(bucket) < SAMPLES_PER_BUCKET:
                bucket.append(record["seed"])
    drawn_by, played, never = Counter[str](), Counter[str](), Counter[str]()
    seen: set[str] = set()
    for record in records:
        for card, turn in record["drawn"].items():
            seen.add(card)
            drawn_by[card] += turn <= by_turn
        for card in set(record["played"]):
            seen.add(card)
            played[card] += 1
        for card in set(record["never_playable"]):
            never[card] += 1
    share = games or 1
    curves = {}
    for key in ("points_by_turn", "power_by_turn"):
        if records and key in records[0]:
            longest = max(len(r[key]) for r in records)
            curves[key] = [
                sum(v := [r[key][t] for r in records if len(r[key]) > t]) / len(v)
                for t in range(longest)
            ]
    firsts = {}
    for key in ("first_site_turn", "first_character_turn"):
        if records and key in records[0]:
            present = [r[key] for r in records if r[key] is not None]
            firsts[key] = {**oracle_interval(present), "never": len(records) - len(present)}
    return {
        "games": games,
        "wins": len(turns),
        "unfinished": games - len(turns),
        "turn": {
            **oracle_interval(turns),
            "median": statistics.median(turns) if turns else None,
            "histogram": {str(t): histogram[t] for t in sorted(histogram)},
            "cumulative": {
                str(t): sum(histogram[u] for u in histogram if u <= t) / games
                for t in sorted(histogram)
            },
        },
        "cards": [
            {
                "card": card,
                "name": card,
                f"drawn_by_turn_{by_turn}": drawn_by[card] / share,
                "played": played[card] / share,
                "never_playable": never[card] / share,
            }
            for card in sorted(seen, key=lambda c: (-played[c], c))
        ],
        "blanks": [
            {"card": c, "name": c} for c in sorted({c for r in records for c in r["blanks"]})
        ],
        "sample_seeds": {str(t): samples[t] for t in sorted(samples)},
        "curves": curves,
        "first_turns": firsts,
    }


def oracle_interval(values: list[int]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "low": None, "high": None}
    mean = sum(values) / len(values)
    if len(values) == 1:
        return {"mean": mean, "low": mean, "high": mean}
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    return {"mean": mean, "low": mean - half, "high": mean + half}


def assert_close(got: Any, expected: Any, path: str = "") -> None:
    """Equal, floats within 1e-12 (relative): the intervals' roots are rounded apart."""
    if isinstance(expected, dict):
        assert isinstance(got, dict), path
        assert got.keys() == expected.keys(), path
        for key in expected:
            assert_close(got[key], expected[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(got, list), path
        assert len(got) == len(expected), path
        for i, (a, b) in enumerate(zip(got, expected, strict=True)):
            assert_close(a, b, f"{path}[{i}]")
    elif isinstance(expected, float) and not isinstance(got, bool):
        assert got == pytest.approx(expected, rel=1e-12, abs=1e-12), path
    else:
        assert got == expected, path
        assert type(got) is type(expected), path


def split(records: list[Any], cuts: list[int]) -> list[list[Any]]:
    """The records in consecutive chunks, cut at the given places."""
    places = sorted({c % (len(records) + 1) for c in cuts})
    bounds = [0, *places, len(records)]
    return [records[a:b] for a, b in itertools.pairwise(bounds)]


def through_json(tally: Any) -> Any:
    """A tally as a chunk stores it and the summary reads it back."""
    return tally_from_json(json.loads(json.dumps(tally.to_json())))


@settings(max_examples=60, deadline=None)
@given(goldfish_records(), st.lists(st.integers(0, 50), max_size=5), st.integers(1, 8))
def test_goldfish_chunks_merged_in_order_summarise_as_the_whole_list(
    records: list[dict[str, Any]], cuts: list[int], by_turn: int
) -> None:
    spec = {"kind": "goldfish", "by_turn": by_turn}
    whole = tally_records(spec, records)
    chunks = [through_json(tally_records(spec, chunk)) for chunk in split(records, cuts)]

    total = merged(spec, chunks)

    assert total == whole
    assert isinstance(total, GoldfishTally)
    assert_close(total.summary(), oracle_goldfish(records, by_turn))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 3), max_size=2, unique=True),
            st.integers(1, 400),
            st.booleans(),
        ),
        max_size=40,
    ),
    st.lists(st.integers(0, 50), max_size=5),
)
def test_bot_game_chunks_merged_in_order_summarise_as_the_engine_does(
    games: list[tuple[list[int], int, bool]], cuts: list[int]
) -> None:
    bots = ["greedy", "random", "random", "random"]
    records = [
        GameRecord(i, 50 + i, tuple(winners), (0, 0, 0, 0), length, unfinished).to_dict()
        for i, (winners, length, unfinished) in enumerate(games)
    ]
    spec = {"kind": "bots", "bots": bots}
    chunks = [through_json(tally_records(spec, chunk)) for chunk in split(records, cuts)]

    total = merged(spec, chunks)
    assert isinstance(total, BotsTally)
    summary = total.summary(bots)

    engine = summarize([GameRecord.from_dict(r) for r in records], bots)
    assert summary["games"] == engine["games"] == len(records)
    assert [(s["wins"], s["rate"], s["low"], s["high"]) for s in summary["seats"]] == [
        (s.wins, s.rate, s.low, s.high) for s in engine["seats"]
    ]
    assert summary["length"]["median"] == engine["median_length"]
    assert summary["length"]["histogram"] == {
        str(k): v for k, v in sorted(engine["length_histogram"].items())
    }
    assert (summary["ties"], summary["unfinished"]) == (engine["ties"], engine["unfinished"])
    if records:
        assert summary["length"]["mean"] == pytest.approx(engine["mean_length"], rel=1e-12)
    for seat, seeds in summary["sample_seeds"].items():
        winners_seeds = [r["seed"] for r in records if int(seat) in r["winners"]]
        assert seeds == winners_seeds[:SAMPLES_PER_BUCKET]


@given(st.lists(st.integers(-50, 10_000), min_size=2, max_size=200))
def test_the_interval_from_counts_is_the_interval_from_the_values(values: list[int]) -> None:
    got = interval_of(Counter(values))

    assert got == pytest.approx(oracle_interval(values), rel=1e-13, abs=1e-9)


@given(st.lists(st.integers(-50, 50), max_size=60))
def test_the_median_from_counts_is_statistics_median(values: list[int]) -> None:
    expected = statistics.median(values) if values else None

    got = median_of(Counter(values))

    assert got == expected
    assert type(got) is type(expected)  # an int when odd, a float mean when even


def test_tallies_of_different_kinds_do_not_merge() -> None:
    with pytest.raises(TypeError, match="cannot join a goldfish tally"):
        GoldfishTally(5).merge(BotsTally(2))
    with pytest.raises(TypeError, match="cannot join a bot-game tally"):
        BotsTally(2).merge(GoldfishTally(5))


def test_the_results_name_the_policy_and_the_reading() -> None:
    spec = {"kind": "goldfish", "bot": "greedy", "effect_points": "printed", "cards": []}
    record = {"index": 0, "seed": 9, "turn": 7, "drawn": {}, "played": [], "never_playable": []}

    results = summary_of(spec, tally_records(spec, [record]), game="chizo")

    assert (results["policy"], results["effect_points"], results["seed_rule"]) == (
        "greedy", "printed", "game_seed",
    )  # fmt: skip
    assert results["sample_seeds"] == {"7": [9]}
