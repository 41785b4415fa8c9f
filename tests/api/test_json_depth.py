"""JSON bodies nested past the limit answer 400 naming it, on every endpoint that reads
JSON, anonymous ones included; before, about 950 levels raised RecursionError (a 500).
Action arguments have their own, smaller bound in the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.parsers import JSONParser
from rest_framework.test import APIClient

from play.engine.core.values import MAX_ARG_DEPTH
from play.matches.models import Match
from web.parsers import MAX_JSON_DEPTH, BoundedJSONParser, json_depth

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
DEEP = 2000


def arrays(depth: int) -> str:
    return "[" * depth + "]" * depth


def objects(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


def mixed(depth: int) -> str:
    """Objects and arrays in turn, `depth` of them, under a field of a real body."""
    inner = "0"
    for level in range(depth - 1):
        inner = f'{{"x":{inner}}}' if level % 2 else f"[{inner}]"
    return '{"game":"chizo","list":"3 Rat","formats":' + inner + "}"


BODIES = {"arrays": arrays(DEEP), "objects": objects(DEEP), "mixed": mixed(DEEP)}


@pytest.fixture
def api() -> APIClient:
    return APIClient(raise_request_exception=False)  # a 500 shows as a status


@pytest.fixture
def player(api: APIClient, alice: User) -> APIClient:
    api.force_authenticate(alice)
    return api


def send(api: APIClient, method: str, url: str, body: str) -> Any:
    return getattr(api, method)(url, body, content_type="application/json")


def assert_too_deep(response: Any) -> None:
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert body["code"] == "too_deep"
    assert body["detail"] == (
        f"JSON parse error - the body nests arrays and objects more than {MAX_JSON_DEPTH} "
        "levels deep."
    )
    assert body["errors"] == []


@pytest.mark.parametrize("shape", BODIES)
@pytest.mark.parametrize("url", ["/api/v1/auth/token/", "/api/v1/decks/validate/"])
def test_an_anonymous_endpoint_refuses_a_deep_body(api: APIClient, url: str, shape: str) -> None:
    assert_too_deep(send(api, "post", url, BODIES[shape]))


@pytest.mark.parametrize("shape", BODIES)
@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/v1/decks/"),
        ("patch", "/api/v1/decks/{deck}/"),
        ("put", "/api/v1/decks/{deck}/"),
        ("post", "/api/v1/matches/"),
        ("post", "/api/v1/matches/{match}/actions/"),
        ("post", "/api/v1/matches/{match}/undo/"),
        ("post", "/api/v1/simulations/"),
        ("post", "/api/v1/simulations/compare/"),
    ],
)
def test_a_signed_in_endpoint_refuses_a_deep_body(
    player: APIClient, method: str, url: str, shape: str
) -> None:
    deck = player.post("/api/v1/decks/", {"game": "chizo", "name": "D", "list": CHIZO_STACK})
    match = player.post("/api/v1/matches/", {"game": "chizo", "mode": "goldfish",
                                             "deck": deck.json()["id"], "seed": 1})  # fmt: skip
    assert match.status_code == 201, match.json()
    url = url.format(deck=deck.json()["id"], match=match.json()["id"])

    assert_too_deep(send(player, method, url, BODIES[shape]))
    assert Match.objects.get().seq == 0


def test_a_body_at_the_limit_is_read(api: APIClient) -> None:
    formats = "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1)
    body = '{"game":"chizo","list":"3 Rat","formats":' + formats + "}"

    response = send(api, "post", "/api/v1/decks/validate/", body)

    assert response.status_code == 400  # read, then refused by the serializer
    assert response.json()["errors"][0]["field"] == "formats[0]"


def test_brackets_inside_strings_do_not_count(api: APIClient) -> None:
    body = json.dumps({"game": "chizo", "list": "[{" * DEEP + '\\"\\' + "]" * 5})

    response = send(api, "post", "/api/v1/decks/validate/", body)

    assert response.status_code == 200, response.json()


def test_malformed_json_is_still_a_parse_error(api: APIClient) -> None:
    response = send(api, "post", "/api/v1/decks/validate/", '{"game": "chizo", "list": "[')

    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_action_arguments_nested_past_the_engines_limit_are_refused(player: APIClient) -> None:
    body = {"game": "raise", "mode": "hotseat", "seats": ["human", "human"], "seed": 5}
    view = player.post("/api/v1/matches/", body).json()
    argument = json.loads(arrays(MAX_ARG_DEPTH + 1))  # a list in a list ... past the limit
    action = {"kind": "bid", "player": view["to_act"], "args": [argument]}

    response = player.post(
        f"/api/v1/matches/{view['id']}/actions/", {"seq": 0, "action": action}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_action"
    assert response.json()["detail"] == (
        f"action arguments nest lists at most {MAX_ARG_DEPTH} deep"
    )
    assert Match.objects.get().seq == 0


def test_a_charset_that_is_not_text_is_still_refused(api: APIClient) -> None:
    body = b'{"game": "chizo", "list": "3 Rat"}'

    response = api.post(
        "/api/v1/decks/validate/", body, content_type="application/json; charset=bz2_codec"
    )

    assert response.status_code == 400
    assert "Unsupported charset" in response.json()["detail"]


def _views(patterns: list[URLPattern | URLResolver]) -> list[type]:
    found = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            found += _views(pattern.url_patterns)
        elif hasattr(pattern.callback, "cls"):  # a DRF view
            found.append(pattern.callback.cls)
    return found


def test_every_api_view_reads_json_with_the_bound() -> None:
    views = _views(get_resolver().url_patterns)
    json_parsers = {
        (view.__name__, parser.__name__)
        for view in views
        for parser in view().parser_classes
        if issubclass(parser, JSONParser)
    }

    assert len(views) > 20
    assert json_parsers  # the walk found the parsers it checks
    assert {p for _, p in json_parsers} == {BoundedJSONParser.__name__}, json_parsers


def true_depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    return 0


BRACKETY = st.text(alphabet='[]{}"\\ab,:', max_size=8)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | BRACKETY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(BRACKETY, inner, max_size=3),
    max_leaves=30,
)


@given(value=JSON_VALUES, indent=st.sampled_from([None, 1]))
def test_the_depth_scan_agrees_with_the_json_it_reads(value: object, indent: int | None) -> None:
    assert json_depth(json.dumps(value, indent=indent)) == true_depth(value)


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ('"' + '\\"[' * 20_000, 0),  # a string that never closes, escaped quotes in it
        ('"\\"' * 20_000, 0),
        ('["' * 20_000, 10_000),  # [ "[" [ "[" ...: every other bracket is in a string
        ("]" * 20_000 + "[" * 10, 0),  # the decoder stops at the first ]
    ],
)
def test_the_depth_scan_reads_hostile_text_in_one_pass(text: str, depth: int) -> None:
    assert json_depth(text) == depth
