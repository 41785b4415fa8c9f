"""Catalogue search benchmark: the API against raw SQL, in the same run.

    .venv/bin/python bench/catalogue.py [--repeat 200] [--cards 5000] [--database-url postgres://postgres@127.0.0.1:5432/cardhouse_bench]

Builds a fresh PostgreSQL database with the shipped catalogue and the real Shadowfist
card list (read from SHADOWFIST_DATA_DIR), pads it with padding cards to --cards, then
times each query through the whole Django stack (test client: URL routing, middleware,
search parser, SQL, rendering, JSON) and the same filter as one hand-written SQL
statement through psycopg, the plainest statement that returns the same rows. One
client; the API is timed with the server cache of answers off, then on. Prints per query
the API p50 and p95, the SQL p50, the bound on the API p50 (3 times the SQL's, or the
SQL's plus 1.5 ms, whichever is larger) and whether the target is met: p50 within the
bound and p95 under 30 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where Django is set up
    from django.test import Client

    from cards.models import Card

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (label, API query parameters, raw SQL with the same filter, ordering and page size)
PAGE = 50
CASES: list[tuple[str, dict[str, str], str]] = [
    (
        "bare word in names",
        {"q": "dragon"},
        "SELECT * FROM cards_card WHERE name ILIKE '%%dragon%%' ORDER BY name, id LIMIT 50",
    ),
    (
        "type and faction",
        {"q": "t:character f:dragons"},
        "SELECT * FROM cards_card WHERE type ILIKE '%%character%%' AND faction ILIKE '%%dragons%%' "
        "ORDER BY name, id LIMIT 50",
    ),
    (
        "numeric range",
        {"q": "game:shadowfist cost>=3 fighting>=6"},
        "SELECT c.* FROM cards_card c JOIN cards_game g ON g.id = c.game_id WHERE g.slug = "
        "'shadowfist' AND c.cost >= 3 AND c.fighting >= 6 ORDER BY c.name, c.id LIMIT 50",
    ),
    (
        "or group with negation",
        {"q": "(f:lotus or f:hand) -t:event"},
        "SELECT * FROM cards_card WHERE (faction ILIKE '%%lotus%%' OR faction ILIKE "
        "'%%guiding hand%%') AND NOT type ILIKE '%%event%%' ORDER BY name, id LIMIT 50",
    ),
    (
        "edition through printings",
        {"q": "e:nw t:site"},
        "SELECT DISTINCT c.* FROM cards_card c JOIN cards_printing p ON p.card_id = c.id JOIN "
        "cards_cardset s ON s.id = p.card_set_id WHERE (s.code ILIKE 'nw' OR s.name ILIKE 'nw') "
        "AND c.type ILIKE '%%site%%' ORDER BY c.name, c.id LIMIT 50",
    ),
    (
        "ordered by fighting",
        {"q": "t:character order:-fighting"},
        "SELECT * FROM cards_card WHERE type ILIKE '%%character%%' "
        "ORDER BY fighting DESC NULLS LAST, name, id LIMIT 50",
    ),
    (
        "ChiZo class and STR",
        {"q": "game:chizo c:ox str>=3"},
        "SELECT c.* FROM cards_card c JOIN cards_game g ON g.id = c.game_id WHERE g.slug = "
        "'chizo' AND upper(c.creature_class) = 'OX' AND c.strength >= 3 ORDER BY c.name, c.id "
        "LIMIT 50",
    ),
    (
        "effect text phrase",
        {"q": 'o:"draw"'},
        "SELECT * FROM cards_card WHERE effect_text ILIKE '%%draw%%' ORDER BY name, id LIMIT 50",
    ),
    (
        "regex on names",
        {"q": "/^the /"},
        "SELECT * FROM cards_card WHERE name ~* '^the ' OR effect_text ~* '^the ' "
        "ORDER BY name, id LIMIT 50",
    ),
    (
        "flag and resources",
        {"q": "is:unique req:dd"},
        "SELECT * FROM cards_card WHERE is_unique AND requires LIKE '%%d%%d%%' "
        "ORDER BY name, id LIMIT 50",
    ),
    (
        "whole list, first page",
        {},
        "SELECT * FROM cards_card ORDER BY name, id LIMIT 50",
    ),
    (
        "exact name",
        {"q": '!"Ancient Temple"'},
        "SELECT * FROM cards_card WHERE upper(name) = upper('Ancient Temple') "
        "ORDER BY name, id LIMIT 50",
    ),
]


P95_AIM_MS = 30.0
PADDING = "Padding"  # the first word of every padding card's name


def bound_ms(sql_p50: float) -> float:
    """The target for a query's API p50: 3 times its SQL time, or its SQL time + 1.5 ms."""
    return max(3 * sql_p50, sql_p50 + 1.5)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed(run: Callable[[], object], repeat: int) -> list[float]:
    for _ in range(5):  # warm caches and connections
        run()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def prepare_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def pad_catalogue(cards: int, seed: int = 5000) -> int:
    """Add padding cards until the catalogue holds `cards`: each a copy of a real card of
    its game (so the searches find some of them) named "Padding <name> <n>", its numbers
    moved by one at random, printed in its game's padding set, every fourth in a second
    one too. Returns how many were added."""
    from cards.models import Card, CardSet, Game, Printing

    missing = cards - Card.objects.count()
    if missing <= 0:
        return 0
    rng = random.Random(seed)
    templates = list(Card.objects.exclude(name__startswith=PADDING))
    sets = {
        game.pk: [
            CardSet.objects.create(game=game, code=code, name=name, release_order=order)
            for code, name, order in (("PAD", "Padding", 900), ("PAD2", "Padding reprint", 901))
        ]
        for game in Game.objects.all()
    }
    padding = [_padding_card(rng.choice(templates), number, rng) for number in range(missing)]
    Card.objects.bulk_create(padding, batch_size=500)
    printings = [
        Printing(card=card, card_set=card_set, external_id=f"padding-{card.slug}")
        for index, card in enumerate(padding)
        for card_set in sets[card.game_id][: 2 if index % 4 == 0 else 1]
    ]
    Printing.objects.bulk_create(printings, batch_size=1000)
    return missing


