"""python manage.py playout GAME --players N --bots a,b,... --games N --seed S"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from play.engine.core import EngineError, get_game
from play.engine.simulate import simulate, summarize
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

    def handle(self, *args: Any, **options: Any) -> None:
        players, games = options["players"], options["games"]
        if not 1 <= games <= 1_000_000:
            raise CommandError("--games must be from 1 to 1,000,000")
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
