"""Form fields the match and simulation pages share."""

from __future__ import annotations

from typing import Any

from django import forms

from play.matches.tables import table_profiles


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
    """The table a goldfish faces, by profile (its figures: the API and the commands;
    docs/play.md, "The table a goldfish faces")."""
    return forms.ChoiceField(
        label="Opposition",
        required=False,
        choices=[("", "The game's default (Shadowfist: goldfish; ChiZo RISING: alone)")]
        + [(name, f"{name} ({game}): {words}") for game, name, words in table_profiles()],
        help_text="What the deck plays against. Shadowfist defended: two blockers "
        "intercept; ChiZo RISING board: a passive opponent's tiles to battle and square.",
    )


def opposition_input(profile: str) -> Any:
    """The opposition a form asked for, in the API's shape (None: none asked)."""
    return {"profile": profile} if profile else None
