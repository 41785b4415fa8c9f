"""Published decklists: a deck as its owner published it, frozen, with the community's
likes, comments and reports around it.

A deck is published explicitly; each publication is a new decklist holding the deck's
cards, name and description as they were, so a link always shows what was published
while the owner goes on editing the deck. Counters (likes, copies, comments) are kept on
the row, written in the same transaction as what they count, so the browser sorts by them
through an index.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from cards.models import Card, Game


class Decklist(models.Model):
    deck = models.ForeignKey(
        "decks.Deck",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="publications",
        help_text="The working deck it was published from (kept when the deck is deleted).",
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decklists"
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decklists")
    number = models.PositiveIntegerField(help_text="1 for a deck's first publication, then 2…")
    deck_version = models.PositiveIntegerField(help_text="The deck's version it froze.")
    name = models.CharField(max_length=100)
    version_name = models.CharField(max_length=60, blank=True)
    description = models.TextField(blank=True, help_text="Markdown.")
    format = models.CharField(max_length=32)
    # "|dragons|lotus|": the factions (Shadowfist) or classes (ChiZo) of its cards, one
    # string so that "plays faction X" is the same portable filter on SQLite and PostgreSQL.
    factions = models.CharField(max_length=400, blank=True)
    card_total = models.PositiveIntegerField()
    derived_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="variants",
        help_text="The decklist its deck was copied from.",
    )
    # False once the deck is published again: the browser, the card pages and the
    # co-occurrence counts take each deck's latest publication only.
    is_latest = models.BooleanField(default=True)
    published_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    withdrawn_reason = models.CharField(max_length=200, blank=True)
    like_count = models.PositiveIntegerField(default=0)
    copy_count = models.PositiveIntegerField(default=0)
    comment_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-published_at", "-id"]
        indexes = [
            models.Index(fields=["-published_at", "-id"]),
            models.Index(fields=["-like_count", "-published_at"]),
            models.Index(fields=["-copy_count", "-published_at"]),
            models.Index(fields=["owner", "-published_at"]),
            models.Index(fields=["game", "is_latest"]),
        ]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="decklist_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.name} #{self.number}"

    @property
    def is_withdrawn(self) -> bool:
        return self.withdrawn_at is not None


class DecklistEntry(models.Model):
    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["card", "decklist"])]
        constraints = [
            models.UniqueConstraint(fields=["decklist", "card"], name="decklistentry_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card}"


class DecklistLike(models.Model):
    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="likes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decklist", "user"], name="decklistlike_once"),
        ]

    def __str__(self) -> str:
        return f"like of {self.decklist_id} by {self.user_id}"


class DecklistComment(models.Model):
    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decklist_comments"
    )
    body = models.TextField(help_text="Markdown.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["author", "-created_at"])]

    def __str__(self) -> str:
        return f"comment {self.pk} on {self.decklist_id}"


class DecklistReport(models.Model):
    """A reader's report of a decklist (or one of its comments) for staff to look at."""

    class Reason(models.TextChoices):
        SPAM = "spam", "Spam or advertising"
        OFFENSIVE = "offensive", "Offensive or abusive"
        COPIED = "copied", "Copied without credit"
        OTHER = "other", "Something else"

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="reports")
    comment = models.ForeignKey(
        DecklistComment, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=16, choices=Reason.choices)
    details = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["resolved_at", "-created_at"]

    def __str__(self) -> str:
        return f"report {self.pk}: {self.reason}"
