"""Match pages: starting games, the board of each game, actions, undo, refusals, rights."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from cards.gamedata import game_json
from play.engine.core import get_game
from play.matches.models import Match
from play.matches.pages.boards.chocobo import positions
from play.matches.selectors import match_view
from play.matches.services import load

pytestmark = pytest.mark.django_db

CHIZO_STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def player(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


def new_deck(user: User, text: str, game: str) -> int:
    api = APIClient()
    api.force_authenticate(user)
    response = api.post(
        "/api/v1/decks/", {"game": game, "name": f"My {game} deck", "list": text}, format="json"
    )
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def starter_list() -> str:
    deck = game_json("shadowfist", "starter.json")["decks"][0]
    return "\n".join(f"{count} {name}" for name, count in deck["cards"].items())


def start_goldfish(client: Client, deck: int, seed: int) -> int:
    response = client.post("/play/goldfish/", {"deck": deck, "seed": seed})
    assert response.status_code == 302, response.content.decode()
    return int(re.search(r"/play/matches/(\d+)/", response["Location"]).group(1))


def start_bots(client: Client, game: str, seats: list[str], seed: int) -> int:
    data: dict[str, Any] = {f"{game}-players": len(seats) + 1, f"{game}-seed": seed}
    data.update({f"{game}-seat_{index + 2}": bot for index, bot in enumerate(seats)})
    response = client.post(f"/play/bots/{game}/", data)
    assert response.status_code == 302, response.content.decode()
    return int(re.search(r"/play/matches/(\d+)/", response["Location"]).group(1))


def page(client: Client, match_id: int, query: str = "") -> str:
    response = client.get(f"/play/matches/{match_id}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def action_ids(html: str) -> list[int]:
    return [int(i) for i in re.findall(r'name="action_id" value="(\d+)"', html)]


def seq_of(html: str) -> int:
    return int(re.search(r'name="seq" value="(\d+)"', html).group(1))


def suggested(html: str) -> int:
    """The id of the action marked as the suggestion (the greedy bot's choice)."""
    return int(re.search(r'data-action-id="(\d+)"[^>]*data-suggested="true"', html).group(1))


def act(client: Client, match_id: int, action_id: int, seq: int, **extra: Any) -> Any:
    data = {"action_id": action_id, "seq": seq, **extra}
    return client.post(f"/play/matches/{match_id}/act/", data, follow=True)


def chizo_svg(html: str) -> ET.Element:
    found = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="chizo-area".*?</svg>', html)
    assert found, "no playing area"
    return ET.fromstring(found.group(0))


SVG = "{http://www.w3.org/2000/svg}"


def test_every_page_needs_a_login(client: Client, alice: User) -> None:
    for url in ["/play/", "/play/goldfish/", "/play/matches/1/"]:
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    for url in ["/play/bots/raise/", "/play/matches/1/act/", "/play/matches/1/undo/"]:
        assert client.post(url, {"seq": 0, "action_id": 0})["Location"].startswith(
            "/accounts/login/"
        )


def test_the_home_page_offers_my_decks_the_bot_games_and_my_matches(
    player: Client, alice: User
) -> None:
    new_deck(alice, CHIZO_STACK, "chizo")
    match_id = start_bots(player, "raise", ["greedy"], seed=1)

    html = player.get("/play/").content.decode()

    assert "My chizo deck (ChiZo RISING)" in html
    assert "Raise against bots" in html
    assert "Chocobo Party Up! against bots" in html
    assert 'name="raise-seat_2"' in html
    assert '<option value="greedy" selected>' in html
    assert f'href="/play/matches/{match_id}/"' in html


def test_a_raise_game_against_bots_is_played_by_posting_an_action(player: Client) -> None:
    match_id = start_bots(player, "raise", ["greedy", "random"], seed=7)
    html = page(player, match_id)
    before = Match.objects.get(pk=match_id).seq
    assert "Your move" in html
    track = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="raise-track".*?</svg>', html)
    stones = [g for g in ET.fromstring(track.group(0)).iter(f"{SVG}g") if g.get("class") == "stone"]
    assert len(stones) == len(Match.objects.get(pk=match_id).state["order"])

    response = act(player, match_id, action_ids(html)[0], seq_of(html))

    after = Match.objects.get(pk=match_id)
    assert response.redirect_chain[-1][0] == f"/play/matches/{match_id}/"
    assert after.seq > before  # the human's action, then the bots' moves
    shown = response.content.decode()
    assert f'name="seq" value="{after.seq}"' in shown
    assert re.search(r"#\d+</span> You [a-z]", shown)  # the log names the action just taken
    assert "Undo your last action" not in shown  # no undo against bots


def test_an_illegal_or_stale_action_shows_the_reason_and_changes_nothing(player: Client) -> None:
    match_id = start_bots(player, "raise", ["greedy"], seed=3)
    html = page(player, match_id)
    seq, state = Match.objects.get(pk=match_id).seq, Match.objects.get(pk=match_id).state

    illegal = act(player, match_id, 9999, seq)
    assert "action_id must be one of 0 to" in illegal.content.decode()
    assert Match.objects.get(pk=match_id).seq == seq

    act(player, match_id, action_ids(html)[0], seq)
    moved = Match.objects.get(pk=match_id)
    stale = act(player, match_id, action_ids(html)[0], seq)

    assert f"the match is at step {moved.seq}" in stale.content.decode()
    assert Match.objects.get(pk=match_id).seq == moved.seq
    assert Match.objects.get(pk=match_id).state == moved.state != state


def test_with_htmx_an_action_answers_the_match_section_with_the_reason(player: Client) -> None:
    match_id = start_bots(player, "raise", ["greedy"], seed=3)
    html = page(player, match_id)

    refused = player.post(
        f"/play/matches/{match_id}/act/", {"action_id": 9999, "seq": seq_of(html)}, **HTMX
    )
    played = player.post(
        f"/play/matches/{match_id}/act/",
        {"action_id": action_ids(html)[0], "seq": seq_of(html)},
        **HTMX,
    )

    assert refused.status_code == 200
    assert '<section id="match"' in refused.content.decode()
    assert "<html" not in refused.content.decode()
    assert 'role="alert">action_id must be one of' in refused.content.decode()
    assert played.status_code == 200
    assert "<html" not in played.content.decode()
    assert f'name="seq" value="{Match.objects.get(pk=match_id).seq}"' in played.content.decode()


def test_an_action_without_numbers_is_refused_with_a_message(player: Client) -> None:
    match_id = start_bots(player, "raise", ["greedy"], seed=3)

    response = player.post(f"/play/matches/{match_id}/act/", {}, follow=True)

    assert "Choose an action." in response.content.decode()


def test_an_action_with_a_number_that_is_not_one_answers_400(player: Client) -> None:
    match_id = start_bots(player, "raise", ["greedy"], seed=3)

    response = player.post(f"/play/matches/{match_id}/act/", {"seq": "x", "action_id": "0"})

    assert response.status_code == 400
    assert response.content.decode().startswith("The parameter 'seq' is refused")


def test_undo_in_a_goldfish_match_takes_the_action_back(player: Client, alice: User) -> None:
    match_id = start_goldfish(player, new_deck(alice, CHIZO_STACK, "chizo"), seed=4)
    first = Match.objects.get(pk=match_id).state
    html = page(player, match_id)
    assert "Undo your last action" not in html

    played = act(player, match_id, action_ids(html)[0], seq_of(html)).content.decode()
    assert "Undo your last action" in played
    undo_url = re.search(r'<form method="post" action="([^"]+)" class="undo"', played).group(1)
    assert undo_url == f"/play/matches/{match_id}/undo/"  # the page's, not the API's
    assert f'action="/play/matches/{match_id}/act/"' in played
    undone = player.post(undo_url, {"seq": seq_of(played)}, follow=True).content.decode()

    match = Match.objects.get(pk=match_id)
    assert match.seq == 0
    assert match.state == first
    assert 'name="seq" value="0"' in undone


def test_a_stale_undo_changes_nothing(player: Client, alice: User) -> None:
    match_id = start_goldfish(player, new_deck(alice, CHIZO_STACK, "chizo"), seed=4)
    html = page(player, match_id)
    act(player, match_id, action_ids(html)[0], seq_of(html))

    response = player.post(f"/play/matches/{match_id}/undo/", {"seq": 0}, follow=True)

    assert "Nothing undone: the match is at step 1" in response.content.decode()
    assert Match.objects.get(pk=match_id).seq == 1


def test_someone_else_gets_404_on_my_match(
    player: Client, alice: User, bob: User, client: Client
) -> None:
    match_id = start_bots(player, "raise", ["greedy"], seed=1)
    seq = Match.objects.get(pk=match_id).seq
    other = Client()
    other.force_login(bob)

    assert other.get(f"/play/matches/{match_id}/").status_code == 404
    assert (
        other.post(f"/play/matches/{match_id}/act/", {"action_id": 0, "seq": seq}).status_code
        == 404
    )
    assert other.post(f"/play/matches/{match_id}/undo/", {"seq": seq}).status_code == 404
    assert Match.objects.get(pk=match_id).seq == seq


def test_a_private_deck_of_someone_else_cannot_be_goldfished(alice: User, bob: User) -> None:
    deck = new_deck(alice, CHIZO_STACK, "chizo")
    other = Client()
    other.force_login(bob)

    response = other.post("/play/goldfish/", {"deck": deck})

    assert response.status_code == 400
    assert not Match.objects.exists()


def test_the_goldfish_link_of_a_deck_page_asks_to_confirm(player: Client, alice: User) -> None:
    deck = new_deck(alice, CHIZO_STACK, "chizo")

    html = player.get(f"/play/goldfish/?deck={deck}").content.decode()
    match_id = start_goldfish(player, deck, seed=11)

    assert "Goldfish “My chizo deck”" in html
    assert f'<option value="{deck}" selected>' in html
    assert 'name="seed"' in html
    match = Match.objects.get(pk=match_id)
    assert (match.mode, match.game, match.seed) == ("goldfish", "chizo", 11)


def legal_cells(match: Match, key: str) -> set[tuple[int, int, int]]:
    """(x, y, action id) of every placement of the tile with catalogue id `key`."""
    view = match_view(load(match))
    tiles = {t["uid"]: str(t["tile"]) for t in view["state"]["hand"]}
    return {
        (a["action"]["args"][1], a["action"]["args"][2], a["id"])
        for a in view["legal_actions"]
        if a["action"]["kind"] == "place" and tiles[a["action"]["args"][0]] == key
    }


def test_the_chizo_board_is_svg_highlighting_exactly_the_selected_tiles_spaces(
    player: Client, alice: User
) -> None:
    match_id = start_goldfish(player, new_deck(alice, CHIZO_STACK, "chizo"), seed=4)
    hand_keys: list[str] = []
    for _ in range(10):  # tiles on the board, and two kinds of tile to place in hand
        html = page(player, match_id, "?hint=1")
        hand_keys = re.findall(r'class="hand-tile[^"]*placeable[^"]*" data-tile="([^"]+)"', html)
        if len(hand_keys) >= 2 and Match.objects.get(pk=match_id).state["grid"]:
            break
        act(player, match_id, suggested(html), seq_of(html))
    assert len(hand_keys) >= 2
    match = Match.objects.get(pk=match_id)

    for key in hand_keys:
        html = page(player, match_id, f"?tile={key}")
        svg = chizo_svg(html)
        cells = {
            (int(g.get("data-x")), int(g.get("data-y")), int(g.get("data-action-id")))
            for g in svg.iter(f"{SVG}g")
            if "legal" in g.get("class", "").split()
        }
        assert cells == legal_cells(match, key)
        buttons = set(re.findall(r'class="cell-button[^"]*"[^>]*data-action-id="(\d+)"', html))
        assert buttons == {str(c[2]) for c in cells}
        drawn = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "tile"]
        assert len(drawn) == len(match.state["grid"])
        assert re.search(rf'class="hand-tile selected[^"]*" data-tile="{key}"', html)


