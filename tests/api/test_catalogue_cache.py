"""Cached catalogue answers stand on the catalogue's version (cards/api/caching.py): a
write or an import shows in the very next answer, and nothing that depends on the user
is kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.importers.shadowfist import import_shadowfist
from cards.models import Card, CardSet, Printing
from tests.cards.test_shadowfist_import import row, write_csv

pytestmark = pytest.mark.django_db

EGG = {"q": '!"Golden Egg"'}


@pytest.fixture(autouse=True)
def cached(settings: Any) -> None:
    settings.CATALOGUE_CACHE_SECONDS = 60


def test_a_repeated_answer_costs_only_the_read_of_the_version_stamps(
    api: APIClient, django_assert_num_queries: Any
) -> None:
    first = api.get("/api/v1/cards/", EGG)

    with django_assert_num_queries(1):
        again = api.get("/api/v1/cards/", EGG)

    assert again.content == first.content
    assert again["Content-Type"] == "application/json"
    assert api.get("/api/v1/cards/", {"q": "c:rat"}).content != first.content  # its own entry
    assert (again["Vary"], again["Cache-Control"]) == (first["Vary"], first["Cache-Control"])


def test_an_edited_card_shows_in_the_next_cached_answer(api: APIClient) -> None:
    card = Card.objects.get(game__slug="chizo", name="Golden Egg")
    api.get("/api/v1/cards/", EGG)
    api.get(f"/api/v1/cards/{card.pk}/")

    card.effect_text = "Edited after the answer was cached."
    card.save()

    listed = api.get("/api/v1/cards/", EGG).json()["results"][0]
    detail = api.get(f"/api/v1/cards/{card.pk}/").json()
    assert listed["effect_text"] == detail["effect_text"] == "Edited after the answer was cached."


def test_a_new_printing_shows_in_the_next_cached_answer(api: APIClient) -> None:
    card = Card.objects.get(game__slug="chizo", name="Golden Egg")
    before = api.get(f"/api/v1/cards/{card.pk}/").json()["printings"]

    card_set = CardSet.objects.create(game=card.game, code="PROMO", name="Promo", release_order=9)
    Printing.objects.create(card=card, card_set=card_set, external_id="promo-1")

    after = api.get(f"/api/v1/cards/{card.pk}/").json()["printings"]
    assert [p["set"] for p in after] == [*(p["set"] for p in before), "PROMO"]


def test_an_import_shows_in_the_next_cached_answer_of_every_search(
    api: APIClient, tmp_path: Path
) -> None:
    searches: list[dict[str, str]] = [{"q": "imported"}, {"game": "shadowfist"}, {}]
    before = [api.get("/api/v1/cards/", params).json()["count"] for params in searches]
    assert before[0] == 0

    import_shadowfist(write_csv(tmp_path / "cards.csv", [row(7001, "Freshly Imported Monk")]))

    after = [api.get("/api/v1/cards/", params).json()["count"] for params in searches]
    assert after == [count + 1 for count in before]


def test_a_write_to_another_game_renews_a_search_across_games(api: APIClient) -> None:
    first = api.get("/api/v1/cards/", {"q": "xyzzy-card"})
    assert first.json()["count"] == 0

    raise_card = Card.objects.filter(game__slug="raise").first()
    assert raise_card is not None
    raise_card.name = "Xyzzy-Card"
    raise_card.save()

    assert api.get("/api/v1/cards/", {"q": "xyzzy-card"}).json()["count"] == 1


def test_the_answers_are_cached_apart_by_scheme_since_their_links_name_it(api: APIClient) -> None:
    plain = api.get("/api/v1/cards/", {"page_size": 5}).json()["next"]
    secure = api.get("/api/v1/cards/", {"page_size": 5}, secure=True).json()["next"]

    assert plain.startswith("http://")
    assert secure.startswith("https://")


def test_the_browsable_page_of_a_signed_in_user_is_never_shared(alice: User, bob: User) -> None:
    pages = []
    for user in (alice, bob):
        browser = APIClient()
        browser.force_login(user)
        pages.append(browser.get("/api/v1/cards/", EGG, HTTP_ACCEPT="text/html").content)

    assert b"alice" in pages[0]
    assert b"alice" not in pages[1]
    assert b"bob" in pages[1]


def test_a_bad_token_is_refused_even_when_the_answer_is_cached(api: APIClient) -> None:
    assert api.get("/api/v1/cards/", EGG).status_code == 200

    response = api.get("/api/v1/cards/", EGG, HTTP_AUTHORIZATION="Token not-a-token")

    assert response.status_code == 401
