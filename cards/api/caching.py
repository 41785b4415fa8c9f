"""Catalogue responses cached on the server.

The catalogue changes only when it is loaded or imported, and every visitor asks the
same few searches, so a rendered answer is kept for CATALOGUE_CACHE_SECONDS in the
`catalogue` cache, in each process's memory (config/settings.py says why). An import
shows in the answers within that time. 0 turns the cache off (the tests do, but for the test
of the cache itself).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpResponseBase
from django.views.decorators.cache import cache_page


def catalogue_cached(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    @wraps(view)
    def cached(request: Any, *args: Any, **kwargs: Any) -> HttpResponseBase:
        seconds = settings.CATALOGUE_CACHE_SECONDS
        if not seconds:
            return view(request, *args, **kwargs)
        return cache_page(seconds, cache="catalogue")(view)(request, *args, **kwargs)

    return cached
