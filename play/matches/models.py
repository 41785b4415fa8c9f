"""Matches, played by people and bots through the API and the pages.

A match keeps what replays it exactly: the engine setup (decks as they were when the
match started), the seed, the rules version and the action log with a state hash per
step. The current state is also kept, so a request does not replay the whole log.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Match(models.Model):
    class Mode(models.TextChoices):
        GOLDFISH = "goldfish"
        BOTS = "bots"
        HOTSEAT = "hotseat"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches"
    )
    game = models.CharField(max_length=20)
    mode = models.CharField(max_length=10, choices=Mode.choices)
    seats = models.JSONField(help_text='Per seat: {"player": "human" or a bot, "deck": id}.')
    setup = models.JSONField(help_text="The engine setup, decks as they were.")
    seed = models.BigIntegerField()
    rules_version = models.CharField(max_length=40)
    seq = models.PositiveIntegerField(default=0, help_text="Actions applied so far.")
    state = models.JSONField(help_text="The engine state after the last action.")
    is_over = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return f"{self.game} {self.mode} #{self.pk}"


class MatchAction(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(help_text="1 for the first action.")
    player = models.PositiveSmallIntegerField()
    by_bot = models.BooleanField(default=False)
    action = models.JSONField()
    events = models.JSONField(default=list)
    state_hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="matchaction_unique_seq")
        ]

    def __str__(self) -> str:
        return f"{self.match_id}:{self.seq}"
