"""Matches over REST: start, view, act, bots, undo, replay, and who may see what."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from play.engine.core import get_game
from play.matches.models import Match

pytestmark = pytest.mark.django_db


def start(api: APIClient, **fields: Any) -> Any:
    body = {"game": "raise", "mode": "hotseat", "seats": ["human", "human"], "seed": 5} | fields
    return api.post("/api/v1/matches/", body, format="json")


def act(api: APIClient, view: dict[str, Any], action_id: int = 0) -> Any:
    return api.post(
        f"/api/v1/matches/{view['id']}/actions/",
        {"action_id": action_id, "seq": view["seq"]},
        format="json",
    )


def bots_done(api: APIClient, view: dict[str, Any]) -> dict[str, Any]:
    """The view once the bots have used up their moves (`advance/` while they are pending)."""
    while view["bots_pending"]:
        view = api.post(
            f"/api/v1/matches/{view['id']}/advance/", {"seq": view["seq"]}, format="json"
        ).json()
    return view


@pytest.fixture
def player(api: APIClient, alice: User) -> APIClient:
    api.force_authenticate(alice)
    return api


def test_a_hotseat_match_starts_with_the_view_of_the_player_to_act(player: APIClient) -> None:
    response = start(player)

    assert response.status_code == 201
    view = response.json()
    assert view["seq"] == 0
    assert view["viewer"] == view["to_act"]
    assert view["legal_actions"][0] == {"id": 0, "label": view["legal_actions"][0]["label"],
                                        "action": view["legal_actions"][0]["action"]}  # fmt: skip
    assert view["is_over"] is False
    assert "rng" not in json.dumps(view["state"])


def test_the_legal_actions_carry_the_engines_readable_labels(player: APIClient) -> None:
    view = start(player).json()
    match = Match.objects.get(pk=view["id"])
    game = get_game("raise")
    state = game.state_from_dict(match.state)
    hand = {card["id"]: card["name"] for card in view["state"]["hand"]}

    labels = [legal["label"] for legal in view["legal_actions"]]

    assert labels == game.labels(state, game.legal_actions(state))
    assert labels == [f"Play {hand[a['action']['args'][0]]} face down"
                      for a in view["legal_actions"]]  # fmt: skip
    assert not any(label.startswith(("P0 ", "P1 ")) for label in labels)


def test_the_view_is_the_engines_view_for_that_seat(player: APIClient) -> None:
    view = start(player).json()
    match = Match.objects.get(pk=view["id"])
    game = get_game("raise")

    expected = game.view(game.state_from_dict(match.state), view["viewer"])

    assert view["state"] == json.loads(json.dumps(expected))


def test_an_action_by_id_moves_the_game_on(player: APIClient) -> None:
    view = start(player).json()

    after = act(player, view).json()

    assert after["seq"] == 1
    assert after["events"][-1]["seq"] == 1


def test_each_step_carries_its_events_as_sentences(player: APIClient) -> None:
    view = start(player).json()
    view = act(player, view).json()
    view = act(player, view).json()  # both seats have chosen: the cards are revealed

    first, last = view["events"][0], view["events"][-1]

    assert first["text"] == [f"Seat {first['player'] + 1} chose a card face down"]
    assert len(last["text"]) == len(last["events"])
    revealed = "; ".join(last["text"])
    for seat in (1, 2):
        assert re.search(rf"Seat {seat} played \w+ \d \(value \d+\) to space \d+", revealed)
    assert not any(char in revealed for char in "{}[]_")


def test_a_stale_step_is_refused_with_409_and_changes_nothing(player: APIClient) -> None:
    view = start(player).json()
    act(player, view)

    response = act(player, view)

    assert response.status_code == 409
    assert response.json()["code"] == "stale_seq"
    assert Match.objects.get(pk=view["id"]).seq == 1


def test_an_illegal_action_is_refused_with_the_engines_reason(player: APIClient) -> None:
    view = start(player).json()
    wrong_player = 1 - view["to_act"]

    response = player.post(
        f"/api/v1/matches/{view['id']}/actions/",
        {"action": {"kind": "pass", "player": wrong_player, "args": []}, "seq": 0},
        format="json",
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "not_your_turn"
    assert body["detail"]


def test_a_malformed_action_or_unknown_id_answers_400(player: APIClient) -> None:
    view = start(player).json()
    url = f"/api/v1/matches/{view['id']}/actions/"

    assert player.post(url, {"action": {"kind": 3}, "seq": 0}, format="json").status_code == 400
    assert player.post(url, {"action_id": 9999, "seq": 0}, format="json").status_code == 400
    assert player.post(url, {"seq": 0}, format="json").status_code == 400


def test_bots_move_until_a_human_is_to_act(player: APIClient) -> None:
    view = start(player, mode="bots", seats=["human", "greedy", "random"]).json()

    for _ in range(30):
        view = bots_done(player, view)
        if view["is_over"]:
            break
        assert view["to_act"] == 0
        view = act(player, view).json()
    assert any(step["by_bot"] for step in view["events"])


def test_a_match_of_bots_alone_plays_to_the_end(player: APIClient) -> None:
    view = bots_done(player, start(player, mode="bots", seats=["greedy", "random"]).json())

    assert view["is_over"] is True
    assert view["outcome"]["status"] == "finished"
    assert view["legal_actions"] == []


def test_undo_takes_back_the_last_action_in_hotseat(player: APIClient) -> None:
    before = start(player).json()
    after = act(player, before, action_id=1).json()

    undone = player.post(
        f"/api/v1/matches/{before['id']}/undo/", {"seq": after["seq"]}, format="json"
    ).json()

    assert undone["seq"] == 0
    assert undone["state"] == before["state"]
    assert undone["legal_actions"] == before["legal_actions"]


def test_undo_is_refused_in_a_match_against_bots(player: APIClient) -> None:
    view = start(player, mode="bots", seats=["human", "greedy"]).json()

    response = player.post(
        f"/api/v1/matches/{view['id']}/undo/", {"seq": view["seq"]}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "no_undo"


def test_the_replay_of_a_finished_match_verifies_every_hash(player: APIClient) -> None:
    view = start(player, mode="bots", seats=["greedy", "random", "random"], seed=9).json()
    view = bots_done(player, view)

    replay = player.get(f"/api/v1/matches/{view['id']}/replay/", {"verify": "true"}).json()

    assert replay["seed"] == 9
    assert replay["verified"] is True
    assert len(replay["log"]) == view["seq"]


def test_the_replay_stays_hidden_while_the_game_is_on(player: APIClient) -> None:
    view = start(player).json()

    response = player.get(f"/api/v1/matches/{view['id']}/replay/")

    assert response.status_code == 409
    assert "seed" not in response.json()


def test_the_same_seed_and_actions_give_the_same_game(player: APIClient) -> None:
    first = start(player, seed=77).json()
    second = start(player, seed=77).json()
    for _ in range(6):
        first, second = act(player, first).json(), act(player, second).json()

    one, two = Match.objects.get(pk=first["id"]), Match.objects.get(pk=second["id"])
    assert one.actions.last().state_hash == two.actions.last().state_hash


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", ""),
        ("post", "actions/"),
        ("post", "undo/"),
        ("post", "advance/"),
        ("get", "replay/"),
    ],
)
def test_other_users_get_404_on_every_match_endpoint(
    api: APIClient, alice: User, bob: User, charlie: User, method: str, suffix: str
) -> None:
    api.force_authenticate(alice)
    view = start(api, mode="bots", seats=["greedy", "random"]).json()

    for other in (bob, charlie):
        api.force_authenticate(other)
        response = getattr(api, method)(
            f"/api/v1/matches/{view['id']}/{suffix}", {"seq": 0, "action_id": 0}, format="json"
        )
        assert response.status_code == 404
    api.force_authenticate(None)
    assert api.get(f"/api/v1/matches/{view['id']}/").status_code == 401


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"mode": "solo"}, "mode"),
        ({"seats": ["human"] * 9}, "seats"),
        ({"seats": ["human", "genius"], "mode": "bots"}, "seats[1]"),
        ({"seats": ["human"]}, "seats"),
        ({"mode": "goldfish"}, "deck"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_match_requests_answer_400_naming_the_field(
    player: APIClient, fields: dict[str, Any], field: str
) -> None:
    response = start(player, **fields)

    assert response.status_code == 400, response.json()
    assert field in [e["field"] for e in response.json()["errors"]]


def test_walking_a_whole_game_every_view_is_the_viewers_own(player: APIClient) -> None:
    view = start(player, seats=["human", "human", "human"], seed=3).json()
    game = get_game("raise")
    steps = 0
    while not view["is_over"] and steps < 400:
        match = Match.objects.get(pk=view["id"])
        state = game.state_from_dict(match.state)
        assert view["state"] == json.loads(json.dumps(game.view(state, view["viewer"])))
        others = {c for seat in range(3) if seat != view["viewer"] for c in state.hands[seat]}
        assert not others & shown_card_ids(view["state"])
        assert {c["id"] for c in view["state"]["hand"]} == set(state.hands[view["viewer"]])
        view = act(player, view).json()
        steps += 1
    assert view["is_over"]


def shown_card_ids(data: Any) -> set[int]:
    """Ids of every card object anywhere in a view."""
    if isinstance(data, dict):
        found = {data["id"]} if "id" in data and "owner" in data else set()
        return found.union(*(shown_card_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(shown_card_ids(v) for v in data))
    return set()
