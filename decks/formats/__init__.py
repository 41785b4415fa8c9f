"""Deck formats as data: the rule vocabulary, the declared formats, and validation."""

from __future__ import annotations

from decks.formats.catalog import DEFAULT_FORMATS, FORMATS, default_format, formats_for_game
from decks.formats.format import Format
from decks.formats.rules import (
    AnyOf,
    DeckLine,
    HasFlag,
    MaxCopies,
    MinSharing,
    NameHasWord,
    NeverLegal,
    SameGame,
    Singleton,
    SizeBounds,
    TitleIs,
    TypeIs,
    Violation,
)
from decks.formats.validate import FormatResult, ValidationReport, validate

__all__ = [
    "DEFAULT_FORMATS",
    "FORMATS",
    "AnyOf",
    "DeckLine",
    "Format",
    "FormatResult",
    "HasFlag",
    "MaxCopies",
    "MinSharing",
    "NameHasWord",
    "NeverLegal",
    "SameGame",
    "Singleton",
    "SizeBounds",
    "TitleIs",
    "TypeIs",
    "ValidationReport",
    "Violation",
    "default_format",
    "formats_for_game",
    "validate",
]
