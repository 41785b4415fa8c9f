"""Starting a comparison through the API: both simulations or neither. Every deck and
parameter is checked before anything is created, and a refusal leaves nothing behind."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from play.simulations.models import Simulation
from play.simulations.services import MAX_COMPARE_GAMES

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"


@pytest.fixture
def player(api: APIClient, alice: User, settings: Any) -> APIClient:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    return api


def new_deck(api: APIClient, text: str = CHIZO_STACK, game: str = "chizo") -> int:
    body = {"game": game, "name": "Deck", "list": text}
    response = api.post("/api/v1/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def compare(api: APIClient, decks: list[int], **fields: Any) -> Any:
    body = {"decks": decks, "games": 5000, "seed": 3} | fields
    return api.post("/api/v1/simulations/compare/", body, format="json")


def test_a_comparison_starts_both_simulations_on_one_seed(player: APIClient) -> None:
    first, second = new_deck(player), new_deck(player, OTHER_STACK)

    response = compare(player, [first, second], games=20)

    assert response.status_code == 202
    a, b = (Simulation.objects.get(pk=response.json()[key]) for key in ("a", "b"))
    assert (a.deck_id, b.deck_id, a.seed, b.seed, a.games, b.games) == (first, second, 3, 3, 20, 20)


def error_field(response: Any) -> str:
    return str(response.json()["errors"][0]["field"])


def test_a_missing_second_deck_starts_nothing(player: APIClient) -> None:
    response = compare(player, [new_deck(player), 999_999])

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert error_field(response) == "decks[1]"
    assert "no deck 999999" in response.json()["detail"]


def test_an_empty_second_deck_starts_nothing(player: APIClient) -> None:
    empty = player.post("/api/v1/decks/", {"game": "chizo", "name": "Empty"}, format="json")

    response = compare(player, [new_deck(player), empty.json()["id"]])

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert error_field(response) == "decks[1]"


def test_someone_elses_private_deck_starts_nothing(player: APIClient, bob: User) -> None:
    other = APIClient()
    other.force_authenticate(bob)

    response = compare(player, [new_deck(player), new_deck(other)])

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert error_field(response) == "decks[1]"


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (lambda api, first: first, "two different decks"),
        (lambda api, first: new_deck(api, "4 Gun Shop Clerk", "shadowfist"), "ChiZo RISING"),
    ],
)
def test_a_comparison_needs_two_different_decks_of_one_game(
    player: APIClient, second: Any, message: str
) -> None:
    first = new_deck(player)

    response = compare(player, [first, second(player, first)])

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert error_field(response) == "decks[1]"
    assert message in response.json()["detail"]


def test_a_bad_bot_starts_nothing(player: APIClient) -> None:
    response = compare(player, [new_deck(player), new_deck(player, OTHER_STACK)], bot="genius")

    assert Simulation.objects.count() == 0
    assert response.status_code == 400
    assert error_field(response) == "bot"


def test_a_comparison_with_one_slot_left_starts_nothing(player: APIClient) -> None:
    deck = new_deck(player)
    for seed in (1, 2):  # pending: no on-commit callbacks run here
        body = {"deck": deck, "games": 10, "seed": seed}
        assert player.post("/api/v1/simulations/", body, format="json").status_code == 202

    response = compare(player, [deck, new_deck(player, OTHER_STACK)])

    assert Simulation.objects.count() == 2
    assert response.status_code == 429
    assert response.json()["code"] == "too_many_simulations"
    assert "2 running" in response.json()["detail"]


@pytest.mark.parametrize("games", [MAX_COMPARE_GAMES, MAX_COMPARE_GAMES + 1])
def test_the_api_and_the_page_take_the_same_most_games_a_deck(
    player: APIClient, client: Client, alice: User, settings: Any, games: int
) -> None:
    settings.SIMULATIONS_RUNNING_PER_USER = 4  # room for a pair from each surface
    first, second = new_deck(player), new_deck(player, OTHER_STACK)
    client.force_login(alice)

    from_api = compare(player, [first, second], games=games)
    body = {"first": first, "second": second, "games": games, "bot": "greedy", "seed": 3}
    from_page = client.post("/simulations/compare/", body)

    if games <= MAX_COMPARE_GAMES:
        assert from_api.status_code == 202
        assert from_page.status_code == 302
        assert Simulation.objects.filter(games=games).count() == 4
    else:
        assert from_api.status_code == 400
        assert error_field(from_api) == "games"
        assert from_page.status_code == 400
        assert "games" in from_page.context["form"].errors
        assert Simulation.objects.count() == 0
