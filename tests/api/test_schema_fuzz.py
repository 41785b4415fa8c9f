"""Schemathesis against the OpenAPI schema, in process, with every default check.

Each operation is fuzzed (the examples, coverage and fuzzing phases), then the API as a
whole in stateful runs that follow the links schemathesis infers between operations.
Requests carry a test user's token. The user owns decks, matches and simulations, and
another user owns a public and a private deck; each publishes decklists and comments on
the other's. Most valid ids the fuzzer generates are steered to these objects, so that
success responses, 403s and 409s are checked too and not only the 404 of a random id.
Checks that are told of answers they cannot know to be right are configured in
schemathesis.toml, with the reasons.

Then attacks the schema cannot express, each operation in turn: an integer query
parameter in digits of another script or longer than any bound, and a JSON body nested
past MAX_JSON_DEPTH (web/parsers.py).

A short run here (CI); `bench/fuzz_api.py` runs the same with many more examples.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from django.test import Client, TestCase, override_settings
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.config import SchemathesisConfig

from cards.bulk.refresh import refresh_bulk_files
from cards.gamedata import game_json
from cards.models import Card
from web.parsers import MAX_JSON_DEPTH

EXAMPLES = int(os.environ.get("CARDHOUSE_FUZZ_EXAMPLES", "15"))
STATEFUL_RUNS = int(os.environ.get("CARDHOUSE_FUZZ_STATEFUL_RUNS", "10"))
CONFIG = SchemathesisConfig.from_path(django_settings.BASE_DIR / "schemathesis.toml")
# Django's WSGI application, not config.wsgi's: that one also starts a simulation resumer.
application = get_wsgi_application()
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)
FUZZ_SETTINGS = hypothesis_settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
BASIC_CREATURES = "Rat Ox Tiger Rabbit Dragon Snake Horse Ram Monkey Rooster"
BASIC_STACK = "\n".join(f"3 {name}" for name in BASIC_CREATURES.split(" "))
# The collection and the name of its id in a path: {id}, or {decklist_id} on a route of
# another app under the collection (/api/v1/decklists/{decklist_id}/compare/).
RESOURCE = re.compile(r"^/api/v1/(\w+)/\{(id|\w+_id)\}/")
BULK_FILE = re.compile(r"^/api/v1/bulk-data/\{name\}")
SLUG = re.compile(r"[-a-zA-Z0-9_]+")


# Known before any test runs: the coverage phase builds its cases, auth included, when
# the tests are collected.
FUZZER_TOKEN = "f" * 40


@dataclass
class World:
    """What the fuzzing user may reach: ids of objects, by collection."""

    ids: dict[str, list[int]] = field(default_factory=dict)
    decks: list[int] = field(default_factory=list)
    comparable: tuple[int, int] = (0, 0)
    bulk_files: list[str] = field(default_factory=list)

    def forget(self) -> None:
        self.ids, self.decks, self.comparable, self.bulk_files = {}, [], (0, 0), []


WORLD = World()
# (operation, status) -> requests: read by bench/fuzz_api.py for its summary.
CALLS: Counter[tuple[str, int]] = Counter()


@schema.auth(refresh_interval=None)
class TokenAuth:
    def get(self, case: Any, ctx: Any) -> str:
        return FUZZER_TOKEN

    def set(self, case: Any, data: str, ctx: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


def _steered(value: Any, known: list[Any]) -> st.SearchStrategy[Any]:
    """`value` or one of `known`, each as likely."""
    return st.sampled_from([value, *known]) if known else st.just(value)


def _is_id(value: Any, low: int = 1) -> bool:
    """Whether `value` is a valid id, to be steered: an invalid one is left as generated,
    or a negative case would become a positive one."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < 2**31


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: Any) -> Any:
    if BULK_FILE.match(context.operation.path) and isinstance(path_parameters, dict):
        name = path_parameters.get("name")
        if isinstance(name, str) and SLUG.fullmatch(name):  # a valid one, steered
            return _steered(path_parameters, [{"name": n} for n in WORLD.bulk_files])
        return st.just(path_parameters)
    match = RESOURCE.match(context.operation.path)
    if match is None or not isinstance(path_parameters, dict):
        return st.just(path_parameters)
    if not _is_id(path_parameters.get("id"), low=-(2**31)):  # any integer is a valid {id}
        return st.just(path_parameters)
    ids = WORLD.ids.get(match[1], [])
    return _steered(path_parameters, [{**path_parameters, "id": i} for i in ids])


