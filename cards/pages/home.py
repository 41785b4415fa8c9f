"""Server-rendered pages of the catalogue."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.models import Game


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.annotate(card_count=Count("cards")).order_by("sort_order")
    return render(request, "home.html", {"games": games})
