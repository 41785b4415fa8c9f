"""Hard limits (413 for an oversized body) and throttles (429 with Retry-After)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.models import Deck
from web.limits import WriteRateThrottle

pytestmark = pytest.mark.django_db


def with_rates(settings: Any, **rates: str) -> None:
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | rates
    settings.REST_FRAMEWORK = rest


def test_it_refuses_an_oversized_api_body_with_413_and_saves_nothing(
    api: APIClient, alice: User, settings: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2048
    api.force_authenticate(alice)
    body = {"game": "chizo", "name": "Big", "list": "3 Rat\n" * 1000}

    response = api.post("/api/v1/decks/", body, format="json")

    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large"
    assert "2048 bytes" in response.json()["detail"]
    assert not Deck.objects.exists()


def test_it_refuses_an_oversized_form_post_with_413(client: Any, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024

    response = client.post("/accounts/login/", {"username": "x" * 5000, "password": "y"})

    assert response.status_code == 413
    assert b"larger than the limit of 1024 bytes" in response.content


def test_a_body_within_the_limit_is_served(api: APIClient, alice: User) -> None:
    api.force_authenticate(alice)

    response = api.post("/api/v1/decks/", {"game": "chizo", "name": "Small", "list": "3 Rat"})

    assert response.status_code == 201


def test_match_creation_is_throttled_with_retry_after(
    api: APIClient, alice: User, settings: Any
) -> None:
    with_rates(settings, match_create="2/min")
    api.force_authenticate(alice)
    body = {"game": "raise", "mode": "bots", "seats": ["human", "random"]}

    statuses = [api.post("/api/v1/matches/", body, format="json").status_code for _ in range(3)]
    refused = api.post("/api/v1/matches/", body, format="json")

    assert statuses == [201, 201, 429]
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 60
    assert api.get("/api/v1/matches/").status_code == 200  # reads are not throttled


def test_throttles_count_per_user(api: APIClient, alice: User, bob: User, settings: Any) -> None:
    with_rates(settings, match_create="1/min")
    body = {"game": "raise", "mode": "bots", "seats": ["human", "random"]}
    api.force_authenticate(alice)
    api.post("/api/v1/matches/", body, format="json")

    api.force_authenticate(bob)

    assert api.post("/api/v1/matches/", body, format="json").status_code == 201


def test_simulations_are_throttled(api: APIClient, alice: User, settings: Any) -> None:
    with_rates(settings, simulation="1/min")
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    body = {"game": "raise", "seats": ["random", "random"], "games": 2}

    first = api.post("/api/v1/simulations/", body, format="json")
    second = api.post("/api/v1/simulations/", body, format="json")

    assert first.status_code == 202
    assert second.status_code == 429
    assert "Retry-After" in second


def test_the_token_endpoint_is_throttled(api: APIClient, alice: User, settings: Any) -> None:
    with_rates(settings, login="2/min")
    wrong = {"username": "alice", "password": "wrong"}

    statuses = [api.post("/api/v1/auth/token/", wrong).status_code for _ in range(3)]

    assert statuses == [400, 400, 429]


def test_the_login_page_is_throttled_by_address(
    client: Any, alice: User, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_rates(settings, login="3/min")
    # The throttle's clock stands still: the wait is the whole minute however long the
    # posts take (on a loaded machine a second could pass, and the wait be 59 s).
    monkeypatch.setattr(WriteRateThrottle, "timer", staticmethod(lambda: 1_000_000.0))
    wrong = {"username": "alice", "password": "wrong"}

    statuses = [client.post("/accounts/login/", wrong).status_code for _ in range(4)]
    refused = client.post("/accounts/login/", {"username": "alice", "password": "alice-password-1"})

    assert statuses == [200, 200, 200, 429]
    assert refused.status_code == 429
    assert b"Please wait" in refused.content
    assert int(refused["Retry-After"]) == 60


def test_a_forged_forwarded_for_header_does_not_reset_an_address_budget(
    api: APIClient, client: Any, alice: User, settings: Any
) -> None:
    with_rates(settings, login="2/min")
    wrong = {"username": "alice", "password": "wrong"}

    token = [
        api.post("/api/v1/auth/token/", wrong, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
        for n in range(3)
    ]
    login = client.post("/accounts/login/", wrong, HTTP_X_FORWARDED_FOR="10.0.1.1")

    assert token == [400, 400, 429]
    assert login.status_code == 429


def test_behind_one_proxy_the_address_is_the_last_forwarded_one(
    api: APIClient, alice: User, settings: Any
) -> None:
    with_rates(settings, login="1/min")
    settings.REST_FRAMEWORK = settings.REST_FRAMEWORK | {"NUM_PROXIES": 1}
    wrong = {"username": "alice", "password": "wrong"}

    def attempt(forwarded: str) -> int:
        return api.post("/api/v1/auth/token/", wrong, HTTP_X_FORWARDED_FOR=forwarded).status_code

    # The proxy appends the address it saw; what the client wrote before it is not trusted.
    assert attempt("1.1.1.1, 203.0.113.7") == 400
    assert attempt("2.2.2.2, 203.0.113.7") == 429
    assert attempt("203.0.113.8") == 400


def test_a_nul_in_an_api_query_keeps_the_api_error_shape(api: APIClient) -> None:
    response = api.get("/api/v1/cards/?%00=1&q=rat")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert [error["field"] for error in response.json()["errors"]] == ["\x00"]
