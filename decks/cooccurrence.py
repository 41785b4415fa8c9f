"""Cards "often played with" a card A in published decklists: those that appear together
with A more often than chance would explain.

The measure is lift, P(A and B) / (P(A) P(B)) = together * decks / (with_a * with_b):
1 when B is played as often beside A as anywhere, above 1 when more. A pair is shown when
at least `min_together` decklists hold both (a pair seen once or twice says nothing: with
few decks, chance alone gives a high lift) and its lift is above 1; the best first (lift,
then decks together, then card id, so that an order never depends on the input's).
Pure Python: the caller counts the decks (a database query, or `from_decks`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

#: Decklists that must hold both cards before a pairing is shown.
MIN_TOGETHER: Final = 3
#: Pairings shown by default.
DEFAULT_LIMIT: Final = 20


@dataclass(frozen=True)
class Pairing:
    """Card B as played with card A."""

    card: int  # B
    together: int  # decklists holding both A and B
    with_card: int  # decklists holding B
    lift: float  # together * decks / (with_a * with_card)
    share: float  # together / with_a: the share of A's decklists that play B


def _check_count(name: str, value: int, most: int, most_name: str) -> None:
    if value < 0:
        raise ValueError(f"{name} is {value}: a count of decklists cannot be negative")
    if value > most:
        raise ValueError(f"{name} is {value}, more than {most_name} ({most})")


def _check_totals(decks: int, with_a: int) -> None:
    _check_count("decks", decks, decks, "decks")
    _check_count("with_a", with_a, decks, "decks")


def lift(*, decks: int, with_a: int, with_b: int, together: int) -> float:
    """P(A and B) / (P(A) P(B)) from counts of decklists; 0.0 when A or B is in none."""
    _check_totals(decks, with_a)
    _check_count("with_b", with_b, decks, "decks")
    _check_count("together", together, min(with_a, with_b), "with_a or with_b")
    # Decklists holding A or B are some of all the decklists.
    if with_a + with_b - together > decks:
        raise ValueError(
            f"with_a ({with_a}) + with_b ({with_b}) - together ({together}) is more than "
            f"decks ({decks}): these counts cannot come from one set of decklists"
        )
    if not together:
        return 0.0
    # Integers divided once: equal ratios give equal floats, whatever the counts.
    return together * decks / (with_a * with_b)


def often_played_with(
    *,
    decks: int,
    with_a: int,
    counts: Mapping[int, tuple[int, int]],
    min_together: int = MIN_TOGETHER,
    limit: int = DEFAULT_LIMIT,
    card: int | None = None,
) -> list[Pairing]:
    """The cards played with A more than chance explains, best first, at most `limit`.

    `decks` counts the decklists, `with_a` those holding A, and `counts` maps each other
    card B to (decklists holding B, decklists holding both A and B). `card` is A's id: an
    entry for A itself in `counts` is then left out. A count that cannot be (negative, more
    than the total, more together than either card alone) raises ValueError.
    """
    if min_together < 1:
        raise ValueError(f"min_together is {min_together}: it must be 1 or more")
    if limit < 0:
        raise ValueError(f"limit is {limit}: it cannot be negative")
    _check_totals(decks, with_a)
    pairings = []
    for other, (with_b, together) in counts.items():
        value = lift(decks=decks, with_a=with_a, with_b=with_b, together=together)
        if other == card or together < min_together:
            continue
        # Above 1 exactly, in integers: a float may round a ratio of 1 either way.
        if together * decks <= with_a * with_b:
            continue
        pairings.append(Pairing(other, together, with_b, value, together / with_a))
    pairings.sort(
        key=lambda p: (-Fraction(p.together * decks, with_a * p.with_card), -p.together, p.card)
    )
    return pairings[:limit]


def from_decks(
    card_sets: Iterable[Collection[int]],
    card: int,
    *,
    min_together: int = MIN_TOGETHER,
    limit: int = DEFAULT_LIMIT,
) -> list[Pairing]:
    """`often_played_with` counted from decklists given as the ids of their cards (a card
    twice in one decklist counts once)."""
    decks = 0
    with_card: Counter[int] = Counter()
    together: Counter[int] = Counter()
    for cards in card_sets:
        present = set(cards)
        decks += 1
        with_card.update(present)
        if card in present:
            together.update(present)
    counts = {other: (with_card[other], together[other]) for other in together}
    return often_played_with(
        decks=decks,
        with_a=with_card[card],
        counts=counts,
        min_together=min_together,
        limit=limit,
        card=card,
    )
