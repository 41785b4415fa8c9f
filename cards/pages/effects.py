"""The effect vocabulary page: what an effects file may say, from the same source as the
validator (cards/effects/reference.py)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.effects.history import EFFECT_GAMES
from cards.effects.reference import vocabulary


@require_safe
def vocabulary_page(request: HttpRequest, game: str) -> HttpResponse:
    if game not in EFFECT_GAMES:
        raise Http404(f"{game} has no effect vocabulary")
    context = {"section": "cards", "game": game, "words": vocabulary()}
    return render(request, "cards/effect_vocabulary.html", context)
