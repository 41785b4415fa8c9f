"""The catalogue API: lists, search, errors, caching, query counts."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.models import Card, Game
from web.pagination import MAX_PAGE_SIZE

pytestmark = pytest.mark.django_db


def get(api: APIClient, url: str, **params: Any) -> Any:
    return api.get(url, params)


def test_it_lists_the_four_games(api: APIClient) -> None:
    response = get(api, "/api/v1/games/")

    assert response.status_code == 200
    assert [g["slug"] for g in response.json()] == ["chizo", "shadowfist", "raise", "chocobo"]


def test_the_card_list_is_paginated_with_count_next_and_previous(api: APIClient) -> None:
    body = get(api, "/api/v1/cards/", game="chizo", page_size=10, page=2).json()

    assert body["count"] == Card.objects.filter(game__slug="chizo").count()
    assert len(body["results"]) == 10
    assert "page=3" in body["next"]
    assert body["previous"] is not None
    assert {r["game"] for r in body["results"]} == {"chizo"}


def test_each_result_carries_its_games_fields(api: APIClient) -> None:
    rat = get(api, "/api/v1/cards/", q='!"Rat"', game="chizo").json()["results"][0]
    assert {"id", "game", "name", "slug", "type", "effect_text", "effect_key"} <= rat.keys()
    assert rat["creature_class"] == "Rat"
    assert rat["is_basic"] is True
    assert (rat["strength"], rat["intelligence"]) == (1, 5)
    assert rat["compatible_classes"] == ["Rabbit", "Horse", "Rooster"]
    assert "fighting" not in rat

    site = get(api, "/api/v1/cards/", q="t:site game:shadowfist").json()["results"][0]
    assert {
        "faction",
        "cost",
        "fighting",
        "power",
        "body",
        "designators",
        "is_no_max",
    } <= site.keys()
    assert "strength" not in site


def test_the_page_size_is_bounded(api: APIClient) -> None:
    game = Game.objects.get(slug="raise")
    Card.objects.bulk_create(
        Card(game=game, name=f"Filler {n}", slug=f"filler-{n}", type="Number Card")
        for n in range(250)
    )

    largest = get(api, "/api/v1/cards/", page_size=MAX_PAGE_SIZE).json()
    refused = get(api, "/api/v1/cards/", page_size=MAX_PAGE_SIZE + 1)

    assert largest["count"] > MAX_PAGE_SIZE
    assert len(largest["results"]) == MAX_PAGE_SIZE
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {"field": "page_size", "message": f"must be at most {MAX_PAGE_SIZE}", "code": "invalid"}
    ]


def test_a_search_narrows_the_list(api: APIClient) -> None:
    body = get(api, "/api/v1/cards/", q="c:rooster t:creature").json()

    assert body["count"] >= 1
    assert all(r["creature_class"] == "Rooster" for r in body["results"])


def test_ordering_puts_cards_without_the_value_last(api: APIClient) -> None:
    results = get(api, "/api/v1/cards/", game="chizo", ordering="-str", page_size=200).json()[
        "results"
    ]
    strengths = [r["strength"] for r in results]
    known = [s for s in strengths if s is not None]

    assert None in strengths
    assert strengths == sorted(known, reverse=True) + [None] * (len(strengths) - len(known))


def test_an_invalid_query_answers_400_with_the_column(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/", q="t:creature colour:red")

    assert response.status_code == 400
    body = response.json()
    assert body["status"] == 400
    assert body["code"] == "invalid_query"
    assert "unknown field 'colour' at column 12" in body["detail"]
    assert body["errors"][0]["field"] == "q"
    assert body["errors"][0]["column"] == 12
    assert body["errors"][0]["hint"] == "did you mean 'class'?"


def test_an_overlong_query_answers_400(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/", q="a" * 501)

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "max_length"


def test_an_unknown_ordering_answers_400(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/", ordering="colour")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_ordering"


def test_a_page_past_the_end_answers_404_in_the_error_shape(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/", page=9999)

    assert response.status_code == 404
    assert set(response.json()) == {"status", "code", "detail", "errors"}


def test_a_bad_filter_value_answers_400_in_the_error_shape(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/", cost__gte="lots")

    assert response.status_code == 400
    body = response.json()
    assert body["errors"][0]["field"] == "cost__gte"


def test_card_detail_has_all_fields_and_printings(api: APIClient) -> None:
    card = Card.objects.get(game__slug="chizo", name="Golden Egg")

    body = get(api, f"/api/v1/cards/{card.pk}/").json()

    assert body["name"] == "Golden Egg"
    assert body["effect_key"]
    assert body["printings"][0]["set"]


def test_a_missing_card_answers_404_in_the_error_shape(api: APIClient) -> None:
    response = get(api, "/api/v1/cards/999999/")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_catalogue_reads_carry_an_etag_and_answer_304_when_unchanged(api: APIClient) -> None:
    first = get(api, "/api/v1/cards/", game="raise")
    assert first["Cache-Control"] == "public, max-age=300"
    etag = first["ETag"]

    second = api.get("/api/v1/cards/", {"game": "raise"}, HTTP_IF_NONE_MATCH=etag)

    assert second.status_code == 304


def test_the_list_needs_the_same_number_of_queries_for_any_page_size(
    api: APIClient, assert_num_reads: Any
) -> None:
    # the page's ids with the total (a window count), the cards with game and printings
    with assert_num_reads(2):
        assert len(get(api, "/api/v1/cards/", page_size=5).json()["results"]) == 5
    with assert_num_reads(2):
        assert len(get(api, "/api/v1/cards/", page_size=150).json()["results"]) == 150


def test_the_detail_needs_one_query(api: APIClient, django_assert_num_queries: Any) -> None:
    card = Card.objects.filter(game__slug="shadowfist").first()
    assert card is not None
    with django_assert_num_queries(1):  # the card with its game and printings
        assert get(api, f"/api/v1/cards/{card.pk}/").status_code == 200


def test_sets_list_by_game(api: APIClient) -> None:
    body = get(api, "/api/v1/sets/", game="chizo").json()

    assert body["count"] == 1
    assert body["results"][0]["is_project_set"] is True


def test_writes_to_the_catalogue_are_refused(api: APIClient, alice: User) -> None:
    api.force_authenticate(alice)

    response = api.post("/api/v1/cards/", {"name": "Forged"}, format="json")

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_the_openapi_schema_and_docs_are_served(api: APIClient) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/v1/cards/" in schema.json()["paths"]

    docs = api.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
    assert b"cdn.jsdelivr" not in docs.content


def test_the_admin_lists_cards_for_staff(client: Any) -> None:
    User.objects.create_superuser("root", "root@example.com", "root-password-1")
    client.login(username="root", password="root-password-1")

    response = client.get("/admin/cards/card/", {"q": "Rat"})

    assert response.status_code == 200
    assert b"Rat" in response.content


def test_the_home_page_lists_the_games_with_their_card_counts(client: Any) -> None:
    response = client.get("/")

    assert response.status_code == 200
    chizo_count = Card.objects.filter(game__slug="chizo").count()
    assert f'<td>ChiZo RISING</td><td class="num">{chizo_count}</td>' in response.content.decode()


def test_the_fast_card_rendering_equals_the_documented_serializers() -> None:
    from cards.api.serializers import SERIALIZERS, CardSerializer
    from cards.selectors import card_queryset

    for card in card_queryset():
        documented = SERIALIZERS[card.game.slug](card).data
        assert CardSerializer(card).data == documented, card.name


def test_plain_parameters_mean_the_same_as_query_terms(api: APIClient) -> None:
    by_params = get(api, "/api/v1/cards/", game="shadowfist", type="character", cost__lte=1)
    by_query = get(api, "/api/v1/cards/", q="game:shadowfist t:character cost<=1")

    assert by_params.json()["count"] == by_query.json()["count"] > 0
    assert by_params.json()["results"] == by_query.json()["results"]


def test_plain_parameters_and_a_query_narrow_each_other_and_keep_its_order(
    api: APIClient,
) -> None:
    results = get(api, "/api/v1/cards/", game="chizo", q="t:creature order:-str").json()["results"]

    assert {r["type"] for r in results} == {"Creature"}
    strengths = [r["strength"] for r in results]
    assert strengths == sorted(strengths, reverse=True)


def test_a_bad_plain_filter_value_names_the_parameter(api: APIClient) -> None:
    unknown = get(api, "/api/v1/cards/", creature_class="dinosaur")

    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["field"] == "filters"
    too_long = get(api, "/api/v1/cards/", type="x" * 101)
    assert too_long.status_code == 400
    assert too_long.json()["errors"][0]["field"] == "type"


def test_quotes_and_backslashes_in_a_plain_filter_are_searched_literally(api: APIClient) -> None:
    injected = get(api, "/api/v1/cards/", type='site" or "x')
    backslash = get(api, "/api/v1/cards/", type="site\\")

    assert injected.status_code == 200
    assert injected.json()["count"] == 0  # not every site, nor every card with an x
    assert backslash.status_code == 200
    assert backslash.json()["count"] == 0
