"""Whole numbers in the pages' queries and forms: ASCII digits only, within bounds.

`str.isdigit()` takes "²", which `int()` refuses (a 500), and `int()` takes Arabic-Indic
and full-width digits (another number than the one a client would send). A page answers
400 naming the parameter, never a 500 and never a number read from other digits.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from play.matches.models import Match
from play.simulations.models import Simulation
from web.numbers import MAX_PAGE

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
# A superscript two, an Arabic-Indic three, a full-width three, 5,000 nines.
FULL_WIDTH_THREE = "\uff13"
NOT_NUMBERS = ["²", "٣", FULL_WIDTH_THREE, "9" * 5000]
NOT_NUMBER_IDS = ["superscript", "arabic-indic", "full-width", "5000-digits"]


@pytest.fixture
def player(client: Client, alice: User) -> Client:
    client.force_login(alice)
    client.raise_request_exception = False  # a 500 shows as a status, not as an error
    return client


@pytest.fixture
def deck(alice: User) -> int:
    api = APIClient()
    api.force_authenticate(alice)
    body = {"game": "chizo", "name": "Stack", "list": CHIZO_STACK}
    response = api.post("/api/v1/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


@pytest.fixture
def match(player: Client, deck: int) -> int:
    response = player.post("/play/goldfish/", {"deck": deck, "seed": 7})
    assert response.status_code == 302, response.content.decode()
    return int(re.search(r"/play/matches/(\d+)/", response["Location"]).group(1))


@pytest.fixture
def simulation(player: Client, deck: int) -> int:
    data = {"kind": "goldfish", "deck": deck, "games": 20, "bot": "greedy", "seed": 5}
    assert player.post("/simulations/new/", data).status_code == 302
    return Simulation.objects.get().pk


def assert_refused(response: Any, name: str) -> None:
    """400 in plain text, naming the parameter and the numbers it takes."""
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    assert text.startswith(f"The parameter '{name}' is refused: ")
    assert "must be a whole number from " in text
    assert len(text) < 200  # the value is not echoed back


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_the_catalogue_refuses_a_page_in_other_digits(client: Client, value: str) -> None:
    client.raise_request_exception = False

    assert_refused(client.get("/cards/", {"page": value}), "page")


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_the_simulation_list_refuses_a_page_in_other_digits(player: Client, value: str) -> None:
    assert_refused(player.get("/simulations/", {"page": value}), "page")


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_the_goldfish_page_refuses_a_deck_in_other_digits(
    player: Client, deck: int, value: str
) -> None:
    assert_refused(player.get("/play/goldfish/", {"deck": value}), "deck")


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
@pytest.mark.parametrize("field", ["seq", "action_id"])
def test_an_action_with_a_number_in_other_digits_is_refused(
    player: Client, match: int, field: str, value: str
) -> None:
    before = Match.objects.get().seq
    data = {"seq": before, "action_id": 0} | {field: value}

    assert_refused(player.post(f"/play/matches/{match}/act/", data), field)
    assert Match.objects.get().seq == before


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_an_undo_with_a_seq_in_other_digits_is_refused(
    player: Client, match: int, value: str
) -> None:
    assert_refused(player.post(f"/play/matches/{match}/undo/", {"seq": value}), "seq")


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_a_replay_with_a_seed_in_other_digits_is_refused(
    player: Client, simulation: int, value: str
) -> None:
    assert_refused(player.post(f"/simulations/{simulation}/replay/", {"seed": value}), "seed")
    assert not Match.objects.exists()


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=NOT_NUMBER_IDS)
def test_the_goldfish_form_refuses_a_deck_in_other_digits(
    player: Client, deck: int, value: str
) -> None:
    response = player.post("/play/goldfish/", {"deck": value, "seed": 7})

    assert response.status_code == 400
    assert "deck" in response.context["form"].errors
    assert not Match.objects.exists()


@pytest.mark.parametrize("value", ["٣", FULL_WIDTH_THREE, "1_000", " 3\n", "+3", "3.0"])
def test_form_number_fields_take_ascii_digits_only(player: Client, deck: int, value: str) -> None:
    response = player.post("/play/goldfish/", {"deck": deck, "seed": value})

    assert response.status_code == 400
    assert response.context["form"].errors["seed"] == ["Enter a whole number."]
    assert not Match.objects.exists()


ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "".join(chr(0xFF10 + digit) for digit in range(10)))


@pytest.mark.parametrize("digits", [ARABIC_INDIC, FULL_WIDTH], ids=["arabic-indic", "full-width"])
def test_the_simulation_form_refuses_a_deck_id_in_other_digits(
    player: Client, deck: int, digits: dict[int, str]
) -> None:
    data = {"kind": "goldfish", "deck": str(deck).translate(digits), "games": 20,
            "bot": "greedy", "seed": 5}  # fmt: skip

    response = player.post("/simulations/new/", data)

    assert response.status_code == 400
    assert "deck" in response.context["form"].errors
    assert not Simulation.objects.exists()


@pytest.mark.parametrize("value", ["٣", FULL_WIDTH_THREE, "²"])
def test_the_catalogue_filters_take_ascii_digits_only(client: Client, value: str) -> None:
    response = client.get("/cards/", {"cost__lte": value})

    assert response.status_code == 400
    assert response.context["form"].errors["cost__lte"] == ["Enter a whole number."]


@pytest.mark.parametrize("value", ["abc", "0", "-1", "1.5", "1e3", str(MAX_PAGE + 1)])
def test_the_catalogue_refuses_a_page_that_is_not_a_page_number(client: Client, value: str) -> None:
    assert_refused(client.get("/cards/", {"page": value}), "page")


def test_a_page_number_in_ascii_digits_is_still_served(client: Client) -> None:
    assert client.get("/cards/", {"page": "2"}).status_code == 200
    assert client.get("/cards/", {"page": ""}).status_code == 200  # as if absent


# Digits of every script, other number characters, and ASCII around them.
DIGITS = st.characters(categories=["Nd", "No", "Nl"]) | st.sampled_from("0123456789-+ _.")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=st.text(DIGITS, min_size=1, max_size=30) | st.text(max_size=30))
def test_the_catalogue_page_answers_200_or_400_for_any_page(client: Client, value: str) -> None:
    client.raise_request_exception = False

    response = client.get("/cards/", {"page": value})

    page = re.fullmatch(r"[0-9]{1,20}", value) and 1 <= int(value) <= MAX_PAGE
    assert response.status_code == (200 if page or value == "" else 400), repr(value)