def test_a_chizo_goldfish_is_played_to_12_points_through_the_pages(
    player: Client, alice: User
) -> None:
    match_id = start_goldfish(player, new_deck(alice, CHIZO_STACK, "chizo"), seed=4)
    html = page(player, match_id, "?hint=1")
    for _ in range(200):
        if "data-outcome" in html:
            break
        assert html.count('data-suggested="true"') == 1
        response = act(player, match_id, suggested(html), seq_of(html), hint="1")
        assert response.redirect_chain[-1][0].endswith("?hint=1")
        html = response.content.decode()

    match = Match.objects.get(pk=match_id)
    turn = match.state["turn"]
    assert match.is_over
    assert f"You reached 12 points on turn {turn}." in html
    assert 'name="action_id"' not in html


def test_a_shadowfist_goldfish_page_shows_the_hand_and_the_sites(
    player: Client, alice: User
) -> None:
    match_id = start_goldfish(player, new_deck(alice, starter_list(), "shadowfist"), seed=1)
    html = page(player, match_id)
    hand = match_view(load(Match.objects.get(pk=match_id)))["state"]["hand"]
    assert "Your hand" in html
    assert all(card["name"] in html for card in hand)
    assert "Generate Power" in html

    for _ in range(40):  # the greedy bot's moves until a site of ours is in play
        if 'data-row="front"' in html and "Column 1" in html:
            break
        html = page(player, match_id, "?hint=1")
        html = act(player, match_id, suggested(html), seq_of(html), hint="1").content.decode()

    assert 'data-row="front"' in html
    assert "Body " in html
    assert "goldfish dummy" in html
    assert "Power " in html


