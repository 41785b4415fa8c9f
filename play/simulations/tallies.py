"""Mergeable tallies of a simulation's games (pure functions and small classes).

Each chunk folds its records into a tally when it is written; the simulation's summary
merges the chunks' tallies in chunk order and reads its figures from the result. So the
summary never holds more than one chunk's tally, and it stays whole after the per-game
records are pruned (play/simulations/retention.py). Folding every record into one tally
and merging the tallies of any split of the same records in order give the same tally
(tests/play/test_simulation_tallies.py).

Goldfish records: {"index", "seed", "turn" (None: not within the cap), "drawn"
({card id: first turn drawn}), "played" ([card ids]), "never_playable" ([card ids]),
"blanks" ([card ids treated as blanks])}, and per game where the game has them the
per-turn series of CURVES and the turns of FIRST_TURNS. Bot-game records: the engine's
GameRecord.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from play.engine.simulate import GameRecord, wilson_interval

Z95 = 1.959964
# Seeds kept per finishing turn (goldfish) or per winning seat (bots): the sample games.
SAMPLES_PER_BUCKET = 3
CURVES = ("points_by_turn", "power_by_turn")
FIRST_TURNS = ("first_site_turn", "first_character_turn")


def interval_of(histogram: Mapping[int, int]) -> dict[str, float | None]:
    """Mean with a 95% confidence interval of integer values given as {value: count}
    (normal approximation; t would differ < 1% from n = 120 on). The variance is exact
    (fractions), its square root rounded once or twice: within an ulp or two of
    statistics.stdev over the same values."""
    n = sum(histogram.values())
    if n == 0:
        return {"mean": None, "low": None, "high": None}
    total = sum(value * count for value, count in histogram.items())
    mean = total / n
    if n == 1:
        return {"mean": mean, "low": mean, "high": mean}
    squares = sum(value * value * count for value, count in histogram.items())
    variance = Fraction(n * squares - total * total, n * (n - 1))
    half = Z95 * math.sqrt(variance) / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def mean_interval(values: Iterable[int]) -> dict[str, float | None]:
    return interval_of(Counter(values))


def median_of(histogram: Mapping[int, int]) -> float | None:
    """The median of {value: count}, as statistics.median gives it: the middle value,
    or the mean of the two middle values when their number is even."""
    n = sum(histogram.values())
    if n == 0:
        return None
    if n % 2:
        return _nth(histogram, n // 2)
    return (_nth(histogram, n // 2 - 1) + _nth(histogram, n // 2)) / 2


def _nth(histogram: Mapping[int, int], position: int) -> int:
    """The value at `position` (from 0) of the sorted values."""
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if position < seen:
            return value
    raise IndexError(position)


def _ints(data: Mapping[str, int]) -> Counter[int]:
    return Counter({int(key): count for key, count in data.items()})


def _strs(counter: Mapping[int, int]) -> dict[str, int]:
    return {str(key): counter[key] for key in sorted(counter)}


def _add_samples(samples: dict[int, list[int]], key: int, seeds: Iterable[int]) -> None:
    bucket = samples.setdefault(key, [])
    for seed in seeds:
        if len(bucket) >= SAMPLES_PER_BUCKET:
            return
        bucket.append(seed)


@dataclass
class GoldfishTally:
    """What the goldfish summary needs of any number of games, in game order."""

    by_turn: int
    games: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    samples: dict[int, list[int]] = field(default_factory=dict)
    drawn_by: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    never_playable: Counter[str] = field(default_factory=Counter)
    seen: set[str] = field(default_factory=set)
    blanks: set[str] = field(default_factory=set)
    # Per curve, per turn: [sum, games that lasted that long].
    curves: dict[str, list[list[int | float]]] = field(default_factory=dict)
    # Per first-turn figure: the turns seen, and the games where it never happened.
    first_turns: dict[str, Counter[int]] = field(default_factory=dict)
    never: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, records: Iterable[dict[str, Any]], *, by_turn: int) -> GoldfishTally:
        tally = cls(by_turn)
        for record in sorted(records, key=lambda r: r["index"]):
            tally.add(record)
        return tally

    def add(self, record: dict[str, Any]) -> None:
        """Fold one game in; games are added in index order (the samples are the first)."""
        if not self.games:  # the first game says which series the game records
            self.curves = {key: [] for key in CURVES if key in record}
            self.first_turns = {key: Counter() for key in FIRST_TURNS if key in record}
        self.games += 1
        turn = record["turn"]
        if turn is not None:
            self.turns[turn] += 1
            _add_samples(self.samples, turn, [record["seed"]])
        for card, drawn in record.get("drawn", {}).items():
            self.seen.add(card)
            if drawn <= self.by_turn:
                self.drawn_by[card] += 1
        for card in set(record.get("played", [])):
            self.seen.add(card)
            self.played[card] += 1
        self.never_playable.update(set(record.get("never_playable", [])))
        self.blanks.update(record.get("blanks", []))
        for key, sums in self.curves.items():
            for i, value in enumerate(record[key]):
                if i == len(sums):
                    sums.append([0, 0])
                sums[i][0] += value
                sums[i][1] += 1
        for key, seen in self.first_turns.items():
            if record[key] is None:
                self.never[key] += 1
            else:
                seen[record[key]] += 1

    def merge(self, later: Tally) -> None:
        """Fold in the tally of the games that come after these."""
        if not isinstance(later, GoldfishTally):
            raise TypeError(f"a {type(later).__name__} cannot join a goldfish tally")
        if not later.games:
            return
        if not self.games:
            self.curves = {key: [] for key in later.curves}
            self.first_turns = {key: Counter() for key in later.first_turns}
        self.games += later.games
        self.turns.update(later.turns)
        for turn, seeds in later.samples.items():
            _add_samples(self.samples, turn, seeds)
        self.drawn_by.update(later.drawn_by)
        self.played.update(later.played)
        self.never_playable.update(later.never_playable)
        self.seen |= later.seen
        self.blanks |= later.blanks
        for key, sums in self.curves.items():
            for i, (total, count) in enumerate(later.curves[key]):
                if i == len(sums):
                    sums.append([0, 0])
                sums[i][0] += total
                sums[i][1] += count
        for key, seen in self.first_turns.items():
            seen.update(later.first_turns[key])
        self.never.update(later.never)

    def summary(self, names: Mapping[str, str] | None = None) -> dict[str, Any]:
        names = names or {}
        games, wins = self.games, self.turns.total()
        cumulative, running = {}, 0
        for turn in sorted(self.turns):
            running += self.turns[turn]
            cumulative[str(turn)] = running / games
        return {
            "games": games,
            "wins": wins,
            "unfinished": games - wins,
            "turn": {
                **interval_of(self.turns),
                "median": median_of(self.turns),
                "histogram": _strs(self.turns),
                "cumulative": cumulative,
            },
            "cards": self._card_figures(names),
            "blanks": [
                {"card": card, "name": names.get(card, card)} for card in sorted(self.blanks)
            ],
            "sample_seeds": {str(turn): self.samples[turn] for turn in sorted(self.samples)},
            "curves": {
                key: [total / count for total, count in sums] for key, sums in self.curves.items()
            },
            "first_turns": {
                key: {**interval_of(seen), "never": self.never[key]}
                for key, seen in self.first_turns.items()
            },
        }

    def _card_figures(self, names: Mapping[str, str]) -> list[dict[str, Any]]:
        games = self.games or 1
        return [
            {
                "card": card,
                "name": names.get(card, card),
                f"drawn_by_turn_{self.by_turn}": self.drawn_by[card] / games,
                "played": self.played[card] / games,
                "never_playable": self.never_playable[card] / games,
            }
            for card in sorted(self.seen, key=lambda c: (-self.played[c], c))
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "goldfish",
            "by_turn": self.by_turn,
            "games": self.games,
            "turns": _strs(self.turns),
            "samples": {str(turn): seeds for turn, seeds in sorted(self.samples.items())},
            "drawn_by": dict(sorted(self.drawn_by.items())),
            "played": dict(sorted(self.played.items())),
            "never_playable": dict(sorted(self.never_playable.items())),
            "seen": sorted(self.seen),
            "blanks": sorted(self.blanks),
            "curves": self.curves,
            "first_turns": {key: _strs(seen) for key, seen in self.first_turns.items()},
            "never": dict(sorted(self.never.items())),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoldfishTally:
        return cls(
            by_turn=int(data["by_turn"]),
            games=int(data["games"]),
            turns=_ints(data["turns"]),
            samples={int(turn): list(seeds) for turn, seeds in data["samples"].items()},
            drawn_by=Counter(data["drawn_by"]),
            played=Counter(data["played"]),
            never_playable=Counter(data["never_playable"]),
            seen=set(data["seen"]),
            blanks=set(data["blanks"]),
            curves={key: [list(pair) for pair in sums] for key, sums in data["curves"].items()},
            first_turns={key: _ints(seen) for key, seen in data["first_turns"].items()},
            never=Counter(data["never"]),
        )


@dataclass
class BotsTally:
    """What the bot-game summary needs of any number of games, in game order."""

    seats: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)
    unfinished: int = 0
    ties: int = 0
    samples: dict[int, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats

    @classmethod
    def of(cls, records: Iterable[dict[str, Any]], *, seats: int) -> BotsTally:
        tally = cls(seats)
        for record in sorted(records, key=lambda r: r["index"]):
            tally.add(GameRecord.from_dict(record))
        return tally

    def add(self, record: GameRecord) -> None:
        self.games += 1
        for seat in record.winners:
            if seat < self.seats:
                self.wins[seat] += 1
            _add_samples(self.samples, seat, [record.seed])
        self.lengths[record.length] += 1
        self.unfinished += record.unfinished
        self.ties += len(record.winners) > 1

    def merge(self, later: Tally) -> None:
        """Fold in the tally of the games that come after these."""
        if not isinstance(later, BotsTally):
            raise TypeError(f"a {type(later).__name__} cannot join a bot-game tally")
        self.games += later.games
        self.wins = [a + b for a, b in zip(self.wins, later.wins, strict=True)]
        self.lengths.update(later.lengths)
        self.unfinished += later.unfinished
        self.ties += later.ties
        for seat, seeds in later.samples.items():
            _add_samples(self.samples, seat, seeds)

    def summary(self, bots: Sequence[str]) -> dict[str, Any]:
        total = self.games
        seats = []
        for seat, bot in enumerate(bots):
            wins = self.wins[seat]
            low, high = wilson_interval(wins, total)
            rate = wins / total if total else 0.0
            seats.append(
                {"seat": seat, "bot": bot, "wins": wins, "rate": rate, "low": low, "high": high}
            )
        return {
            "games": total,
            "seats": seats,
            "length": {
                **interval_of(self.lengths),
                # The upper of the two middle lengths: a length that was played.
                "median": _nth(self.lengths, total // 2) if total else 0,
                "histogram": _strs(self.lengths),
            },
            "ties": self.ties,
            "unfinished": self.unfinished,
            "sample_seeds": {str(seat): seeds for seat, seeds in sorted(self.samples.items())},
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "bots",
            "seats": self.seats,
            "games": self.games,
            "wins": self.wins,
            "lengths": _strs(self.lengths),
            "unfinished": self.unfinished,
            "ties": self.ties,
            "samples": {str(seat): seeds for seat, seeds in sorted(self.samples.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BotsTally:
        return cls(
            seats=int(data["seats"]),
            games=int(data["games"]),
            wins=[int(w) for w in data["wins"]],
            lengths=_ints(data["lengths"]),
            unfinished=int(data["unfinished"]),
            ties=int(data["ties"]),
            samples={int(seat): list(seeds) for seat, seeds in data["samples"].items()},
        )


Tally = GoldfishTally | BotsTally


def new_tally(spec: Mapping[str, Any]) -> Tally:
    """An empty tally for a simulation of this spec."""
    if spec["kind"] == "bots":
        return BotsTally(len(spec["bots"]))
    return GoldfishTally(spec.get("by_turn", 5))


def tally_records(spec: Mapping[str, Any], records: Iterable[dict[str, Any]]) -> Tally:
    if spec["kind"] == "bots":
        return BotsTally.of(records, seats=len(spec["bots"]))
    return GoldfishTally.of(records, by_turn=spec.get("by_turn", 5))


def chunk_columns(
    spec: Mapping[str, Any], records: Sequence[dict[str, Any]]
) -> tuple[dict[str, Any], list[int | None] | None]:
    """What a chunk keeps beside its records: their tally (JSON) and, for goldfish, each
    game's finishing turn in game order (for paired comparisons)."""
    in_order = sorted(records, key=lambda record: record["index"])
    turns = [record["turn"] for record in in_order] if spec["kind"] == "goldfish" else None
    return tally_records(spec, in_order).to_json(), turns


