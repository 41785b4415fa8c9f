"""A deck is checked in its format on every path that plays it (play/matches/legality.py):
goldfish and deck matches, simulations, comparisons, the goldfish and simulate commands.
An illegal deck is refused with the validator's errors and nothing is created, unless
the caller asks to test it anyway; what it then produces says the deck is not legal and
why (docs/play.md, "Legal decks")."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from play.matches.models import Match
from play.simulations.models import Simulation
from tests.play.decks_api import new_deck

pytestmark = pytest.mark.django_db

# 10 tiles (a Stack holds 30 to 60) with 4 Golden Eggs (at most 3 of a tile but basic
# creatures): two errors.
ILLEGAL_STACK = "4 Golden Egg\n3 Rat\n3 Rabbit"
SIZE_ERROR = "Deck has 10 tiles; at least 30 are required"
COPIES_ERROR = "Deck has 4 copies of Golden Egg; at most 3 are allowed"
LEGAL_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push"




def refused_messages(response: Any, field: str) -> str:
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["code"] == "invalid_seats"
    assert [error["field"] for error in body["errors"]] == [field]
    message: str = body["errors"][0]["message"]
    return message


def test_a_goldfish_match_of_an_illegal_stack_is_refused_with_its_errors(
    player: APIClient,
) -> None:
    deck = new_deck(player, ILLEGAL_STACK)

    response = player.post(
        "/api/v1/matches/", {"game": "chizo", "mode": "goldfish", "deck": deck}, format="json"
    )

    message = refused_messages(response, "deck")
    assert "is not legal in Stack" in message
    assert SIZE_ERROR in message
    assert COPIES_ERROR in message
    assert not Match.objects.exists()


def test_an_illegal_stack_tested_anyway_is_played_and_its_seat_says_why(
    player: APIClient,
) -> None:
    deck = new_deck(player, ILLEGAL_STACK)

    response = player.post(
        "/api/v1/matches/",
        {"game": "chizo", "mode": "goldfish", "deck": deck, "test_anyway": True},
        format="json",
    )

    assert response.status_code == 201, response.json()
    verdict = response.json()["seats"][0]["deck_legality"]
    assert verdict["legal"] is False
    assert verdict["format_name"] == "Stack"
    assert verdict["errors"][0] == SIZE_ERROR
    assert verdict["errors"][1].startswith(COPIES_ERROR)


def test_a_legal_stack_plays_without_a_verdict_on_its_seat(player: APIClient) -> None:
    deck = new_deck(player, LEGAL_STACK)

    response = player.post(
        "/api/v1/matches/", {"game": "chizo", "mode": "goldfish", "deck": deck}, format="json"
    )

    assert response.status_code == 201, response.json()
    assert "deck_legality" not in response.json()["seats"][0]


def test_a_simulation_of_an_illegal_stack_is_refused_and_nothing_is_created(
    player: APIClient,
) -> None:
    deck = new_deck(player, ILLEGAL_STACK)

    response = player.post("/api/v1/simulations/", {"deck": deck, "games": 5}, format="json")

    assert SIZE_ERROR in refused_messages(response, "deck")
    assert not Simulation.objects.exists()


def test_a_simulation_tested_anyway_reports_that_the_stack_is_not_legal(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, ILLEGAL_STACK)

    with django_capture_on_commit_callbacks(execute=True):
        created = player.post(
            "/api/v1/simulations/",
            {"deck": deck, "games": 5, "seed": 1, "test_anyway": True},
            format="json",
        )
    assert created.status_code == 202, created.json()
    simulation = player.get(f"/api/v1/simulations/{created.json()['id']}/").json()

    assert simulation["status"] == "done"
    assert simulation["deck_legality"]["legal"] is False
    assert simulation["deck_legality"]["errors"][0] == SIZE_ERROR
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/{simulation['id']}/").content.decode()
    assert "Tested anyway: this deck is not legal in Stack: " + SIZE_ERROR in html


def test_a_legal_stack_s_simulation_says_it_is_legal_and_its_report_warns_of_nothing(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, LEGAL_STACK)

    with django_capture_on_commit_callbacks(execute=True):
        created = player.post(
            "/api/v1/simulations/", {"deck": deck, "games": 5, "seed": 1}, format="json"
        )
    simulation = player.get(f"/api/v1/simulations/{created.json()['id']}/").json()

    assert simulation["deck_legality"] == {
        "format": "stack", "format_name": "Stack", "legal": True, "errors": [],
    }  # fmt: skip
    page = Client()
    page.force_login(alice)
    assert "Tested anyway" not in page.get(f"/simulations/{simulation['id']}/").content.decode()


def test_a_comparison_with_an_illegal_stack_names_that_deck_and_starts_neither(
    player: APIClient,
) -> None:
    legal, illegal = new_deck(player, LEGAL_STACK), new_deck(player, ILLEGAL_STACK)

    response = player.post(
        "/api/v1/simulations/compare/", {"decks": [legal, illegal], "games": 5}, format="json"
    )

    assert COPIES_ERROR in refused_messages(response, "decks[1]")
    assert not Simulation.objects.exists()


def test_a_comparison_tested_anyway_starts_both(player: APIClient) -> None:
    legal, illegal = new_deck(player, LEGAL_STACK), new_deck(player, ILLEGAL_STACK)

    response = player.post(
        "/api/v1/simulations/compare/",
        {"decks": [legal, illegal], "games": 5, "test_anyway": True},
        format="json",
    )

    assert response.status_code == 202, response.json()
    verdicts = [s.spec["legality"]["legal"] for s in Simulation.objects.order_by("pk")]
    assert verdicts == [True, False]


def test_the_goldfish_page_refuses_an_illegal_stack_unless_tested_anyway(
    player: APIClient, alice: User
) -> None:
    deck = new_deck(player, ILLEGAL_STACK)
    page = Client()
    page.force_login(alice)

    refused = page.post("/play/goldfish/", {"deck": deck})
    assert refused.status_code == 400
    assert "is not legal in Stack" in refused.content.decode()
    assert not Match.objects.exists()

    started = page.post("/play/goldfish/", {"deck": deck, "test_anyway": "on"})
    assert started.status_code == 302
    html = page.get(started["Location"]).content.decode()
    assert "Tested anyway: this deck is not legal in Stack: " + SIZE_ERROR in html


def stack_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "stack.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["goldfish", "simulate"])
def test_the_commands_refuse_an_illegal_stack_naming_every_error(
    tmp_path: Path, command: str
) -> None:
    game = ["chizo"] if command == "goldfish" else ["--game", "chizo"]
    path = stack_file(tmp_path, ILLEGAL_STACK)

    with pytest.raises(CommandError) as refused:
        call_command(command, *game, "--deck", str(path), "--games", "2", "--no-progress")

    message = str(refused.value)
    assert "is not legal in Stack (2 error(s))" in message
    assert SIZE_ERROR in message
    assert COPIES_ERROR + " (line 1)" in message
    assert "--test-anyway" in message
    assert not Simulation.objects.exists()


def anyway_header(tmp_path: Path, command: str, *game: str) -> str:
    out = io.StringIO()
    call_command(command, *game, "--deck", str(stack_file(tmp_path, ILLEGAL_STACK)),
                 "--games", "2", "--no-progress", "--test-anyway", stdout=out,
                 stderr=io.StringIO())  # fmt: skip
    return out.getvalue().splitlines()[0]


TESTED_ANYWAY = f"tested anyway: the deck is not legal in Stack: {SIZE_ERROR}; {COPIES_ERROR}"


def test_the_goldfish_command_tests_an_illegal_stack_anyway_and_says_so(tmp_path: Path) -> None:
    header = anyway_header(tmp_path, "goldfish", "chizo")

    assert header.startswith("ChiZo RISING goldfish of stack.txt, seed 0, bot greedy")
    assert TESTED_ANYWAY in header


@pytest.mark.usefixtures("committed_catalogue")  # the simulation runs once committed
def test_the_simulate_command_tests_an_illegal_stack_anyway_and_says_so(
    tmp_path: Path, settings: Any
) -> None:
    settings.SIMULATIONS_INLINE = True

    header = anyway_header(tmp_path, "simulate", "--game", "chizo")

    assert header.startswith("ChiZo RISING goldfish of stack.txt, seed 0")
    assert TESTED_ANYWAY in header


def test_a_legal_stack_s_goldfish_header_says_nothing_of_legality(tmp_path: Path) -> None:
    out = io.StringIO()

    call_command("goldfish", "chizo", "--deck", str(stack_file(tmp_path, LEGAL_STACK)),
                 "--games", "2", "--no-progress", stdout=out)  # fmt: skip

    assert "tested anyway" not in out.getvalue()
