"""The search language's regex dialect means the same on both databases.

Every regex the parser accepts is sent to PostgreSQL and run on the same texts by RE2 as
SQLite runs it (cards/search/regexp.py): PostgreSQL must accept it and both engines must
find the same texts, case-sensitive and not. Needs PostgreSQL, where it compares the two.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cards.search import SearchError, parse_query
from cards.search.parser import RegexTerm, portable_regex
from cards.search.regexp import regexp

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="compares with PostgreSQL"),
]

# ASCII texts: beyond ASCII, \w, \d, \s and \b are RE2's ASCII ones on SQLite and the
# locale's on PostgreSQL; and RE2's \s leaves out the vertical tab (docs/catalogue.md).
TEXTS = [
    "",
    " ",
    "gold",
    "Golden Egg",
    "GOLD gold",
    "Draw 2 tiles.\nScore 1 point.",
    "a-b [c] {d} (e) \\ f|g /h/",
    "x1_y2\tz3",
    "$5 ^up^ a.b*c+d? 'q' \"r\" #s, t:u",
    "\x07\x0c\r",
]
ATOMS = st.sampled_from(
    [
        *"abdglo G1 .^$|()[]-,#:'\"",  # not '/', which would end the regex
        *"*+?",
        "(?:",
        "[^",
        "{2}",
        "{1,3}",
        "{0,}",
        "*?",
        "+?",
        "??",
        *(
            "\\" + char
            for char in "wWdDsSbBAaftnrv.[](){}|\\^$*+?-/#'yYmMZceuUhHRKGXxpPzQE0127"
        ),
        "[[:alpha:]]",
        "[:digit:]",
    ]
)
patterns = st.lists(ATOMS, min_size=1, max_size=12).map("".join)


def accepted(pattern: str) -> str | None:
    """The pattern as the database gets it, or None when the parser refuses it."""
    try:
        node = parse_query(f"/{pattern}/")
    except SearchError:
        return None
    assert isinstance(node, RegexTerm)
    return portable_regex(node.pattern)


def on_postgresql(pattern: str) -> list[tuple[bool, bool]]:
    # A savepoint each, so that a refused pattern fails as itself, not the next one.
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT text ~ %s, text ~* %s FROM unnest(%s::text[]) WITH ORDINALITY AS t(text, n)"
            " ORDER BY n",
            [pattern, pattern, TEXTS],
        )
        return [(bool(exact), bool(folded)) for exact, folded in cursor.fetchall()]


def on_re2(pattern: str) -> list[tuple[bool, bool]]:
    return [(bool(regexp(pattern, text)), bool(regexp("(?i)" + pattern, text))) for text in TEXTS]


@settings(
    max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pattern=patterns)
@example(pattern="Draw.2")  # '.' takes a line break: tiles.\nScore
@example(pattern="s.\\nS")
@example(pattern="[^x]Score")
@example(pattern="\\bgold\\b")
@example(pattern="\\Bold")
@example(pattern="^gold$")
@example(pattern="point\\.$")
@example(pattern="\\[c\\] \\{d\\}")
@example(pattern="[]a]")
@example(pattern="[a&&b]")
@example(pattern="[+--]")
@example(pattern="\\a\\v\\f\\r")
@example(pattern="\\Ax1_")
@example(pattern="(gold|egg){2}")
@example(pattern="\\w{2,}\\s\\d")
@example(pattern="a|")
@example(pattern="()")
def test_a_regex_the_parser_accepts_finds_the_same_texts_on_both_databases(
    pattern: str,
) -> None:
    sent = accepted(pattern)
    if sent is None:
        return
    assert on_postgresql(sent) == on_re2(sent), (pattern, sent)