@schema.hook
def flatmap_query(context: Any, query: Any) -> Any:
    if context.operation.path != "/api/v1/simulations/compare/" or not isinstance(query, dict):
        return st.just(query)
    if not (_is_id(query.get("a")) and _is_id(query.get("b"))):
        return st.just(query)
    a, b = WORLD.comparable
    return _steered(query, [{**query, "a": a, "b": b}])


@schema.hook
def flatmap_body(context: Any, body: Any) -> Any:
    if not isinstance(body, dict):
        return st.just(body)
    if _is_id(body.get("deck")):
        return _steered(body, [{**body, "deck": deck} for deck in WORLD.decks])
    decks = body.get("decks")
    if isinstance(decks, list) and len(decks) == 2 and all(map(_is_id, decks)):
        return _steered(body, [{**body, "decks": WORLD.decks[:2]}])
    return st.just(body)


@schema.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    CALLS[case.operation.label, response.status_code] += 1


def starter_list() -> str:
    deck = game_json("shadowfist", "starter.json")["decks"][0]
    return "\n".join(f"{count} {name}" for name, count in deck["cards"].items())


def _user(name: str) -> User:
    return User.objects.create_user(name, f"{name}@example.com", f"{name}-password-1")


def _created(client: APIClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(url, body)
    assert response.status_code in (201, 202), response.json()
    return response.json()


def _deck(client: APIClient, game: str, text: str, visibility: str = "private") -> int:
    body = {"game": game, "name": f"{game} deck", "list": text, "visibility": visibility}
    return _created(client, "/api/v1/decks/", body)["id"]


def _decks(client: APIClient, stranger: APIClient) -> dict[str, list[int]]:
    mine = [
        _deck(client, "chizo", BASIC_STACK),
        _deck(client, "chizo", BASIC_STACK.replace("3 Rooster", "4 Rooster")),
        _deck(client, "shadowfist", starter_list()),
    ]
    theirs = [_deck(stranger, "chizo", BASIC_STACK, v) for v in ("public", "private")]
    return {"mine": mine, "theirs": theirs}


def _matches(client: APIClient, deck: int) -> list[int]:
    bodies = [
        {"game": "raise", "mode": "bots", "seats": ["human", "greedy"]},  # a human to act
        {"game": "raise", "mode": "bots", "seats": ["greedy", "random"]},  # bots pending
        {"game": "chizo", "mode": "goldfish", "deck": deck},
        {"game": "chocobo", "mode": "hotseat", "seats": ["human", "human"]},
    ]
    return [_created(client, "/api/v1/matches/", body)["id"] for body in bodies]


def _simulations(client: APIClient, decks: list[int]) -> tuple[int, int, int]:
    # Run now, in this thread: the simulations start when their transaction commits.
    with (
        override_settings(SIMULATIONS_INLINE=True),
        TestCase.captureOnCommitCallbacks(execute=True),
    ):
        pair = _created(client, "/api/v1/simulations/compare/", {"decks": decks[:2], "games": 20})
    pending = _created(client, "/api/v1/simulations/", {"deck": decks[2], "games": 50})
    return pair["a"], pair["b"], pending["id"]


def _decklists(fuzzer: APIClient, stranger: APIClient, decks: dict[str, list[int]]) -> list[int]:
    """The fuzzer's decklist and the stranger's (with a comment each), then the stranger's
    second, withdrawn: readable by the fuzzer, mine and theirs, and one that answers 404."""
    mine = _created(fuzzer, f"/api/v1/decks/{decks['mine'][0]}/publish/", {})["id"]
    theirs = _created(stranger, f"/api/v1/decks/{decks['theirs'][0]}/publish/", {})["id"]
    gone = _created(stranger, f"/api/v1/decks/{decks['theirs'][1]}/publish/", {})["id"]
    assert stranger.post(f"/api/v1/decklists/{gone}/withdraw/", {}).status_code == 200
    for client, decklist in ((fuzzer, theirs), (stranger, mine)):
        _created(client, f"/api/v1/decklists/{decklist}/comments/", {"body": "Nice."})
    return [mine, theirs, gone]


def _build(world: World) -> None:
    fuzzer, stranger, user = APIClient(), APIClient(), _user("fuzzer")
    fuzzer.force_authenticate(user)
    stranger.force_authenticate(_user("stranger"))
    Token.objects.create(user=user, key=FUZZER_TOKEN)
    decks = _decks(fuzzer, stranger)
    a, b, pending = _simulations(fuzzer, decks["mine"])
    world.decks = decks["mine"]
    world.comparable = (a, b)
    world.bulk_files = [outcome.record.name for outcome in refresh_bulk_files()]
    world.ids = {
        "decks": decks["mine"] + decks["theirs"],
        "decklists": _decklists(fuzzer, stranger, decks),
        "matches": _matches(fuzzer, decks["mine"][0]),
        "simulations": [a, b, pending],
        "cards": list(Card.objects.order_by("id").values_list("id", flat=True)[:3]),
    }


@pytest.fixture(autouse=True)
def loose_limits(settings: Any) -> None:
    """Throttles stay on, at rates the fuzz does not reach within one test (a 429 would
    hide the answer under test); simulations run in the caller, never in a thread."""
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(rest["DEFAULT_THROTTLE_RATES"], "100000/min")
    settings.REST_FRAMEWORK = rest
    settings.SIMULATIONS_INLINE = True
    settings.SIMULATIONS_RUNNING_PER_USER = 1000


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """Built once for the module, in a transaction rolled back at its end; each test
    runs in a savepoint of it, as in Django's TestCase.setUpTestData."""
    with django_db_blocker.unblock(), transaction.atomic():
        _build(WORLD)
        yield WORLD
        transaction.set_rollback(True)
    WORLD.forget()


@pytest.fixture
def served(world: World, db: None) -> Iterator[World]:
    """The world, for requests that schemathesis sends straight to the WSGI app, whose
    request signals would close the test's database connection. Django's test client
    disconnects them the same way, and connects them again after each of its requests:
    hence after the world is built."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield world
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@contextmanager
def undone() -> Iterator[None]:
    """Whatever the requests in it change is undone: each example meets the same world."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@schema.parametrize()
@FUZZ_SETTINGS
def test_every_operation_answers_as_documented(case: Any, served: World) -> None:
    with undone():
        case.call_and_validate()


# The base class is made at run time, so mypy cannot check it (it is Any).
class Sequences(schema.as_state_machine()):  # type: ignore[misc]
    """Schemathesis's state machine, each sequence starting from the same world."""

    def setup(self) -> None:
        self.savepoint = transaction.savepoint()

    def teardown(self) -> None:
        transaction.savepoint_rollback(self.savepoint)


def test_sequences_of_operations_answer_as_documented(served: World) -> None:
    # Generation only, as schemathesis runs its state machines: a sequence draws from the
    # answers to earlier requests, so a replay to shrink a failure may draw differently.
    sequences = hypothesis_settings(
        FUZZ_SETTINGS, max_examples=STATEFUL_RUNS, stateful_step_count=8, phases=[Phase.generate]
    )
    Sequences.run(settings=sequences)


# Attacks the schema cannot express, each its own test: a number written in digits of
# another script or longer than any bound, in every integer query parameter, and a body
# nested past MAX_JSON_DEPTH, on every operation that reads JSON.

OPERATIONS = [result.ok() for result in schema.get_all_operations()]
INTEGER_PARAMETERS = [
    (operation, parameter.name)
    for operation in OPERATIONS
    for parameter in operation.query
    if parameter.definition.get("schema", {}).get("type") == "integer"
]
JSON_OPERATIONS = [
    operation
    for operation in OPERATIONS
    if any(body.media_type == "application/json" for body in operation.body)
]
# Past the last page by design (web/pagination.py): only non-ASCII digits must be
# refused there (a page size past its bound answers 400 like any other number).
CAPPED = {"page"}
OTHER_DIGITS = st.characters(categories=["Nd", "No", "Nl"], exclude_characters="0123456789")
ASCII_DIGITS = st.text("0123456789", max_size=3)
IN_OTHER_DIGITS = st.tuples(ASCII_DIGITS, OTHER_DIGITS, ASCII_DIGITS).map("".join)
TOO_LONG = st.integers(21, 6_000).map(lambda length: "9" * length)


def _fuzzer() -> Client:
    return Client(HTTP_AUTHORIZATION=f"Token {FUZZER_TOKEN}", raise_request_exception=False)


def _url(operation: Any) -> str:
    match = RESOURCE.match(operation.path)
    if match is None:
        return operation.path
    first = {match[2]: WORLD.ids[match[1]][0]}
    # Any later id (a comment's) is a number of its own: the attack is on the body.
    later = {name: 1 for name in re.findall(r"\{(\w+)\}", operation.path) if name not in first}
    return operation.path.format(**first, **later)


def _required_query(operation: Any) -> dict[str, str]:
    """A valid value for each required parameter, so the one under test is the culprit."""
    return {
        p.name: str(max(1, p.definition["schema"].get("minimum", 1)))
        for p in operation.query
        if p.is_required
    }


@pytest.mark.parametrize(
    ("operation", "name"), INTEGER_PARAMETERS, ids=[f"{o.label} {n}" for o, n in INTEGER_PARAMETERS]
)
@FUZZ_SETTINGS
@given(value=IN_OTHER_DIGITS | TOO_LONG)
def test_every_integer_query_parameter_takes_ascii_digits_only(
    world: World, db: None, operation: Any, name: str, value: str
) -> None:
    query = _required_query(operation) | {name: value}

    response = getattr(_fuzzer(), operation.method)(_url(operation), query)
    CALLS[operation.label, response.status_code] += 1

    if name in CAPPED and value.isascii():
        assert response.status_code in (200, 404), (value[:30], response.content[:300])
        return
    assert response.status_code == 400, (value[:30], response.content[:300])
    assert name in [error["field"] for error in response.json()["errors"]]


def _nested(depth: int, shape: list[str], leaf: str) -> str:
    """`leaf` inside `depth` arrays and objects, `shape` giving their kinds in turn."""
    text = json.dumps(leaf)
    for level in range(depth):
        text = f"[{text}]" if shape[level % len(shape)] == "[" else f'{{"k":{text}}}'
    return text


@pytest.mark.parametrize("operation", JSON_OPERATIONS, ids=[o.label for o in JSON_OPERATIONS])
@FUZZ_SETTINGS
@given(
    depth=st.sampled_from([MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1])
    | st.integers(1, 3_000),
    shape=st.lists(st.sampled_from("[{"), min_size=1, max_size=4),
    under_a_field=st.booleans(),
    leaf=st.text('[]{}"\\ab', max_size=8),  # brackets in strings do not count
)
def test_every_json_body_refuses_deep_nesting_naming_the_limit(
    world: World,
    db: None,
    operation: Any,
    depth: int,
    shape: list[str],
    under_a_field: bool,
    leaf: str,
) -> None:
    body = _nested(depth, shape, leaf)
    if under_a_field:
        body, depth = f'{{"seq": 0, "list": {body}}}', depth + 1

    with undone():
        response = getattr(_fuzzer(), operation.method)(
            _url(operation), body, content_type="application/json"
        )
    CALLS[operation.label, response.status_code] += 1

    assert response.status_code < 500, response.content[:300]
    if depth > MAX_JSON_DEPTH:
        assert response.status_code == 400
        assert response.json()["code"] == "too_deep"
        assert str(MAX_JSON_DEPTH) in response.json()["detail"]
    else:
        assert response.json().get("code") != "too_deep"
