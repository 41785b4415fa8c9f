"""The catalogue benchmark's baselines stay put and its padding looks like the catalogue.

Each query's target is a bound on its SQL time (bench/catalogue.py), so the SQL statements
are fixed: an edited statement would move the bound and figures from different runs
would stand on different baselines.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.catalogue import CASES, PADDING, bound_ms, pad_catalogue

#: The SQL statements as first written; a change here must come with new figures.
FIXED_SHA256 = "88cec3b9ad8e65ad19b7ea1bfd5c1d529bd249c0b8600f4b4fe72f9e7716cfd8"


def test_the_sql_baselines_are_the_ones_first_written() -> None:
    statements = "\n".join(sql for _label, _params, sql in CASES)
    assert hashlib.sha256(statements.encode()).hexdigest() == FIXED_SHA256


def test_the_bound_is_three_times_the_sql_or_one_and_a_half_ms_more() -> None:
    assert bound_ms(0.2) == pytest.approx(1.7)
    assert bound_ms(0.75) == pytest.approx(2.25)
    assert bound_ms(4.0) == pytest.approx(12.0)


@pytest.mark.django_db
def test_padding_fills_the_catalogue_with_named_copies_printed_once_or_twice() -> None:
    from cards.models import Card

    real = Card.objects.count()

    added = pad_catalogue(real + 40)

    assert added == 40
    assert Card.objects.count() == real + 40
    padding = Card.objects.filter(name__startswith=PADDING).prefetch_related("printings")
    assert len(padding) == 40
    assert {len(card.printings.all()) for card in padding} == {1, 2}
    assert pad_catalogue(real + 40) == 0
