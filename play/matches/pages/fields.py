"""Form fields the match and simulation pages share."""

from __future__ import annotations

from typing import Any

from django import forms

from play.engine.games.shadowfist import PROFILES


def illegal_deck_field() -> forms.BooleanField:
    """Play a deck that is not legal in its format (else refused with its errors:
    play/matches/legality.py)."""
    return forms.BooleanField(
        label="Test it anyway",
        required=False,
        help_text="Play a deck that is not legal in its format; what it produces says why "
        "it is not.",
    )


def opposition_field() -> forms.ChoiceField:
    """The Shadowfist goldfish dummy's table, by profile (its figures: the API and the
    commands; docs/play.md, "The table a Shadowfist goldfish faces")."""
    return forms.ChoiceField(
        label="Opposition (Shadowfist)",
        required=False,
        choices=[("", "Default: goldfish")]
        + [(name, f"{name}: {table.words()}") for name, table in PROFILES.items()],
        help_text="What the dummy puts on the table. Defended: two blockers intercept.",
    )


def opposition_input(profile: str) -> Any:
    """The opposition a form asked for, in the API's shape (None: none asked)."""
    return {"profile": profile} if profile else None
