"""The board of a match whose bots are not done: a "Continue" form lets them move on (htmx
submits it by itself; without JavaScript the button), until a human is to act."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from play.matches import services as matches
from play.matches.models import Match
from play.matches.services import BotBudget

pytestmark = pytest.mark.django_db

BUDGET = 8

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def budget_of_eight_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget counted in decisions alone, so where requests stop does not depend on the
    machine's speed."""
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(BUDGET, math.inf))


@pytest.fixture
def player(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


def all_bots(user: User, seed: int = 3) -> int:
    """An all-bot Raise match started through the API (the pages seat the user)."""
    api = APIClient()
    api.force_authenticate(user)
    body = {"game": "raise", "mode": "bots", "seats": ["greedy", "random"], "seed": seed}
    response = api.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201
    return int(response.json()["id"])


def board(client: Client, match_id: int) -> str:
    response = client.get(f"/play/matches/{match_id}/")
    assert response.status_code == 200
    return response.content.decode()


def advance_form(html: str) -> str | None:
    found = re.search(r'<form id="advance-form".*?</form>', html, re.S)
    return found.group(0) if found else None


def advance(client: Client, match_id: int, seq: int, **extra: Any) -> Any:
    return client.post(f"/play/matches/{match_id}/advance/", {"seq": seq}, **extra)


def log(match_id: int) -> list[tuple[int, Any, str]]:
    rows = Match.objects.get(pk=match_id).actions.order_by("seq")
    return [(r.seq, r.action, r.state_hash) for r in rows]


def test_the_board_of_bots_not_done_has_a_continue_form_that_htmx_submits_itself(
    player: Client, alice: User
) -> None:
    match_id = all_bots(alice)

    html = board(player, match_id)

    form = advance_form(html)
    assert form is not None
    assert 'data-bots-pending="true"' in html
    assert f'action="/play/matches/{match_id}/advance/"' in form
    assert f'name="seq" value="{BUDGET}"' in form
    assert 'hx-trigger="load delay:300ms, submit"' in form
    assert ">Continue</button>" in form
    assert "Bots moving: Seat 1 (greedy) to play" in html
    assert 'name="action_id"' not in html


def test_continue_without_javascript_plays_the_game_to_its_end_as_in_one_go(
    player: Client, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = all_bots(alice)
    presses = 0
    while advance_form(html := board(player, match_id)) is not None:
        seq = Match.objects.get(pk=match_id).seq
        response = advance(player, match_id, seq)
        assert response.status_code == 302
        assert response["Location"] == f"/play/matches/{match_id}/"
        assert 0 < Match.objects.get(pk=match_id).seq - seq <= BUDGET
        presses += 1

    assert presses >= 2
    assert 'data-over="true"' in html
    assert "data-bots-pending" not in html
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(10**9, math.inf))
    assert log(match_id) == log(all_bots(alice))


def test_with_htmx_continue_answers_the_board_which_asks_again(player: Client, alice: User) -> None:
    match_id = all_bots(alice)

    response = advance(player, match_id, BUDGET, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="match"')
    assert "<html" not in html
    assert Match.objects.get(pk=match_id).seq == 2 * BUDGET
    assert 'hx-trigger="load delay:300ms, submit"' in (advance_form(html) or "")


def test_a_stale_continue_shows_the_board_as_it_is_and_moves_nothing(
    player: Client, alice: User
) -> None:
    match_id = all_bots(alice)
    advance(player, match_id, BUDGET)

    again = advance(player, match_id, BUDGET, **HTMX)  # another tab already moved the bots

    html = again.content.decode()
    assert again.status_code == 200
    assert Match.objects.get(pk=match_id).seq == 2 * BUDGET
    assert f'name="seq" value="{2 * BUDGET}"' in html
    assert 'role="alert"' not in html


def test_a_throttled_continue_shows_the_reason_and_waits_for_the_button(
    player: Client, alice: User, settings: Any
) -> None:
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | {"match_action": "1/min"}
    settings.REST_FRAMEWORK = rest
    match_id = all_bots(alice)
    advance(player, match_id, BUDGET, **HTMX)

    refused = advance(player, match_id, 2 * BUDGET, **HTMX)

    html = refused.content.decode()
    assert refused.status_code == 429
    assert 'role="alert">Too many requests' in html
    form = advance_form(html) or ""
    assert 'hx-trigger="submit"' in form  # no request by itself: it would be refused again
    assert ">Continue</button>" in form
    assert Match.objects.get(pk=match_id).seq == 2 * BUDGET


def test_after_your_move_the_board_continues_until_it_is_your_turn_again(
    player: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(1, math.inf))
    data = {"raise-players": 3, "raise-seat_2": "greedy", "raise-seat_3": "random",
            "raise-seed": 4}  # fmt: skip
    started = player.post("/play/bots/raise/", data)
    match_id = int(re.search(r"/play/matches/(\d+)/", started["Location"]).group(1))
    html = board(player, match_id)
    action = int(re.search(r'name="action_id" value="(\d+)"', html).group(1))

    acted = player.post(f"/play/matches/{match_id}/act/", {"seq": 0, "action_id": action}, **HTMX)

    html = acted.content.decode()
    assert advance_form(html) is not None
    assert 'name="action_id"' not in html
    html = advance(player, match_id, 2, **HTMX).content.decode()
    assert advance_form(html) is None
    assert "Your move" in html
    assert 'name="action_id"' in html


def test_an_all_bot_board_names_every_seat_by_its_bot_never_you(
    player: Client, alice: User
) -> None:
    match_id = all_bots(alice)

    html = board(player, match_id)

    assert "Seat 1 (greedy)" in html
    assert "Seat 2 (random)" in html
    assert not re.search(r"\bYou\b", html)
