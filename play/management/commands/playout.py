"""python manage.py playout GAME --players N --bots a,b,... --games N --seed S
python manage.py playout GAME --round-robin [--bots a,b,...] --games N --seed S"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from play.engine.core import EngineError, get_game
from play.engine.simulate import Pairing, round_robin, simulate, summarize, wilson_interval
from play.engine_choice import running
from play.simulations.reports import histogram_lines, seat_table
from play.simulations.tallies import mean_interval


class Command(BaseCommand):
    help = "Play seeded games between bots with the rules engine alone and print statistics."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="raise, chocobo, chizo or shadowfist")
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument(
            "--bots", default="random", help="Comma-separated bot per seat, or one for all."
        )
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--no-progress", action="store_true", help="Hide the progress bar.")
        parser.add_argument(
            "--round-robin",
            action="store_true",
            help="Two players: every pair of --bots (default: all of the game's) plays --games "
            "games, seats swapped every other game on the same deal; a table of win rates.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        players, games = options["players"], options["games"]
        if not 1 <= games <= 1_000_000:
            raise CommandError("--games must be from 1 to 1,000,000")
        if options["round_robin"]:
            self._round_robin(options)
            return
        bots = [b.strip() for b in options["bots"].split(",") if b.strip()]
        if len(bots) == 1:
            bots *= players
        if len(bots) != players:
            raise CommandError(f"--bots names {len(bots)} bots for {players} players")
        try:
            game = get_game(options["game"])
            bar = tqdm(total=games, disable=options["no_progress"], unit="game", leave=False)
            records = simulate(
                game,
                {"players": players},
                bots,
                games,
                options["seed"],
                progress=lambda _: bar.update(),
            )
            bar.close()
        except EngineError as error:
            raise CommandError(error.reason) from None
        self._report(game.info.name, players, options["seed"], bots, records)

    def _round_robin(self, options: dict[str, Any]) -> None:
        if options["players"] != 2:
            raise CommandError("a round-robin is played with two players")
        try:
            game = get_game(options["game"])
        except EngineError as error:
            raise CommandError(error.reason) from None
        bots = [b.strip() for b in options["bots"].split(",") if b.strip()]
        if options["bots"] == "random":  # the option's default: every bot of the game
            bots = sorted(game.bot_types())
        if len(bots) < 2 or len(set(bots)) != len(bots):
            raise CommandError("--bots names two or more different bots")
        games, seed = options["games"], options["seed"]
        out = [f"{game.info.name} round-robin: {games} games a pair, 2 players, seed {seed}",
               f"engine: {running()}", ""]  # fmt: skip
        try:
            for pairing, seconds in _timed(round_robin(game, {"players": 2}, bots, games, seed)):
                low, high = wilson_interval(pairing.first_wins, pairing.games)
                share = pairing.first_wins / pairing.games
                out.append(
                    f"{pairing.first} vs {pairing.second}: {pairing.first} won "
                    f"{pairing.first_wins} ({share:.1%}, 95% interval {low:.1%} to {high:.1%}), "
                    f"{pairing.second} {pairing.second_wins}, shared {pairing.shared}, "
                    f"no winner {pairing.no_winner}; {games / seconds:,.0f} games/s"
                )
        except EngineError as error:
            raise CommandError(error.reason) from None
        self.stdout.write("\n".join(out))

    def _report(
        self, name: str, players: int, seed: int, bots: list[str], records: list[Any]
    ) -> None:
        summary = summarize(records, bots)
        length = mean_interval([r.length for r in records])  # games >= 1: never None
        out = [
            f"{name}: {summary['games']} games, {players} players, seed {seed}",
            f"engine: {running()}",
            "",
            *seat_table(summary["seats"]),
            "",
            f"game length (actions): mean {length['mean']:.1f} "
            f"(95% interval {length['low']:.1f} to {length['high']:.1f}), "
            f"median {summary['median_length']}",
            *histogram_lines(summary["length_histogram"]),
            "",
            f"shared victories: {summary['ties']}; unfinished (hit the length cap): "
            f"{summary['unfinished']}",
        ]
        self.stdout.write("\n".join(out))


def _timed(pairings: Iterator[Pairing]) -> Iterator[tuple[Pairing, float]]:
    """Each pairing with the seconds its games took (wall clock: a cost figure for the
    reader, never a test's condition)."""
    start = time.perf_counter()
    for pairing in pairings:
        now = time.perf_counter()
        yield pairing, max(now - start, 1e-9)
        start = time.perf_counter()
