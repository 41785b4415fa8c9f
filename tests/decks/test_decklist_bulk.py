"""The published decklists as a bulk data file: every published version with its cards,
none withdrawn, written anew when a decklist is published, liked or withdrawn, and
downloaded by anyone."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.bulk.refresh import refresh_bulk_files
from decks.decklists import services
from decks.decklists.bulk import NAME
from decks.services import deck_create_from_text

pytestmark = pytest.mark.django_db

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"


@pytest.fixture(autouse=True)
def folder(settings: Any, tmp_path: Path) -> Path:
    settings.BULK_DATA_DIR = tmp_path / "bulk-data"
    return Path(settings.BULK_DATA_DIR)


def refresh() -> bool:
    """Whether the decklists file was written (not found current)."""
    (outcome,) = refresh_bulk_files([NAME])
    return outcome.written


def download() -> dict[str, Any]:
    api = APIClient()
    listing = api.get("/api/v1/bulk-data/").json()
    entry = next(item for item in listing if item["name"] == NAME)
    response = api.get(entry["download_uri"])
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    document: dict[str, Any] = json.loads(gzip.decompress(body))
    assert entry["count"] == document["count"]
    return document


def test_the_file_holds_every_published_decklist_with_its_cards(alice: User, bob: User) -> None:
    deck = deck_create_from_text(owner=alice, game="chizo", name="Eggs", text=STACK,
                                 description="*Eggs*")  # fmt: skip
    first = services.decklist_publish(user=alice, deck_id=deck.pk)
    gone = services.decklist_publish(
        user=bob,
        deck_id=deck_create_from_text(owner=bob, game="chizo", name="Gone", text=STACK).pk,
    )
    services.decklist_withdraw(user=bob, decklist_id=gone.pk)
    assert refresh()

    document = download()

    (record,) = document["data"]
    assert (record["id"], record["name"], record["author"], record["description"]) == (
        first.pk,
        "Eggs",
        "alice",
        "*Eggs*",
    )
    assert record["is_latest"] is True
    assert {c["name"]: c["count"] for c in record["cards"]}["Golden Egg"] == 3
    assert sum(c["count"] for c in record["cards"]) == record["card_total"] == 38


def test_a_like_or_a_new_publication_makes_the_file_stale(alice: User, bob: User) -> None:
    deck = deck_create_from_text(owner=alice, game="chizo", name="Eggs", text=STACK)
    decklist = services.decklist_publish(user=alice, deck_id=deck.pk)
    assert refresh()
    assert not refresh()  # nothing changed: found current

    services.decklist_like(user=bob, decklist_id=decklist.pk)
    assert refresh()
    assert download()["data"][0]["like_count"] == 1

    services.decklist_withdraw(user=alice, decklist_id=decklist.pk)
    assert refresh()
    assert download()["data"] == []
