"""Catalogue responses cached on the server, keyed by the catalogue's version.

Every visitor asks the same few searches, so a rendered answer is kept in the `catalogue`
cache, in each process's memory (config/settings.py says why), for at most
CATALOGUE_CACHE_SECONDS. Its key holds the stamps of the catalogue it was read from
(cards/versioning.py: a new stamp at every write of a card, printing or set): after an
import or an edit the next request reads new stamps, misses, and answers from the new
catalogue, in every process at once. A hit costs one read of the small stamp table. All
games' stamps make the key, as a search may span every game; a write to one game renews
the others' answers too, a small price for writes that come with imports. 0 turns the
cache off (the tests do, but for the tests of the cache itself).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse, HttpResponseBase
from rest_framework.renderers import JSONRenderer

from cards.versioning import catalogue_versions


def catalogue_cached(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Cache the answers of a catalogue view's `get` (after DRF has authenticated the
    request and chosen its renderer, before it renders)."""

    @wraps(view)
    def cached(request: Any, *args: Any, **kwargs: Any) -> HttpResponseBase:
        seconds = settings.CATALOGUE_CACHE_SECONDS
        if not seconds or request.method != "GET" or not _shareable(request):
            return view(request, *args, **kwargs)
        store, key = caches["catalogue"], _key(request)
        hit = store.get(key)
        if hit is not None:
            content, content_type = hit
            return HttpResponse(content, content_type=content_type)
        response = view(request, *args, **kwargs)

        def keep(rendered: HttpResponseBase) -> None:
            if rendered.status_code == 200 and isinstance(rendered, HttpResponse):
                store.set(key, (rendered.content, rendered["Content-Type"]), seconds)

        if hasattr(response, "add_post_render_callback"):
            response.add_post_render_callback(keep)
        return response

    return cached


def _shareable(request: Any) -> bool:
    """Only JSON answers are shared: they are the same for every visitor. The browsable
    API's HTML shows the signed-in user and a CSRF token, so it is never cached."""
    return isinstance(getattr(request, "accepted_renderer", None), JSONRenderer)


def _key(request: Any) -> str:
    # This cache is shared by every visitor of the process, so nothing that depends on the
    # user may be kept in it (there is none: only JSON answers of public reads are kept).
    # The key names what the answer is made of: the URL as the client wrote it (scheme
    # and host included: the page links are absolute), the media type chosen (an `indent`
    # changes the bytes) and the version of every game's catalogue.
    parts = [
        request.build_absolute_uri(),
        request.accepted_media_type or "",
        repr(catalogue_versions()),
    ]
    return "catalogue:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()
