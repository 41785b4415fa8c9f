"""The API and the pages give the same answer for the same input: each shared operation
is one selector or service (docs/architecture.md lists them), and these tests hold the
two surfaces to it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck
from decks.stats import MAX_TURNS

pytestmark = pytest.mark.django_db

BASICS = ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Ram", "Monkey", "Rooster"]
BASIC_STACK = "\n".join(f"3 {name}" for name in BASICS)


@pytest.fixture
def deck(alice: User) -> Deck:
    made = services.deck_create_from_text(
        owner=alice, game="chizo", name="Égg Rush: v2", text=BASIC_STACK + "\n2 Golden Egg"
    )
    changes = services.DeckChanges(lines=None, description="second")
    return services.deck_update(
        deck_id=made.pk, user=alice, changes=changes, expected_version=made.version
    )


@pytest.fixture
def both(alice: User, api: APIClient, client: Client) -> tuple[APIClient, Client]:
    api.force_authenticate(alice)
    client.force_login(alice)
    return api, client


def _filename(response: Any) -> str:
    found = re.search(r'filename="([^"]+)"', response["Content-Disposition"])
    assert found, response["Content-Disposition"]
    return found.group(1)


@pytest.mark.parametrize("kind", ["text", "json", "csv"])
def test_an_export_is_the_same_file_from_the_api_and_the_page(
    both: tuple[APIClient, Client], deck: Deck, kind: str
) -> None:
    api, client = both

    from_api = api.get(f"/api/v1/decks/{deck.pk}/export/", {"format": kind})
    from_page = client.get(f"/decks/{deck.pk}/export/{kind}/")

    assert from_api.status_code == from_page.status_code == 200
    assert from_api.content == from_page.content
    assert from_api["Content-Type"] == from_page["Content-Type"]
    assert _filename(from_api) == _filename(from_page)
    assert _filename(from_page).startswith(f"deck-{deck.pk}-egg-rush-v2.")


# Every kind of line error: a typo (with suggestions), a line that does not read, and a
# card counted past 99 over two lines (refused by a save, so by the check too).
CHECKED_LIST = "3 Rat\n3 Golden Eg\nthree Ox\n60 Tiger\n50 Tiger\n"


@pytest.mark.parametrize("text", [CHECKED_LIST, BASIC_STACK, "4 Golden Egg\n1 Rat"])
def test_a_pasted_list_gets_the_same_errors_from_the_api_and_the_page(
    both: tuple[APIClient, Client], text: str
) -> None:
    api, client = both
    body = {"game": "chizo", "list": text, "formats": ["stack"]}

    from_api = api.post("/api/v1/decks/validate/", body, format="json").json()
    from_page = client.post("/decks/check-list/", {**body, "formats": "stack"})

    check = from_page.context["check"]
    page_errors = [(e["code"], e["message"], e["line"]) for e in check.errors]
    if check.report is not None:
        page_errors += [(v.code, v.message, v.line) for v in check.report.formats["stack"].errors]
    api_errors = [(e["code"], e["message"], e["line"]) for e in from_api["errors"]]
    assert api_errors == page_errors
    assert from_api["valid"] == (not page_errors)


def test_history_and_diff_are_the_same_from_the_api_and_the_page(
    both: tuple[APIClient, Client], deck: Deck
) -> None:
    api, client = both

    history = api.get(f"/api/v1/decks/{deck.pk}/history/").json()
    diff = api.get(f"/api/v1/decks/{deck.pk}/diff/", {"from": 1, "to": 2}).json()
    page = client.get(f"/decks/{deck.pk}/history/", {"start": 1, "end": 2}).context

    assert [v["version"] for v in history] == [v["version"] for v in page["versions"]] == [2, 1]
    assert (diff["from"], diff["to"]) == (page["history"].start, page["history"].end)
    assert diff["changes"] == page["history"].changes


def test_a_missing_version_is_not_found_by_the_api_nor_the_page(
    both: tuple[APIClient, Client], deck: Deck
) -> None:
    api, client = both

    assert api.get(f"/api/v1/decks/{deck.pk}/diff/", {"from": 1, "to": 9}).status_code == 404
    assert client.get(f"/decks/{deck.pk}/history/", {"start": 1, "end": 9}).status_code == 404


def test_statistics_and_a_sample_hand_are_the_same_from_the_api_and_the_page(
    both: tuple[APIClient, Client], deck: Deck
) -> None:
    api, client = both
    seed = 2**53 - 1  # the largest seed both accept

    stats = api.get(f"/api/v1/decks/{deck.pk}/stats/", {"turns": 7}).json()
    hand = api.get(f"/api/v1/decks/{deck.pk}/sample-hand/", {"seed": seed}).json()
    page = client.get(f"/decks/{deck.pk}/stats/", {"turns": 7, "seed": seed}).context

    assert stats == page["stats"]
    assert hand["seed"] == page["seed"] == seed
    assert hand["hand"] == [{"card": c.id, "name": c.name, "type": c.type} for c in page["hand"]]


@pytest.mark.parametrize("turns", [0, 1, MAX_TURNS, MAX_TURNS + 1])
def test_the_odds_table_takes_the_same_turns_from_the_api_and_the_page(
    both: tuple[APIClient, Client], deck: Deck, turns: int
) -> None:
    api, client = both

    from_api = api.get(f"/api/v1/decks/{deck.pk}/stats/", {"turns": turns})
    page = client.get(f"/decks/{deck.pk}/stats/", {"turns": turns}).context

    api_takes = from_api.status_code == 200
    page_takes = "turns" not in page["form"].errors
    assert api_takes == page_takes == (1 <= turns <= MAX_TURNS)
    if api_takes:
        assert len(from_api.json()["draw"]["seen_by_turn"]) == turns
        assert page["turns"] == turns
        assert all(len(row.by_turn) == turns for row in page["odds"])
    else:
        assert from_api.status_code == 400
