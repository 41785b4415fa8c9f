"""Whole numbers in the API's queries (parameters and the search language): ASCII digits
only, within bounds; anything else answers 400 naming the parameter."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

FULL_WIDTH_THREE = "\uff13"
NOT_NUMBERS = ["²", "٣", FULL_WIDTH_THREE, "9" * 5000]
NOT_NUMBER_IDS = ["superscript", "arabic-indic", "full-width", "5000-digits"]


@pytest.mark.parametrize("value", NOT_NUMBERS[:3], ids=NOT_NUMBER_IDS[:3])
@pytest.mark.parametrize("name", ["page", "page_size", "cost__lte", "strength"])
def test_the_card_list_refuses_a_number_in_other_digits(
    api: APIClient, name: str, value: str
) -> None:
    response = api.get("/api/v1/cards/", {name: value})

    assert response.status_code == 400, response.content[:300]
    assert [error["field"] for error in response.json()["errors"]] == [name]


def test_a_page_or_page_size_of_many_digits_means_past_any_bound(api: APIClient) -> None:
    # web/pagination.py: a size over the bound answers 400, a page past the end 404.
    assert api.get("/api/v1/cards/", {"page_size": "9" * 5000}).status_code == 400
    assert api.get("/api/v1/cards/", {"page": "9" * 5000}).status_code == 404


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_the_search_language_refuses_a_number_in_other_digits(api: APIClient, value: str) -> None:
    response = api.get("/api/v1/cards/", {"q": f"cost:{value}"})

    assert response.status_code == 400, response.content[:300]
    assert response.json()["code"] == "invalid_query"


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("/api/v1/decks/{deck}/diff/", "from"),
        ("/api/v1/decks/{deck}/validate/", "min_size"),
        ("/api/v1/decks/{deck}/sample-hand/", "seed"),
        ("/api/v1/simulations/compare/", "a"),
    ],
)
def test_a_signed_in_query_refuses_a_number_in_other_digits(
    api: APIClient, alice: User, url: str, name: str, value: str
) -> None:
    api.force_authenticate(alice)
    deck = api.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": "3 Rat"}).json()

    response = api.get(url.format(deck=deck["id"]), {"a": "1", "b": "2"} | {name: value})

    assert response.status_code == 400, response.content[:300]
    assert response.json()["errors"][0]["field"] == name
