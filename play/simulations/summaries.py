"""Statistics of a finished simulation, from its per-game records (pure functions).

Goldfish records: {"index", "seed", "turn" (None: not within the cap), "drawn"
({card id: first turn drawn}), "played" ([card ids]), "never_playable" ([card ids]),
"blanks" ([card ids treated as blanks])}. Bot-game records: the engine's GameRecord.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from play.engine.simulate import GameRecord, summarize

Z95 = 1.959964
SAMPLES_PER_BUCKET = 3


def mean_interval(values: Sequence[float]) -> dict[str, float | None]:
    """Mean with a 95% confidence interval (normal approximation; t would differ < 1%
    from n = 120 on, and simulations run hundreds of games)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "low": None, "high": None}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "low": mean, "high": mean}
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


CURVES = ("points_by_turn", "power_by_turn")
FIRST_TURNS = ("first_site_turn", "first_character_turn")


def summarize_goldfish(
    records: Sequence[dict[str, Any]], *, by_turn: int, names: dict[str, str] | None = None
) -> dict[str, Any]:
    games = len(records)
    turns = [r["turn"] for r in records if r["turn"] is not None]
    histogram = Counter(turns)
    samples: dict[int, list[int]] = {}
    for record in sorted(records, key=lambda r: r["index"]):
        if record["turn"] is not None:
            bucket = samples.setdefault(record["turn"], [])
            if len(bucket) < SAMPLES_PER_BUCKET:
                bucket.append(record["seed"])
    cumulative, running = {}, 0
    for turn in sorted(histogram):
        running += histogram[turn]
        cumulative[str(turn)] = running / games
    return {
        "games": games,
        "wins": len(turns),
        "unfinished": games - len(turns),
        "turn": {
            **mean_interval(turns),
            "median": statistics.median(turns) if turns else None,
            "histogram": {str(t): histogram[t] for t in sorted(histogram)},
            "cumulative": cumulative,
        },
        "cards": _card_figures(records, by_turn=by_turn, names=names or {}),
        "blanks": [
            {"card": card, "name": (names or {}).get(card, card)}
            for card in sorted({card for r in records for card in r.get("blanks", [])})
        ],
        "sample_seeds": {str(t): samples[t] for t in sorted(samples)},
        "curves": {key: _curve(records, key) for key in CURVES if key in records[0]}
        if records
        else {},
        "first_turns": {
            key: {**mean_interval(_present(records, key)), "never": _absent(records, key)}
            for key in FIRST_TURNS
            if records and key in records[0]
        },
    }


def _curve(records: Sequence[dict[str, Any]], key: str) -> list[float]:
    """Mean of a per-turn series at each turn, over the games that lasted that long."""
    longest = max(len(r[key]) for r in records)
    means = []
    for turn in range(longest):
        values = [r[key][turn] for r in records if len(r[key]) > turn]
        means.append(sum(values) / len(values))
    return means


def _present(records: Sequence[dict[str, Any]], key: str) -> list[float]:
    return [r[key] for r in records if r[key] is not None]


def _absent(records: Sequence[dict[str, Any]], key: str) -> int:
    return sum(1 for r in records if r[key] is None)


def _card_figures(
    records: Sequence[dict[str, Any]], *, by_turn: int, names: dict[str, str]
) -> list[dict[str, Any]]:
    games = len(records) or 1
    drawn_by, played, never = Counter[str](), Counter[str](), Counter[str]()
    seen: set[str] = set()
    for record in records:
        for card, turn in record.get("drawn", {}).items():
            seen.add(card)
            if turn <= by_turn:
                drawn_by[card] += 1
        for card in set(record.get("played", [])):
            seen.add(card)
            played[card] += 1
        for card in set(record.get("never_playable", [])):
            never[card] += 1
    return [
        {
            "card": card,
            "name": names.get(card, card),
            f"drawn_by_turn_{by_turn}": drawn_by[card] / games,
            "played": played[card] / games,
            "never_playable": never[card] / games,
        }
        for card in sorted(seen, key=lambda c: (-played[c], c))
    ]


def summarize_bot_games(records: Sequence[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    parsed = [GameRecord.from_dict(r) for r in records]
    summary = summarize(parsed, bots)
    lengths = [r.length for r in parsed]
    samples: dict[int, list[int]] = {}
    for record in parsed:
        for seat in record.winners:
            bucket = samples.setdefault(seat, [])
            if len(bucket) < SAMPLES_PER_BUCKET:
                bucket.append(record.seed)
    return {
        "games": summary["games"],
        "seats": [
            {
                "seat": s.seat,
                "bot": s.bot,
                "wins": s.wins,
                "rate": s.rate,
                "low": s.low,
                "high": s.high,
            }
            for s in summary["seats"]
        ],
        "length": {
            **mean_interval(lengths),
            "median": summary["median_length"],
            "histogram": {str(k): v for k, v in sorted(summary["length_histogram"].items())},
        },
        "ties": summary["ties"],
        "unfinished": summary["unfinished"],
        "sample_seeds": {str(seat): seeds for seat, seeds in sorted(samples.items())},
    }
