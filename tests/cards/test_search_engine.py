"""Regular expressions in the database: one dialect and linear time on both backends.

SQLite has no regex engine of its own; the project gives it RE2 (cards/search/regexp.py),
reading patterns as PostgreSQL does where the search language lets them differ.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection
from django.db.models import QuerySet

from cards.models import Card, Game

pytestmark = pytest.mark.django_db

# The two regex bombs of the hardening issue: exponential in a backtracking engine.
OPTIONAL_DOTS = ".?" * 40 + "#"
DOUBLE_CHOICES = "(.|.)" * 30 + "#"


@pytest.fixture
def cards() -> QuerySet[Card]:
    game = Game.objects.get(slug="chizo")
    texts = {
        "engine-lines": "Draw one\ntile.",
        "engine-words": "Score two points when gold is drawn.",
        "engine-long": "Each opponent discards a tile and draws another. " * 6,
    }
    ids = [
        Card.objects.create(game=game, name=slug, slug=slug, type="Action", effect_text=text).pk
        for slug, text in texts.items()
    ]
    return Card.objects.filter(pk__in=ids)


def slugs(cards: QuerySet[Card], **lookup: str) -> set[str]:
    return set(cards.filter(**lookup).values_list("slug", flat=True))


def test_a_dot_matches_a_line_break_on_both_databases(cards: QuerySet[Card]) -> None:
    assert slugs(cards, effect_text__regex="one.tile") == {"engine-lines"}
    assert slugs(cards, effect_text__iregex="ONE[^x]TILE") == {"engine-lines"}


def test_word_boundaries_are_spelled_as_postgresql_spells_them(cards: QuerySet[Card]) -> None:
    assert slugs(cards, effect_text__iregex=r"\ygold\y") == {"engine-words"}
    assert slugs(cards, effect_text__iregex=r"\yold") == set()
    assert slugs(cards, effect_text__iregex=r"\Yold") == {"engine-words"}
    assert slugs(cards, effect_text__regex=r"\\y") == set()  # a backslash, then 'y'


@pytest.mark.parametrize("pattern", [OPTIONAL_DOTS, DOUBLE_CHOICES])
def test_a_regex_bomb_runs_in_linear_time(cards: QuerySet[Card], pattern: str) -> None:
    # A backtracking engine would not come back from this (about 2^40 steps a row).
    assert slugs(cards, effect_text__regex=pattern) == set()
    assert slugs(cards, effect_text__regex=pattern.replace("#", "another")) == {"engine-long"}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own REGEXP function")
def test_sqlite_regexp_is_re2_which_has_no_lookarounds() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'ab' REGEXP 'a.'")
        assert cursor.fetchone() == (1,)
        with pytest.raises(DatabaseError):  # Python's re would answer 1
            cursor.execute("SELECT 'ab' REGEXP 'a(?=b)'")
