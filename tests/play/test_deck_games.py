"""Deck games through the play app: goldfish commands, simulations and matches."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from cards.gamedata import game_json

pytestmark = pytest.mark.django_db


def starter_list(index: int = 0) -> str:
    deck = game_json("shadowfist", "starter.json")["decks"][index]
    return "\n".join(f"{count} {name}" for name, count in deck["cards"].items())


def goldfish(*args: str) -> str:
    out = io.StringIO()
    call_command("goldfish", *args, "--no-progress", stdout=out)
    return out.getvalue()


def test_the_goldfish_command_reports_the_turn_of_victory(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(starter_list(), encoding="utf-8")

    text = goldfish("shadowfist", "--deck", str(deck), "--games", "30", "--seed", "3")

    assert (
        "Shadowfist goldfish of deck.txt, seed 3, bot greedy, against the goldfish table "
        "(a feng shui site of Body 7 each turn; no blockers): 30 games"
    ) in text
    assert "turn: mean" in text
    assert "first site turn: mean" in text
    assert "power by turn" in text
    assert "what the engine modelled: all 50 cards modelled" in text
    assert "not fully modelled" not in text
    assert text == goldfish("shadowfist", "--deck", str(deck), "--games", "30", "--seed", "3")


def test_the_goldfish_command_explains_a_bad_deck_file(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Golden Eg\n", encoding="utf-8")

    with pytest.raises(CommandError, match="line 1: no card named 'Golden Eg'"):
        goldfish("chizo", "--deck", str(deck), "--games", "3")


@pytest.fixture
def player(api: APIClient, alice: User, settings: Any) -> APIClient:
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    return api


def new_deck(api: APIClient, text: str, game: str = "shadowfist") -> int:
    response = api.post(
        "/api/v1/decks/", {"game": game, "name": "Deck", "list": text}, format="json"
    )
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def test_a_shadowfist_deck_goldfish_simulation_reports_turns_and_cards(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, starter_list())

    with django_capture_on_commit_callbacks(execute=True):
        created = player.post(
            "/api/v1/simulations/", {"deck": deck, "games": 40, "seed": 8}, format="json"
        )
    result = player.get(f"/api/v1/simulations/{created.json()['id']}/").json()

    assert result["status"] == "done"
    results = result["results"]
    assert results["games"] == 40
    assert results["turn"]["low"] <= results["turn"]["mean"] <= results["turn"]["high"]
    assert sum(results["turn"]["histogram"].values()) == results["wins"]
    assert results["cards"][0]["name"]
    assert results["policy"] == "greedy"
    assert results["curves"]["power_by_turn"][0] >= 1


def test_two_decks_compare_on_the_same_seeds(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    first, second = new_deck(player, starter_list(0)), new_deck(player, starter_list(1))

    with django_capture_on_commit_callbacks(execute=True):
        started = player.post(
            "/api/v1/simulations/compare/", {"decks": [first, second], "games": 30, "seed": 2},
            format="json",
        ).json()  # fmt: skip
    comparison = player.get("/api/v1/simulations/compare/", {"a": started["a"], "b": started["b"]})

    body = comparison.json()
    assert body["games"] == 30
    assert body["cap"] == 20  # the Shadowfist goldfish's default
    wins = body["wins"]
    assert body["win_difference"]["mean"] == pytest.approx((wins["b"] - wins["a"]) / 30)
    assert body["only"]["a"] - body["only"]["b"] == wins["a"] - wins["b"]
    assert body["both_won"] == wins["a"] - body["only"]["a"]
    turns = body["turn_difference"]
    assert turns["low"] <= turns["mean"] <= turns["high"]
    assert body["headline"].startswith(("B wins more", "A wins more", "No clear difference"))
    assert f"Over the {body['both_won']} games both won" in body["headline"]


def test_a_shadowfist_goldfish_match_is_played_by_hand(player: APIClient) -> None:
    deck = new_deck(player, starter_list())

    view = player.post(
        "/api/v1/matches/", {"game": "shadowfist", "mode": "goldfish", "deck": deck, "seed": 1},
        format="json",
    ).json()  # fmt: skip
    for _ in range(40):
        if view["is_over"]:
            break
        assert view["to_act"] == 0
        view = player.post(
            f"/api/v1/matches/{view['id']}/actions/",
            {"action_id": len(view["legal_actions"]) - 1, "seq": view["seq"]},
            format="json",
        ).json()
    assert view["seq"] >= 40 or view["is_over"]
    assert all(label for label in (a["label"] for a in view["legal_actions"]))


def test_a_deck_someone_else_keeps_private_cannot_be_goldfished(
    api: APIClient, alice: User, bob: User
) -> None:
    api.force_authenticate(alice)
    deck = new_deck(api, starter_list())
    api.force_authenticate(bob)

    for url, body in [
        ("/api/v1/simulations/", {"deck": deck, "games": 5}),
        ("/api/v1/matches/", {"game": "shadowfist", "mode": "goldfish", "deck": deck}),
    ]:
        response = api.post(url, body, format="json")
        assert response.status_code == 400
        assert f"no deck {deck} that you may read" in response.json()["detail"]


def test_walking_shadowfist_hotseat_games_no_view_shows_the_other_hand_or_deck(
    player: APIClient,
) -> None:
    from play.engine.core import get_game
    from play.matches.models import Match

    first, second = new_deck(player, starter_list(0)), new_deck(player, starter_list(1))
    game = get_game("shadowfist")
    for seed in (1, 2):
        view = player.post(
            "/api/v1/matches/",
            {"game": "shadowfist", "mode": "hotseat", "seed": seed,
             "seats": [{"player": "human", "deck": first}, {"player": "human", "deck": second}]},
            format="json",
        ).json()  # fmt: skip
        for _step in range(150):
            if view["is_over"]:
                break
            state = game.state_from_dict(Match.objects.get(pk=view["id"]).state)
            viewer = view["viewer"]
            hidden = {
                uid
                for seat in range(2)
                for uid in [*state.decks[seat], *(state.hands[seat] if seat != viewer else [])]
            }
            shown = {c["id"] for c in view["state"]["hand"]}
            assert shown == set(state.hands[viewer])
            assert not hidden & shown_ids(view["state"])
            assert "rng" not in str(view["state"])
            view = player.post(
                f"/api/v1/matches/{view['id']}/actions/",
                {"action_id": (seed * 7 + _step) % len(view["legal_actions"]), "seq": view["seq"]},
                format="json",
            ).json()


def shown_ids(data: Any) -> set[int]:
    """Ids of every card object (a dict with an id and an owner) anywhere in a view."""
    if isinstance(data, dict):
        found = {data["id"]} if "id" in data and "owner" in data else set()
        return found.union(*(shown_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(shown_ids(v) for v in data))
    return set()


CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"


def test_a_chizo_stack_goldfish_simulation_reports_the_turn_to_12_points(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, CHIZO_STACK, game="chizo")

    with django_capture_on_commit_callbacks(execute=True):
        created = player.post(
            "/api/v1/simulations/", {"deck": deck, "games": 20, "seed": 5}, format="json"
        )
    results = player.get(f"/api/v1/simulations/{created.json()['id']}/").json()["results"]

    assert results["games"] == 20
    assert results["wins"] + results["unfinished"] == 20
    assert results["turn"]["mean"] is not None
    rat = next(c for c in results["cards"] if c["name"] == "Rat")
    assert 0 < rat["drawn_by_turn_5"] <= 1
    assert results["curves"]["points_by_turn"][-1] >= results["curves"]["points_by_turn"][0]


@pytest.mark.rule("chizo-rising.txt", 125)
def test_the_chizo_goldfish_command_names_the_reading_of_effect_points(tmp_path: Path) -> None:
    """Which reading of line 125 a figure stands on is in its header; the printed
    reading scores Golden Eggs in full and reaches 12 points no later on average."""
    deck = tmp_path / "stack.txt"
    deck.write_text(CHIZO_STACK, encoding="utf-8")
    args = ("chizo", "--deck", str(deck), "--games", "40", "--seed", "2")

    default = goldfish(*args)
    shown = goldfish(*args, "--effect-points", "shown")
    printed = goldfish(*args, "--effect-points", "printed")

    assert default == shown
    header = "ChiZo RISING goldfish of stack.txt, seed 2, bot greedy, effect points as"
    assert f"{header} tiles show them (capped by the Discard Pile): 40 games" in shown
    assert f"{header} printed (not capped by the Discard Pile): 40 games" in printed

    def mean(text: str) -> float:
        return float(text.split("turn: mean ")[1].split()[0])

    assert mean(printed) < mean(shown)


def test_only_chizo_goldfish_takes_a_reading_of_effect_points(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(starter_list(), encoding="utf-8")
    with pytest.raises(CommandError, match="only ChiZo RISING has effect points"):
        goldfish("shadowfist", "--deck", str(deck), "--games", "1", "--effect-points", "printed")


def test_a_chizo_goldfish_simulation_takes_the_printed_reading(
    player: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    deck = new_deck(player, CHIZO_STACK, game="chizo")
    body = {"deck": deck, "games": 10, "seed": 5}
    with django_capture_on_commit_callbacks(execute=True):
        shown = player.post("/api/v1/simulations/", body, format="json")
        printed = player.post(
            "/api/v1/simulations/", {**body, "effect_points": "printed"}, format="json"
        )
        wrong = player.post("/api/v1/simulations/", {**body, "effect_points": "x"}, format="json")
    assert wrong.status_code == 400
    results = [
        player.get(f"/api/v1/simulations/{r.json()['id']}/").json()["results"]
        for r in (shown, printed)
    ]
    assert [r["effect_points"] for r in results] == ["shown", "printed"]
    assert results[1]["turn"]["mean"] <= results[0]["turn"]["mean"]


def test_a_chizo_goldfish_match_is_played_by_hand_and_undone(player: APIClient) -> None:
    deck = new_deck(player, CHIZO_STACK, game="chizo")
    view = player.post(
        "/api/v1/matches/", {"game": "chizo", "mode": "goldfish", "deck": deck, "seed": 4},
        format="json",
    ).json()  # fmt: skip
    assert view["to_act"] == 0
    assert view["legal_actions"]

    after = player.post(
        f"/api/v1/matches/{view['id']}/actions/", {"action_id": 0, "seq": 0}, format="json"
    ).json()
    undone = player.post(
        f"/api/v1/matches/{view['id']}/undo/", {"seq": after["seq"]}, format="json"
    ).json()

    assert after["seq"] == 1
    assert undone["state"] == view["state"]
