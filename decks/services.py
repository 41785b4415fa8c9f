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

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from cards.models import Game
from decks.formats import FORMATS, default_format
from decks.lines import DeckLine
from decks.models import Deck, DeckEntry, DeckVersion
from decks.selectors import deck_for_write


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
    owner: AbstractBaseUser,
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
    *, deck_id: int, user: AbstractBaseUser, changes: DeckChanges, expected_version: int | None
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
def deck_delete(*, deck_id: int, user: AbstractBaseUser, expected_version: int | None) -> None:
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
