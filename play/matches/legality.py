"""Whether a deck may be played as it is: its verdict in a format, checked on every path
that plays a deck (matches, goldfish and bot simulations, comparisons, the goldfish and
simulate commands), so that no figure stands on a deck its game would not allow.

A stored deck is checked in its own format (the one its owner chose, the deck page's
verdict); a text list from the command line in its game's default format. An illegal
deck is refused with the validator's errors unless the caller asks to test it anyway;
its figures then say that the deck is not legal, and why (docs/play.md, "Legal decks").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from decks.formats.catalog import FORMATS, default_format
from decks.formats.validate import validate
from decks.lines import DeckLine
from play.matches.setups import SeatsError

#: Errors named in one line of words (a header, a refusal); the rest are counted.
LISTED_ERRORS = 3


@dataclass(frozen=True)
class Legality:
    """A deck's verdict in one format: the validator's messages, none when legal."""

    format: str
    format_name: str
    errors: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "format_name": self.format_name,
            "legal": self.legal,
            "errors": list(self.errors),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Legality:
        return cls(data["format"], data["format_name"], tuple(data["errors"]))

    def words(self) -> str:
        """"" when legal, else "not legal in Stack: ..." naming the first errors."""
        if self.legal:
            return ""
        named = "; ".join(self.errors[:LISTED_ERRORS])
        more = len(self.errors) - LISTED_ERRORS
        if more > 0:
            named += f"; and {more} more"
        return f"not legal in {self.format_name}: {named}"


def deck_legality(lines: Sequence[DeckLine], *, game: str, format_slug: str = "") -> Legality:
    """The verdict of ``lines`` in ``format_slug`` when it is one of the game's formats,
    else in the game's default format."""
    chosen = FORMATS.get(format_slug)
    if chosen is None or chosen.game != game:
        chosen = default_format(game)
    report = validate(lines, [chosen.slug], game=game)
    return Legality(chosen.slug, chosen.name, tuple(v.message for v in report.errors))


class IllegalDeckError(SeatsError):
    """A deck refused because it is not legal in its format (``legality`` says why)."""

    def __init__(self, field: str, what: str, legality: Legality) -> None:
        super().__init__(
            field, f"{what} is {legality.words()}. Fix it, or ask to test it anyway."
        )
        self.legality = legality


def checked(field: str, what: str, legality: Legality, *, test_anyway: bool) -> Legality:
    """``legality`` when the deck may be played: legal, or asked to be tested anyway."""
    if not legality.legal and not test_anyway:
        raise IllegalDeckError(field, what, legality)
    return legality
