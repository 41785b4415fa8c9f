"""Decks and decklists for the decklist API tests, made through the services."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.decklists.models import Decklist
from decks.decklists.services import decklist_publish
from decks.models import Deck
from decks.services import deck_create_from_text
from tests.decks.factories import starter_decks

BASICS = ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Ram", "Monkey", "Rooster"]
#: 30 basic tiles: a legal stack.
BASIC_STACK = "\n".join(f"3 {name}" for name in BASICS)


def stack(*extra: str) -> str:
    """The basic stack with more lines (each still legal: 3 of a tile at most)."""
    return "\n".join([BASIC_STACK, *extra])


def starter(name: str = "Heroic Bloodshed") -> str:
    """One of the shipped Shadowfist starter decks (legal in Final Brawl) as a text list."""
    return "\n".join(f"{count} {card}" for card, count in starter_decks()[name].items())


def make_deck(
    owner: User,
    text: str = BASIC_STACK,
    *,
    game: str = "chizo",
    name: str = "Stack",
    visibility: str = Deck.Visibility.PRIVATE,
    description: str = "",
) -> Deck:
    return deck_create_from_text(
        owner=owner,
        game=game,
        name=name,
        text=text,
        visibility=visibility,
        description=description,
    )


def published(
    owner: User, text: str = BASIC_STACK, *, version_name: str = "", **fields: Any
) -> Decklist:
    """A new deck of `owner`'s, published once."""
    deck = make_deck(owner, text, **fields)
    return decklist_publish(user=owner, deck_id=deck.pk, version_name=version_name)


def staff_user(name: str = "moderator") -> User:
    password = f"{name}-password-1"
    return User.objects.create_user(name, f"{name}@example.com", password, is_staff=True)


def client_of(user: User | None) -> APIClient:
    """An API client signed in as `user` (anonymous for None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def fields_of(response: Any) -> list[str | None]:
    body = response.json()
    assert set(body) == {"status", "code", "detail", "errors"}, body
    return [error["field"] for error in body["errors"]]
