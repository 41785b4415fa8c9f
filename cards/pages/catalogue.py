"""Catalogue pages: search with the query language, and a card's own page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def card_search(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/search.html", {"section": "cards"})


def card_detail(request: HttpRequest, card_id: int) -> HttpResponse:
    return render(request, "cards/search.html", {"section": "cards"})
