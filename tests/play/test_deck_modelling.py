"""What a goldfish figure stands on: the commands and the simulation report count the
deck's cards modelled, played by printed stats only, and blank, beside the headline, and
name each card that is not modelled; "all ... modelled" only when true. The cards are
imported as the real Shadowfist list imports them: facts, no rules text."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from cards.models import Card
from tests.cards.test_shadowfist_import import row, write_csv
from tests.play.decks_api import new_deck

pytestmark = pytest.mark.django_db

REAL_FILE = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"
WORDS = "0 of 14 cards modelled; 12 by printed stats only; 2 blanks"


@pytest.fixture
def imported(tmp_path: Path) -> None:
    """Two characters, a feng shui site and an event, as the importer reads them."""
    rows = [
        row(9001, "Lone Brawler", cost="1", fighting="2"),
        row(9002, "Tough Guard", cost="2", fighting="3"),
        row(9003, "Quiet Garden", card_type="Feng Shui Site", faction_or_category="",
            cost="", provides="", fighting="", body="7", power="1"),
        row(9004, "Sudden Storm", card_type="Event", cost="1", provides="", fighting=""),
    ]
    call_command("import_cards", "shadowfist", str(write_csv(tmp_path / "cards.csv", rows)),
                 stdout=io.StringIO())  # fmt: skip


DECK = "4 Lone Brawler\n4 Tough Guard\n4 Quiet Garden\n2 Sudden Storm"


@pytest.mark.usefixtures("imported")
def test_the_goldfish_command_counts_and_names_the_cards_not_modelled(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    out = io.StringIO()

    call_command("goldfish", "shadowfist", "--deck", str(deck), "--games", "5", "--no-progress",
                 "--test-anyway", stdout=out)  # fmt: skip

    lines = out.getvalue().splitlines()
    assert lines[3] == f"what the engine modelled: {WORDS}"  # beside the headline figure
    listed = lines[lines.index("cards not fully modelled:") + 1 :]
    assert listed == [
        "  4 Lone Brawler: by printed stats only (its rules text is not known: it plays by "
        "its printed figures)",
        "  4 Tough Guard: by printed stats only (its rules text is not known: it plays by "
        "its printed figures)",
        "  4 Quiet Garden: by printed stats only (its rules text is not known: it plays by "
        "its printed figures)",
        "  2 Sudden Storm: blank (no effect key: played as a blank)",
    ]
    assert "none" not in out.getvalue()
    assert "every" not in out.getvalue()


@pytest.mark.usefixtures("imported")
def test_the_simulation_report_says_what_its_figures_stand_on(
    api: APIClient, alice: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    deck = new_deck(api, DECK, game="shadowfist")
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(
            "/api/v1/simulations/",
            {"deck": deck, "games": 5, "seed": 1, "test_anyway": True},
            format="json",
        )
    results = api.get(f"/api/v1/simulations/{started.json()['id']}/").json()["results"]

    modelling = results["modelling"]
    assert modelling["counts"] == {"modelled": 0, "stats_only": 12, "blank": 2}
    assert [(c["name"], c["status"]) for c in modelling["not_modelled"]] == [
        ("Lone Brawler", "stats_only"), ("Tough Guard", "stats_only"),
        ("Quiet Garden", "stats_only"), ("Sudden Storm", "blank"),
    ]  # fmt: skip
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/{started.json()['id']}/").content.decode()
    assert f"These figures stand on {WORDS}" in html
    assert "<td>Sudden Storm</td><td>blank</td><td>no effect key: played as a blank</td>" in html
    assert "modelled every card" not in html


def test_a_fully_modelled_stack_says_so_and_lists_nothing(tmp_path: Path) -> None:
    deck = tmp_path / "stack.txt"
    deck.write_text("10 Rat\n10 Rabbit\n10 Horse\n", encoding="utf-8")
    out = io.StringIO()

    call_command("goldfish", "chizo", "--deck", str(deck), "--games", "2", "--no-progress",
                 stdout=out)  # fmt: skip

    assert "what the engine modelled: all 30 tiles modelled" in out.getvalue()
    assert "not fully modelled" not in out.getvalue()


@pytest.mark.skipif(not REAL_FILE.exists(), reason="the real Shadowfist card list is not present")
def test_a_deck_of_real_dragons_cards_is_reported_as_played_by_stats_and_blanks(
    tmp_path: Path,
) -> None:
    call_command("import_cards", "shadowfist", str(REAL_FILE), stdout=io.StringIO())
    real = Card.objects.filter(game__slug="shadowfist", effect_key__isnull=True,
                               is_unique=False, is_limited=False)  # fmt: skip
    sites = real.filter(type="Feng Shui Site", body__gt=0).order_by("name")[:4]
    fighters = real.filter(faction="Dragons", type="Character", cost_is_x=False,
                           fighting_is_x=False, cost__lte=3).order_by("name")[:8]  # fmt: skip
    events = real.filter(faction="Dragons", type="Event").order_by("name")[:3]
    lines = [f"4 {c.name}" for c in [*sites, *fighters]] + [f"2 {c.name}" for c in events]
    deck = tmp_path / "dragons.txt"
    deck.write_text("\n".join(lines), encoding="utf-8")
    out = io.StringIO()

    call_command("goldfish", "shadowfist", "--deck", str(deck), "--games", "10",
                 "--no-progress", "--test-anyway", stdout=out)  # fmt: skip

    text = out.getvalue()
    assert "what the engine modelled: 0 of 54 cards modelled; 48 by printed stats only; " \
        "6 blanks" in text  # fmt: skip
    assert text.count(": by printed stats only (") == 12
    assert text.count(": blank (") == 3


@pytest.mark.usefixtures("imported")
def test_the_deck_page_counts_what_the_engine_models_and_names_the_rest(
    api: APIClient, alice: User
) -> None:
    api.force_authenticate(alice)
    deck = new_deck(api, DECK, game="shadowfist")
    page = Client()
    page.force_login(alice)

    html = page.get(f"/decks/{deck}/").content.decode()

    assert f"<strong>What the rules engine models:</strong> {WORDS}." in html
    assert "<li>2 Sudden Storm: blank" in html


def test_a_fully_modelled_deck_page_says_all_and_lists_nothing(api: APIClient, alice: User) -> None:
    api.force_authenticate(alice)
    deck = new_deck(api, "8 Rat\n8 Rabbit\n8 Horse\n8 Rooster")
    page = Client()
    page.force_login(alice)

    html = page.get(f"/decks/{deck}/").content.decode()

    assert "<strong>What the rules engine models:</strong> all 32 tiles modelled." in html
    assert "Cards not fully modelled" not in html
