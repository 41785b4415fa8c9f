"""What the schema fuzz (test_schema_fuzz.py) found, one regression test each: the API
answers as its OpenAPI schema says."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from web.pagination import MAX_PAGE_SIZE

pytestmark = pytest.mark.django_db

STACK = "\n".join(
    f"3 {n}" for n in ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Ram", "Monkey"]
)


@pytest.fixture
def player(api: APIClient, alice: User) -> APIClient:
    api.force_authenticate(alice)
    return api


def error_fields(response: Any) -> list[str | None]:
    body = response.json()
    assert set(body) == {"status", "code", "detail", "errors"}
    return [e["field"] for e in body["errors"]]


def schema(api: APIClient) -> dict[str, Any]:
    return api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


NO_ROUTE = [
    "/api/v1/decks/-1/",
    "/api/v1/no-such-thing/",
    "/api/v1/nope/",
    "/api/nope",
    "/api/v2/x",
    "/api/v1/cards/abc/",
    "/api/",
]


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
@pytest.mark.parametrize("url", NO_ROUTE)
def test_an_api_url_that_matches_no_route_answers_404_in_the_error_shape(
    api: APIClient, settings: Any, url: str, debug: bool
) -> None:
    # With DEBUG on Django answers an unknown URL with its technical page, not handler404:
    # web.errors.ApiNotFoundMiddleware gives the API its shape there too.
    settings.DEBUG = debug

    response = api.get(url)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "status": 404, "code": "not_found", "detail": "Not found.", "errors": []
    }  # fmt: skip


def test_a_page_that_matches_no_route_keeps_django_s_page(api: APIClient) -> None:
    response = api.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_browser_asking_for_html_gets_the_browsable_page_of_an_api_404_in_debug_too(
    api: APIClient, settings: Any
) -> None:
    settings.DEBUG = True

    response = api.get("/api/v1/cards/999999999/", HTTP_ACCEPT="text/html")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"Not found." in response.content


@pytest.mark.parametrize("value", ["--5", "²", "1.5", "", "99999"])
def test_a_numeric_card_filter_that_is_not_a_whole_number_in_range_answers_400(
    api: APIClient, value: str
) -> None:
    response = api.get("/api/v1/cards/", {"cost__lte": value})

    assert response.status_code == 400
    assert error_fields(response) == ["cost__lte"]


def test_a_body_of_another_type_than_documented_answers_400(player: APIClient) -> None:
    listed = player.post("/api/v1/decks/validate/", {"game": "chizo", "list": 0})
    counted = player.post(
        "/api/v1/simulations/", {"game": "raise", "seats": ["random"], "games": "5"}
    )
    named = player.post("/api/v1/decks/", {"game": "chizo", "name": True})
    formats = player.post("/api/v1/decks/validate/", {"game": "chizo", "list": "", "formats": [1]})

    assert [r.status_code for r in (listed, counted, named, formats)] == [400] * 4
    assert error_fields(listed) == ["list"]
    assert error_fields(counted) == ["games"]
    assert error_fields(named) == ["name"]
    assert error_fields(formats) == ["formats[0]"]


def test_a_form_encoded_body_answers_415(player: APIClient) -> None:
    response = player.post("/api/v1/decks/", {"game": "chizo", "name": "F"}, format="multipart")

    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize(
    ("url", "query"),
    [
        ("/api/v1/matches/", {"page_size": "lots"}),
        ("/api/v1/matches/", {"page_size": "0"}),
        ("/api/v1/matches/", {"page": ""}),
        ("/api/v1/decks/", {"public": ""}),
        ("/api/v1/decks/", {"public": "maybe"}),
        ("/api/v1/simulations/compare/", {"a": "-5", "b": "1"}),
    ],
)
def test_a_query_parameter_of_the_wrong_type_answers_400_instead_of_a_default(
    player: APIClient, url: str, query: dict[str, str]
) -> None:
    response = player.get(url, query)

    assert response.status_code == 400
    assert error_fields(response) == [next(iter(query))]


@pytest.mark.parametrize(
    "url", ["/api/v1/cards/", "/api/v1/decks/", "/api/v1/matches/", "/api/v1/decklists/"]
)
@pytest.mark.parametrize("size", [str(MAX_PAGE_SIZE + 1), "1000", "9" * 40])
def test_a_page_size_over_the_bound_answers_400_naming_the_bound(
    player: APIClient, url: str, size: str
) -> None:
    response = player.get(url, {"page_size": size})

    assert response.status_code == 400
    assert error_fields(response) == ["page_size"]
    assert f"at most {MAX_PAGE_SIZE}" in response.json()["detail"]


@pytest.mark.parametrize("url", ["/api/v1/cards/", "/api/v1/decks/"])
def test_a_page_size_at_the_bound_is_served(player: APIClient, url: str) -> None:
    response = player.get(url, {"page_size": str(MAX_PAGE_SIZE)})

    assert response.status_code == 200


def test_the_schema_gives_the_page_size_its_bound(api: APIClient) -> None:
    parameters = schema(api)["paths"]["/api/v1/cards/"]["get"]["parameters"]
    page_size = next(p for p in parameters if p["name"] == "page_size")

    assert page_size["schema"]["maximum"] == MAX_PAGE_SIZE
    assert str(MAX_PAGE_SIZE) in page_size["description"]


def test_an_empty_other_deck_in_a_diff_answers_400(player: APIClient) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()

    response = player.get(f"/api/v1/decks/{deck['id']}/diff/", {"other": ""})

    assert response.status_code == 400
    assert error_fields(response) == ["other"]


def test_the_simulation_list_documents_the_fields_it_sends(player: APIClient) -> None:
    player.post("/api/v1/simulations/", {"game": "raise", "seats": ["random"] * 2, "games": 10})

    row = player.get("/api/v1/simulations/").json()["results"][0]
    documented = schema(player)["components"]["schemas"]["SimulationSummary"]

    assert set(row) == set(documented["properties"])
    assert "results" not in row


def test_each_card_shape_names_its_one_game_so_a_card_matches_one_shape(api: APIClient) -> None:
    schemas = schema(api)["components"]["schemas"]
    mapping = schemas["Card"]["discriminator"]["mapping"]

    for game, ref in mapping.items():
        shape = schemas[ref.rsplit("/", 1)[1]]
        enum = schemas[shape["properties"]["game"]["allOf"][0]["$ref"].rsplit("/", 1)[1]]
        assert enum["enum"] == [game]


def test_every_operation_documents_its_errors_in_the_error_shape(api: APIClient) -> None:
    for path, operations in schema(api)["paths"].items():
        for method, operation in operations.items():
            errors = {c: r for c, r in operation["responses"].items() if c.startswith("4")}
            assert "401" in errors, (method, path)
            for response in errors.values():
                body = response["content"]["application/json"]["schema"]
                assert body == {"$ref": "#/components/schemas/Error"}, (method, path)


def test_a_deck_write_whose_body_is_not_an_object_answers_400(player: APIClient) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()

    response = player.patch(f"/api/v1/decks/{deck['id']}/", [{"": None}, None])

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


@pytest.mark.parametrize(
    ("url", "name"),
    [("/api/v1/cards/", "q"), ("/api/v1/cards/", "type"), ("/api/v1/sets/", "game")],
)
def test_a_nul_character_in_an_api_query_answers_400(api: APIClient, url: str, name: str) -> None:
    response = api.get(url, {name: "rat\x00"})

    assert response.status_code == 400
    assert error_fields(response) == [name]


def test_a_seat_that_names_no_known_player_answers_400_even_when_goldfish_ignores_seats(
    player: APIClient,
) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()
    body = {"game": "chizo", "mode": "goldfish", "deck": deck["id"], "seats": ["AAA"]}

    response = player.post("/api/v1/matches/", body)

    assert response.status_code == 400
    assert error_fields(response) == ["seats[0]"]


def test_an_invalid_token_answers_401_even_where_anonymous_callers_are_served(
    api: APIClient,
) -> None:
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    response = api.get("/api/v1/games/")

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_a_session_write_without_its_csrf_token_answers_403_in_the_error_shape(
    alice: User,
) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post("/api/v1/decks/validate/", {"game": "chizo", "list": "3 Rat"})

    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"


def test_blank_format_slugs_in_a_validation_are_dropped_not_refused(api: APIClient) -> None:
    body = {"game": "chizo", "list": STACK, "formats": ["stack", " ", "\x1f"]}

    response = api.post("/api/v1/decks/validate/", body)

    assert response.status_code == 200
    assert list(response.json()["formats"]) == ["stack"]


def test_an_error_outside_the_views_answers_500_in_the_error_shape(monkeypatch: Any) -> None:
    def broken(*_args: object) -> Any:
        raise RuntimeError("a middleware bug")

    monkeypatch.setattr("web.limits._nul_refused", broken)
    client = APIClient(raise_request_exception=False)

    response = client.get("/api/v1/games/", {"q": "\x00"})

    assert response.status_code == 500
    assert response.json() == {
        "status": 500,
        "code": "server_error",
        "detail": "An unexpected error occurred.",
        "errors": [],
    }


def test_an_export_answers_a_client_that_accepts_only_its_media_type(player: APIClient) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()
    url = f"/api/v1/decks/{deck['id']}/export/"

    csv = player.get(url, {"format": "csv"}, HTTP_ACCEPT="text/csv")
    missing = player.get("/api/v1/decks/999999/export/", HTTP_ACCEPT="text/csv")

    assert csv.status_code == 200
    assert csv["Content-Type"] == "text/csv; charset=utf-8"
    assert missing.status_code == 404
    assert missing.json()["code"] == "not_found"


def test_an_accept_header_the_api_cannot_answer_gets_406_in_the_error_shape(
    api: APIClient,
) -> None:
    response = api.get("/api/v1/games/", HTTP_ACCEPT="application/xml")

    assert response.status_code == 406
    assert response.json()["code"] == "not_acceptable"


def test_a_deck_replaced_without_its_game_keeps_it_as_the_schema_allows(
    player: APIClient,
) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()

    response = player.put(f"/api/v1/decks/{deck['id']}/", {"name": "E", "list": "3 Rat"})
    documented = schema(player)["components"]["schemas"]["DeckChangeRequest"]

    assert response.status_code == 200
    assert response.json()["game"] == "chizo"
    assert "game" not in documented.get("required", [])


def test_a_diff_with_another_deck_still_checks_from_and_to(player: APIClient) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()
    url = f"/api/v1/decks/{deck['id']}/diff/"

    response = player.get(url, {"other": deck["id"], "from": 0, "to": 0})

    assert response.status_code == 400
    assert error_fields(response) == ["to"]


def test_a_patch_with_an_incomplete_entry_answers_400_not_500(player: APIClient) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": STACK}).json()

    response = player.patch(f"/api/v1/decks/{deck['id']}/", {"entries": [{"card": 3}, {}]})

    assert response.status_code == 400
    assert error_fields(response) == ["entries[0].count", "entries[1].card", "entries[1].count"]


def test_a_browser_asking_for_html_gets_the_browsable_page_of_the_same_answer(
    api: APIClient,
) -> None:
    json_answer = api.get("/api/v1/games/")
    html_answer = api.get("/api/v1/games/", HTTP_ACCEPT="text/html")

    assert html_answer.status_code == 200
    assert html_answer["Content-Type"].startswith("text/html")
    for game in json_answer.json():
        assert game["slug"] in html_answer.content.decode()
