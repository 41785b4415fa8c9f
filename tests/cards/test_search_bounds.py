"""No search can hold a process: regex bombs answer at once, and a search that runs past
its time bound (SEARCH_TIMEOUT_MS) is stopped and answered 503, on the API, the catalogue
page and the deck builder's search panel, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from cards.models import Card, Game
from cards.search import deadline
from cards.search.deadline import SearchTimeoutError, search_deadline
from decks.models import Deck

pytestmark = pytest.mark.django_db

# The two attacks: exponential in a backtracking engine, as a bare regex and as
# the value of a field.
ATTACKS = [
    "/" + ".?" * 40 + "#/",
    "/" + "(.|.)" * 30 + "#/",
    "o:/" + ".?" * 40 + "#/",
    "name:/" + "(.|.)" * 30 + "#/",
]


@pytest.fixture
def overrun(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The next search runs past its bound, however fast the machine: on SQLite the clock
    moves a second each time the bound looks at it; on PostgreSQL another connection
    holds a lock on the cards, so the search waits past its bound of 1 ms."""
    settings.SEARCH_TIMEOUT_MS = 1
    if connection.vendor == "sqlite":
        ticks = itertools.count()
        monkeypatch.setattr(deadline, "monotonic", lambda: float(next(ticks)))
        yield
        return
    holder = connection.get_new_connection(connection.get_connection_params())
    try:
        holder.execute("SET lock_timeout = '10s'")  # fails the test rather than hang it
        holder.execute(f"LOCK TABLE {Card._meta.db_table} IN ACCESS EXCLUSIVE MODE")
        yield
    finally:
        holder.rollback()
        holder.close()


@pytest.fixture
def empty_deck(alice: User) -> Deck:
    # Made without reading the cards, so that on PostgreSQL `overrun` can lock them.
    return Deck.objects.create(
        owner=alice, game=Game.objects.get(slug="chizo"), name="Empty", format="stack"
    )


def deck_search(client: Client, deck: Deck, query: str) -> Any:
    client.force_login(deck.owner)
    return client.get(f"/decks/{deck.pk}/search/", {"q": query})


# Regex bombs ----------------------------------------------------------------------------


@pytest.mark.parametrize("query", ATTACKS)
def test_the_api_answers_a_regex_bomb(api: APIClient, query: str) -> None:
    response = api.get("/api/v1/cards/", {"q": query})

    assert response.status_code in (200, 400), response.content[:300]
    assert response.status_code == 400 or response.json()["count"] == 0


@pytest.mark.parametrize("query", ATTACKS)
def test_the_catalogue_page_answers_a_regex_bomb(client: Client, query: str) -> None:
    response = client.get("/cards/", {"q": query})

    assert response.status_code in (200, 400)
    assert "No cards match this search." in response.content.decode()


@pytest.mark.parametrize("query", ATTACKS)
def test_the_deck_search_panel_answers_a_regex_bomb(
    client: Client, empty_deck: Deck, query: str
) -> None:
    response = deck_search(client, empty_deck, query)

    assert response.status_code == 200
    assert "No ChiZo RISING card matches" in response.content.decode()


# The time bound --------------------------------------------------------------------------


@pytest.mark.usefixtures("overrun")
def test_the_api_answers_503_in_the_error_shape_when_a_search_runs_too_long(
    api: APIClient,
) -> None:
    response = api.get("/api/v1/cards/", {"q": "o:/draw/ or o:/score/"})

    assert response.status_code == 503
    body = response.json()
    assert body["code"] == "search_timeout"
    assert body["status"] == 503
    assert body["detail"] == "the search took longer than 0.001 s and was stopped; " + (
        "try a narrower query"
    )
    assert body["errors"] == [
        {"field": "q", "message": body["detail"], "code": "search_timeout"}
    ]


@pytest.mark.usefixtures("overrun")
def test_the_catalogue_page_answers_503_with_the_reason(client: Client) -> None:
    response = client.get("/cards/", {"q": "o:/draw/"})

    assert response.status_code == 503
    assert "the search took longer than 0.001 s and was stopped" in response.content.decode()


def test_the_deck_search_panel_says_the_search_took_too_long(
    client: Client, empty_deck: Deck, overrun: None
) -> None:
    response = deck_search(client, empty_deck, "o:/draw/")

    assert response.status_code == 200
    assert "the search took longer than 0.001 s and was stopped" in response.content.decode()


@pytest.mark.usefixtures("overrun")
def test_a_query_past_the_bound_raises_search_timeout() -> None:
    with pytest.raises(SearchTimeoutError), search_deadline():
        list(Card.objects.filter(effect_text__regex="draw"))


def test_a_search_within_its_bound_leaves_the_connection_as_it_was(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.SEARCH_TIMEOUT_MS = 60_000
    before = _statement_timeout()

    with search_deadline():
        found = Card.objects.filter(effect_text__iregex="draw").count()
    monkeypatch.setattr(deadline, "monotonic", lambda: 1e12)  # far past any deadline
    again = Card.objects.filter(effect_text__iregex="draw").count()

    assert found == again > 0  # SQLite: the bound went with the search
    assert _statement_timeout() == before  # PostgreSQL: the connection's own timeout is back


def _statement_timeout() -> str | None:
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        return str(cursor.fetchone()[0])
