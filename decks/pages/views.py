"""Deck builder pages."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


@login_required
def deck_list(request: HttpRequest) -> HttpResponse:
    return render(request, "decks/list.html", {"section": "decks"})