def test_a_chocobo_game_against_bots_shows_the_board_and_plays(player: Client) -> None:
    match_id = start_bots(player, "chocobo", ["greedy", "random"], seed=5)
    html = page(player, match_id)
    svg = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="chocobo-board".*?</svg>', html)

    root = ET.fromstring(svg.group(0))
    assert len([g for g in root.iter(f"{SVG}g") if "space" in g.get("class", "")]) == 5 * 5 + 9
    assert "Companions at home" in html
    assert action_ids(html)
    seq = seq_of(html)
    after = act(player, match_id, action_ids(html)[0], seq).content.decode()
    assert seq_of(after) > seq


def test_territories_are_drawn_outside_the_grid_space_they_join() -> None:
    spaces = [
        {"id": "b14", "adjacent": []},
        {"id": "b41", "adjacent": []},
        {"id": "TE0", "adjacent": ["b14", "TE1"]},
        {"id": "TS0", "adjacent": ["b41"]},
    ]

    placed = positions(spaces)

    assert placed["b14"] == (5, 2)
    assert placed["TE0"] == (6, 2)
    assert placed["b41"] == (2, 5)
    assert placed["TS0"] == (2, 6)


def test_every_game_the_registry_knows_has_a_board() -> None:
    from play.engine.core import game_slugs
    from play.matches.pages.boards import BOARDS

    assert set(game_slugs()) == set(BOARDS)
    assert get_game("raise").info.name == "Raise"


@pytest.mark.rule("chizo-rising.txt", 37)
def test_a_chizo_game_where_nobody_can_act_reads_as_stopped_not_won() -> None:
    """'A player wins the game by scoring 12 points.' Two empty stacks: nobody can act,
    the game ends with no winner, and the page says so rather than naming a winner."""
    from play.matches.pages.views import outcome_text

    game = get_game("chizo")
    state = game.new_game({"players": 2, "stacks": [[], []]}, 1)
    assert state.over
    assert state.end == "exhausted"
    outcome = game.outcome(state).to_dict()
    assert outcome["status"] == "unfinished"
    assert outcome["winners"] == []
    view = {"is_over": True, "outcome": outcome, "state": game.view(state, 0), "viewer": 0,
            "mode": Match.Mode.BOTS, "game": "chizo", "seats": []}
    assert outcome_text(view) == "The game stopped before anyone won: nobody could act any more."
