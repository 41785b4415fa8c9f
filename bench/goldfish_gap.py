"""The goldfish gap: how far each bot's finishing turn is from what a better player reaches.

    python bench/goldfish_gap.py [--games 200] [--seed 1] [--workers 2] [--games-deep 100]

For three ChiZo RISING stacks and the four Shadowfist starter decks (against the default
"goldfish" table), every bot of the game plays the same seeds (game ``i`` is seeded
``mix_seed(seed, i)``), beside two yardsticks:

* **deep**: the strong search with 20 times its rollouts and a wider shortlist, as fair
  as the bots (it deals the hidden parts anew; it never reads the draw order);
* **clairvoyant**: the same deep search rolling out the real state, so it knows its
  draws: a player who knew the future, searching as hard. A search is no exact solver,
  and reading one fixed future it can do worse than the fair search on some seeds; but
  a player who knows the draws could play either line, so the **bound** is, seed by
  seed, the sooner of the two: a turn reachable with the draws known, which bounds from
  below what any fair bot reaches as far as these searches can tell.

A game not won within the cap counts as the cap plus one. Printed per deck and bot: the
mean finishing turn with its 95 % interval, games not won, and the gap to each yardstick
on the seeds both played (the paired mean difference in turns with its 95 % interval,
and in per cent of the yardstick's mean). ``--save FILE`` writes every game's finishing
turn as JSON. The yardsticks play ``--games-deep`` of the
seeds (they cost about 20 times the strong bot). The figures are in docs/play.md, "The
goldfish gap". Runs the compiled engine when it is built (``python3 dev.py setup``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine.core import Bot, mix_seed  # noqa: E402
from play.engine.core.search import Budget, SearchBot  # noqa: E402
from play.engine.games.chizo import goldfish as chizo_goldfish  # noqa: E402
from play.engine.games.chizo import search as chizo_search  # noqa: E402
from play.engine.games.chizo.game import GAME as CHIZO  # noqa: E402
from play.engine.games.shadowfist import DeckPlan, goldfish  # noqa: E402
from play.engine.games.shadowfist import search as shadowfist_search  # noqa: E402
from play.engine.games.shadowfist.game import GAME as SHADOWFIST  # noqa: E402
from play.engine.games.shadowfist.setup import starter  # noqa: E402
from tests.engine.chizo_data import basics, tile_list, typical_stack  # noqa: E402

#: The yardsticks' budget: the strong one's rollouts times this, a wider shortlist.
DEEP_FACTOR = 20
DEEP_WIDTH = 8
#: The turn caps (the games' goldfish defaults).
CHIZO_CAP = 30
SHADOWFIST_CAP = 20
Z95 = 1.959964


def chizo_stacks() -> dict[str, list[str]]:
    """Three stacks: the engine tests' typical 40 tiles, a lean 30 (one quartet and ten
    effects) and a diffuse 48 (four of each of the twelve basic creatures)."""
    quartet = ["Rat", "Rabbit", "Horse", "Rooster"]
    lean = [c for c in quartet for _ in range(5)] + [
        "Golden Egg", "Golden Egg", "Lucky Find", "Fortune Cookie", "Push",
        "Happy Rabbit", "Happy Horse", "Lucky Rat", "Call of the Clan", "Bountiful Harvest",
    ]  # fmt: skip
    diffuse = [c for c in basics() for _ in range(4)]
    return {"typical 40": typical_stack(), "lean 30": lean, "diffuse 48": diffuse}


class Yardstick:
    """A maker of a yardstick search bot from its seed (picklable for the workers)."""

    def __init__(self, game: str, clairvoyant: bool) -> None:
        self.game = game
        self.clairvoyant = clairvoyant

    def __call__(self, seed: int) -> Bot:
        module = chizo_search if self.game == "chizo" else shadowfist_search
        engine = CHIZO if self.game == "chizo" else SHADOWFIST
        strong = module.STRONG
        budget = Budget(
            "deep", strong.rollouts * DEEP_FACTOR, max(DEEP_WIDTH, strong.width), strong.horizon
        )
        bot: SearchBot = module.StrongSearchBot(engine, seed, budget, self.clairvoyant)
        return bot


def play(task: tuple[str, str, str, int, int]) -> tuple[str, str, str, list[int], float]:
    """One (game, deck, bot) over ``games`` seeds: finishing turns and CPU seconds."""
    game, deck, bot, games, seed = task
    spec: str | Callable[[int], Bot] = bot
    if bot in ("deep", "clairvoyant"):
        spec = Yardstick(game, bot == "clairvoyant")
    start = time.process_time()
    turns: list[int] = []
    if game == "chizo":
        tiles, stack = tile_list(), chizo_stacks()[deck]
        for i in range(games):
            record = chizo_goldfish(tiles, stack, mix_seed(seed, i), bot=spec, max_turns=CHIZO_CAP)
            turns.append(record.turn_reached or CHIZO_CAP + 1)
    else:
        cards, decks = starter()
        plan = DeckPlan(list(cards), list(dict(decks)[deck]))
        for i in range(games):
            found = goldfish(plan, seed=mix_seed(seed, i), bot=spec, max_turns=SHADOWFIST_CAP)
            turns.append(found.turn_won or SHADOWFIST_CAP + 1)
    return game, deck, bot, turns, time.process_time() - start


@dataclass(frozen=True, slots=True)
class Gap:
    """A bot's paired difference to a yardstick, in turns, on the seeds both played."""

    mean: float
    low: float
    high: float
    per_cent: float

    @classmethod
    def between(cls, bot: Sequence[int], yardstick: Sequence[int]) -> Gap:
        """The gap of ``bot`` to ``yardstick`` over their common first games."""
        n = min(len(bot), len(yardstick))
        diffs = [bot[i] - yardstick[i] for i in range(n)]
        mean = statistics.fmean(diffs)
        half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
        base = statistics.fmean(yardstick[:n])
        return cls(mean, mean - half, mean + half, 100 * mean / base)

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ({self.low:+.2f} to {self.high:+.2f}) {self.per_cent:+.1f}%"


