"""Shared fixtures.

The shipped catalogue is loaded once per test session, right after the test database is
created; each test then runs in a transaction that is rolled back, so tests see the
catalogue and leave it as they found it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cards.services import catalogue_load
from tests.services import PrivateRedis


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        catalogue_load()


@pytest.fixture(scope="session", autouse=True)
def bulk_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The commands that load the catalogue, and the web servers some tests start (their
    refresher), write the bulk data files: into a folder of the test session's, never the
    project's (the tests of the files use their own)."""
    folder = tmp_path_factory.mktemp("bulk-data")
    settings.BULK_DATA_DIR = folder
    before = os.environ.get("BULK_DATA_DIR")
    os.environ["BULK_DATA_DIR"] = str(folder)  # for the processes tests start
    yield
    if before is None:
        del os.environ["BULK_DATA_DIR"]
    else:
        os.environ["BULK_DATA_DIR"] = before


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> None:
    """Tests create many users; the production hasher's cost buys nothing here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests change cards and read them back at once: no cached catalogue answers, but in
    # the test of the cache itself.
    settings.CATALOGUE_CACHE_SECONDS = 0


@pytest.fixture
def committed_catalogue(transactional_db: None) -> None:
    """The shipped catalogue in a transactional test: an earlier transactional test's
    flush empties the tables, so load it again when it is gone."""
    from cards.models import Card

    if not Card.objects.filter(game__slug="chizo").exists():
        catalogue_load()


@pytest.fixture(autouse=True)
def fresh_throttles() -> None:
    """Throttle counts live in the cache: every test starts with none."""
    cache.clear()
    caches["catalogue"].clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def _user(username: str) -> User:
    return User.objects.create_user(username, f"{username}@example.com", f"{username}-password-1")


@pytest.fixture
def alice(db: None) -> User:
    """The owner."""
    return _user("alice")


@pytest.fixture
def bob(db: None) -> User:
    """Another user."""
    return _user("bob")


@pytest.fixture
def charlie(db: None) -> User:
    """An outsider."""
    return _user("charlie")


def _search_bound(sql: str) -> bool:
    """A statement of a search's time bound on PostgreSQL (cards/search/deadline.py)."""
    return "statement_timeout" in sql or "SAVEPOINT" in sql


@pytest.fixture
def assert_num_reads() -> Callable[[int], AbstractContextManager[None]]:
    """Like django_assert_num_queries, leaving out the statements of the search time bound."""

    @contextmanager
    def reads(expected: int) -> Iterator[None]:
        with CaptureQueriesContext(connection) as context:
            yield
        queries = [q["sql"] for q in context.captured_queries if not _search_bound(q["sql"])]
        assert len(queries) == expected, queries

    return reads


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    """A Redis server of the test's own, killed and removed afterwards."""
    if not shutil.which("redis-server"):
        pytest.fail("redis-server is not installed (see .ci/services.sh)")
    server = PrivateRedis()
    server.start()
    yield server
    if server.process and server.process.poll() is None:
        server.kill()
    shutil.rmtree(server.folder, ignore_errors=True)
