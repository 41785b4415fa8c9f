"""Batch simulations: many games of one deck (goldfish) or one table of bots, run in
chunks by the task queue; each chunk writes its records and their tally once."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Simulation(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulations"
    )
    game = models.CharField(max_length=20)
    kind = models.CharField(max_length=10, help_text="goldfish or bots")
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    spec = models.JSONField(help_text="What each chunk needs: setup, bots or policy, cards.")
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    # The game's effects version (cards/effects/history.py) taken before the deck's
    # cards were read into the spec, set once at creation and never written again (the
    # chunks and the summary write other columns): the report marks the deck's cards
    # whose effect changed after it. Null: created before it was recorded, not known.
    effects_version = models.PositiveIntegerField(
        null=True,
        blank=True,
        editable=False,
        help_text="The game's effects version when the simulation was created (null: "
        "created before it was recorded, not known).",
    )
    chunk_size = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    games_done = models.PositiveIntegerField(default=0)
    results = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Set when chunks are dispatched and each time one finishes: an active simulation
    # that has not moved for a while lost its tasks (a broker restarted empty) and is
    # dispatched again (play.simulations.services.simulation_resume_stalled).
    progressed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When the per-game records beyond the sample games were removed
    # (play/simulations/retention.py); the summary, the tallies and the turns stay.
    records_pruned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "status"]), models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} x{self.games} #{self.pk}"


class SimulationChunk(models.Model):
    """One slice of a simulation's games; written once, however often its task runs."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    done = models.BooleanField(default=False)
    # The games as played (play/simulations/runners.py); pruned after a while.
    records = models.JSONField(null=True, blank=True)
    # What the summary needs of these games (play/simulations/tallies.py), kept.
    tally = models.JSONField(null=True, blank=True)
    # Goldfish: each game's finishing turn (None: not within the cap) in game order, for
    # paired comparisons (play/simulations/compare.py); kept.
    turns = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["simulation", "index"], name="chunk_unique_index")
        ]

    def __str__(self) -> str:
        return f"{self.simulation_id}:{self.index}"
