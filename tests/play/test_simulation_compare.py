"""Comparing two decks (play/simulations/compare.py): win rates within the cap first, then
finishing turns over the games both decks won, never a mean built on capped turns; the
headline names a deck that never won (docs/play.md, "Comparisons")."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from play.simulations.compare import headline
from play.simulations.tallies import mean_interval
from tests.play.decks_api import new_deck

pytestmark = pytest.mark.django_db

WINNING_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push"
NEVER_WINS = "30 Rat"  # one class: no square ever forms, and no tile scores by its effect




def test_a_deck_that_never_wins_is_named_and_no_turn_difference_is_made_up(
    player: APIClient, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    first, second = new_deck(player, WINNING_STACK), new_deck(player, NEVER_WINS)
    with django_capture_on_commit_callbacks(execute=True):
        started = player.post(
            "/api/v1/simulations/compare/", {"decks": [first, second], "games": 20, "seed": 3},
            format="json",
        ).json()  # fmt: skip

    body = player.get("/api/v1/simulations/compare/", {"a": started["a"], "b": started["b"]}).json()

    wins_a = body["wins"]["a"]
    assert body["wins"]["b"] == 0
    assert wins_a > 0
    assert body["both_won"] == 0
    assert body["turn_difference"] == {"mean": None, "low": None, "high": None}
    assert body["headline"] == f"B never won within 30 turns; A won {wins_a} of 20 games."
    page = Client()
    page.force_login(alice)
    html = page.get(f"/simulations/compare/{started['a']}/{started['b']}/").content.decode()
    assert body["headline"] in html
    assert "Not compared: no game was won by both decks." in html


def result(wins_a: int, wins_b: int, games: int, pairs: list[tuple[bool, bool]] | None = None,
           turns: list[int] = ()) -> dict[str, Any]:  # fmt: skip
    won = pairs or []
    return {
        "games": games,
        "cap": 20,
        "wins": {"a": wins_a, "b": wins_b},
        "win_difference": mean_interval(int(b) - int(a) for a, b in won),
        "both_won": len(turns),
        "turn_difference": mean_interval(turns),
    }


def test_the_headline_when_neither_deck_wins() -> None:
    assert headline(result(0, 0, 50)) == (
        "Neither deck won within 20 turns in 50 games: no difference to measure."
    )


def test_the_headline_names_a_first_deck_that_never_won() -> None:
    assert headline(result(0, 7, 50)) == "A never won within 20 turns; B won 7 of 50 games."


def test_the_headline_puts_wins_first_then_turns_over_the_games_both_won() -> None:
    # 10 games: B wins all, A wins 4; over those 4, B is 2 turns faster each time.
    pairs = [(True, True)] * 4 + [(False, True)] * 6
    text = headline(result(4, 10, 10, pairs, turns=[-2, -2, -2, -2]))

    assert text.startswith("B wins more often within 20 turns: A 40.0%, B 100.0% (B - A +60.0")
    assert text.endswith(
        "Over the 4 games both won, B finishes sooner: B - A -2.00 turns, "
        "95% interval -2.00 to -2.00."
    )


def test_the_headline_says_when_the_interval_holds_no_clear_difference() -> None:
    pairs = [(True, True)] * 3 + [(True, False), (False, True)]
    text = headline(result(4, 4, 5, pairs, turns=[1, -1, 0]))

    assert text.startswith("No clear difference in wins within 20 turns: A 80.0%, B 80.0%")
    assert "no clear difference in finishing turn: B - A +0.00 turns" in text


def test_the_headline_when_both_win_but_never_the_same_game() -> None:
    pairs = [(True, False), (False, True)]
    text = headline(result(1, 1, 2, pairs))

    assert text.endswith("No game was won by both decks: finishing turns not compared.")
