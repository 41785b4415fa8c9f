"""How often a game of Raise ends with point cards unawarded, per player count and bot.

    .venv/bin/python bench/raise_endings.py [--games 1000] [--seed 1]

The rulebook ends the game "when all point cards have been awarded" and is silent on a
table where every hand and every draw pile is empty while point cards remain; the engine
then ends the game with those point cards unawarded (docs/raise.md, "When the cards run
out"). This plays seeded games between bots of one kind, exactly as a simulation batch
does (game ``i`` has seed ``game_seed(seed, i)``, the bot in seat ``s`` has seed
``bot_seed(game seed, s)``), and prints per player count and bot:

* ``unawarded``: games ended because nobody held a card, with point cards left;
* ``cards left``: the mean and the largest number of point cards left in those games;
* ``sat out``: games in which some player began a round with no card (their draw pile
  used up), so that round was played without them.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine.games.raise_ import GAME  # noqa: E402
from play.engine.simulate import bot_seed, game_seed  # noqa: E402

PLAYERS = (2, 3, 4, 5)
BOTS = ("random", "greedy")


@dataclass(frozen=True, slots=True)
class Endings:
    """The figures of one batch."""

    games: int
    unawarded: int
    cards_left: tuple[int, ...]  # per game ended with point cards unawarded
    sat_out: int


def batch(players: int, bot: str, games: int, seed: int) -> Endings:
    """Play ``games`` games of ``players`` bots named ``bot`` and count the endings."""
    unawarded, sat_out = 0, 0
    cards_left: list[int] = []
    for index in range(games):
        this_seed = game_seed(seed, index)
        bots = [GAME.make_bot(bot, bot_seed(this_seed, s)) for s in range(players)]
        state = GAME.new_game({"players": players}, this_seed)
        seen_round, someone_sat_out = 0, False
        while legal := GAME.legal_actions(state):
            if state.round != seen_round:
                seen_round = state.round
                someone_sat_out = someone_sat_out or not all(state.hands)
            player = state.to_act
            assert player is not None  # someone acts while actions are legal
            GAME.advance(state, bots[player].choose(state, legal))
        if GAME.outcome(state).status != "finished":
            raise SystemExit(f"game {index} (seed {this_seed}) hit the length cap")
        if state.point_pile:
            unawarded += 1
            cards_left.append(len(state.point_pile))
        sat_out += someone_sat_out
    return Endings(games, unawarded, tuple(cards_left), sat_out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Raise endings: {args.games} games per row, master seed {args.seed}")
    print(f"{'players':>7} {'bots':>6} {'unawarded':>10} {'cards left':>16} {'sat out':>8}")
    for players in PLAYERS:
        for bot in BOTS:
            found = batch(players, bot, args.games, args.seed)
            left = found.cards_left
            mean_max = f"{sum(left) / len(left):.1f} (max {max(left)})" if left else "-"
            print(
                f"{players:>7} {bot:>6} {found.unawarded:>10} {mean_max:>16} {found.sat_out:>8}"
            )


if __name__ == "__main__":
    main()
