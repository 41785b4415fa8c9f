"""Catalogue search benchmark: the API against raw SQL, in the same run.

    .venv/bin/python bench/catalogue.py [--repeat 200] [--database-url postgres://postgres@127.0.0.1:5432/cardhouse_bench]

Builds a fresh PostgreSQL database with the shipped catalogue and the real Shadowfist
card list, then times each query through the whole Django stack (test client: URL
routing, middleware, search parser, ORM, serializers, JSON) and the same filter as one
hand-written SQL statement through psycopg. Prints p50 and p95 per query and the ratio
API / raw. The real card list is read from SHADOWFIST_DATA_DIR.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
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

    from cards.models import Card

    print(f"catalogue: {Card.objects.count()} cards; {args.repeat} timed runs per query\n")
    client = Client()
    raw = psycopg.connect(args.database_url, autocommit=True)
    header = (
        f"{'query':30} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'SQL p95':>8} {'ratio':>6}"
    )
    print(header + "   (ms; ratio = API p50 / SQL p50)")
    worst = 0.0
    for label, params, sql in CASES:
        query = {**params, "page_size": str(PAGE)}

        def via_api(query: dict[str, str] = query) -> None:
            response = client.get("/api/v1/cards/", query)
            assert response.status_code == 200, response.content

        def via_sql(sql: str = sql) -> None:
            raw.execute(sql).fetchall()

        api_ms = timed(via_api, args.repeat)
        sql_ms = timed(via_sql, args.repeat)
        api50, api95 = percentile(api_ms, 0.5), percentile(api_ms, 0.95)
        sql50, sql95 = percentile(sql_ms, 0.5), percentile(sql_ms, 0.95)
        worst = max(worst, api95)
        print(
            f"{label:30} {api50:8.2f} {api95:8.2f} {sql50:8.2f} {sql95:8.2f} {api50 / sql50:6.1f}"
        )
    print(f"\nworst API p95: {worst:.2f} ms (aim: under 30 ms)")


if __name__ == "__main__":
    main()
