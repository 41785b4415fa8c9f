"""Cross-origin requests (web/cors.py): any origin may read the API, without credentials;
nobody may write across origins; the pages answer no CORS request."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

ORIGIN = "https://elsewhere.example"
ALLOW_ORIGIN = "Access-Control-Allow-Origin"
ALLOW_METHODS = "Access-Control-Allow-Methods"
ALLOW_CREDENTIALS = "Access-Control-Allow-Credentials"
EXPOSE = "Access-Control-Expose-Headers"


def preflight(api: APIClient, url: str, method: str, headers: str = "") -> Any:
    extra = {"HTTP_ORIGIN": ORIGIN, "HTTP_ACCESS_CONTROL_REQUEST_METHOD": method}
    if headers:
        extra["HTTP_ACCESS_CONTROL_REQUEST_HEADERS"] = headers
    return api.options(url, **extra)


def cors_headers(response: Any) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k.lower().startswith("access-control-")}


@pytest.mark.parametrize("url", ["/api/v1/cards/", "/api/v1/games/", "/api/v1/sets/"])
def test_a_public_read_from_another_origin_is_allowed_to_anyone(api: APIClient, url: str) -> None:
    response = api.get(url, HTTP_ORIGIN=ORIGIN)

    assert response.status_code == 200
    assert response[ALLOW_ORIGIN] == "*"
    assert ALLOW_CREDENTIALS not in response
    assert {"ETag", "Last-Modified"} <= {h.strip() for h in response[EXPOSE].split(",")}


def test_a_cached_answer_and_a_304_carry_the_same_cors_headers(api: APIClient) -> None:
    first = api.get("/api/v1/games/", HTTP_ORIGIN=ORIGIN)
    again = api.get("/api/v1/games/", HTTP_ORIGIN=ORIGIN, HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304
    assert again[ALLOW_ORIGIN] == "*"


def test_an_error_of_a_read_is_readable_across_origins_too(api: APIClient) -> None:
    missing = api.get("/api/v1/no-such-thing/", HTTP_ORIGIN=ORIGIN)
    refused = api.get("/api/v1/decks/", HTTP_ORIGIN=ORIGIN)
    before_a_view = api.get("/api/v1/cards/", {"q": "\x00"}, HTTP_ORIGIN=ORIGIN)

    assert (missing.status_code, missing[ALLOW_ORIGIN]) == (404, "*")
    assert (refused.status_code, refused[ALLOW_ORIGIN]) == (401, "*")
    assert (before_a_view.status_code, before_a_view[ALLOW_ORIGIN]) == (400, "*")


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_preflight_for_a_read_is_allowed(api: APIClient, method: str) -> None:
    response = preflight(api, "/api/v1/cards/", method, headers="authorization")

    assert response.status_code == 200
    assert response[ALLOW_ORIGIN] == "*"
    allowed = {m.strip() for m in response[ALLOW_METHODS].split(",")}
    assert allowed == set(settings.CORS_ALLOW_METHODS)
    assert "authorization" in response["Access-Control-Allow-Headers"]
    assert ALLOW_CREDENTIALS not in response


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("url", ["/api/v1/decks/", "/api/v1/decks/validate/", "/api/v1/cards/"])
def test_a_preflight_for_a_write_gets_no_allow_headers(
    api: APIClient, url: str, method: str
) -> None:
    response = preflight(api, url, method, headers="content-type")

    assert cors_headers(response) == {}


def test_a_write_from_another_origin_gets_no_cors_headers(api: APIClient, alice: User) -> None:
    api.force_authenticate(alice)

    response = api.post(
        "/api/v1/decks/validate/", {"game": "chizo", "list": "3 Rat"}, HTTP_ORIGIN=ORIGIN
    )

    # The server still serves it (a form can post across origins anyway); without the
    # headers the browser keeps its answer from the script.
    assert response.status_code == 200
    assert cors_headers(response) == {}


@pytest.mark.parametrize("url", ["/", "/cards/", "/healthz"])
def test_a_page_answers_no_cors_request(api: APIClient, url: str) -> None:
    read = api.get(url, HTTP_ORIGIN=ORIGIN)
    checked = preflight(api, url, "GET")

    assert read.status_code == 200
    assert cors_headers(read) == {}
    assert cors_headers(checked) == {}


def test_a_read_without_an_origin_gets_no_cors_headers(api: APIClient) -> None:
    assert cors_headers(api.get("/api/v1/games/")) == {}
