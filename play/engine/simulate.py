"""Run seeded games between bots and collect one record per game (pure: no I/O).

Game ``i`` of a batch with master seed ``m`` uses seed ``game_seed(m, i)``, and the bot
in seat ``s`` uses ``bot_seed(game seed, s)``; so any game of a batch can be replayed,
or a batch split into chunks, from the master seed alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .core import Action, Bot, Game, State, check_seed, mix_seed
from .core.values import UNFINISHED


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch."""
    return mix_seed(check_seed(master_seed), index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``seed``."""
    # Offset so that a bot's stream never equals the game's own stream or a batch's.
    return mix_seed(seed, BOT_SEED_OFFSET + seat)


BOT_SEED_OFFSET: Final = 1_000_003


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a simulation keeps of one game."""

    index: int
    seed: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    length: int
    unfinished: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "index": self.index,
            "seed": self.seed,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "length": self.length,
            "unfinished": self.unfinished,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Parse a record written by :meth:`to_dict`."""
        return cls(
            int(data["index"]),
            int(data["seed"]),
            tuple(data["winners"]),
            tuple(data["scores"]),
            int(data["length"]),
            bool(data["unfinished"]),
        )


def play_game(
    game: Game[Any],
    setup: Mapping[str, Any],
    bots: Sequence[str],
    seed: int,
    actions: list[Action] | None = None,
) -> State:
    """Play one game between the named bots (one per seat); return the final state.

    Actions go through the fast, unchecked path: bots only pick legal actions. Pass a
    list as ``actions`` to collect the action log (for a transcript).
    """
    seats: list[Bot] = [game.make_bot(name, bot_seed(seed, s)) for s, name in enumerate(bots)]
    state: State = game.new_game(setup, seed)
    legal_actions, advance = game.legal_actions, game.advance
    choosers = [bot.choose for bot in seats]
    # No legal action means the game is over (or capped): saves an is_over call a step.
    if actions is None:
        while legal := legal_actions(state):
            # A seat: someone is to act while actions are legal.
            advance(state, choosers[state.to_act](state, legal))  # type: ignore[index]
    else:
        while legal := legal_actions(state):
            # A seat: someone is to act while actions are legal.
            action = choosers[state.to_act](state, legal)  # type: ignore[index]
            actions.append(action)
            advance(state, action)
    return state


def iter_games(
    game: Game[Any],
    setup: Mapping[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    start: int = 0,
) -> Iterator[GameRecord]:
    """Yield the records of games ``start`` .. ``start + games - 1`` of the batch ``seed``."""
    _check_bots(game, setup, bots)
    for index in range(start, start + games):
        this_seed = game_seed(seed, index)
        state = play_game(game, setup, bots, this_seed)
        outcome = game.outcome(state)
        yield GameRecord(
            index,
            this_seed,
            outcome.winners,
            outcome.scores,
            outcome.length,
            outcome.status == UNFINISHED,
        )


def simulate(
    game: Game[Any],
    setup: Mapping[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    start: int = 0,
    progress: Callable[[int], object] | None = None,
) -> list[GameRecord]:
    """Play ``games`` seeded games; ``progress`` is called with the count done after each."""
    records = []
    for record in iter_games(game, setup, bots, games, seed, start):
        records.append(record)
        if progress is not None:
            progress(len(records))
    return records


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two bots' games against each other in a round-robin (``first`` listed first)."""

    first: str
    second: str
    games: int
    first_wins: int
    second_wins: int
    #: Games won by both seats together (a shared victory).
    shared: int
    #: Games nobody won (unfinished, or ended with no winner).
    no_winner: int


def round_robin(
    game: Game[Any], setup: Mapping[str, Any], bots: Sequence[str], games: int, seed: int
) -> Iterator[Pairing]:
    """Every pair of distinct ``bots`` (in list order) plays ``games`` two-seat games.

    Games come in twos on one deal: game ``2k`` and ``2k + 1`` of a pair share the seed
    ``game_seed(pair seed, k)`` with the seats swapped (the first bot in seat 0, then in
    seat 1), so neither the first seat nor a lucky deal favours either bot; the pair's
    seed is ``mix_seed(seed, pair index)``.
    """
    names = list(bots)
    pair = 0
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            pair_seed = mix_seed(check_seed(seed), pair)
            pair += 1
            wins = [0, 0]
            shared = no_winner = 0
            for index in range(games):
                swapped = index % 2 == 1
                seats = [second, first] if swapped else [first, second]
                _check_bots(game, setup, seats)
                state = play_game(game, setup, seats, game_seed(pair_seed, index // 2))
                winners = game.outcome(state).winners
                if len(winners) == 1:
                    wins[int((winners[0] == 1) != swapped)] += 1
                elif winners:
                    shared += 1
                else:
                    no_winner += 1
            yield Pairing(first, second, games, wins[0], wins[1], shared, no_winner)


def _check_bots(game: Game[Any], setup: Mapping[str, Any], bots: Sequence[str]) -> None:
    players = setup.get("players", len(bots))
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats: name one bot per seat")
    for name in bots:
        game.make_bot(name, 0)  # raises UnknownGameError("unknown_bot") early


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """Wins of one seat (a shared victory counts as a win for each sharer)."""

    seat: int
    bot: str
    wins: int
    rate: float
    low: float
    high: float


def summarize(records: Sequence[GameRecord], bots: Sequence[str]) -> dict[str, Any]:
    """Win rate per seat with a 95% Wilson interval, game lengths, unfinished count."""
    total = len(records)
    seats = []
    for seat, name in enumerate(bots):
        wins = sum(1 for r in records if seat in r.winners)
        low, high = wilson_interval(wins, total)
        seats.append(SeatSummary(seat, name, wins, wins / total if total else 0.0, low, high))
    lengths = sorted(r.length for r in records)
    histogram: dict[int, int] = {}
    for length in lengths:
        histogram[length] = histogram.get(length, 0) + 1
    return {
        "games": total,
        "seats": seats,
        "mean_length": sum(lengths) / total if total else 0.0,
        "median_length": lengths[total // 2] if total else 0,
        "length_histogram": histogram,
        "unfinished": sum(1 for r in records if r.unfinished),
        "ties": sum(1 for r in records if len(r.winners) > 1),
    }


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))
