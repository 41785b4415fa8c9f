"""The search bots wherever bots are chosen (issue: bots that play well): the simulation
API and form, the goldfish command, the match API and form; a goldfish figure names its
bot and the bot's measured gap, the same words on the page and the command line."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from play.matches import services as matches
from play.matches.pages.views import BotGameForm
from play.matches.services import BotBudget
from play.simulations.models import Simulation
from play.simulations.policies import gap_words, policy_gap

from .decks_api import new_deck
from .test_deck_games import starter_list

pytestmark = pytest.mark.django_db

SEARCH_BOTS = ("search-fast", "search-strong")


@pytest.mark.parametrize("game", ["chizo", "shadowfist"])
def test_every_search_bot_has_a_measured_gap(game: str) -> None:
    for bot in (*SEARCH_BOTS, "greedy"):
        gap = policy_gap(game, bot)
        assert gap is not None, bot
        assert gap["decks"] >= 3
        assert gap["deep_factor"] >= 20
    assert policy_gap(game, "random") is None


def test_the_gap_is_worded_from_its_figures() -> None:
    gap = {"deep": 2.6, "clairvoyant": 11.2, "decks": 7, "deep_factor": 20}
    assert gap_words(gap) == (
        "within 3% of a fair search 20 times deeper and 11% of the clairvoyant bound, "
        "on the worst of 7 test decks"
    )
    # A bot a little ahead of a yardstick on the test seeds is "within 0%", not "-1%".
    assert gap_words({**gap, "deep": -0.8}).startswith("within 0% of a fair search")
    assert gap_words(None) == ""


def test_a_search_goldfish_simulation_names_its_bot_and_gap_on_the_api_and_page(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    with django_capture_on_commit_callbacks(execute=True):
        created = player.post(
            "/api/v1/simulations/",
            {"deck": deck, "games": 8, "seed": 2, "bot": "search-fast"},
            format="json",
        )
    assert created.status_code == 202, created.json()
    results = player.get(f"/api/v1/simulations/{created.json()['id']}/").json()["results"]

    assert results["policy"] == "search-fast"
    assert results["policy_gap"] == policy_gap("shadowfist", "search-fast")
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/{created.json()['id']}/").content.decode()
    assert f'search-fast <span class="muted">(goldfish {gap_words(results["policy_gap"])})' in html


def test_the_simulation_form_offers_the_search_bots(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    page = Client()
    page.force_login(alice)
    form = page.get("/simulations/new/").content.decode()
    for bot in SEARCH_BOTS:
        assert f'value="{bot}"' in form

    with django_capture_on_commit_callbacks(execute=True):
        response = page.post("/simulations/new/", {"kind": "goldfish", "deck": deck,
                             "games": "4", "bot": "search-strong"})  # fmt: skip

    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.spec["bot"] == "search-strong"
    assert simulation.results["policy"] == "search-strong"


def test_the_goldfish_command_runs_a_search_bot_and_names_its_gap(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(starter_list(), encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", "shadowfist", "--deck", str(deck), "--games", "4", "--seed", "3",
                 "--bot", "search-fast", "--no-progress", stdout=out)  # fmt: skip

    words = gap_words(policy_gap("shadowfist", "search-fast"))
    assert f"bot: search-fast (goldfish {words})" in out.getvalue()


def test_an_unknown_bot_is_refused_with_the_search_bots_named(player: APIClient) -> None:
    deck = new_deck(player, starter_list(), game="shadowfist")
    response = player.post(
        "/api/v1/simulations/", {"deck": deck, "games": 8, "bot": "search"}, format="json"
    )
    assert response.status_code == 400
    assert "search-fast, search-strong" in str(response.json())
    assert Simulation.objects.count() == 0


def _all_bot_match(api: APIClient, seed: int) -> dict[str, Any]:
    seats = []
    for seat, bot in enumerate(["search-strong", "tactician"]):
        deck = new_deck(api, starter_list(seat), game="shadowfist", name=f"Deck {seat}")
        seats.append({"player": bot, "deck": deck})
    body = {"game": "shadowfist", "mode": "bots", "seats": seats, "seed": seed}
    response = api.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def test_a_match_against_a_search_bot_is_played_by_the_rules_and_replays(
    player: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(10**9, math.inf))
    first = _all_bot_match(player, 5)
    again = _all_bot_match(player, 5)

    assert first["is_over"] is True
    assert first["outcome"]["status"] == "finished"
    assert (again["outcome"], again["seq"]) == (first["outcome"], first["seq"])


def test_the_match_form_offers_the_search_bots() -> None:
    for game in ("chizo", "shadowfist"):
        choices = dict(BotGameForm(game).fields["seat_2"].choices)  # type: ignore[attr-defined]
        for bot in SEARCH_BOTS:
            assert choices[bot] == bot
