"""Writes of the deck builder: create, update, delete decks; every save keeps a version.

Concurrent edits: a write names the version it was based on (the API's If-Match); the
deck row is locked, the version compared, and a stale write is refused whole. Without a
named version the write applies on top of the latest one, and the version history keeps
what it replaced, so no accepted write is ever lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from cards.models import Game
from cards.vocabulary import DECK_GAMES
from decks.catalogue import facts_by_id
from decks.formats import FORMATS, default_format
from decks.intake import accept, lines_from_text
from decks.lines import DeckLine
from decks.models import Deck, DeckEntry, DeckVersion
from decks.selectors import deck_for_write, deck_lines


class StaleVersionError(Exception):
    """The write was based on an older version of the deck."""

    def __init__(self, current: int, expected: int) -> None:
        super().__init__(f"the deck is at version {current}; this change was based on {expected}")
        self.current = current
        self.expected = expected


class DeckFieldError(ValueError):
    """A deck field with a value the deck builder does not accept."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class DeckChanges:
    """Fields to change; None means leave as it is."""

    name: str | None = None
    description: str | None = None
    format: str | None = None
    visibility: str | None = None
    lines: Sequence[DeckLine] | None = None


def check_format(game: Game, slug: str) -> str:
    fmt = FORMATS.get(slug)
    if fmt is None or fmt.game != game.slug:
        known = ", ".join(s for s, f in FORMATS.items() if f.game == game.slug)
        raise DeckFieldError("format", f"{game.name} has no format {slug!r}; use one of {known}")
    return slug


@transaction.atomic
def deck_create(
    *,
    owner: User,
    game: Game,
    name: str,
    lines: Sequence[DeckLine],
    description: str = "",
    format: str | None = None,
    visibility: str = Deck.Visibility.PRIVATE,
) -> Deck:
    deck = Deck.objects.create(
        owner=owner,
        game=game,
        name=name,
        description=description,
        format=check_format(game, format) if format else default_format(game.slug).slug,
        visibility=visibility,
        version=1,
    )
    _write_entries(deck, lines)
    _keep_version(deck)
    return deck


@transaction.atomic
def deck_update(
    *, deck_id: int, user: User, changes: DeckChanges, expected_version: int | None
) -> Deck:
    deck = deck_for_write(user=user, deck_id=deck_id, lock=True)
    if expected_version is not None and expected_version != deck.version:
        raise StaleVersionError(deck.version, expected_version)
    fields: dict[str, Any] = {
        "name": changes.name,
        "description": changes.description,
        "format": check_format(deck.game, changes.format) if changes.format else None,
        "visibility": changes.visibility,
    }
    for field, value in fields.items():
        if value is not None:
            setattr(deck, field, value)
    deck.version += 1
    deck.save()
    if changes.lines is not None:
        deck.entries.all().delete()
        _write_entries(deck, changes.lines)
    _keep_version(deck)
    return deck


@transaction.atomic
def deck_delete(*, deck_id: int, user: User, expected_version: int | None) -> None:
    deck = deck_for_write(user=user, deck_id=deck_id, lock=True)
    if expected_version is not None and expected_version != deck.version:
        raise StaleVersionError(deck.version, expected_version)
    deck.delete()


def _write_entries(deck: Deck, lines: Sequence[DeckLine]) -> None:
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card_id=line.card.id, count=line.count, position=position)
        for position, line in enumerate(lines)
    )


def _keep_version(deck: Deck) -> None:
    entries = [
        {"card": card_id, "name": name, "count": count}
        for card_id, name, count in deck.entries.values_list("card_id", "card__name", "count")
    ]
    DeckVersion.objects.create(
        deck=deck,
        version=deck.version,
        name=deck.name,
        description=deck.description,
        format=deck.format,
        visibility=deck.visibility,
        entries=entries,
    )


# --- the deck builder pages' writes: each one goes through deck_update or deck_create ------

MAX_COPIES = 99


