"""Decks saved through the API, for the play tests."""

from __future__ import annotations

from rest_framework.test import APIClient


def new_deck(api: APIClient, text: str, game: str = "chizo", name: str = "Deck") -> int:
    """A deck saved through the API (legal or not: saving checks no format)."""
    response = api.post("/api/v1/decks/", {"game": game, "name": name, "list": text},
                        format="json")  # fmt: skip
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])