def tally_from_json(data: Mapping[str, Any]) -> Tally:
    return BotsTally.from_json(data) if data["kind"] == "bots" else GoldfishTally.from_json(data)


def merged(spec: Mapping[str, Any], tallies: Iterable[Tally]) -> Tally:
    """The tallies of consecutive runs of games, in game order, folded into one."""
    total = new_tally(spec)
    for tally in tallies:
        total.merge(tally)
    return total


def summary_of(spec: Mapping[str, Any], tally: Tally, *, game: str) -> dict[str, Any]:
    """The results of a simulation: its tally's figures and what they stand on (the
    policy, the reading, and for a deck how completely its cards are modelled)."""
    from decks.analysis import stack_warnings
    from decks.modelling import deck_modelling
    from play.simulations.policies import policy_gap

    if isinstance(tally, BotsTally):
        summary = tally.summary(spec["bots"])
    else:
        names = {str(row["id"]): row["name"] for row, _count in spec.get("cards", [])}
        summary = {
            **tally.summary(names),
            # How far the bot's goldfish is from the yardsticks, as measured.
            "policy_gap": policy_gap(game, spec["bot"]),
            "modelling": deck_modelling(game, spec["cards"]),
            # What the stack analysis warned of before the games (decks/analysis.py).
            "warnings": stack_warnings(game, spec["cards"]),
        }
    # What a goldfish figure stands on (ChiZo's reading of effect points, Shadowfist's
    # opposition), named beside it.
    reading = {key: spec[key] for key in ("effect_points", "opposition") if key in spec}
    return {
        **summary,
        "policy": spec.get("bot") or spec.get("bots"),
        "seed_rule": "game_seed",
        **reading,
    }
