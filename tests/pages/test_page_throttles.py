"""The pages that write share the API's throttles: the same scopes and one budget per user
(per address when anonymous); beyond it, 429 with Retry-After and nothing written."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from play.matches.models import Match
from play.simulations.models import Simulation

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"
HTMX = {"HTTP_HX_REQUEST": "true"}
RAISE_BOTS = {"raise-players": 2, "raise-seat_2": "greedy", "raise-seed": 3}
API_RAISE = {"game": "raise", "mode": "bots", "seats": ["human", "random"]}


def with_rates(settings: Any, **rates: str) -> None:
    """Tiny rates for some scopes (DRF reads them again when REST_FRAMEWORK changes)."""
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | rates
    settings.REST_FRAMEWORK = rest


@pytest.fixture
def player(client: Client, alice: User, settings: Any) -> Client:
    settings.SIMULATIONS_INLINE = True
    client.force_login(alice)
    return client


def new_deck(user: User, text: str = CHIZO_STACK) -> int:
    api = APIClient()
    api.force_authenticate(user)
    response = api.post("/api/v1/decks/", {"game": "chizo", "name": "Stack", "list": text})
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def match_id_of(response: Any) -> int:
    assert response.status_code == 302, response.content.decode()
    return int(re.search(r"/play/matches/(\d+)/", response["Location"]).group(1))


def board(client: Client, match_id: int) -> tuple[int, list[int]]:
    """The step of a match's board and the ids of its actions."""
    html = client.get(f"/play/matches/{match_id}/").content.decode()
    seq = int(re.search(r'name="seq" value="(\d+)"', html).group(1))
    return seq, [int(i) for i in re.findall(r'name="action_id" value="(\d+)"', html)]


def act(client: Client, match_id: int, **extra: Any) -> Any:
    seq, actions = board(client, match_id)
    data = {"seq": seq, "action_id": actions[0]}
    return client.post(f"/play/matches/{match_id}/act/", data, **extra)


def undo(client: Client, match_id: int, **extra: Any) -> Any:
    seq, _ = board(client, match_id)
    return client.post(f"/play/matches/{match_id}/undo/", {"seq": seq}, **extra)


def assert_throttled(response: Any) -> None:
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    assert "Please wait" in response.content.decode()


def test_starting_a_bot_game_beyond_the_budget_answers_429_and_starts_nothing(
    player: Client, settings: Any
) -> None:
    with_rates(settings, match_create="2/min")

    started = [player.post("/play/bots/raise/", RAISE_BOTS).status_code for _ in range(2)]
    refused = player.post("/play/bots/raise/", RAISE_BOTS)

    assert started == [302, 302]
    assert_throttled(refused)
    assert Match.objects.count() == 2
    assert player.get("/play/").status_code == 200


def test_starting_a_goldfish_game_beyond_the_budget_answers_429(
    player: Client, alice: User, settings: Any
) -> None:
    with_rates(settings, match_create="1/min")
    deck = new_deck(alice)

    first = player.post("/play/goldfish/", {"deck": deck, "seed": 4})
    refused = player.post("/play/goldfish/", {"deck": deck, "seed": 4})

    assert first.status_code == 302
    assert_throttled(refused)
    assert Match.objects.count() == 1
    assert player.get(f"/play/goldfish/?deck={deck}").status_code == 200  # reads are free


def test_the_api_and_the_pages_share_one_budget_per_user(
    player: Client, alice: User, bob: User, settings: Any
) -> None:
    with_rates(settings, match_create="3/min")
    api = APIClient()
    api.force_authenticate(alice)

    by_api = [api.post("/api/v1/matches/", API_RAISE).status_code for _ in range(2)]
    by_page = player.post("/play/bots/raise/", RAISE_BOTS)
    refused_page = player.post("/play/bots/raise/", RAISE_BOTS)
    refused_api = api.post("/api/v1/matches/", API_RAISE)
    api.force_authenticate(bob)
    bobs = api.post("/api/v1/matches/", API_RAISE)

    assert by_api == [201, 201]
    assert by_page.status_code == 302
    assert_throttled(refused_page)
    assert refused_api.status_code == 429
    assert Match.objects.filter(owner=alice).count() == 3
    assert bobs.status_code == 201  # each user has a budget of their own


def test_an_action_beyond_the_budget_answers_429_and_leaves_the_match_as_it_was(
    player: Client, settings: Any
) -> None:
    with_rates(settings, match_action="1/min")
    match_id = match_id_of(player.post("/play/bots/raise/", RAISE_BOTS))

    played = act(player, match_id)
    seq = Match.objects.get(pk=match_id).seq
    refused = act(player, match_id)

    assert played.status_code == 302
    assert_throttled(refused)
    assert Match.objects.get(pk=match_id).seq == seq


def test_with_htmx_a_throttled_action_answers_the_board_with_the_reason(
    player: Client, settings: Any
) -> None:
    with_rates(settings, match_action="1/min")
    match_id = match_id_of(player.post("/play/bots/raise/", RAISE_BOTS))
    act(player, match_id, **HTMX)
    seq = Match.objects.get(pk=match_id).seq

    refused = act(player, match_id, **HTMX)

    html = refused.content.decode()
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60
    assert '<section id="match"' in html
    assert "<html" not in html
    assert 'role="alert">Too many requests: please wait' in html
    assert f'name="seq" value="{seq}"' in html
    assert Match.objects.get(pk=match_id).seq == seq


