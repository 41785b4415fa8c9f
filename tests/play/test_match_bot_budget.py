"""Bots move within a bounded budget per request: a match whose bots are not done
says so (`bots_pending`) and `advance/` plays their next decisions. However the moves are
split across requests, the game is the same."""

from __future__ import annotations

import math
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.gamedata import game_json
from play.matches import services as matches
from play.matches.models import Match
from play.matches.services import BOT_BUDGET, BotBudget

pytestmark = pytest.mark.django_db

BUDGET = 8

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
UNBOUNDED = 10**9


@pytest.fixture(autouse=True)
def budget_of_eight_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget counted in decisions alone, so where requests stop does not depend on the
    machine's speed."""
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(BUDGET, math.inf))

#: (game, the bot of each seat): all-bot games longer than one budget.
ALL_BOTS = [
    ("chizo", ["planner", "greedy", "random", "planner"]),
    ("shadowfist", ["tactician", "greedy"]),
    ("raise", ["greedy", "random", "random"]),
    ("chocobo", ["greedy", "random", "greedy"]),
]


@pytest.fixture
def player(api: APIClient, alice: User) -> APIClient:
    api.force_authenticate(alice)
    return api


def deck_text(game: str, seat: int) -> str:
    if game == "chizo":
        return CHIZO_STACK
    deck = game_json("shadowfist", "starter.json")["decks"][seat % 2]
    return "\n".join(f"{count} {name}" for name, count in deck["cards"].items())


def seats_of(api: APIClient, game: str, players: list[str]) -> list[Any]:
    """The seats as the API takes them: a deck of the player's own for deck games."""
    if game not in ("chizo", "shadowfist"):
        return players
    seats = []
    for seat, name in enumerate(players):
        body = {"game": game, "name": f"Deck {seat}", "list": deck_text(game, seat)}
        deck = api.post("/api/v1/decks/", body, format="json")
        assert deck.status_code == 201, deck.json()
        seats.append({"player": name, "deck": deck.json()["id"]})
    return seats


def start(api: APIClient, game: str, seats: list[Any], seed: int) -> dict[str, Any]:
    body = {"game": game, "mode": "bots", "seats": seats, "seed": seed}
    response = api.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def advance(api: APIClient, view: dict[str, Any], seq: int | None = None) -> Any:
    body = {"seq": view["seq"] if seq is None else seq}
    return api.post(f"/api/v1/matches/{view['id']}/advance/", body, format="json")


def act(api: APIClient, view: dict[str, Any], action_id: int = 0) -> Any:
    body = {"action_id": action_id, "seq": view["seq"]}
    return api.post(f"/api/v1/matches/{view['id']}/actions/", body, format="json")


def log(match_id: int) -> list[tuple[int, Any, bool, str]]:
    """The action log: step, action, by a bot, state hash after it."""
    rows = Match.objects.get(pk=match_id).actions.order_by("seq")
    return [(r.seq, r.action, r.by_bot, r.state_hash) for r in rows]


@pytest.mark.parametrize(("game", "players"), ALL_BOTS, ids=[g for g, _ in ALL_BOTS])
def test_an_all_bot_match_moves_a_budget_at_a_time_and_plays_the_same_game(
    player: APIClient, monkeypatch: pytest.MonkeyPatch, game: str, players: list[str]
) -> None:
    seats = seats_of(player, game, players)

    view = start(player, game, seats, seed=11)

    assert view["seq"] == BUDGET
    assert view["bots_pending"] is True
    assert view["is_over"] is False
    assert view["legal_actions"] == []
    requests = 1
    while view["bots_pending"]:
        before = view["seq"]
        response = advance(player, view)
        assert response.status_code == 200, response.json()
        view = response.json()
        assert 0 < view["seq"] - before <= BUDGET
        requests += 1
    assert view["is_over"] is True
    assert requests == math.ceil(view["seq"] / BUDGET)
    sliced = Match.objects.get(pk=view["id"])

    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(UNBOUNDED, math.inf))
    whole = start(player, game, seats, seed=11)

    assert whole["is_over"] is True
    assert whole["bots_pending"] is False
    assert log(whole["id"]) == log(view["id"])
    assert Match.objects.get(pk=whole["id"]).state == sliced.state


