"""The stack analysis wherever a ChiZo deck is checked or goldfished: the validation
answers (a list, a saved deck), the deck page, the commands before their games, and the
simulation (from its start, and in its report). Warnings are not errors: a legal stack
that can never score is still legal (docs/play.md, "Can this stack ever reach 12?")."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from tests.play.decks_api import new_deck

pytestmark = pytest.mark.django_db

ONE_CLASS = "30 Rat"
NEVER = (
    "This stack can never reach 12 points: no four of its creature tiles are all compatible "
    "with each other, so no square can form, and its tile effects can add at most 0 points."
)
LONER = "Creature tiles with no compatible partner in the stack: Rat."
QUARTET = "8 Rat\n8 Rabbit\n8 Horse\n8 Rooster"


def test_validating_a_one_class_list_warns_that_it_can_never_reach_12(api: APIClient) -> None:
    answer = api.post("/api/v1/decks/validate/", {"game": "chizo", "list": ONE_CLASS},
                      format="json").json()  # fmt: skip

    assert answer["valid"] is True  # legal: the warnings are not errors
    assert answer["warnings"] == [NEVER, LONER]
    assert answer["stack"]["verdict"] == "never"
    assert answer["stack"]["squares"] == []


def test_validating_a_quartet_list_warns_of_nothing(api: APIClient) -> None:
    answer = api.post("/api/v1/decks/validate/", {"game": "chizo", "list": QUARTET},
                      format="json").json()  # fmt: skip

    assert answer["valid"] is True
    assert answer["warnings"] == []
    stack = answer["stack"]
    assert stack["verdict"] == "squares"
    assert stack["squares"] == [["Rat", "Rabbit", "Horse", "Rooster"]]
    assert (stack["square_tiles"], stack["size"]) == (32, 32)


def test_a_shadowfist_list_gets_no_stack_warnings(api: APIClient) -> None:
    answer = api.post("/api/v1/decks/validate/", {"game": "shadowfist", "list": "4 Gun Shop Clerk"},
                      format="json").json()  # fmt: skip

    assert answer["warnings"] == []
    assert answer["stack"] is None


def test_a_saved_stack_s_validation_and_page_give_the_warnings(
    api: APIClient, alice: User
) -> None:
    api.force_authenticate(alice)
    deck = new_deck(api, ONE_CLASS)

    assert api.get(f"/api/v1/decks/{deck}/validate/").json()["warnings"] == [NEVER, LONER]
    page = Client()
    page.force_login(alice)
    html = page.get(f"/decks/{deck}/").content.decode()
    assert f'<li class="warning" role="note">{NEVER}</li>' in html
    assert "<strong>Squares:</strong> none can form." in html


def test_the_goldfish_command_warns_before_its_games_and_in_its_report(tmp_path: Path) -> None:
    deck = tmp_path / "rats.txt"
    deck.write_text(ONE_CLASS, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()

    call_command("goldfish", "chizo", "--deck", str(deck), "--games", "2", "--no-progress",
                 stdout=out, stderr=err)  # fmt: skip

    assert err.getvalue().splitlines() == [f"warning: {NEVER}", f"warning: {LONER}"]
    assert f"warning: {NEVER}" in out.getvalue().splitlines()


def test_a_simulation_carries_the_warnings_from_its_start_to_its_report(
    api: APIClient, alice: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    deck = new_deck(api, ONE_CLASS)

    with django_capture_on_commit_callbacks(execute=True):
        started = api.post("/api/v1/simulations/", {"deck": deck, "games": 3, "seed": 1},
                           format="json").json()  # fmt: skip
    # The answer was made before the games ran (they run once the creation is committed).
    assert started["status"] == "pending"
    assert started["deck_warnings"] == [NEVER, LONER]
    done = api.get(f"/api/v1/simulations/{started['id']}/").json()

    assert done["results"]["warnings"] == [NEVER, LONER]
    page = Client()
    page.force_login(alice)
    assert f'<p class="caveat" role="note">{NEVER}</p>' in page.get(
        f"/simulations/{started['id']}/"
    ).content.decode()
