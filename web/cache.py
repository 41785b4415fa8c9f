"""The shared cache (CACHE_URL): Django's Redis cache, which falls back to this process's
memory while Redis cannot be reached, so that a Redis outage does not take the site down.

Throttles count in the cache. With Redis gone, every call would raise and every throttled
request answer 500; here the call is answered from a local memory cache instead, with a
warning logged: throttles then count per process (looser, but they still hold) until Redis
answers again. After a failure Redis is left alone for RETRY_AFTER_SECONDS, so an outage
costs one connection attempt (at most TIMEOUT_SECONDS) and one warning per process and
interval, not one per call.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from django.core.cache.backends import redis as django_redis
from django.core.cache.backends.locmem import LocMemCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

#: Seconds Redis is left alone after a failure; calls meanwhile go to the local memory.
RETRY_AFTER_SECONDS = 5.0
#: Seconds to connect to Redis, or to wait for its answer, before it counts as unreachable.
TIMEOUT_SECONDS = 1.0


class _Outage:
    """Until when this process leaves one Redis cache alone (shared by its threads, each of
    which has its own cache object)."""

    def __init__(self) -> None:
        self.until: float | None = None


_outages: dict[str, _Outage] = {}
_outages_lock = threading.Lock()


class RedisCache(django_redis.RedisCache):
    """Django's Redis cache; each call answered from this process's memory instead when
    Redis fails (or failed less than RETRY_AFTER_SECONDS ago)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {"socket_connect_timeout": TIMEOUT_SECONDS, "socket_timeout": TIMEOUT_SECONDS}
        super().__init__(server, params | {"OPTIONS": options | params.get("OPTIONS", {})})
        name = f"redis-fallback:{server}:{self.key_prefix}"
        # The same prefix, version and timeouts as the shared cache; one store per process.
        self._local = LocMemCache(name, {k: v for k, v in params.items() if k != "OPTIONS"})
        with _outages_lock:
            self._outage = _outages.setdefault(name, _Outage())
        # Where Redis is, for the log: host, port and database, never a password.
        # RedisCache keeps its server list in _servers; django-stubs leaves the private
        # attribute out.
        url = urlsplit(self._servers[0])  # type: ignore[attr-defined]
        self._where = f"{url.hostname}:{url.port or 6379}{url.path}"

    def _either(self, method: str, *args: Any, **kwargs: Any) -> Any:
        outage = self._outage
        if outage.until is not None and time.monotonic() < outage.until:
            return getattr(self._local, method)(*args, **kwargs)
        try:
            answer = getattr(super(), method)(*args, **kwargs)
        except RedisError as error:
            outage.until = time.monotonic() + RETRY_AFTER_SECONDS
            logger.warning(
                "the cache at %s could not be reached (%s: %s); throttles count in this "
                "process's memory, and Redis is tried again in %s s",
                self._where, type(error).__name__, error, RETRY_AFTER_SECONDS,
            )  # fmt: skip
            return getattr(self._local, method)(*args, **kwargs)
        if outage.until is not None:
            outage.until = None
            logger.info("the cache at %s answers again", self._where)
        return answer

    def add(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("add", *args, **kwargs)

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("get", *args, **kwargs)

    def set(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("set", *args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("touch", *args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("delete", *args, **kwargs)

    def get_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("get_many", *args, **kwargs)

    def has_key(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("has_key", *args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("incr", *args, **kwargs)

    def set_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("set_many", *args, **kwargs)

    def delete_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("delete_many", *args, **kwargs)

    def clear(self) -> Any:
        self._local.clear()
        return self._either("clear")