def deck_create_from_text(
    *,
    owner: User,
    game: str,
    name: str,
    text: str = "",
    format: str | None = None,
    visibility: str = Deck.Visibility.PRIVATE,
    description: str = "",
) -> Deck:
    """A new deck from an optional text list; DeckListError (nothing saved) when a line
    has an error, DeckFieldError for a game or format the deck builder does not know."""
    found = Game.objects.filter(slug=game, slug__in=DECK_GAMES).first()
    if found is None:
        raise DeckFieldError("game", f"no decks for {game!r}; use chizo or shadowfist")
    if format:
        check_format(found, format)
    lines = accept(lines_from_text(game=found.slug, text=text), save_matched=False)
    return deck_create(
        owner=owner,
        game=found,
        name=name,
        lines=lines,
        description=description,
        format=format or None,
        visibility=visibility,
    )


@transaction.atomic
def deck_import_text(
    *, deck_id: int, user: User, text: str, append: bool, expected_version: int
) -> Deck:
    """Replace the deck's cards with a text list, or add the list to them. A list with
    any error changes nothing (DeckListError); so does a stale version."""
    deck = _locked_at(deck_id, user, expected_version)
    lines = accept(lines_from_text(game=deck.game.slug, text=text), save_matched=False)
    if append:
        lines = _merged(deck_lines(deck=deck), lines)
        _check_counts(lines)
    return _save_lines(deck_id, user, lines, expected_version)


def _save_lines(
    deck_id: int, user: User, lines: Sequence[DeckLine], expected_version: int
) -> Deck:
    """The deck with these lines as its cards: one more version, as any update."""
    return deck_update(
        deck_id=deck_id,
        user=user,
        changes=DeckChanges(lines=lines),
        expected_version=expected_version,
    )


@transaction.atomic
def deck_add_card(
    *, deck_id: int, user: User, card_id: int, expected_version: int, copies: int = 1
) -> Deck:
    """One more copy (or `copies`) of a card of the deck's game; a new card goes last."""
    deck = _locked_at(deck_id, user, expected_version)
    card = facts_by_id([card_id]).get(card_id)
    if card is None or card.game != deck.game.slug:
        raise DeckFieldError("card", f"no card with id {card_id} in {deck.game.name}")
    lines = _merged(deck_lines(deck=deck), [DeckLine(card=card, count=copies)])
    _check_counts(lines)
    return _save_lines(deck_id, user, lines, expected_version)


@transaction.atomic
def deck_set_count(
    *, deck_id: int, user: User, card_id: int, count: int, expected_version: int
) -> Deck:
    """Set how many copies of a card already in the deck it holds; 0 removes the card."""
    deck = _locked_at(deck_id, user, expected_version)
    current = deck_lines(deck=deck)
    if all(line.card.id != card_id for line in current):
        raise DeckFieldError("card", "that card is not in the deck")
    if not 0 <= count <= MAX_COPIES:
        raise DeckFieldError("count", f"a count runs from 0 (remove) to {MAX_COPIES}")
    lines = [
        DeckLine(card=line.card, count=count if line.card.id == card_id else line.count)
        for line in current
        if line.card.id != card_id or count > 0
    ]
    return _save_lines(deck_id, user, lines, expected_version)


def _locked_at(deck_id: int, user: User, expected_version: int) -> Deck:
    """The deck, locked, if it is still at `expected_version`: a stale change is refused
    before anything else is looked at."""
    deck = deck_for_write(user=user, deck_id=deck_id, lock=True)
    if expected_version != deck.version:
        raise StaleVersionError(deck.version, expected_version)
    return deck


def _merged(current: Sequence[DeckLine], added: Sequence[DeckLine]) -> list[DeckLine]:
    """`current` with `added` on top: counts summed, new cards after the others."""
    counts = {line.card.id: line for line in current}
    for line in added:
        earlier = counts.get(line.card.id)
        total = line.count + (earlier.count if earlier else 0)
        counts[line.card.id] = DeckLine(card=line.card, count=total)
    return list(counts.values())


def _check_counts(lines: Sequence[DeckLine]) -> None:
    over = [line for line in lines if line.count > MAX_COPIES]
    if over:
        names = ", ".join(f"{line.card.name} ({line.count})" for line in over)
        raise DeckFieldError("count", f"at most {MAX_COPIES} copies of a card: {names}")
