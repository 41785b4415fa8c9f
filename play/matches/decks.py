"""Decks turned into the card rows the engine's setups and the goldfish runners take: a
catalogue card as the engine reads it, a deck the user may read, a deck list file given to
the command line.

Decks are read with the user's rights (their own or public decks) and copied into the
setup as card rows, so a match or simulation keeps the decks as they were.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404

from cards.modelling import card_row
from cards.models import Card
from decks.intake import lines_from_text
from decks.models import Deck
from decks.selectors import deck_for_read, deck_lines
from play.matches.legality import Legality, checked, deck_legality
from play.matches.setups import SeatsError


def deck_cards(
    *, user: AbstractBaseUser, deck_id: int, game: str | None, test_anyway: bool = False
) -> tuple[Deck, list[tuple[dict[str, Any], int]], Legality]:
    """A deck the user may read as card rows, with its verdict in its format: an illegal
    deck is refused (IllegalDeckError) unless ``test_anyway``."""
    try:
        deck = deck_for_read(user=user, deck_id=deck_id)
    except Http404:
        raise SeatsError("deck", f"no deck {deck_id} that you may read") from None
    if game is not None and deck.game.slug != game:
        raise SeatsError("deck", f"deck {deck_id} is a {deck.game.name} deck, not {game}")
    entries = deck.entries.select_related("card").order_by("position", "id")
    cards = [(card_row(e.card, deck.game.slug), e.count) for e in entries]
    if not cards:
        raise SeatsError("deck", f"deck {deck_id} has no cards")
    legality = deck_legality(deck_lines(deck=deck), game=deck.game.slug, format_slug=deck.format)
    checked("deck", f"deck {deck_id} ({deck.name})", legality, test_anyway=test_anyway)
    return deck, cards, legality


MAX_DECK_FILE = 200_000


class DeckFileError(ValueError):
    """A deck file that cannot be read or has lines that match no card."""


def deck_file_cards(
    path: Path, game: str
) -> tuple[list[tuple[dict[str, Any], int]], Legality]:
    """A text deck list's cards as card rows, with its verdict in the game's default
    format (the caller refuses an illegal one or reports it)."""
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
    rows = [(card_row(cards[line.card.id], game), line.count) for line in intake.lines]
    return rows, deck_legality(intake.lines, game=game)


def playable_deck_file(
    path: Path, game: str, *, test_anyway: bool
) -> tuple[list[tuple[dict[str, Any], int]], Legality]:
    """A deck file's cards for the goldfish and simulate commands: a deck not legal in
    its game's default format is refused with every error unless ``test_anyway``."""
    cards, legality = deck_file_cards(path, game)
    if not legality.legal and not test_anyway:
        details = "\n".join(f"  {error}" for error in legality.errors)
        raise DeckFileError(
            f"{path} is not legal in {legality.format_name} ({len(legality.errors)} "
            f"error(s)):\n{details}\nFix it, or run with --test-anyway to test it as it is."
        )
    return cards, legality
