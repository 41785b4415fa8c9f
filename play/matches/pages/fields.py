"""Form fields the match and simulation pages share."""

from __future__ import annotations

from django import forms


def illegal_deck_field() -> forms.BooleanField:
    """Play a deck that is not legal in its format (else refused with its errors:
    play/matches/legality.py)."""
    return forms.BooleanField(
        label="Test it anyway",
        required=False,
        help_text="Play a deck that is not legal in its format; what it produces says why "
        "it is not.",
    )
