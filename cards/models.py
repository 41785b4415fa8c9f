"""The catalogue: games, sets or editions, cards and their printings.

One Card table serves the four games. Fields common to all (name, type, effect) sit
beside typed, nullable columns for each game's facts, so one search and one API list
work across games without joins. A card has one or more printings (a Shadowfist
title is printed in several editions; project-written sets have one printing each).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from cards.vocabulary import CHIZO_CLASSES


def new_stamp() -> int:
    """A catalogue version stamp (``CatalogueVersion``): 63 random bits."""
    return secrets.randbits(63)


class Game(models.Model):
    slug = models.SlugField(max_length=20, unique=True)
    name = models.CharField(max_length=64)
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "slug"]

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    """An edition (Shadowfist) or set of tiles or components (other games)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.CharField(max_length=16)
    name = models.CharField(max_length=100)
    release_order = models.SmallIntegerField(default=0)
    is_project_set = models.BooleanField(
        default=False, help_text="Written by the Cardhouse project, not a published set."
    )
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["game__sort_order", "release_order", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code"),
            models.UniqueConstraint(fields=["game", "name"], name="cardset_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(max_length=200)
    subtitle = models.CharField(max_length=200, blank=True)
    slug = models.SlugField(max_length=220)
    type = models.CharField(max_length=32)
    effect_text = models.TextField(null=True, blank=True)
    effect_key = models.CharField(max_length=64, null=True, blank=True)
    effect_params = models.JSONField(
        default=dict, blank=True, help_text="Parameters of the effect named by effect_key."
    )
    effect_note = models.TextField(blank=True, help_text="The effect's author's note.")

    # ChiZo RISING
    creature_class = models.CharField(max_length=16, blank=True)
    is_basic = models.BooleanField(default=False)
    element = models.CharField(max_length=16, null=True, blank=True)
    strength = models.PositiveSmallIntegerField(null=True, blank=True)
    intelligence = models.PositiveSmallIntegerField(null=True, blank=True)
    compatible_classes = models.CharField(
        max_length=120, blank=True, help_text="Comma-separated creature classes, zodiac order."
    )

    # Shadowfist
    faction = models.CharField(max_length=40, blank=True, help_text="Faction or talent.")
    cost = models.SmallIntegerField(null=True, blank=True)
    cost_is_x = models.BooleanField(default=False)
    requires = models.CharField(max_length=16, blank=True, help_text="Resource codes, e.g. 'dd'.")
    provides = models.CharField(max_length=16, blank=True, help_text="Resource codes, e.g. 'gC'.")
    fighting = models.SmallIntegerField(null=True, blank=True)
    fighting_is_x = models.BooleanField(default=False)
    power = models.SmallIntegerField(null=True, blank=True)
    body = models.SmallIntegerField(null=True, blank=True)
    designators = models.CharField(max_length=300, blank=True, help_text="Space-separated.")
    is_no_max = models.BooleanField(default=False)
    is_unique = models.BooleanField(default=False)
    is_limited = models.BooleanField(default=False)

    # Raise and Chocobo Party Up! components
    symbol = models.CharField(max_length=16, blank=True)
    value = models.SmallIntegerField(null=True, blank=True)
    points = models.SmallIntegerField(null=True, blank=True)
    copies = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Copies in a fixed component set."
    )
    attrs = models.JSONField(default=dict, blank=True, help_text="Further facts of the card.")

    # The rules engine's word on the card (cards/modelling.py), kept by save() and by
    # cards.upsert.refresh_modelling, never entered by hand (a bulk_create or a queryset
    # update() bypasses save(): refresh_modelling puts such rows right).
    modelling = models.CharField(
        max_length=16,
        blank=True,
        editable=False,
        help_text=(
            "How completely the rules engine plays the card: modelled, stats_only or blank; "
            "empty for Raise and Chocobo components, which are not deck cards."
        ),
    )

    class Meta:
        ordering = ["game__sort_order", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="card_unique_slug"),
        ]
        indexes = [
            models.Index(fields=["game", "name"]),
            models.Index(fields=["game", "type"]),
            models.Index(fields=["game", "creature_class"]),
            models.Index(fields=["game", "faction"]),
            models.Index(fields=["game", "modelling"]),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save with the card's modelling status as its game's engine says it now."""
        # Imported here: the engine is loaded when a card is first written, not with the
        # models (cards.modelling never imports the models, so no cycle).
        from cards.modelling import card_modelling

        if self.game_id is not None:
            self.modelling = card_modelling(self)[0]
        fields = kwargs.get("update_fields")
        if fields:  # a save of some fields writes the status with them
            kwargs["update_fields"] = {*fields, "modelling"}
        super().save(*args, **kwargs)

    @property
    def compatible_list(self) -> list[str]:
        return [c for c in self.compatible_classes.split(",") if c]

    @staticmethod
    def join_classes(classes: list[str] | tuple[str, ...]) -> str:
        """Store classes in zodiac order so equal sets always compare equal."""
        order = {name: index for index, name in enumerate(CHIZO_CLASSES)}
        return ",".join(sorted(set(classes), key=order.__getitem__))

    @property
    def designator_list(self) -> list[str]:
        return self.designators.split()


class Printing(models.Model):
    """One printing of a card in a set, with the facts as printed there."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    rarity = models.CharField(max_length=20, blank=True)
    external_id = models.CharField(max_length=32, help_text="Identifier in the source data.")
    facts = models.JSONField(default=dict, blank=True, help_text="Facts as printed.")

    class Meta:
        ordering = ["card_set__release_order", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["card_set", "external_id"], name="printing_unique_source_id"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card} [{self.card_set.code}]"


class CatalogueVersion(models.Model):
    """The version of a game's catalogue: a stamp drawn anew whenever one of the game's
    cards, printings or sets is written (cards/versioning.py), so a cache of catalogue
    reads knows it is current from one indexed row instead of a scan. A random stamp, not
    a counter: a rolled-back write or an emptied and reloaded database must never bring
    back a number that once named other contents. Its own table: a Game saved from an old
    instance must not write an old stamp back."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="version")
    stamp = models.PositiveBigIntegerField(default=new_stamp)

    def __str__(self) -> str:
        return f"{self.game} catalogue {self.stamp:x}"


class EffectChange(models.Model):
    """One write of card effects: a loaded effects file, an edit on a card's page, a
    revert (cards/effects/history.py). Its number is the game's *effects version* from
    then on, which simulations record: a counter, so "changed since version N" is a
    comparison. Only a committed change has a number, and a number is never reused while
    its change exists."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="effect_changes")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who made it; empty for a command or the shipped files.",
    )
    source = models.CharField(max_length=200, help_text="Where it came from, in words.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="effectchange_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.game} effects version {self.number}"


class EffectRevision(models.Model):
    """One card's effect before and after a change: ``{"effect_key", "effect_params",
    "effect_note"}`` each."""

    change = models.ForeignKey(EffectChange, on_delete=models.CASCADE, related_name="revisions")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="effect_revisions")
    before = models.JSONField()
    after = models.JSONField()

    class Meta:
        ordering = ["-change__number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["change", "card"], name="effectrevision_unique_card"),
        ]

    def __str__(self) -> str:
        return f"{self.card} at {self.change}"
