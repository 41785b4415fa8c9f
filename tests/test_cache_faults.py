"""Redis gone from under a running site, as in the production-like stack, where the
throttle cache and the broker share one Redis: signing in, tokens and throttled writes
still answer (the throttles count in each process's memory meanwhile, with a warning
logged), and starting a simulation answers 503 "the task queue could not be reached".

Each test runs its own Redis server (tests/play/test_simulation_faults.py) and kills it.
"""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from config.celery import app
from play.simulations.models import Simulation
from tests.play.test_simulation_faults import use_broker
from tests.services import PrivateRedis
from web import cache as shared_cache

RIGHT = {"username": "alice", "password": "alice-password-1"}
WRONG = {"username": "alice", "password": "wrong"}
MATCH = {"game": "raise", "mode": "bots", "seats": ["human", "random"]}
SIMULATION = {"game": "raise", "seats": ["random", "random"], "games": 100}


def with_rates(settings: Any, **rates: str) -> None:
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | rates
    settings.REST_FRAMEWORK = rest


@pytest.fixture
def cache_on(private_redis: PrivateRedis, settings: Any) -> PrivateRedis:
    """The default cache on the private Redis, configured as CACHE_URL configures it."""
    default = {"BACKEND": "web.cache.RedisCache", "LOCATION": private_redis.url,
               "KEY_PREFIX": "cardhouse"}  # fmt: skip
    settings.CACHES = settings.CACHES | {"default": default}
    return private_redis


@pytest.fixture
def broker_on(cache_on: PrivateRedis, settings: Any) -> Iterator[PrivateRedis]:
    """Tasks sent to the same private Redis, as the production-like stack sends them."""
    keys = ("broker_url", "task_always_eager", "task_default_queue")
    previous = {key: app.conf[key] for key in keys}
    settings.CELERY_BROKER_URL = cache_on.url
    settings.SIMULATIONS_INLINE = False
    use_broker(broker_url=cache_on.url, task_always_eager=False, task_default_queue="faults")
    yield cache_on
    use_broker(**previous)


def throttle_keys(server: PrivateRedis) -> list[bytes]:
    return list(redis.Redis.from_url(server.url).scan_iter("*throttle*"))


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "web.cache" and r.levelno == logging.WARNING]  # fmt: skip


@pytest.mark.django_db
def test_with_redis_gone_sign_in_tokens_and_throttled_writes_still_answer(
    cache_on: PrivateRedis, alice: User, caplog: pytest.LogCaptureFixture
) -> None:
    api = APIClient()
    api.force_authenticate(alice)
    assert api.post("/api/v1/matches/", MATCH).status_code == 201
    assert throttle_keys(cache_on), "the throttle counted in Redis while it was up"

    cache_on.kill()
    with caplog.at_level(logging.WARNING, logger="web.cache"):
        signed_in = Client().post("/accounts/login/", RIGHT)
        admin = Client().post("/admin/login/", RIGHT)
        token = APIClient().post("/api/v1/auth/token/", RIGHT)
        match = api.post("/api/v1/matches/", MATCH)
        home = Client().get("/")

    assert signed_in.status_code == 302
    assert admin.status_code == 200  # alice is no staff: the form again, with its error
    assert token.status_code == 200
    assert token.json()["token"]
    assert match.status_code == 201
    assert home.status_code == 200
    assert any("could not be reached" in message for message in warnings_of(caplog))


@pytest.mark.django_db
def test_with_redis_gone_the_login_budget_still_holds_in_each_process(
    cache_on: PrivateRedis, alice: User, settings: Any
) -> None:
    with_rates(settings, login="3/min")
    cache_on.kill()

    statuses = [Client().post("/accounts/login/", WRONG).status_code for _ in range(3)]
    refused = APIClient().post("/api/v1/auth/token/", RIGHT)

    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0


@pytest.mark.django_db
def test_redis_back_again_counts_the_throttles_again(
    cache_on: PrivateRedis, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shared_cache, "RETRY_AFTER_SECONDS", 0.0)  # try Redis at every call
    cache_on.kill()
    assert Client().post("/accounts/login/", WRONG).status_code == 200

    cache_on.start()
    assert Client().post("/accounts/login/", WRONG).status_code == 200

    assert throttle_keys(cache_on)


@pytest.mark.django_db(transaction=True)
def test_with_redis_gone_starting_a_simulation_answers_503_task_queue_unavailable(
    broker_on: PrivateRedis, alice: User, caplog: pytest.LogCaptureFixture
) -> None:
    api = APIClient()
    api.force_authenticate(alice)
    broker_on.kill()

    with caplog.at_level(logging.WARNING, logger="web.cache"):
        response = api.post("/api/v1/simulations/", SIMULATION)

    assert response.status_code == 503, response.content
    body = response.json()
    assert set(body) == {"status", "code", "detail", "errors"}
    assert (body["status"], body["code"]) == (503, "task_queue_unavailable")
    assert "the task queue could not be reached" in body["detail"]
    assert int(response["Retry-After"]) > 0
    # On record as failed with the same reason, and the throttle's warning logged.
    failed = Simulation.objects.get(owner=alice)
    assert (failed.status, failed.error) == ("failed", body["detail"])
    assert warnings_of(caplog)
    # The page starts it the same way and shows the same reason on the simulation's page.
    page = Client()
    page.force_login(alice)
    bots = {"kind": "bots", "bots-game": "raise", "bots-seats": "random, random",
            "bots-games": 50}  # fmt: skip
    started = page.post("/simulations/new/", bots)
    assert started.status_code == 302, started.content.decode()[:2000]
    assert "the task queue could not be reached" in page.get(started["Location"]).content.decode()


@pytest.mark.django_db(transaction=True)
def test_with_only_the_broker_gone_starting_a_simulation_answers_the_same_503(
    settings: Any, alice: User
) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    previous = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    use_broker(broker_url=settings.CELERY_BROKER_URL, task_always_eager=False)
    api = APIClient()
    api.force_authenticate(alice)
    try:
        response = api.post("/api/v1/simulations/", SIMULATION)
    finally:
        use_broker(**previous)

    assert response.status_code == 503
    assert response.json()["code"] == "task_queue_unavailable"


def test_every_cache_call_is_answered_from_memory_while_redis_is_unreachable(
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = "redis://:a-secret@127.0.0.1:1/0"
    unreachable = shared_cache.RedisCache(url, {"KEY_PREFIX": "t"})

    with caplog.at_level(logging.WARNING, logger="web.cache"):
        unreachable.set("a", [1, 2])
        assert unreachable.add("b", 1)
        assert unreachable.incr("b") == 2
        unreachable.set_many({"c": 3})
        answers = (unreachable.get("a"), unreachable.get_many(["b", "c"]),
                   unreachable.has_key("c"), unreachable.get("gone", "default"))  # fmt: skip
        unreachable.delete("a")
        unreachable.clear()

    assert answers == ([1, 2], {"b": 2, "c": 3}, True, "default")
    assert unreachable.get("c") is None
    # One warning, where Redis is without its password; then Redis is left alone a while.
    assert [w.split(" could")[0] for w in warnings_of(caplog)] == ["the cache at 127.0.0.1:1/0"]
    assert "a-secret" not in caplog.text


def test_cache_url_selects_the_cache_that_survives_redis() -> None:
    code = "import django; django.setup(); from django.conf import settings; " \
           "print(settings.CACHES['default']['BACKEND'])"  # fmt: skip
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "CACHE_URL": "redis://127.0.0.1:1/1"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, check=True)  # fmt: skip

    assert result.stdout.strip() == "web.cache.RedisCache"
