"""Deck lists given to the command line, turned into the card rows runners take."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cards.models import Card
from decks.intake import lines_from_text
from play.starting import card_row

MAX_DECK_FILE = 200_000


class DeckFileError(ValueError):
    """A deck file that cannot be read or has lines that match no card."""


def deck_file_cards(path: Path, game: str) -> list[tuple[dict[str, Any], int]]:
    try:
        if path.stat().st_size > MAX_DECK_FILE:
            raise DeckFileError(f"{path}: larger than {MAX_DECK_FILE // 1000} KB")
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise DeckFileError(f"{path}: {error}") from None
    intake = lines_from_text(game=game, text=text)
    if intake.errors:
        details = "\n".join(f"  {e['message']}" for e in intake.errors)
        raise DeckFileError(f"{path} has {len(intake.errors)} error(s):\n{details}")
    if not intake.lines:
        raise DeckFileError(f"{path} names no cards")
    cards = Card.objects.in_bulk([line.card.id for line in intake.lines])
    return [(card_row(cards[line.card.id], game), line.count) for line in intake.lines]
