"""Authentication everywhere but the public allow-list: a walk over every URL pattern,
GET and POST, as an anonymous visitor, with real ids of another user's public deck,
match and simulation in the URLs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from cards.bulk.refresh import refresh_bulk_files
from cards.models import Card
from decks import services as deck_services
from decks.decklists import services as decklist_services
from play.matches.models import Match
from play.simulations.models import Simulation

pytestmark = pytest.mark.django_db

#: (route, method) open to anonymous visitors: catalogue reads (the effect vocabulary and
#: the bulk data files too), reading public decks and published decklists (pages and
#: API), a card's decklists, anonymous deck validation, health, signing up and in, and
#: the API's own description.
PUBLIC = {
    ("", "GET"), ("cards/", "GET"), ("cards/<int:card_id>/", "GET"),
    ("decks/<int:deck_id>/", "GET"), ("decks/<int:deck_id>/search/", "GET"),
    ("decks/<int:deck_id>/stats/", "GET"), ("decks/<int:deck_id>/history/", "GET"),
    ("decks/<int:deck_id>/export/<str:kind>/", "GET"),
    ("decklists/", "GET"), ("decklists/<int:decklist_id>/", "GET"),
    ("decklists/<int:decklist_id>/<slug:slug>/", "GET"),
    ("decklists/<int:decklist_id>/export/<str:kind>/", "GET"),
    ("effects/<slug:game>/", "GET"),
    ("accounts/login/", "GET"), ("accounts/login/", "POST"),
    ("accounts/signup/", "GET"), ("accounts/signup/", "POST"), ("accounts/logout/", "POST"),
    ("healthz", "GET"),
    ("api/v1/games/", "GET"), ("api/v1/sets/", "GET"), ("api/v1/cards/", "GET"),
    ("api/v1/cards/<int:pk>/", "GET"), ("api/v1/decks/validate/", "POST"),
    ("api/v1/bulk-data/", "GET"), ("api/v1/bulk-data/<slug:name>/", "GET"),
    ("api/v1/bulk-data/<slug:name>.json.gz", "GET"),
    ("api/v1/auth/token/", "POST"), ("api/schema/", "GET"), ("api/docs/", "GET"),
    *(("api/v1/decks/<int:pk>/" + tail, "GET")
      for tail in ("", "validate/", "export/", "stats/", "sample-hand/", "history/", "diff/")),
    ("api/v1/decklists/", "GET"), ("api/v1/decklists/<int:pk>/", "GET"),
    ("api/v1/decklists/<int:pk>/export/", "GET"), ("api/v1/decklists/<int:pk>/comments/", "GET"),
    ("api/v1/cards/<int:pk>/decklists/", "GET"),
}  # fmt: skip


def routes(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


ALL_ROUTES = sorted(r for r in routes(get_resolver().url_patterns) if not r.startswith("admin/"))


@pytest.fixture
def ids(alice: User) -> dict[str, str]:
    """Real objects of alice's (her deck public), for the ids in the routes."""
    deck = deck_services.deck_create_from_text(
        owner=alice, game="chizo", name="Open", text="3 Rat", visibility="public"
    )
    match = Match.objects.create(
        owner=alice,
        game="raise",
        mode="bots",
        seed=1,
        setup={},
        seats=[],
        state={},
        rules_version="1",
    )
    simulation = Simulation.objects.create(
        owner=alice, game="raise", kind="bots", spec={}, games=1, seed=1, chunk_size=1
    )
    card = Card.objects.filter(game__slug="chizo").first()
    assert card is not None
    stack = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"
    listed = deck_services.deck_create_from_text(owner=alice, game="chizo", name="L", text=stack)
    decklist = decklist_services.decklist_publish(user=alice, deck_id=listed.pk)
    comment = decklist_services.comment_add(user=alice, decklist_id=decklist.pk, body="Hm")
    return {"deck": str(deck.pk), "match": str(match.pk), "simulation": str(simulation.pk),
            "card": str(card.pk), "decklist": str(decklist.pk),
            "comment_id": str(comment.pk)}  # fmt: skip


def concrete(route: str, ids: dict[str, str]) -> str:
    kinds = ("card", "decklist", "deck", "match", "simulation")
    owner = next((k for k in kinds if k in route), "deck")
    if route.startswith(("simulations/", "api/v1/simulations/")):
        owner = "simulation"
    if route.startswith(("play/matches/", "api/v1/matches/")):
        owner = "match"

    def value(match: re.Match[str]) -> str:
        kind, name = match.group(1), match.group(2)
        if kind == "int":
            return ids.get(name, ids[owner])
        return {"game": "raise", "kind": "text", "name": "cards-raise"}.get(name, name)

    return "/" + re.sub(r"<(\w+):(\w+)>", value, route)


def refused(response: Any) -> bool:
    if response.status_code in (401, 403, 405):
        return True
    location = response.get("Location", "")
    return response.status_code == 302 and location.startswith("/accounts/login/")


@pytest.fixture(autouse=True)
def bulk_files(settings: Any, tmp_path: Any) -> None:
    """The bulk data files written, so that their routes serve them."""
    settings.BULK_DATA_DIR = tmp_path / "bulk-data"
    refresh_bulk_files(["cards-raise"])


@pytest.mark.parametrize("route", ALL_ROUTES)
def test_every_route_is_public_only_if_allow_listed(client: Any, ids: dict[str, str],
                                                    route: str) -> None:  # fmt: skip
    url = concrete(route, ids)
    for method in ("GET", "POST"):
        response = client.get(url) if method == "GET" else client.post(url, {})

        if (route, method) in PUBLIC:
            assert not refused(response) or response.status_code == 405, (method, url)
        else:
            assert refused(response), (method, url, response.status_code)


def route_names(patterns: list[Any], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from route_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield namespace + pattern.name


def test_no_two_routes_share_a_name() -> None:
    # reverse() takes whichever route of a shared name fits the arguments: a page's form
    # could post to an API route of the same name.
    names = list(route_names(get_resolver().url_patterns))

    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_the_allow_list_names_only_real_routes() -> None:
    assert {route for route, _method in PUBLIC} <= set(ALL_ROUTES)


def test_the_admin_asks_for_a_staff_login(client: Any) -> None:
    response = client.get("/admin/")

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
