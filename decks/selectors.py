"""Reads of the deck builder, with who may see what.

The owner reads and writes; a public deck is readable by anyone and writable by nobody
else; a private deck does not exist for anyone but its owner (404, not 403).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404

from decks.catalogue import facts_by_id
from decks.lines import DeckLine
from decks.models import Deck, DeckVersion


class NotDeckOwnerError(PermissionDenied):
    """A write to a public deck by someone who does not own it (403)."""


def _visible_to(user: AbstractBaseUser | AnonymousUser) -> Q:
    public = Q(visibility=Deck.Visibility.PUBLIC)
    return public | Q(owner_id=user.pk) if user.is_authenticated else public


def deck_list(*, user: AbstractBaseUser | AnonymousUser, public: bool = False) -> QuerySet[Deck]:
    """The user's own decks, or with `public` every public deck."""
    decks = (
        Deck.objects.select_related("game", "owner")
        .annotate(card_total=Coalesce(Sum("entries__count"), 0))
        .order_by("-updated_at", "-id")  # aggregation drops Meta.ordering
    )
    if public or not user.is_authenticated:
        return decks.filter(visibility=Deck.Visibility.PUBLIC)
    return decks.filter(owner_id=user.pk)


def deck_for_read(*, user: AbstractBaseUser | AnonymousUser, deck_id: int) -> Deck:
    deck = (
        Deck.objects.select_related("game", "owner")
        .prefetch_related("entries__card")
        .filter(_visible_to(user), pk=deck_id)
        .first()
    )
    if deck is None:
        raise Http404("no such deck")
    return deck


def deck_for_write(
    *, user: AbstractBaseUser | AnonymousUser, deck_id: int, lock: bool = False
) -> Deck:
    decks = Deck.objects.select_related("game")
    if lock:
        decks = decks.select_for_update(of=("self",))
    deck = decks.filter(_visible_to(user), pk=deck_id).first()
    if deck is None:
        raise Http404("no such deck")
    if deck.owner_id != user.pk:
        raise NotDeckOwnerError
    return deck


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    return deck.versions.all()


def deck_version(*, deck: Deck, version: int) -> DeckVersion:
    found = deck.versions.filter(version=version).first()
    if found is None:
        raise Http404(f"deck has no version {version}")
    return found


def deck_lines(*, deck: Deck) -> list[DeckLine]:
    """The deck's entries as rule-ready lines, in list order."""
    entries = list(deck.entries.values_list("card_id", "count"))
    facts = facts_by_id(card_id for card_id, _ in entries)
    return [DeckLine(card=facts[card_id], count=count) for card_id, count in entries]


def version_lines(*, version: DeckVersion) -> dict[int, tuple[str, int]]:
    """A saved version's cards: id -> (name, count)."""
    return {e["card"]: (e["name"], e["count"]) for e in version.entries}
