"""Deck builder benchmark: validating a 60-card deck, a 60-line list through the API,
and importing a 200-line list.

    .venv/bin/python bench/decks.py [--repeat 200] [--profile]

Runs on a fresh SQLite database in a temporary folder with the shipped catalogue and,
when present, the real Shadowfist card list (so name lookups search 2,600 cards).
Beside each figure it prints a baseline measured in the same run: the same number of
dictionary look-ups and additions in a tight loop, the least any validation could cost.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed(run: Callable[[], object], repeat: int) -> list[float]:
    for _ in range(3):
        run()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument(
        "--profile", action="store_true", help="profile the API case instead (cProfile)"
    )
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="cardhouse-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    from cards.importers.shadowfist import import_shadowfist
    from cards.services import catalogue_load
    from decks.catalogue import cards_of
    from decks.formats import validate
    from decks.intake import lines_from_text
    from decks.lines import DeckLine

    call_command("migrate", verbosity=0)
    catalogue_load()
    real = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"
    if real.exists():
        import_shadowfist(real)

    chizo = cards_of("chizo")
    deck = [DeckLine(card=card, count=1 + n % 3, line=n + 1) for n, card in enumerate(chizo[:30])]
    size = sum(line.count for line in deck)
    shadowfist = cards_of("shadowfist")
    text = "\n".join(f"{1 + n % 5} {card.name}" for n, card in enumerate(shadowfist[:200]))
    lines_from_text(game="shadowfist", text=text)  # build the name index once
    # A 60-line list as users paste it: counts and names, one card a line.
    listed = "\n".join(f"{1 + n % 3} {card.name}" for n, card in enumerate(shadowfist[:60]))
    body = {"game": "shadowfist", "list": listed}
    client = Client()

    def validate_api() -> None:
        response = client.post("/api/v1/decks/validate/", body, content_type="application/json")
        assert response.status_code == 200, response.content

    if args.profile:
        import cProfile
        import pstats

        timed(validate_api, 20)
        profile = cProfile.Profile()
        for _ in range(args.repeat):
            profile.runcall(validate_api)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        return

    def baseline() -> None:
        counts: dict[int, int] = {}
        for line in deck:
            counts[line.card.id] = counts.get(line.card.id, 0) + line.count

    cases: list[tuple[str, Callable[[], object]]] = [
        (f"baseline: count a {size}-tile deck", baseline),
        (
            f"validate a {size}-tile ChiZo deck (stack)",
            lambda: validate(deck, ["stack"], game="chizo"),
        ),
        ("POST /api/v1/decks/validate/, 60-line list", validate_api),
        (
            "import a 200-line Shadowfist list",
            lambda: lines_from_text(game="shadowfist", text=text),
        ),
    ]
    print(f"{'case':45} {'p50 ms':>8} {'p95 ms':>8} {'x baseline':>11}")
    base = None
    for label, run in cases:
        samples = timed(run, args.repeat)
        p50 = percentile(samples, 0.5)
        base = base or p50
        print(f"{label:45} {p50:8.3f} {percentile(samples, 0.95):8.3f} {p50 / base:11.1f}")
    print("\naims: validation under 2 ms (the API's too), import under 50 ms per call")


if __name__ == "__main__":
    main()
