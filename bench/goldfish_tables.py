"""What a goldfish figure stands on, measured: the table it faces (Shadowfist's dummy,
ChiZo's passive board) and the Shadowfist bots' reading of blanks.

    python bench/goldfish_tables.py [--games 1000] [--seed 1] [--real-decks 4]

1. The four starter decks against each opposition profile (greedy bot): games won within
   20 turns and the mean finishing turn with its 95% interval.
2. When the real card list is present (SHADOWFIST_DATA_DIR, else beside the repository):
   decks drawn from it (as the engine tests draw them: 14 feng shui sites, 24 characters
   of a faction, the rest that faction's events, states and edges, most of them blanks),
   goldfished with blanks played as a player would (``BLANK_WORTH``, the bots' reading)
   and with blanks held (worth 0, the reading before it), on the same seeds.
3. ChiZo RISING's typical 40-tile stack of the engine tests alone and beside a passive
   board of 4, 8 and 12 basic creatures (the "board" profile: 12).

Runs the pure-Python engine (the reading of blanks is a constant of the bots module that
the compiled engine folds in). The figures are in docs/shadowfist.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ["CARDHOUSE_ENGINE"] = "pure"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine.core import mix_seed  # noqa: E402
from play.engine.games.chizo import goldfish as chizo_goldfish  # noqa: E402
from play.engine.games.shadowfist import PROFILES, DeckPlan, goldfish  # noqa: E402
from play.engine.games.shadowfist import bots as shadowfist_bots  # noqa: E402
from play.engine.games.shadowfist.setup import starter  # noqa: E402

MAX_TURNS = 20


def figures(plan: DeckPlan, games: int, seed: int, profile: str) -> str:
    """Won share and mean finishing turn (95% interval) of ``games`` games."""
    records = [
        goldfish(plan, seed=mix_seed(seed, i), opposition=PROFILES[profile], max_turns=MAX_TURNS)
        for i in range(games)
    ]
    turns = [r.turn_won for r in records if r.turn_won is not None]
    if len(turns) < 2:
        return f"won {len(turns)}/{games}"
    mean = statistics.fmean(turns)
    half = 1.96 * statistics.stdev(turns) / len(turns) ** 0.5
    interval = f"{mean - half:.2f}-{mean + half:.2f}"
    return f"won {len(turns):>4}/{games}  mean turn {mean:5.2f} ({interval})"


def starter_tables(games: int, seed: int) -> None:
    cards, decks = starter()
    print(f"Starter decks, greedy bot, {games} games each, seed {seed}, cap {MAX_TURNS} turns")
    for name, deck in decks:
        plan = DeckPlan(list(cards), list(deck))
        for profile in PROFILES:
            print(f"  {name:20} {profile:9} {figures(plan, games, seed, profile)}")


def real_blanks(games: int, seed: int, decks: int) -> None:
    data = Path(os.environ.get("SHADOWFIST_DATA_DIR", ROOT.parent / "shared/data/shadowfist"))
    if not (data / "shadowfist_cards_factual.csv").is_file():
        print("The real card list is not present: no real decks measured.")
        return
    os.environ["SHADOWFIST_DATA_DIR"] = str(data)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from tests.engine.shadowfist_table import real_cards, real_deck

    cards = real_cards()
    reading = shadowfist_bots.BLANK_WORTH
    print(f"\nReal decks, goldfish table, greedy bot, {games} games each, seed {seed}")
    for index in range(1, decks + 1):
        deck = real_deck(cards, index)
        plan = DeckPlan(cards, deck)
        blanks = sum(1 for i in plan.deck if plan.cards[i].unmodelled)
        label = f"  deck {index} ({blanks} blank copies of {len(deck)})"
        for worth, words in ((reading, "blanks played"), (0, "blanks held")):
            shadowfist_bots.BLANK_WORTH = worth  # type: ignore[misc]  # the reading measured
            print(f"{label:34} {words:14} {figures(plan, games, seed, 'goldfish')}")
        shadowfist_bots.BLANK_WORTH = reading  # type: ignore[misc]


def chizo_boards(games: int, seed: int) -> None:
    from tests.engine.chizo_data import tile_list, typical_stack

    tiles, stack = tile_list(), typical_stack()
    print(f"\nChiZo RISING typical stack, greedy bot, {games} games each, seed {seed}, cap 30")
    for board in (0, 4, 8, 12):
        records = [chizo_goldfish(tiles, stack, mix_seed(seed, i), board=board)
                   for i in range(games)]  # fmt: skip
        turns = [r.turn_reached for r in records if r.turn_reached is not None]
        mean = statistics.fmean(turns)
        half = 1.96 * statistics.stdev(turns) / len(turns) ** 0.5
        label = "alone" if not board else f"board of {board}"
        print(f"  {label:12} reached 12 in {len(turns):>4}/{games}  mean turn {mean:5.2f} "
              f"({mean - half:.2f}-{mean + half:.2f})")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real-decks", type=int, default=4)
    args = parser.parse_args(argv)
    starter_tables(args.games, args.seed)
    chizo_boards(args.games, args.seed)
    if args.real_decks:
        real_blanks(args.games, args.seed, args.real_decks)


if __name__ == "__main__":
    main()