def _padding_card(template: Card, number: int, rng: random.Random) -> Card:
    from cards.models import Card

    values = {
        field.attname: getattr(template, field.attname)
        for field in Card._meta.concrete_fields
        if not field.primary_key
    }
    for column in ("cost", "fighting", "power", "body", "strength", "intelligence", "value"):
        if values[column] is not None:
            values[column] = max(0, values[column] + rng.randint(-1, 1))
    values["name"] = f"{PADDING} {template.name} {number:04d}"
    values["slug"] = f"padding-{number:05d}"
    return Card(**values)


def time_api(client: Client, repeat: int) -> list[tuple[float, float]]:
    """API p50 and p95 of each case, through the test client."""
    figures = []
    for _label, params, _sql in CASES:
        query = {**params, "page_size": str(PAGE)}

        def via_api(query: dict[str, str] = query) -> None:
            response = client.get("/api/v1/cards/", query)
            assert response.status_code == 200, response.content

        samples = timed(via_api, repeat)
        figures.append((percentile(samples, 0.5), percentile(samples, 0.95)))
    return figures


def report(mode: str, api: list[tuple[float, float]], sql: list[float]) -> int:
    """Print one mode's table; returns how many queries met the target."""
    print(f"\n{mode}")
    print(
        f"{'query':30} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'bound':>7}  target"
        "   (ms; bound on the API p50; p95 aim under 30 ms)"
    )
    met = 0
    for (label, _params, _sql), (api50, api95), sql50 in zip(CASES, api, sql, strict=True):
        bound = bound_ms(sql50)
        over = [
            name for name, late in (("p50", api50 > bound), ("p95", api95 > P95_AIM_MS)) if late
        ]
        met += not over
        verdict = "missed: " + ", ".join(over) if over else "met"
        print(f"{label:30} {api50:8.2f} {api95:8.2f} {sql50:8.2f} {bound:7.2f}  {verdict}")
    print(f"{mode}: {met} of {len(CASES)} queries meet the target")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--cards", type=int, default=5000, help="pad the catalogue to this")
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/cardhouse_bench"
    )
    args = parser.parse_args()

    prepare_database(args.database_url)
    os.environ["DATABASE_URL"] = args.database_url
    # As in production: no debug bookkeeping, connections kept between requests.
    os.environ.setdefault("DJANGO_DEBUG", "false")
    os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only-" + "x" * 40)
    os.environ.setdefault("DJANGO_SSL_REDIRECT", "false")  # the test client speaks plain HTTP
    os.environ.setdefault("DATABASE_CONN_MAX_AGE", "60")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import psycopg
    from django.conf import settings
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client

    from cards.importers.shadowfist import import_shadowfist
    from cards.services import catalogue_load

    call_command("migrate", verbosity=0)
    catalogue_load()
    real = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"
    if real.exists():
        import_shadowfist(real)
    else:
        print(f"note: {real} not found; only the shipped catalogue is loaded")

    added = pad_catalogue(args.cards)
    from cards.models import Card

    raw = psycopg.connect(args.database_url, autocommit=True)
    raw.execute("VACUUM ANALYZE")  # planner statistics, as autovacuum would have them
    print(
        f"catalogue: {Card.objects.count()} cards ({added} padding); "
        f"{args.repeat} timed runs per query"
    )

    sql_p50 = []
    for _label, _params, sql in CASES:

        def via_sql(sql: str = sql) -> None:
            raw.execute(sql).fetchall()

        sql_p50.append(percentile(timed(via_sql, args.repeat), 0.5))

    client = Client()
    for mode, seconds in (("cache off", 0), ("cache on", 60)):
        settings.CATALOGUE_CACHE_SECONDS = seconds
        caches["catalogue"].clear()
        report(mode, time_api(client, args.repeat), sql_p50)


if __name__ == "__main__":
    main()
