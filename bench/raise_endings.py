"""How a game of Raise ends, per player count and bot, and how the budget bot fares
among greedy ones.

    .venv/bin/python bench/raise_endings.py [--games 1000] [--seed 1]

The rulebook ends the game "when all point cards have been awarded" and is silent on a
table where every hand and every draw pile is empty while point cards remain; the engine
then ends the game with those point cards unawarded (docs/raise.md, "When the cards run
out"). This plays seeded games exactly as a simulation batch does (game ``i`` has seed
``game_seed(seed, i)``, the bot in seat ``s`` has seed ``bot_seed(game seed, s)``).

First, games between bots of one kind; per player count and bot:

* ``unawarded``: games ended because nobody held a card, with point cards left;
* ``cards left``: the mean and the largest number of point cards left in those games;
* ``sat out``: games in which some player began a round with no card (their draw pile
  used up), so that round was played without them;
* ``mean score``: the final score, averaged over every seat of every game.

Then mixed tables, per player count: one budget bot and greedy bots in the other seats,
the budget bot in seat ``i % players`` in game ``i`` (so every seat takes its turn):

* ``budget won``: games the budget bot won, alone or sharing the victory, with the share
  of the games and its 95% Wilson interval (a fair share is one game in ``players``);
* ``shared``: the games among those where it shared the victory;
* ``budget`` and ``greedy`` scores: the budget bot's mean score, the greedy seats' mean.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine.games.raise_ import GAME, RaiseState  # noqa: E402
from play.engine.simulate import bot_seed, game_seed, wilson_interval  # noqa: E402

PLAYERS = (2, 3, 4, 5)
BOTS = ("random", "greedy", "budget")
#: The mixed tables: one CHALLENGER among bots named FIELD.
CHALLENGER, FIELD = "budget", "greedy"


@dataclass(frozen=True, slots=True)
class Endings:
    """The figures of one batch of games between bots of one kind."""

    games: int
    unawarded: int
    cards_left: tuple[int, ...]  # per game ended with point cards unawarded
    sat_out: int
    mean_score: float  # over every seat of every game


@dataclass(frozen=True, slots=True)
class Mixed:
    """The figures of one batch of mixed tables, from the challenger's side."""

    games: int
    wins: int  # alone or shared
    shared: int
    score: float  # the challenger's mean score
    field_score: float  # the other seats' mean score


def play(bots: Sequence[str], seed: int) -> tuple[RaiseState, bool]:
    """Play one game between the named bots (one per seat); return its final state and
    whether some player began a round with no card."""
    players = len(bots)
    seats = [GAME.make_bot(bot, bot_seed(seed, s)) for s, bot in enumerate(bots)]
    state = GAME.new_game({"players": players}, seed)
    seen_round, someone_sat_out = 0, False
    while legal := GAME.legal_actions(state):
        if state.round != seen_round:
            seen_round = state.round
            someone_sat_out = someone_sat_out or not all(state.hands)
        player = state.to_act
        assert player is not None  # someone acts while actions are legal
        GAME.advance(state, seats[player].choose(state, legal))
    if GAME.outcome(state).status != "finished":
        raise SystemExit(f"the game of seed {seed} hit the length cap")
    return state, someone_sat_out


def batch(players: int, bot: str, games: int, seed: int) -> Endings:
    """Play ``games`` games of ``players`` bots named ``bot`` and count the endings."""
    unawarded, sat_out, total_score = 0, 0, 0
    cards_left: list[int] = []
    for index in range(games):
        state, someone_sat_out = play([bot] * players, game_seed(seed, index))
        if state.point_pile:
            unawarded += 1
            cards_left.append(len(state.point_pile))
        sat_out += someone_sat_out
        total_score += sum(GAME.outcome(state).scores)
    return Endings(games, unawarded, tuple(cards_left), sat_out, total_score / games / players)


def mixed(players: int, games: int, seed: int) -> Mixed:
    """Play ``games`` games of one CHALLENGER among FIELD bots, its seat rotating."""
    wins, shared, score, field_score = 0, 0, 0, 0
    for index in range(games):
        seat = index % players
        bots = [FIELD] * players
        bots[seat] = CHALLENGER
        state, _ = play(bots, game_seed(seed, index))
        outcome = GAME.outcome(state)
        if seat in outcome.winners:
            wins += 1
            shared += len(outcome.winners) > 1
        score += outcome.scores[seat]
        field_score += sum(outcome.scores) - outcome.scores[seat]
    return Mixed(games, wins, shared, score / games, field_score / games / (players - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Raise endings: {args.games} games per row, master seed {args.seed}")
    print(
        f"{'players':>7} {'bots':>6} {'unawarded':>10} {'cards left':>16} {'sat out':>8} "
        f"{'mean score':>11}"
    )
    for players in PLAYERS:
        for bot in BOTS:
            found = batch(players, bot, args.games, args.seed)
            left = found.cards_left
            mean_max = f"{sum(left) / len(left):.1f} (max {max(left)})" if left else "-"
            print(
                f"{players:>7} {bot:>6} {found.unawarded:>10} {mean_max:>16} {found.sat_out:>8} "
                f"{found.mean_score:>11.1f}"
            )
    print()
    print(f"Mixed tables: one {CHALLENGER} bot, the others {FIELD}, its seat rotating")
    print(
        f"{'players':>7} {CHALLENGER + ' won':>11} {'share (95% interval)':>22} {'shared':>7} "
        f"{CHALLENGER + ' score':>13} {FIELD + ' score':>13}"
    )
    for players in PLAYERS:
        found_mixed = mixed(players, args.games, args.seed)
        low, high = wilson_interval(found_mixed.wins, found_mixed.games)
        share = f"{found_mixed.wins / found_mixed.games:.1%} ({low:.1%}-{high:.1%})"
        print(
            f"{players:>7} {found_mixed.wins:>11} {share:>22} {found_mixed.shared:>7} "
            f"{found_mixed.score:>13.1f} {found_mixed.field_score:>13.1f}"
        )


if __name__ == "__main__":
    main()
