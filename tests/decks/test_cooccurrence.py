"""Cards often played with a card (decks/cooccurrence.py): lift worked by hand, the minimum
support, the order, the limit, refused counts, and properties against a brute-force
count over generated decklists."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.cooccurrence import (
    MIN_TOGETHER,
    Pairing,
    from_decks,
    lift,
    often_played_with,
)

A = 1


def decklists(*groups: tuple[int, set[int]]) -> list[set[int]]:
    """`count` copies of each set of card ids."""
    return [set(cards) for count, cards in groups for _ in range(count)]


# -- worked by hand ----------------------------------------------------------------------


def test_a_worked_example() -> None:
    # 10 decklists: A in 4, B (2) in 5, both in 4. P(A and B) = 0.4, P(A) P(B) = 0.4 x 0.5.
    decks = decklists((4, {A, 2}), (1, {2}), (5, {9}))

    assert from_decks(decks, A) == [Pairing(card=2, together=4, with_card=5, lift=2.0, share=1.0)]


def test_the_same_from_counts() -> None:
    pairings = often_played_with(decks=10, with_a=4, counts={2: (5, 4), 3: (8, 3)})

    # 3: 3 x 10 / (4 x 8) = 0.9375, below 1: not shown.
    assert pairings == [Pairing(card=2, together=4, with_card=5, lift=2.0, share=1.0)]


def test_lift_by_hand() -> None:
    assert lift(decks=10, with_a=4, with_b=5, together=4) == 2.0
    assert lift(decks=100, with_a=20, with_b=30, together=6) == 1.0
    assert lift(decks=100, with_a=20, with_b=30, together=3) == 0.5
    assert lift(decks=7, with_a=3, with_b=3, together=3) == 7 / 3
    assert lift(decks=0, with_a=0, with_b=0, together=0) == 0.0


def test_a_card_in_every_decklist_has_lift_1_and_is_not_shown() -> None:
    everywhere = 5
    decks = decklists((4, {A, 2, everywhere}), (6, {everywhere, 3}))

    pairings = from_decks(decks, A)

    assert [p.card for p in pairings] == [2]
    assert lift(decks=10, with_a=4, with_b=10, together=4) == 1.0


def test_a_pair_at_exactly_chance_is_not_shown() -> None:
    # 3 x 10 / (5 x 6) = 1 exactly: no more than chance.
    assert often_played_with(decks=10, with_a=5, counts={2: (6, 3)}) == []
    assert len(often_played_with(decks=10, with_a=5, counts={2: (6, 4)})) == 1


def test_the_share_is_of_a_s_decklists() -> None:
    (pairing,) = often_played_with(decks=20, with_a=8, counts={2: (4, 4), 3: (20, 8)})

    assert pairing.share == 0.5
    assert pairing.with_card == 4


# -- minimum support ---------------------------------------------------------------------


def test_a_pair_seen_in_fewer_decklists_than_the_minimum_is_not_shown() -> None:
    rare = {2: (2, 2)}  # lift 50: high, but two decklists say nothing
    assert often_played_with(decks=100, with_a=2, counts=rare) == []
    assert often_played_with(decks=100, with_a=2, counts=rare, min_together=2) != []


def test_the_minimum_support_is_inclusive() -> None:
    counts = {2: (MIN_TOGETHER, MIN_TOGETHER), 3: (MIN_TOGETHER - 1, MIN_TOGETHER - 1)}

    pairings = often_played_with(decks=100, with_a=MIN_TOGETHER, counts=counts)

    assert [p.card for p in pairings] == [2]


@pytest.mark.parametrize("min_together", [0, -1])
def test_a_minimum_below_one_is_refused(min_together: int) -> None:
    with pytest.raises(ValueError, match="min_together is"):
        often_played_with(decks=1, with_a=1, counts={}, min_together=min_together)


# -- order and limit ---------------------------------------------------------------------


def test_best_lift_first_then_more_decklists_together_then_card_id() -> None:
    counts = {
        10: (10, 5),  # lift 5 x 100 / (10 x 10) = 5
        11: (20, 10),  # lift 5, more together: before 10
        12: (5, 5),  # lift 10
        13: (10, 5),  # as 10: the smaller id first
        14: (40, 10),  # lift 2.5
    }

    pairings = often_played_with(decks=100, with_a=10, counts=counts)

    assert [p.card for p in pairings] == [12, 11, 10, 13, 14]
    assert [p.lift for p in pairings] == [10.0, 5.0, 5.0, 5.0, 2.5]


def test_the_order_does_not_depend_on_the_input_order() -> None:
    counts = {card: (card % 7 + 3, 3) for card in range(2, 40)}
    backwards = dict(reversed(list(counts.items())))

    forward = often_played_with(decks=50, with_a=3, counts=counts)

    assert forward == often_played_with(decks=50, with_a=3, counts=backwards)
    keys = [(-Fraction(p.together * 50, 3 * p.with_card), -p.together, p.card) for p in forward]
    assert keys == sorted(keys)


def test_at_most_limit_pairings_and_the_best_ones() -> None:
    counts = {card: (card, 3) for card in range(3, 30)}  # lift falls as the card id grows

    pairings = often_played_with(decks=100, with_a=3, counts=counts, limit=4)

    assert [p.card for p in pairings] == [3, 4, 5, 6]
    assert often_played_with(decks=100, with_a=3, counts=counts, limit=0) == []
    assert len(often_played_with(decks=100, with_a=3, counts=counts)) == 20


def test_a_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="limit is -1"):
        often_played_with(decks=1, with_a=1, counts={}, limit=-1)


# -- A itself ----------------------------------------------------------------------------


def test_a_is_never_paired_with_itself() -> None:
    decks = decklists((4, {A, 2}), (6, {3}))

    assert [p.card for p in from_decks(decks, A)] == [2]
    counts = {A: (4, 4), 2: (4, 4)}
    assert [p.card for p in often_played_with(decks=10, with_a=4, counts=counts, card=A)] == [2]
    # Without A's id its own entry would look like the best partner of all.
    assert [p.card for p in often_played_with(decks=10, with_a=4, counts=counts)] == [A, 2]


def test_a_card_in_no_decklist_has_no_pairings() -> None:
    assert from_decks(decklists((5, {2, 3})), A) == []
    assert from_decks([], A) == []


def test_a_card_twice_in_a_decklist_counts_once() -> None:
    decks = [[A, A, 2, 2], [A, 2], [A, 2, 2, 2], [3], [3, 3]]

    (pairing,) = from_decks(decks, A)

    assert (pairing.together, pairing.with_card, pairing.lift) == (3, 3, 5 / 3)


# -- refused counts ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "with_a", "counts", "message"),
    [
        (-1, 0, {}, "decks is -1"),
        (10, -1, {}, "with_a is -1"),
        (10, 11, {}, r"with_a is 11, more than decks \(10\)"),
        (10, 4, {2: (11, 3)}, r"with_b is 11, more than decks \(10\)"),
        (10, 4, {2: (-5, 0)}, "with_b is -5"),
        (10, 4, {2: (5, -1)}, "together is -1"),
        (10, 4, {2: (5, 5)}, r"together is 5, more than with_a or with_b \(4\)"),
        (10, 6, {2: (3, 4)}, r"together is 4, more than with_a or with_b \(3\)"),
        (10, 6, {2: (8, 3)}, r"cannot come from one set of decklists"),
    ],
)
def test_counts_that_cannot_be_are_refused(
    decks: int, with_a: int, counts: dict[int, tuple[int, int]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        often_played_with(decks=decks, with_a=with_a, counts=counts)


def test_a_refused_count_is_refused_even_when_it_would_not_be_shown() -> None:
    with pytest.raises(ValueError, match="more than decks"):
        often_played_with(decks=10, with_a=4, counts={2: (50, 0)})


# -- properties over generated decklists -------------------------------------------------

CARDS = st.integers(min_value=1, max_value=12)
DECKLISTS = st.lists(st.lists(CARDS, max_size=8), max_size=40)
FAST = settings(max_examples=200, deadline=None)


def brute_force(decks: Sequence[Sequence[int]], a: int, b: int) -> tuple[int, int, int]:
    """(decklists, decklists with B, decklists with A and B), counted one by one."""
    with_b = sum(1 for deck in decks if b in deck)
    together = sum(1 for deck in decks if a in deck and b in deck)
    return len(decks), with_b, together


@FAST
@given(decks=DECKLISTS, a=CARDS, min_together=st.integers(1, 4))
def test_from_decks_agrees_with_a_brute_force_count(
    decks: list[list[int]], a: int, min_together: int
) -> None:
    pairings = from_decks(decks, a, min_together=min_together, limit=100)

    with_a = sum(1 for deck in decks if a in deck)
    expected = set()
    for b in range(1, 13):
        total, with_b, together = brute_force(decks, a, b)
        if b != a and together >= min_together and together * total > with_a * with_b:
            expected.add((b, together, with_b, together * total / (with_a * with_b)))
    assert {(p.card, p.together, p.with_card, p.lift) for p in pairings} == expected
    assert all(p.share == p.together / with_a for p in pairings)


@FAST
@given(decks=DECKLISTS, a=CARDS, b=CARDS)
def test_lift_is_symmetric(decks: list[list[int]], a: int, b: int) -> None:
    from_a = {p.card: p for p in from_decks(decks, a, min_together=1, limit=100)}
    from_b = {p.card: p for p in from_decks(decks, b, min_together=1, limit=100)}

    assert (b in from_a) == (a in from_b)
    if b in from_a:
        assert from_a[b].lift == from_b[a].lift
        assert from_a[b].together == from_b[a].together


@FAST
@given(decks=DECKLISTS, a=CARDS)
def test_lift_is_at_most_decklists_over_the_larger_count(decks: list[list[int]], a: int) -> None:
    with_a = sum(1 for deck in decks if a in deck)
    for p in from_decks(decks, a, min_together=1, limit=100):
        assert p.lift > 1
        assert p.lift <= len(decks) / max(with_a, p.with_card)


@FAST
@given(
    decks=st.integers(0, 50),
    data=st.data(),
)
def test_lift_of_any_consistent_counts_is_bounded(decks: int, data: st.DataObject) -> None:
    with_a = data.draw(st.integers(0, decks))
    with_b = data.draw(st.integers(0, decks))
    together = data.draw(st.integers(max(0, with_a + with_b - decks), min(with_a, with_b)))

    value = lift(decks=decks, with_a=with_a, with_b=with_b, together=together)

    assert value == lift(decks=decks, with_a=with_b, with_b=with_a, together=together)
    assert 0 <= value <= (decks / max(with_a, with_b) if together else 0)
