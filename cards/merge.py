"""Merging catalogue cards that turn out to be one card.

Every reference to a duplicate moves to the survivor, then the duplicates are deleted, in
one transaction. The catalogue does not know the apps that point at cards, so it asks
them: `card_merge` is sent first, and a receiver moves the references that need a rule
(a deck holding both cards sums their counts) and returns a sentence for the report.
Whatever still points at a duplicate afterwards (printings, or a foreign key added
later) is moved as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import ForeignObjectRel
from django.dispatch import Signal

from cards.models import Card

# Sent with survivor=Card and duplicates=[Card, ...] inside the merge's transaction; a
# receiver returns a sentence saying what it moved, or "" when it moved nothing.
card_merge = Signal()


def merge_cards(survivor: Card, duplicates: Sequence[Card]) -> list[str]:
    """Move everything that points at `duplicates` to `survivor` and delete them; the
    receivers' sentences come back for the caller's report."""
    if not duplicates:
        return []
    with transaction.atomic():
        answers = card_merge.send(Card, survivor=survivor, duplicates=list(duplicates))
        _move_references(survivor, [card.pk for card in duplicates])
        Card.objects.filter(pk__in=[card.pk for card in duplicates]).delete()
    return [text for _receiver, text in answers if text]


def _move_references(survivor: Card, ids: list[int]) -> None:
    # include_hidden: a foreign key with related_name="+" (DeckEntry.card) points here too.
    for relation in Card._meta.get_fields(include_hidden=True):
        if not relation.auto_created or relation.concrete or relation.many_to_many:
            continue
        # What is left is the reverse side of a foreign key to Card.
        assert isinstance(relation, ForeignObjectRel)
        model: Any = relation.related_model
        name = relation.field.name
        model._base_manager.filter(**{f"{name}__in": ids}).update(**{name: survivor})
