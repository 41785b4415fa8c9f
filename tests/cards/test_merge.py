"""Merging two catalogue cards: what no receiver of card_merge handles still moves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from cards.merge import card_merge, merge_cards
from cards.models import Card, Game
from decks.catalogue import facts_by_id
from decks.lines import DeckLine
from decks.merge import move_deck_references
from decks.models import DeckEntry
from decks.services import deck_create

UID = "decks.move_deck_references"


@pytest.fixture
def no_deck_receiver() -> Iterator[None]:
    card_merge.disconnect(dispatch_uid=UID)
    try:
        yield
    finally:
        card_merge.connect(move_deck_references, dispatch_uid=UID)


@pytest.mark.django_db
def test_a_foreign_key_no_receiver_handles_is_moved_as_it_is(
    alice: User, no_deck_receiver: None
) -> None:
    game = Game.objects.get(slug="shadowfist")
    survivor = Card.objects.create(game=game, name="SWAT Team", slug="swat-team", type="Event")
    duplicate = Card.objects.create(game=game, name="Swat Team", slug="swat-team-2", type="Event")
    facts = facts_by_id([duplicate.pk])
    deck = deck_create(owner=alice, game=game, name="D", lines=[DeckLine(facts[duplicate.pk], 2)])

    assert merge_cards(survivor, [duplicate]) == []

    assert list(DeckEntry.objects.filter(deck=deck).values_list("card_id", "count")) == [
        (survivor.pk, 2)
    ]
    assert not Card.objects.filter(pk=duplicate.pk).exists()
