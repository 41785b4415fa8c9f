"""Fifty clients edit one deck at once through the API, over a real threaded server:
every write is either applied or refused with 412, and the deck's version counts exactly
the applied writes."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread, _StaticFilesHandler
from rest_framework.authtoken.models import Token

from decks.models import Deck, DeckVersion
from tests.waiting import WAIT_SECONDS, wait_for

pytestmark = pytest.mark.django_db(transaction=True)
CLIENTS = 50


def call(url: str, token: str, method: str = "GET", body: Any = None, etag: str = "") -> Any:
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    if etag:
        headers["If-Match"] = etag
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            return response.status, response.headers.get("ETag")
    except urllib.error.HTTPError as error:
        return error.code, None


def start_together(work: Any) -> list[Any]:
    """Run work(index) in CLIENTS threads released at the same moment; each one's result,
    or the exception it met (so that a failure shows it rather than a missing answer)."""
    barrier = threading.Barrier(CLIENTS)
    results: list[Any] = [None] * CLIENTS

    def client(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:
            results[index] = error

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    wait_for(lambda: not any(thread.is_alive() for thread in threads), "every client's answer")
    return results


class RoomyServer(ThreadedWSGIServer):
    # Room for every client's connection at once, as a production server has (the
    # development server queues 10 and resets the rest).
    request_queue_size = 128


class RoomyServerThread(LiveServerThread):
    server_class = RoomyServer


@pytest.fixture
def server() -> Iterator[str]:
    thread = RoomyServerThread("127.0.0.1", _StaticFilesHandler)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    yield f"http://127.0.0.1:{thread.port}"
    thread.terminate()


@pytest.fixture
def deck_url(server: str) -> tuple[str, str, int]:
    owner = User.objects.create_user("alice", password="alice-password-1")
    token = Token.objects.create(user=owner).key
    deck = Deck.objects.create(owner=owner, game_id=_chizo_id(), name="Shared", format="stack")
    return f"{server}/api/v1/decks/{deck.pk}/", token, deck.pk


def _chizo_id() -> int:
    from cards.models import Game

    return Game.objects.get_or_create(slug="chizo", defaults={"name": "ChiZo RISING"})[0].pk


def test_fifty_writes_on_the_same_version_apply_exactly_one(deck_url: Any) -> None:
    url, token, deck_id = deck_url
    _status, etag = call(url, token)

    statuses = start_together(lambda i: call(url, token, "PATCH", {"name": f"client {i}"}, etag)[0])

    assert sorted(set(statuses)) == [200, 412]
    assert statuses.count(200) == 1
    deck = Deck.objects.get(pk=deck_id)
    assert deck.version == 2
    assert deck.name == f"client {statuses.index(200)}"


def test_fifty_clients_reading_and_writing_at_once_leave_a_version_per_applied_write(
    deck_url: Any,
) -> None:
    url, token, deck_id = deck_url
    start = Deck.objects.get(pk=deck_id).version

    def read_then_write(index: int) -> int:
        _status, etag = call(url, token)
        return int(call(url, token, "PATCH", {"description": f"by {index}"}, etag)[0])

    statuses = start_together(read_then_write)

    assert set(statuses) <= {200, 412}
    applied = statuses.count(200)
    assert applied >= 1
    deck = Deck.objects.get(pk=deck_id)
    assert deck.version == start + applied
    assert DeckVersion.objects.filter(deck_id=deck_id, version__gt=start).count() == applied
