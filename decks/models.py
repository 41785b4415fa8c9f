"""Decks (ChiZo stacks and Shadowfist decks), their entries and their saved versions."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cards.models import Card, Game
from decks.decklists.models import (
    Decklist,
    DecklistComment,
    DecklistEntry,
    DecklistLike,
    DecklistReport,
)

__all__ = [
    "Deck",
    "DeckEntry",
    "DeckVersion",
    "Decklist",
    "DecklistComment",
    "DecklistEntry",
    "DecklistLike",
    "DecklistReport",
]


class Deck(models.Model):
    class Visibility(models.TextChoices):
        PRIVATE = "private"
        PUBLIC = "public"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    format = models.CharField(max_length=32, help_text="Slug of the deck's format.")
    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    version = models.PositiveIntegerField(default=1, help_text="Raised by every saved change.")
    derived_from = models.ForeignKey(
        "decks.Decklist",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="copies",
        help_text="The published decklist this deck was copied from.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self) -> str:
        return self.name

    @property
    def etag(self) -> str:
        return f'"{self.pk}-v{self.version}"'


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0, help_text="Order in the list.")

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="deckentry_unique_card"),
            models.CheckConstraint(
                condition=models.Q(count__gte=1) & models.Q(count__lte=99),
                name="deckentry_count_1_to_99",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card}"


class DeckVersion(models.Model):
    """A deck as it was saved: every save keeps one, so no accepted write is lost."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    format = models.CharField(max_length=32)
    visibility = models.CharField(max_length=8)
    entries = models.JSONField(help_text='[{"card": id, "name": ..., "count": n}, ...]')
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "version"], name="deckversion_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.deck} v{self.version}"
