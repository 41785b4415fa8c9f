"""Raise's components: number cards, dice and point cards, loaded from ``data.json``.

``data.json`` holds the project's stand-in figures (the rulebook's overview card, with
the real distribution, was not reproduced): 5 identical sets of 30 number cards,
7 six-sided dice, 14 point cards. It is their one copy: the catalogue reads it too, by
path, and the engine reads none of the Django app's files.

Cards are ints. Number card ``c`` belongs to seat ``c // SET_SIZE`` and is of kind
``c % SET_SIZE`` (an index into ``KINDS``); point card ``i`` is worth ``POINT_VALUES[i]``.
Symbols are ints too, indexes into ``SYMBOLS``; ``BLANK`` is a die face with no symbol.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
)


@dataclass(frozen=True, slots=True)
class CardKind:
    """One of the 30 cards of a set: its symbol, number and victory points."""

    index: int
    symbol: int
    number: int
    vp: int

    @property
    def name(self) -> str:
        """As the rulebook writes it, e.g. "Bell 2"."""
        return f"{SYMBOLS[self.symbol].capitalize()} {self.number}"


SYMBOLS: Final[tuple[str, ...]] = tuple(_DATA["symbols"])
BLANK: Final = len(SYMBOLS)
FACE_NAMES: Final[tuple[str, ...]] = (*SYMBOLS, "blank")
SYMBOL_INDEX: Final = {name: i for i, name in enumerate(FACE_NAMES)}

SET_SIZE: Final[int] = _DATA["set_size"]
MAX_PLAYERS: Final[int] = _DATA["sets"]
KINDS: Final[tuple[CardKind, ...]] = tuple(
    CardKind(i, SYMBOL_INDEX[c["symbol"]], c["value"], c["vp"])
    for i, c in enumerate(_DATA["set_cards"])
)
DICE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(SYMBOL_INDEX[face] for face in die) for die in _DATA["dice"]
)
POINT_VALUES: Final[tuple[int, ...]] = tuple(_DATA["point_cards"])
POINTS_REMOVED: Final[dict[int, int]] = {
    int(players): count for players, count in _DATA["point_cards_removed_at_setup_real"].items()
}
HAND_SIZE: Final[int] = _DATA["hand_size"]

_KIND_NUMBERS: Final = tuple(kind.number for kind in KINDS)
_KIND_SYMBOLS: Final = tuple(kind.symbol for kind in KINDS)

ALL_CARDS: Final = SET_SIZE * MAX_PLAYERS
#: Per card id: its kind, symbol, number and vp (flat tables: the hot path indexes them).
KIND_OF: Final[tuple[int, ...]] = tuple(c % SET_SIZE for c in range(ALL_CARDS))
SYMBOL_OF: Final[tuple[int, ...]] = tuple(KINDS[k].symbol for k in KIND_OF)
NUMBER_OF: Final[tuple[int, ...]] = tuple(KINDS[k].number for k in KIND_OF)
VP_OF: Final[tuple[int, ...]] = tuple(KINDS[k].vp for k in KIND_OF)

if len(KINDS) != SET_SIZE or any(len(die) != 6 for die in DICE):
    raise ValueError("raise data.json: a set must have set_size cards and each die 6 faces")


def owner(card: int) -> int:
    """The seat whose colour the card has."""
    return card // SET_SIZE


def multipliers(dice: list[int] | tuple[int, ...]) -> list[int]:
    """Per symbol: 1 (the board's printed symbol) + the dice showing it. Blanks count nothing."""
    mult = [1] * len(SYMBOLS)
    for face in dice:
        if face != BLANK:
            mult[face] += 1
    return mult


def kind_values(mult: list[int]) -> list[int]:
    """Per card kind, its value this round: number x multiplier of its symbol."""
    return list(map(int.__mul__, _KIND_NUMBERS, map(mult.__getitem__, _KIND_SYMBOLS)))


def card_values(dice: list[int], players: int) -> tuple[int, ...]:
    """Per card id of a game of ``players``, its value under these dice.

    Card ids run seat by seat through identical sets, so the per-kind values repeat once
    per seat. Memoised on the sorted faces: there are 792 possible rolls' faces, and
    every round of every simulated game asks. The result is a tuple, so the states that
    share it cannot change it.
    """
    return card_values_and_getter(dice, players)[0]


def card_values_and_getter(
    dice: list[int], players: int
) -> tuple[tuple[int, ...], Callable[[int], int]]:
    """:func:`card_values`, and a function from a card id to its value.

    The function is the ``__getitem__`` of a private list of the values: ``map()`` calls
    it faster than a tuple's (hot paths sum a hand's values with it).
    """
    # Memoised by player count and sorted faces (792 possible): cheaper to look up than
    # the symbol counts are to count.
    memo = _BY_FACES.get(players)
    faces = sorted(dice)
    if memo is not None and (not faces or 0 <= faces[0] <= faces[-1] <= BLANK):
        key = bytes(faces)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _card_values(dice, players)
        return found
    return _card_values(dice, players)  # not a game's dice (a state from bad data)


_BY_FACES: Final[dict[int, dict[bytes, tuple[tuple[int, ...], Callable[[int], int]]]]] = {
    players: {} for players in range(2, MAX_PLAYERS + 1)
}


def _card_values(dice: list[int], players: int) -> tuple[tuple[int, ...], Callable[[int], int]]:
    counts = map(dice.count, range(len(SYMBOLS)))
    values = kind_values([1 + n for n in counts]) * players
    return tuple(values), values.__getitem__


def card_dict(card: int) -> dict[str, Any]:
    """A number card as JSON-ready data, for views and logs."""
    kind = KINDS[KIND_OF[card]]
    return {
        "id": card,
        "owner": owner(card),
        "name": kind.name,
        "symbol": SYMBOLS[kind.symbol],
        "number": kind.number,
        "vp": kind.vp,
    }


def find_card(seat: int, name: str, nth: int = 0) -> int:
    """The id of seat's ``nth`` card named e.g. "Bell 2" (for tests and tools)."""
    matches = [seat * SET_SIZE + k.index for k in KINDS if k.name.lower() == name.lower()]
    if len(matches) <= nth:
        raise KeyError(f"seat {seat} has no card {name!r} number {nth}")
    return matches[nth]