def mean_interval(turns: Sequence[int]) -> str:
    """The mean with its 95 % interval."""
    mean = statistics.fmean(turns)
    half = Z95 * statistics.stdev(turns) / math.sqrt(len(turns))
    return f"{mean:5.2f} ({mean - half:5.2f}-{mean + half:5.2f})"


def tasks(games: int, games_deep: int, seed: int) -> list[tuple[str, str, str, int, int]]:
    """Every (game, deck, bot) to play: the yardsticks first (the longest)."""
    _, decks = starter()
    decks_of = {"chizo": list(chizo_stacks()), "shadowfist": [name for name, _ in decks]}
    bots_of = {
        "chizo": ["greedy", "planner", "search-fast", "search-strong"],
        "shadowfist": ["greedy", "tactician", "search-fast", "search-strong"],
    }
    found = []
    for game, decks_ in decks_of.items():
        for deck in decks_:
            found += [(game, deck, y, games_deep, seed) for y in ("deep", "clairvoyant")]
            found += [(game, deck, bot, games, seed) for bot in bots_of[game]]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--games-deep", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", type=Path, help="write every finishing turn here (JSON)")
    args = parser.parse_args()
    todo = tasks(args.games, args.games_deep, args.seed)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, todo))
    by_deck: dict[tuple[str, str], dict[str, tuple[list[int], float]]] = {}
    for game, deck, bot, turns, cpu in results:
        by_deck.setdefault((game, deck), {})[bot] = (turns, cpu)
    if args.save:
        keys = ("game", "deck", "bot", "turns", "cpu")
        saved = [dict(zip(keys, row, strict=True)) for row in results]
        args.save.write_text(json.dumps(saved) + "\n", encoding="utf-8")
    print(
        f"Goldfish gap: {args.games} games a bot ({args.games_deep} for the yardsticks), "
        f"seed {args.seed}; deep = strong search x{DEEP_FACTOR} rollouts, width {DEEP_WIDTH}"
    )
    for (game, deck), rows in by_deck.items():
        cap = CHIZO_CAP if game == "chizo" else SHADOWFIST_CAP
        print(f"\n{game} / {deck} (cap {cap} turns)")
        deep, seer = rows["deep"][0], rows["clairvoyant"][0]
        bound = [min(a, b) for a, b in zip(deep, seer, strict=True)]
        print(f"  {'bound':13} {mean_interval(bound)} (the sooner of deep and clairvoyant)")
        for bot, (turns, cpu) in rows.items():
            lost = sum(1 for t in turns if t > cap)
            line = f"  {bot:13} {mean_interval(turns)} not won {lost:3}"
            line += f"  {1000 * cpu / len(turns):7.1f} ms/game"
            if bot != "deep":
                line += f"  vs deep {Gap.between(turns, deep)}"
            line += f"  vs bound {Gap.between(turns, bound)}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
