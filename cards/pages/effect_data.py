"""The "Effect data" section of a card's page: the card's effect as an effects file's
entry, the history of its changes, and for staff the form that changes it (a revert per
change). Only the games whose effects are data have it (``EFFECT_GAMES``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from cards.effects.files import FieldChange, effect_entry, entry_changes
from cards.effects.forms import EffectForm
from cards.effects.history import EFFECT_GAMES, Effect, card_history
from cards.models import Card, EffectRevision


@dataclass(frozen=True)
class HistoryRow:
    """One change of the card's effect, as the history lists it."""

    revision: EffectRevision
    number: int
    created_at: datetime
    author: str
    source: str
    changes: list[FieldChange]


def can_edit_effects(request: HttpRequest, card: Card) -> bool:
    return bool(request.user.is_staff) and card.game.slug in EFFECT_GAMES


def effect_section(
    request: HttpRequest, card: Card, *, form: EffectForm | None = None, error: str = ""
) -> dict[str, Any] | None:
    """What the section shows; None for a card of a game without effect data. ``form``: a
    form sent and refused, shown again as it was sent; ``error``: why a revert failed."""
    if card.game.slug not in EFFECT_GAMES:
        return None
    editable = can_edit_effects(request, card)
    if editable and form is None:
        form = EffectForm(current=Effect.of(card))
    return {
        "entry": _entry(card),
        "history": [_row(revision) for revision in card_history(card)],
        "form": form if editable else None,
        "editable": editable,
        "error": error,
        "vocabulary_url": reverse("effect-vocabulary", args=[card.game.slug]),
    }


def _entry(card: Card) -> str:
    if card.effect_key is None:
        return ""
    return effect_entry(card.name, card.effect_key, card.effect_params or {}, card.effect_note)


def _row(revision: EffectRevision) -> HistoryRow:
    change = revision.change
    author = change.author.get_username() if change.author else ""
    return HistoryRow(
        revision=revision,
        number=change.number,
        created_at=change.created_at,
        author=author,
        source=change.source,
        changes=entry_changes(revision.before, revision.after),
    )