def test_after_a_human_action_the_bots_move_at_most_the_budget(
    player: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(1, math.inf))
    view = start(player, "raise", ["human", "greedy", "random"], seed=4)
    assert (view["seq"], view["bots_pending"], view["to_act"]) == (0, False, 0)

    after = act(player, view).json()

    assert after["seq"] == 2  # the human's action and one bot decision
    assert after["bots_pending"] is True
    assert after["to_act"] != 0
    assert after["legal_actions"] == []
    refused = act(player, after)
    assert refused.status_code == 400
    assert refused.json()["code"] == "not_your_turn"

    moved = advance(player, after).json()

    assert moved["seq"] == 3
    assert moved["bots_pending"] is False
    assert moved["to_act"] == 0
    assert moved["legal_actions"]


def test_a_game_with_humans_is_the_same_whatever_the_budget(
    player: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def play(budget: int) -> int:
        monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(budget, math.inf))
        view = start(player, "raise", ["human", "greedy", "random"], seed=8)
        while not view["is_over"]:
            view = (advance(player, view) if view["bots_pending"] else act(player, view)).json()
        return int(view["id"])

    sliced, whole = play(1), play(UNBOUNDED)

    assert len(log(sliced)) > 3
    assert log(sliced) == log(whole)


def test_advance_on_a_stale_step_answers_409_and_changes_nothing(player: APIClient) -> None:
    view = start(player, "raise", ["greedy", "random"], seed=3)
    assert view["bots_pending"] is True

    response = advance(player, view, seq=view["seq"] - 1)

    assert response.status_code == 409
    assert response.json()["code"] == "stale_seq"
    assert Match.objects.get(pk=view["id"]).seq == view["seq"]


def test_advance_when_no_bot_is_to_move_answers_400(player: APIClient) -> None:
    waiting = start(player, "raise", ["human", "greedy"], seed=3)
    over = start(player, "raise", ["greedy", "random"], seed=3)
    while over["bots_pending"]:
        over = advance(player, over).json()

    for view, code in ((waiting, "no_bots_to_move"), (over, "game_over")):
        response = advance(player, view)
        assert response.status_code == 400
        assert response.json()["code"] == code
        assert Match.objects.get(pk=view["id"]).seq == view["seq"]


def test_advance_needs_the_step_it_was_asked_on(player: APIClient) -> None:
    view = start(player, "raise", ["greedy", "random"], seed=3)

    response = player.post(f"/api/v1/matches/{view['id']}/advance/", {}, format="json")

    assert response.status_code == 400
    assert "seq" in [error["field"] for error in response.json()["errors"]]


def test_advance_counts_against_the_action_throttle(player: APIClient, settings: Any) -> None:
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | {"match_action": "1/min"}
    settings.REST_FRAMEWORK = rest
    view = start(player, "raise", ["greedy", "random"], seed=3)
    view = advance(player, view).json()

    refused = advance(player, view)

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert Match.objects.get(pk=view["id"]).seq == view["seq"]


def test_a_request_whose_cpu_budget_is_spent_still_plays_one_decision(
    player: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "BOT_BUDGET", BotBudget(UNBOUNDED, cpu_seconds=0.0))
    view = start(player, "raise", ["greedy", "random"], seed=3)
    assert (view["seq"], view["bots_pending"]) == (1, True)

    moved = advance(player, view).json()

    assert (moved["seq"], moved["bots_pending"]) == (2, True)


def test_the_default_budget_bounds_decisions_and_cpu() -> None:
    assert 1 <= BOT_BUDGET.decisions <= 1_000
    assert 0 < BOT_BUDGET.cpu_seconds <= 0.5
