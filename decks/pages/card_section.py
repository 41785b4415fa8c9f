"""The card page's section on published decklists: how many play the card, the newest of
them, and the cards played with it more than chance would explain."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cards.models import Card
from cards.vocabulary import DECK_GAMES
from decks.cooccurrence import MIN_TOGETHER
from decks.decklists.selectors import card_in_decklists
from web.sections import Section


def card_decklists_section(request: HttpRequest, card: Any) -> Section | None:
    if not isinstance(card, Card) or card.game.slug not in DECK_GAMES:
        return None
    seen = card_in_decklists(card=card)
    return Section(
        "decks/decklists/_card_section.html",
        {"seen": seen, "rows": seen.rows(), "min_together": MIN_TOGETHER},
    )
