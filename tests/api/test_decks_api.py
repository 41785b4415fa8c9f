"""The deck builder API: create, read, edit with If-Match, history, validate, export, stats."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.models import Card, Game
from decks.models import Deck, DeckVersion

pytestmark = pytest.mark.django_db

BASIC_STACK = "\n".join(
    f"3 {name}"
    for name in [
        "Rat",
        "Ox",
        "Tiger",
        "Rabbit",
        "Dragon",
        "Snake",
        "Horse",
        "Ram",
        "Monkey",
        "Rooster",
    ]
)  # 30 basic tiles


def as_user(api: APIClient, user: User) -> APIClient:
    api.force_authenticate(user)
    return api


def create(api: APIClient, **fields: Any) -> Any:
    body = {"game": "chizo", "name": "Stack", "list": BASIC_STACK} | fields
    return api.post("/api/v1/decks/", body, format="json")


def test_a_token_is_issued_for_a_username_and_password(api: APIClient, alice: User) -> None:
    response = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "alice-password-1"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]

    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert create(api).status_code == 201


def test_a_wrong_password_gets_no_token(api: APIClient, alice: User) -> None:
    response = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "x"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["status"] == 400


def test_anonymous_users_cannot_create_decks(api: APIClient) -> None:
    response = create(api)

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_a_deck_is_created_from_a_text_list(api: APIClient, alice: User) -> None:
    response = create(as_user(api, alice), list="3 Golden Egg\n2x Rat\nOx x3\n")

    assert response.status_code == 201
    deck = response.json()
    assert deck["version"] == 1
    assert deck["format"] == "stack"
    assert deck["card_count"] == 8
    assert [(e["name"], e["count"]) for e in deck["entries"]] == [
        ("Golden Egg", 3), ("Rat", 2), ("Ox", 3),
    ]  # fmt: skip
    assert response["ETag"] == f'"{deck["id"]}-v1"'
    assert DeckVersion.objects.filter(deck_id=deck["id"]).count() == 1


def test_a_list_with_a_typo_is_refused_whole_with_a_suggestion(api: APIClient, alice: User) -> None:
    response = create(as_user(api, alice), list="3 Rat\n\n3 Golden Eg\n")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_list"
    [error] = body["errors"]
    assert error["line"] == 3
    assert "Golden Egg" in error["suggestions"]
    assert "did you mean 'Golden Egg'" in error["message"]
    assert Deck.objects.count() == 0


def test_a_list_with_a_typo_can_save_the_lines_that_matched(api: APIClient, alice: User) -> None:
    response = create(as_user(api, alice), list="3 Rat\n3 Golden Eg\n", save_matched=True)

    assert response.status_code == 201
    assert [(e["name"], e["count"]) for e in response.json()["entries"]] == [("Rat", 3)]


def test_a_deck_is_created_from_card_ids(api: APIClient, alice: User) -> None:
    golden_egg = card_id(api, "Golden Egg")

    response = as_user(api, alice).post(
        "/api/v1/decks/",
        {"game": "chizo", "name": "Ids", "entries": [{"card": golden_egg, "count": 2}]},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["entries"][0]["name"] == "Golden Egg"


def test_an_unknown_card_id_is_reported_per_entry(api: APIClient, alice: User) -> None:
    response = as_user(api, alice).post(
        "/api/v1/decks/",
        {"game": "chizo", "name": "Ids", "entries": [{"card": 99999999, "count": 1}]},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["entry"] == 0


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": "x" * 101}, "name"),
        ({"list": "x" * 100_001}, "list"),
        ({"list": None, "entries": [{"card": 1, "count": 100}]}, "entries[0].count"),
        ({"game": "raise"}, "game"),
        ({"format": "final-brawl"}, "format"),
    ],
)
def test_bounds_and_choices_are_enforced_with_the_field_named(
    api: APIClient, alice: User, fields: dict[str, Any], field: str
) -> None:
    body = {"game": "chizo", "name": "Stack", "list": BASIC_STACK} | fields
    body = {k: v for k, v in body.items() if v is not None}

    response = as_user(api, alice).post("/api/v1/decks/", body, format="json")

    assert response.status_code == 400
    assert field in [e["field"] for e in response.json()["errors"]]


def test_a_list_over_500_lines_is_refused_naming_the_bound(api: APIClient, alice: User) -> None:
    response = create(as_user(api, alice), list="1 Rat\n" * 501)

    assert response.status_code == 400
    assert "500" in response.json()["errors"][0]["message"]


def test_the_owner_reads_a_private_deck_and_others_get_404(
    api: APIClient, alice: User, bob: User, charlie: User
) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    assert api.get(f"/api/v1/decks/{deck_id}/").status_code == 200
    for other in (bob, charlie):
        as_user(api, other)
        assert api.get(f"/api/v1/decks/{deck_id}/").status_code == 404
    api.force_authenticate(None)
    assert api.get(f"/api/v1/decks/{deck_id}/").status_code == 404  # anonymous: an outsider


PRIVATE_ENDPOINTS = [
    ("get", ""), ("patch", ""), ("put", ""), ("delete", ""), ("get", "validate/"),
    ("get", "export/"), ("get", "stats/"), ("get", "sample-hand/"), ("get", "history/"),
    ("get", "diff/"),
]  # fmt: skip


@pytest.mark.parametrize(("method", "suffix"), PRIVATE_ENDPOINTS)
def test_every_deck_endpoint_answers_404_to_outsiders_for_a_private_deck(
    api: APIClient, alice: User, bob: User, charlie: User, method: str, suffix: str
) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    for other in (bob, charlie, None):
        api.force_authenticate(other)
        response = getattr(api, method)(
            f"/api/v1/decks/{deck_id}/{suffix}", {"name": "Mine now"}, format="json"
        )
        # Anonymous: an outsider to a read (public decks are read without signing in),
        # asked to sign in for a write.
        expected = {401} if other is None and method != "get" else {404}
        assert response.status_code in expected
    assert Deck.objects.get(pk=deck_id).name == "Stack"


def test_a_public_deck_is_readable_by_anyone_and_writable_only_by_its_owner(
    api: APIClient, alice: User, bob: User
) -> None:
    deck_id = create(as_user(api, alice), visibility="public").json()["id"]

    as_user(api, bob)
    assert api.get(f"/api/v1/decks/{deck_id}/").status_code == 200
    assert api.get(f"/api/v1/decks/{deck_id}/export/").status_code == 200
    response = api.patch(f"/api/v1/decks/{deck_id}/", {"name": "Bob's"}, format="json")
    assert response.status_code == 403
    assert api.delete(f"/api/v1/decks/{deck_id}/").status_code == 403
    assert Deck.objects.get(pk=deck_id).name == "Stack"


def test_lists_show_my_decks_or_the_public_ones(api: APIClient, alice: User, bob: User) -> None:
    create(as_user(api, alice), name="Alice private")
    create(api, name="Alice public", visibility="public")
    create(as_user(api, bob), name="Bob private")

    mine = [d["name"] for d in api.get("/api/v1/decks/").json()["results"]]
    public = [d["name"] for d in api.get("/api/v1/decks/", {"public": "true"}).json()["results"]]

    assert mine == ["Bob private"]
    assert public == ["Alice public"]


def test_an_edit_with_the_current_etag_is_applied_and_a_stale_one_is_refused(
    api: APIClient, alice: User
) -> None:
    created = create(as_user(api, alice))
    deck_id, etag = created.json()["id"], created["ETag"]

    first = api.patch(
        f"/api/v1/decks/{deck_id}/", {"name": "New"}, format="json", HTTP_IF_MATCH=etag
    )
    assert first.status_code == 200
    assert first.json()["version"] == 2
    assert first["ETag"] == f'"{deck_id}-v2"'

    stale = api.patch(
        f"/api/v1/decks/{deck_id}/", {"name": "Lost?"}, format="json", HTTP_IF_MATCH=etag
    )
    assert stale.status_code == 412
    assert stale.json()["code"] == "precondition_failed"
    deck = Deck.objects.get(pk=deck_id)
    assert (deck.name, deck.version) == ("New", 2)


def test_put_replaces_the_cards_and_patch_keeps_them(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    patched = api.patch(f"/api/v1/decks/{deck_id}/", {"description": "d"}, format="json").json()
    assert patched["card_count"] == 30
    put = api.put(
        f"/api/v1/decks/{deck_id}/", {"name": "Tiny", "list": "2 Rat"}, format="json"
    ).json()
    assert (put["name"], put["card_count"], put["description"]) == ("Tiny", 2, "")


def test_history_keeps_every_version_and_diff_shows_the_changes(
    api: APIClient, alice: User
) -> None:
    deck_id = create(as_user(api, alice), list="3 Rat\n3 Ox").json()["id"]
    api.patch(f"/api/v1/decks/{deck_id}/", {"list": "3 Rat\n1 Ox\n2 Golden Egg"}, format="json")

    history = api.get(f"/api/v1/decks/{deck_id}/history/").json()
    diff = api.get(f"/api/v1/decks/{deck_id}/diff/", {"from": 1, "to": 2}).json()

    assert [v["version"] for v in history] == [2, 1]
    assert [(c["name"], c["before"], c["after"]) for c in diff["changes"]] == [
        ("Golden Egg", 0, 2), ("Ox", 3, 1),
    ]  # fmt: skip
    assert api.get(f"/api/v1/decks/{deck_id}/diff/", {"from": 9}).status_code == 404


def test_two_decks_can_be_diffed(api: APIClient, alice: User) -> None:
    first = create(as_user(api, alice), list="3 Rat").json()["id"]
    second = create(api, list="2 Rat\n1 Ox").json()["id"]

    diff = api.get(f"/api/v1/decks/{first}/diff/", {"other": second}).json()

    assert [(c["name"], c["before"], c["after"]) for c in diff["changes"]] == [
        ("Ox", 0, 1), ("Rat", 3, 2),
    ]  # fmt: skip


def test_a_deck_is_deleted_by_its_owner_honouring_if_match(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    assert (
        api.delete(f"/api/v1/decks/{deck_id}/", HTTP_IF_MATCH=f'"{deck_id}-v7"').status_code == 412
    )
    assert (
        api.delete(f"/api/v1/decks/{deck_id}/", HTTP_IF_MATCH=f'"{deck_id}-v1"').status_code == 204
    )
    assert not Deck.objects.filter(pk=deck_id).exists()


def test_validation_of_a_saved_deck_explains_every_error(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice), list="4 Golden Egg\n3 Rat").json()["id"]

    report = api.get(f"/api/v1/decks/{deck_id}/validate/").json()

    assert report["valid"] is False
    codes = {e["code"] for e in report["errors"]}
    assert {"too_many_copies", "too_few_cards"} <= codes
    copies = next(e for e in report["errors"] if e["code"] == "too_many_copies")
    assert copies["cards"] == ["Golden Egg"]
    assert copies["hint"] == "remove 1 Golden Egg"


def test_export_as_text_reimports_to_the_same_deck(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice), list="3 Golden Egg\n2 Rat\n1 Boulder").json()["id"]

    text = api.get(f"/api/v1/decks/{deck_id}/export/").content.decode()
    again = create(api, list=text).json()

    original = api.get(f"/api/v1/decks/{deck_id}/").json()
    assert sorted((e["card"], e["count"]) for e in again["entries"]) == sorted(
        (e["card"], e["count"]) for e in original["entries"]
    )


def test_export_as_csv_and_json_and_not_as_anything_else(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice), list="2 Rat").json()["id"]

    as_csv = api.get(f"/api/v1/decks/{deck_id}/export/", {"format": "csv"})
    as_json = api.get(f"/api/v1/decks/{deck_id}/export/", {"format": "json"})
    bad = api.get(f"/api/v1/decks/{deck_id}/export/", {"format": "pdf"})

    assert as_csv["Content-Type"].startswith("text/csv")
    assert "Rat" in as_csv.content.decode()
    assert as_json.json()["cards"][0]["name"] == "Rat"
    assert bad.status_code == 400


def test_stats_and_draw_odds_of_a_deck(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    stats = api.get(f"/api/v1/decks/{deck_id}/stats/", {"turns": 3}).json()

    assert stats["total"] == 30
    assert stats["draw_odds"]
    assert api.get(f"/api/v1/decks/{deck_id}/stats/", {"turns": 99}).status_code == 400


def test_a_sample_hand_depends_only_on_the_seed(api: APIClient, alice: User) -> None:
    deck_id = create(as_user(api, alice)).json()["id"]

    first = api.get(f"/api/v1/decks/{deck_id}/sample-hand/", {"seed": 7}).json()
    second = api.get(f"/api/v1/decks/{deck_id}/sample-hand/", {"seed": 7}).json()

    assert first == second
    assert len(first["hand"]) == 5


def test_anyone_can_validate_a_list_against_the_default_format(api: APIClient) -> None:
    response = api.post(
        "/api/v1/decks/validate/", {"game": "chizo", "list": "4 Golden Egg\n1 Rat"}, format="json"
    )

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert set(body["formats"]) == {"stack"}
    keys = {"code", "message", "cards", "line", "hint", "format"}
    assert all(set(e) == keys for e in body["errors"])
    copies = next(e for e in body["errors"] if e["code"] == "too_many_copies")
    assert copies["line"] == 1


def test_one_call_validates_a_list_against_several_formats(api: APIClient) -> None:
    deck = shipped_starter_deck()
    text = "\n".join(f"{count} {name}" for name, count in deck.items())

    response = api.post(
        "/api/v1/decks/validate/",
        {"game": "shadowfist", "formats": ["final-brawl", "hundred-names"], "list": text},
        format="json",
    )

    body = response.json()
    assert body["formats"]["final-brawl"] == {"valid": True, "errors": []}
    assert body["formats"]["hundred-names"]["valid"] is False
    assert {e["format"] for e in body["errors"]} == {"hundred-names"}
    assert body["valid"] is False


def shipped_starter_deck() -> dict[str, int]:
    from cards.gamedata import game_json

    return dict(game_json("shadowfist", "starter.json")["decks"][0]["cards"])


def test_a_list_that_does_not_parse_gets_the_same_shape(api: APIClient) -> None:
    response = api.post(
        "/api/v1/decks/validate/", {"game": "chizo", "list": "3 Golden Eg"}, format="json"
    )

    body = response.json()
    assert response.status_code == 200
    assert body["valid"] is False
    assert body["errors"][0]["line"] == 1
    assert "Golden Egg" in body["errors"][0]["hint"]


def card_id(api: APIClient, name: str) -> int:
    results = api.get("/api/v1/cards/", {"q": f'!"{name}"'}).json()["results"]
    return int(results[0]["id"])


def test_an_optional_minimum_size_applies_per_format(api: APIClient, alice: User) -> None:
    body = {"game": "shadowfist", "list": "5 Geomantic Crossroads", "formats": ["final-brawl"]}

    plain = api.post("/api/v1/decks/validate/", body, format="json").json()
    with_minimum = api.post(
        "/api/v1/decks/validate/", body | {"min_sizes": {"final-brawl": 50}}, format="json"
    ).json()

    assert plain["valid"] is True
    assert with_minimum["valid"] is False
    assert with_minimum["errors"][0]["code"] == "too_few_cards"
    deck_id = create(as_user(api, alice), game="shadowfist", list="5 Geomantic Crossroads").json()[
        "id"
    ]
    report = api.get(f"/api/v1/decks/{deck_id}/validate/", {"min_size": 40}).json()
    assert report["errors"][0]["code"] == "too_few_cards"


def test_the_deck_list_needs_the_same_queries_for_any_number_of_decks(
    api: APIClient, alice: User, django_assert_max_num_queries: Any
) -> None:
    as_user(api, alice)
    for n in range(3):
        create(api, name=f"Deck {n}")
    with django_assert_max_num_queries(2):
        assert api.get("/api/v1/decks/").json()["count"] == 3
    for n in range(10):
        create(api, name=f"More {n}")
    with django_assert_max_num_queries(2):
        assert api.get("/api/v1/decks/").json()["count"] == 13


def test_csv_export_escapes_formula_names_and_reimports_them_unchanged(
    api: APIClient, alice: User
) -> None:
    game = Game.objects.get(slug="shadowfist")
    names = ['=HYPERLINK("http://evil.example/","Click")', "+1 Power", "-Edge", "@Mention"]
    cards = [
        Card.objects.create(game=game, name=name, slug=f"formula-{i}", type="Event")
        for i, name in enumerate(names)
    ]
    entries = [{"card": card.pk, "count": 2} for card in cards]
    body = {"game": "shadowfist", "name": "Formulas", "entries": entries}
    deck_id = as_user(api, alice).post("/api/v1/decks/", body, format="json").json()["id"]

    exported = api.get(f"/api/v1/decks/{deck_id}/export/", {"format": "csv"}).content.decode()
    again = create(api, game="shadowfist", list=exported)

    cells = [row[1] for row in csv.reader(io.StringIO(exported))][1:]
    assert sorted(cells) == sorted(f"'{name}" for name in names)
    assert again.status_code == 201, again.json()
    assert sorted((e["card"], e["count"]) for e in again.json()["entries"]) == sorted(
        (e["card"], e["count"]) for e in entries
    )