def test_undo_counts_as_an_action_as_in_the_api(player: Client, alice: User, settings: Any) -> None:
    with_rates(settings, match_action="2/min")
    match_id = match_id_of(player.post("/play/goldfish/", {"deck": new_deck(alice), "seed": 4}))
    api = APIClient()
    api.force_authenticate(alice)

    by_api = api.post(f"/api/v1/matches/{match_id}/actions/", {"action_id": 0, "seq": 0})
    by_page = act(player, match_id)
    seq = Match.objects.get(pk=match_id).seq
    refused = undo(player, match_id)
    refused_htmx = undo(player, match_id, **HTMX)

    assert (by_api.status_code, by_page.status_code) == (200, 302)
    assert_throttled(refused)
    assert refused_htmx.status_code == 429
    assert 'role="alert">Too many requests' in refused_htmx.content.decode()
    assert Match.objects.get(pk=match_id).seq == seq


def test_starting_simulations_beyond_the_budget_answers_429_and_starts_nothing(
    player: Client, alice: User, settings: Any
) -> None:
    with_rates(settings, simulation="2/min")
    deck = new_deck(alice)
    data = {"kind": "goldfish", "deck": deck, "games": 5, "bot": "greedy", "seed": 5}
    api = APIClient()
    api.force_authenticate(alice)
    bots = {"game": "raise", "seats": ["random", "random"], "games": 2}

    by_api = api.post("/api/v1/simulations/", bots)
    by_page = player.post("/simulations/new/", data)
    refused = player.post("/simulations/new/", data)

    assert (by_api.status_code, by_page.status_code) == (202, 302)
    assert_throttled(refused)
    assert Simulation.objects.count() == 2
    assert player.get("/simulations/new/").status_code == 200


def test_comparing_beyond_the_budget_answers_429_and_starts_nothing(
    player: Client, alice: User, settings: Any
) -> None:
    with_rates(settings, simulation="1/min")
    data = {"first": new_deck(alice), "second": new_deck(alice, OTHER_STACK), "games": 5}

    first = player.post("/simulations/compare/", data | {"bot": "greedy", "seed": 3})
    refused = player.post("/simulations/compare/", data | {"bot": "greedy", "seed": 3})

    assert first.status_code == 302
    assert_throttled(refused)
    assert Simulation.objects.count() == 2  # one comparison: both its simulations
    assert player.get("/simulations/compare/").status_code == 200


def test_replaying_a_sample_game_counts_as_starting_a_match(
    player: Client, alice: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with_rates(settings, match_create="1/min")
    data = {"kind": "goldfish", "deck": new_deck(alice), "games": 10, "bot": "greedy", "seed": 5}
    with django_capture_on_commit_callbacks(execute=True):
        simulation_url = player.post("/simulations/new/", data)["Location"]
    seed = re.search(r'name="seed" value="(\d+)"', player.get(simulation_url).content.decode())

    first = player.post(f"{simulation_url}replay/", {"seed": seed.group(1)})
    refused = player.post(f"{simulation_url}replay/", {"seed": seed.group(1)})

    assert first.status_code == 302
    assert_throttled(refused)
    assert Match.objects.count() == 1


def signup(username: str) -> Any:
    """Sign up from a fresh anonymous client (the same address as every test client)."""
    password = "A-long-password-9"
    body = {"username": username, "password1": password, "password2": password}
    return Client().post("/accounts/signup/", body)


def test_sign_up_shares_the_login_budget_per_address(alice: User, settings: Any) -> None:
    with_rates(settings, login="2/min")

    token = APIClient().post("/api/v1/auth/token/", {"username": "alice", "password": "wrong"})
    signed_up = signup("dora")
    refused = signup("eve")

    assert token.status_code == 400
    assert signed_up.status_code == 302
    assert_throttled(refused)
    assert User.objects.filter(username="dora").exists()
    assert not User.objects.filter(username="eve").exists()
    assert Client().get("/accounts/signup/").status_code == 200


WRITES: list[tuple[str, str]] = [
    ("/play/goldfish/", "match_create"),
    ("/play/bots/raise/", "match_create"),
    ("/simulations/new/", "simulation"),
    ("/simulations/compare/", "simulation"),
    ("/accounts/signup/", "login"),
]


@pytest.mark.parametrize(("url", "scope"), WRITES)
def test_every_post_counts_even_an_invalid_one_and_reads_stay_free(
    player: Client, settings: Any, url: str, scope: str
) -> None:
    with_rates(settings, **{scope: "1/min"})

    invalid = player.post(url, {})
    refused = player.post(url, {})
    reads = [player.get(url).status_code for _ in range(3)]

    assert invalid.status_code in (200, 400)
    assert_throttled(refused)
    # GET is never counted (the bot form is POST-only: 405, not 429).
    assert reads == [405 if url == "/play/bots/raise/" else 200] * 3


@pytest.mark.parametrize("path", ["act/", "undo/", "advance/"])
def test_the_board_stays_readable_when_actions_are_throttled(
    player: Client, settings: Any, path: str
) -> None:
    with_rates(settings, match_action="1/min")
    match_id = match_id_of(player.post("/play/bots/raise/", RAISE_BOTS))

    player.post(f"/play/matches/{match_id}/{path}", {})
    refused = player.post(f"/play/matches/{match_id}/{path}", {})

    assert_throttled(refused)
    assert [player.get(f"/play/matches/{match_id}/").status_code for _ in range(3)] == [200] * 3
