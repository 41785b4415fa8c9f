"""Errors never show their insides: an unexpected failure answers 500 with a plain
message, without the exception's text or a stack trace, on the API and on the pages."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
SECRET = "password=hunter2 in /srv/cardhouse/config.py line 12"


def explode(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError(SECRET)


def test_an_api_failure_answers_500_without_its_insides(monkeypatch: Any) -> None:
    monkeypatch.setattr("cards.api.views.rows.card_page", explode)  # run on every request
    api = APIClient(raise_request_exception=False)

    response = api.get("/api/v1/cards/", {"q": "rat"})

    assert response.status_code == 500
    body = response.json()
    assert body == {"status": 500, "code": "server_error",
                    "detail": "An unexpected error occurred.", "errors": []}  # fmt: skip
    assert SECRET not in response.content.decode()


def test_a_page_failure_answers_500_without_its_insides(client: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("cards.pages.catalogue._search", explode)
    client.raise_request_exception = False

    response = client.get("/cards/", {"q": "rat"})

    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page
    assert SECRET not in page
    assert "Traceback" not in page
