"""Every change of a card's effect, kept: who, when, where from, before and after.

All writes of a card's effect (``effect_key``, ``effect_params``, ``effect_note``) go
through :func:`write_effects`: an effects file, an edit on a card's page, a revert, the
admin, the shipped starter effects. Each call is one :class:`EffectChange` whose number is
the game's new *effects version*; each card whose effect differs gets an
:class:`EffectRevision`. Every effect written is checked by the engine's vocabulary first
(``effect_problems``): no path stores an effect the validator would refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max

from cards.models import Card, EffectChange, EffectRevision, Game
from cards.versioning import one_bump
from play.engine.games.shadowfist.effects.entries import Problem, effect_problems

#: The games whose cards' effects are written as data (the Shadowfist vocabulary).
EFFECT_GAMES = ("shadowfist",)
#: What a card's effect is made of, as stored in a revision.
EFFECT_FIELDS = ("effect_key", "effect_params", "effect_note")


@dataclass(frozen=True)
class Effect:
    """A card's effect: its key (None: not known), parameters and the author's note."""

    key: str | None
    params: dict[str, Any]
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"effect_key": self.key, "effect_params": self.params, "effect_note": self.note}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Effect:
        return cls(
            data.get("effect_key"),
            dict(data.get("effect_params") or {}),
            data.get("effect_note") or "",
        )

    @classmethod
    def of(cls, card: Card) -> Effect:
        return cls(card.effect_key, dict(card.effect_params or {}), card.effect_note)


class EffectRefusedError(ValueError):
    """An effect the vocabulary refuses, with its problems."""

    def __init__(self, card: Card, problems: list[Problem]) -> None:
        super().__init__(f"{card.name}: " + "; ".join(p.message for p in problems))
        self.card = card
        self.problems = problems


def effect_problems_for(card: Card, effect: Effect) -> list[Problem]:
    """What the vocabulary says is wrong with ``effect`` on ``card`` (nothing for "no
    effect", which makes a card play by its printed figures or as a blank)."""
    if card.game.slug not in EFFECT_GAMES:
        return [Problem("", f"{card.game.name} has no effect vocabulary to write effects in")]
    if effect.key is None:
        return [] if not effect.params else [Problem("", "parameters without an effect_key")]
    return effect_problems(effect.key, effect.params, card.type)


def write_effects(
    game: Game,
    edits: Sequence[tuple[Card, Effect]],
    *,
    author: User | None,
    source: str,
) -> EffectChange | None:
    """Write the effects, all or nothing; None when none differs from what is stored.

    Raises :class:`EffectRefusedError` (nothing written) when the vocabulary refuses one."""
    for card, effect in edits:
        problems = effect_problems_for(card, effect)
        if problems:
            raise EffectRefusedError(card, problems)
    changed = [(card, effect) for card, effect in edits if Effect.of(card) != effect]
    if not changed:
        return None
    with transaction.atomic(), one_bump():
        # The game's row, locked: two writers never draw the same number (SQLite
        # serialises writes anyway; the unique constraint is the last word).
        Game.objects.select_for_update().filter(pk=game.pk).exists()
        change = EffectChange.objects.create(
            game=game, number=effects_version(game.slug) + 1, author=author, source=source[:200]
        )
        for card, effect in changed:
            before = Effect.of(card)
            card.effect_key, card.effect_params, card.effect_note = (
                effect.key,
                effect.params,
                effect.note,
            )
            card.save(update_fields=list(EFFECT_FIELDS))  # save() sets the modelling status
            EffectRevision.objects.create(
                change=change, card=card, before=before.as_dict(), after=effect.as_dict()
            )
    return change


def revert(revision: EffectRevision, *, author: User | None) -> EffectChange | None:
    """Put the card's effect back to what it was before ``revision`` (a new change: the
    history keeps both); None when it is already so."""
    card = revision.card
    source = f"revert to before version {revision.change.number}"
    return write_effects(
        card.game, [(card, Effect.from_dict(revision.before))], author=author, source=source
    )


def effects_version(game: str) -> int:
    """The game's effects version: the number of its last change, 0 before any."""
    found = EffectChange.objects.filter(game__slug=game).aggregate(top=Max("number"))["top"]
    return int(found or 0)


def effects_versions() -> dict[str, int]:
    """Every game's effects version in one read (a game without a change is absent: 0),
    for a caller that does not know the game yet when it must take the version."""
    rows = EffectChange.objects.order_by().values("game__slug").annotate(top=Max("number"))
    return {row["game__slug"]: int(row["top"]) for row in rows}


def card_history(card: Card) -> list[EffectRevision]:
    """The card's revisions, newest first, with their change and author."""
    return list(
        card.effect_revisions.select_related("change", "change__author").order_by("-change__number")
    )


def changed_since(game: str, version: int, card_ids: Iterable[int]) -> dict[int, EffectChange]:
    """The cards among ``card_ids`` whose effect changed after effects version ``version``,
    each with its latest change (and its author)."""
    revisions = (
        EffectRevision.objects.filter(
            change__game__slug=game, change__number__gt=version, card_id__in=list(card_ids)
        )
        .select_related("change", "change__author")
        .order_by("change__number")
    )
    return {revision.card_id: revision.change for revision in revisions}
