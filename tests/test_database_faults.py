"""The database connection dropped in the middle of a request that writes: the answer is
a 503 that says nothing was saved, nothing was saved, and the next request works.

On PostgreSQL the connection is really dropped: another connection terminates this
request's server process between two of its statements. SQLite has no server to lose,
so there the same statement fails with the error a lost connection raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import OperationalError, connection
from rest_framework.test import APIClient

from decks.models import Deck

pytestmark = pytest.mark.django_db(transaction=True)
STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push"


def drop_connection() -> None:
    if connection.vendor == "postgresql":
        pid = connection.connection.info.backend_pid
        settings = connection.settings_dict
        dsn = f"host={settings['HOST'] or '127.0.0.1'} port={settings['PORT'] or 5432} " \
              f"user={settings['USER']} dbname={settings['NAME']}"  # fmt: skip
        with psycopg.connect(dsn, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", [pid])
    else:
        raise OperationalError("disk I/O error (the database went away)")


@contextmanager
def drop_before(table: str) -> Iterator[list[str]]:
    """Drop the connection just before the request's first write to `table`."""
    dropped: list[str] = []

    def wrapper(execute: Callable[..., Any], sql: str, params: Any, many: bool,
                context: Any) -> Any:  # fmt: skip
        if not dropped and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")) \
                and table in sql:  # fmt: skip
            dropped.append(sql)
            drop_connection()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield dropped


@pytest.fixture
def deck(committed_catalogue: None, alice: User) -> Deck:
    from decks.services import deck_create_from_text

    return deck_create_from_text(owner=alice, game="chizo", name="Before", text=STACK)


def test_an_api_write_cut_off_answers_503_and_saves_nothing(alice: User, deck: Deck) -> None:
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(alice)

    with drop_before("decks_deckentry") as dropped:
        response = api.put(f"/api/v1/decks/{deck.pk}/",
                           {"name": "After", "list": "3 Rat"}, format="json")  # fmt: skip

    assert dropped, "the fault was injected"
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert "nothing was saved" in response.json()["detail"]
    assert response["Retry-After"] == "5"
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Before", 1)
    assert sum(e.count for e in deck.entries.all()) == 36
    again = api.patch(f"/api/v1/decks/{deck.pk}/", {"name": "After"}, format="json")
    assert again.status_code == 200


def test_a_page_write_cut_off_answers_503_and_saves_nothing(
    client: Any, alice: User, deck: Deck
) -> None:
    client.force_login(alice)
    client.raise_request_exception = False

    with drop_before("decks_deck") as dropped:
        response = client.post(
            f"/decks/{deck.pk}/settings/",
            {"name": "After", "format": "stack", "visibility": "private", "description": "",
             "version": deck.version},
        )  # fmt: skip

    assert dropped
    assert response.status_code == 503
    assert b"nothing was saved" in response.content
    deck.refresh_from_db()
    assert deck.name == "Before"
    assert client.get(f"/decks/{deck.pk}/").status_code == 200
