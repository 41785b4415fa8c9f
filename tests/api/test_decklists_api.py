"""The decklists API, reads: one decklist (who may read it), its export, the browser's
search and its errors, a card seen through the decklists, and public decks read by
anonymous visitors."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from cards.models import Card
from decks.cooccurrence import MIN_TOGETHER
from decks.decklists.models import Decklist
from decks.decklists.services import (
    decklist_copy,
    decklist_like,
    decklist_publish,
    decklist_withdraw,
)
from decks.limits import MAX_CARD_TERMS
from decks.services import DeckChanges, deck_update
from tests.api.decklist_helpers import (
    BASIC_STACK,
    client_of,
    fields_of,
    make_deck,
    published,
    stack,
    staff_user,
    starter,
)

pytestmark = pytest.mark.django_db

LIST = "/api/v1/decklists/"
SUMMARY_FIELDS = {
    "id", "name", "version_name", "author", "game", "format", "published_at", "card_total",
    "factions", "like_count", "copy_count", "comment_count", "url", "api_url",
}  # fmt: skip


def detail(decklist: Decklist | int) -> str:
    pk = decklist if isinstance(decklist, int) else decklist.pk
    return f"/api/v1/decklists/{pk}/"


def names(response: object) -> list[str]:
    body = response.json()  # type: ignore[attr-defined]
    return [row["name"] for row in body["results"]]


def at(decklist: Decklist, day: str) -> None:
    when = dt.datetime.fromisoformat(f"{day}T12:00:00").replace(tzinfo=dt.UTC)
    Decklist.objects.filter(pk=decklist.pk).update(published_at=when)


# --- one decklist ---------------------------------------------------------------------------


def test_anyone_reads_a_published_decklist_as_it_was_published(api: APIClient, alice: User) -> None:
    deck = make_deck(alice, stack("2 Golden Egg"), description="Eggs *first*.", name="Eggs")
    decklist = decklist_publish(user=alice, deck_id=deck.pk, version_name="Opening")
    deck_update(
        deck_id=deck.pk, user=alice, changes=DeckChanges(name="Renamed"), expected_version=None
    )

    response = api.get(detail(decklist))

    assert response.status_code == 200
    body = response.json()
    assert body["id"] == decklist.pk
    assert body["name"] == "Eggs"
    assert body["version_name"] == "Opening"
    assert (body["number"], body["deck_version"], body["is_latest"]) == (1, 1, True)
    assert body["author"] == "alice"
    assert body["game"] == "chizo"
    assert body["format"] == {"slug": "stack", "name": "Stack"}
    assert body["description"] == "Eggs *first*."
    assert body["description_html"] == "<p>Eggs <em>first</em>.</p>\n"
    assert [(e["name"], e["count"]) for e in body["entries"]] == [
        *((name, 3) for name in ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse",
                                 "Ram", "Monkey", "Rooster"]),
        ("Golden Egg", 2),
    ]  # fmt: skip
    assert body["entries"][-1]["type"] == "Action"
    assert body["card_total"] == 32
    assert body["validity"]["valid"] is True
    assert body["validity"]["errors"] == []
    assert "rat" in body["factions"]
    assert (body["like_count"], body["copy_count"], body["comment_count"]) == (0, 0, 0)
    assert body["liked"] is False
    assert body["withdrawn"] is None
    assert body["derived_from"] is None
    assert body["publications"] == []
    assert body["variants"] == []
    assert body["api_url"] == detail(decklist)
    assert body["url"].endswith(f"/decklists/{decklist.pk}/")
    assert set(body["exports"]) == {"text", "json", "csv"}


def test_the_export_links_of_a_decklist_answer_its_files(api: APIClient, alice: User) -> None:
    decklist = published(alice, stack("2 Golden Egg"), name="Egg Stack")
    links = api.get(detail(decklist)).json()["exports"]

    text = api.get(links["text"])
    as_json = api.get(links["json"])
    as_csv = api.get(links["csv"])

    assert text.status_code == 200
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert "2 Golden Egg" in text.content.decode()
    assert text["Content-Disposition"] == (
        f'inline; filename="decklist-{decklist.pk}-egg-stack.txt"'
    )
    body = json.loads(as_json.content)
    assert (body["name"], body["game"], body["format"], body["author"]) == (
        "Egg Stack", "chizo", "stack", "alice",
    )  # fmt: skip
    assert {"count": 2, "name": "Golden Egg"}.items() <= next(
        c for c in body["cards"] if c["name"] == "Golden Egg"
    ).items()
    rows = list(csv.reader(io.StringIO(as_csv.content.decode())))
    assert rows[0][:2] == ["count", "name"]
    assert as_csv["Content-Disposition"].endswith('.csv"')


def test_an_unknown_export_kind_answers_400_naming_kind(api: APIClient, alice: User) -> None:
    decklist = published(alice)

    response = api.get(f"{detail(decklist)}export/", {"kind": "pdf"})

    assert response.status_code == 400
    assert fields_of(response) == ["kind"]


def test_a_withdrawn_decklist_is_read_by_its_owner_and_staff_only(alice: User, bob: User) -> None:
    decklist = published(alice)
    decklist_withdraw(user=alice, decklist_id=decklist.pk, reason="Reworking it")
    staff = staff_user()

    anonymous = client_of(None).get(detail(decklist))
    other = client_of(bob).get(detail(decklist))
    other_export = client_of(bob).get(f"{detail(decklist)}export/")
    owner = client_of(alice).get(detail(decklist))
    moderator = client_of(staff).get(detail(decklist))

    assert (anonymous.status_code, other.status_code, other_export.status_code) == (404,) * 3
    assert anonymous.json()["code"] == "not_found"
    assert owner.status_code == moderator.status_code == 200
    withdrawn = owner.json()["withdrawn"]
    assert withdrawn["reason"] == "Reworking it"
    assert withdrawn["by_moderator"] is False
    assert withdrawn["at"]


def test_a_decklist_of_a_private_deck_is_public_all_the_same(api: APIClient, alice: User) -> None:
    decklist = published(alice, visibility="private")

    assert api.get(detail(decklist)).status_code == 200
    assert api.get(f"/api/v1/decks/{decklist.deck_id}/").status_code == 404


def test_a_missing_decklist_answers_404(api: APIClient) -> None:
    assert api.get(detail(999_999)).status_code == 404


def test_the_detail_names_the_other_publications_and_the_family(
    api: APIClient, alice: User, bob: User
) -> None:
    first = published(alice, name="Base")
    assert first.deck_id is not None
    deck_update(
        deck_id=first.deck_id,
        user=alice,
        changes=DeckChanges(description="v2"),
        expected_version=None,
    )
    second = decklist_publish(user=alice, deck_id=first.deck_id, version_name="Two")
    copy = decklist_copy(user=bob, decklist_id=second.pk, name="Bob's")
    variant = decklist_publish(user=bob, deck_id=copy.pk)
    decklist_like(user=bob, decklist_id=second.pk)

    body = client_of(bob).get(detail(second)).json()
    old = api.get(detail(first)).json()
    child = api.get(detail(variant)).json()

    assert [(p["id"], p["number"]) for p in body["publications"]] == [(first.pk, 1)]
    assert [p["number"] for p in old["publications"]] == [2]
    assert old["is_latest"] is False
    assert [v["id"] for v in body["variants"]] == [variant.pk]
    assert set(body["variants"][0]) == SUMMARY_FIELDS
    assert body["liked"] is True
    assert body["like_count"] == 1
    assert body["copy_count"] == 1
    assert child["derived_from"] == {"id": second.pk, "name": "Base", "author": "alice"}


def test_the_derived_from_of_a_withdrawn_parent_is_hidden_from_others(
    api: APIClient, alice: User, bob: User
) -> None:
    parent = published(alice)
    copy = decklist_copy(user=bob, decklist_id=parent.pk)
    child = decklist_publish(user=bob, deck_id=copy.pk)
    decklist_withdraw(user=alice, decklist_id=parent.pk)

    assert api.get(detail(child)).json()["derived_from"] is None
    assert client_of(alice).get(detail(child)).json()["derived_from"]["id"] == parent.pk


def test_markdown_in_a_description_comes_back_inert(api: APIClient, alice: User) -> None:
    text = "<script>alert(1)</script>\n\n[x](javascript:alert(1)) and [ok](https://example.com)"
    decklist = published(alice, description=text)

    body = api.get(detail(decklist)).json()

    assert body["description"] == text
    html = body["description_html"]
    assert "<script" not in html
    assert "javascript:" not in html.replace("[x](javascript:alert(1))", "")
    assert 'href="javascript' not in html
    assert 'href="https://example.com"' in html


def test_an_invalid_decklist_reports_its_problems(api: APIClient, alice: User) -> None:
    decklist = published(alice)
    # Today's rules may refuse what was legal when it was published: shown, not hidden.
    Decklist.objects.filter(pk=decklist.pk).update(format="final-brawl")

    validity = api.get(detail(decklist)).json()["validity"]

    assert validity["valid"] is False
    assert validity["errors"]


# --- the browser ----------------------------------------------------------------------------


def test_the_list_holds_each_deck_s_latest_published_decklist(api: APIClient, alice: User) -> None:
    first = published(alice, name="Old")
    assert first.deck_id is not None
    deck_update(
        deck_id=first.deck_id, user=alice, changes=DeckChanges(name="New"), expected_version=None
    )
    decklist_publish(user=alice, deck_id=first.deck_id)
    gone = published(alice, name="Gone")
    decklist_withdraw(user=alice, decklist_id=gone.pk)

    response = api.get(LIST)

    assert response.status_code == 200
    assert names(response) == ["New"]
    row = response.json()["results"][0]
    assert set(row) == SUMMARY_FIELDS
    assert row["author"] == "alice"
    assert row["format"]["slug"] == "stack"
    assert row["card_total"] == 30


def test_the_list_is_paginated(api: APIClient, alice: User) -> None:
    for n in range(3):
        published(alice, name=f"D{n}")

    first = api.get(LIST, {"page_size": 2}).json()
    second = api.get(LIST, {"page_size": 2, "page": 2}).json()

    assert first["count"] == 3
    assert [r["name"] for r in first["results"]] == ["D2", "D1"]
    assert [r["name"] for r in second["results"]] == ["D0"]
    assert api.get(LIST, {"page": 3, "page_size": 2}).status_code == 404
    assert fields_of(api.get(LIST, {"page_size": "0"})) == ["page_size"]


@pytest.fixture
def shelf(alice: User, bob: User) -> dict[str, Decklist]:
    """Decklists of both games, authors, card counts and dates to search."""
    decklists = {
        "eggs": published(alice, stack("2 Golden Egg"), name="Two eggs", description="Omelette"),
        "one egg": published(bob, stack("1 Golden Egg", "3 Dog"), name="One egg"),
        "plain": published(bob, BASIC_STACK, name="Plain"),
        "bloodshed": published(alice, starter(), game="shadowfist", name="Heroic"),
        "lotus": published(bob, starter("Court of the Lotus"), game="shadowfist", name="Lotus"),
    }
    for key, day in zip(decklists, ["2026-01-05", "2026-02-10", "2026-03-15", "2026-04-20",
                                     "2026-05-25"], strict=True):  # fmt: skip
        at(decklists[key], day)
    return decklists


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"game": "chizo"}, ["Plain", "One egg", "Two eggs"]),
        ({"game": "shadowfist"}, ["Lotus", "Heroic"]),
        ({"format": "final-brawl"}, ["Lotus", "Heroic"]),
        ({"faction": "dragons"}, ["Heroic"]),
        ({"faction": "Dog"}, ["One egg"]),
        ({"author": "alice"}, ["Heroic", "Two eggs"]),
        ({"author": "ALICE"}, ["Heroic", "Two eggs"]),
        ({"since": "2026-02-10"}, ["Lotus", "Heroic", "Plain", "One egg"]),
        ({"until": "2026-02-10"}, ["One egg", "Two eggs"]),
        ({"since": "2026-02-01", "until": "2026-03-31"}, ["Plain", "One egg"]),
        ({"card": "Golden Egg"}, ["One egg", "Two eggs"]),
        ({"card": "Golden Egg>=2"}, ["Two eggs"]),
        ({"card": "golden egg = 1"}, ["One egg"]),
        ({"card": "Golden Egg=0", "game": "chizo"}, ["Plain"]),
        ({"card": "Golden Egg<2", "game": "chizo"}, ["Plain", "One egg"]),
        ({"card": ["Golden Egg", "Dog>=3"]}, ["One egg"]),
        ({"q": "omelette"}, ["Two eggs"]),
        ({"q": "egg"}, ["One egg", "Two eggs"]),
        ({"q": 'card:"Golden Egg">=2'}, ["Two eggs"]),
        ({"q": 'card:"Golden Egg" author:bob'}, ["One egg"]),
        ({"q": "faction:dragons since:2026-01-01"}, ["Heroic"]),
        ({"q": "game:chizo", "author": "bob"}, ["Plain", "One egg"]),
    ],
)
def test_the_list_searches(
    api: APIClient, shelf: dict[str, Decklist], query: dict[str, object], expected: list[str]
) -> None:
    response = api.get(LIST, query)

    assert response.status_code == 200, response.json()
    assert names(response) == expected


def test_the_list_sorts_by_likes_and_by_copies(
    api: APIClient, shelf: dict[str, Decklist], alice: User, bob: User, charlie: User
) -> None:
    decklist_like(user=charlie, decklist_id=shelf["plain"].pk)
    decklist_like(user=alice, decklist_id=shelf["plain"].pk)
    decklist_like(user=charlie, decklist_id=shelf["eggs"].pk)
    decklist_copy(user=charlie, decklist_id=shelf["lotus"].pk)

    liked = names(api.get(LIST, {"sort": "likes"}))
    copied = names(api.get(LIST, {"q": "sort:copies"}))

    assert liked[:2] == ["Plain", "Two eggs"]
    assert copied[0] == "Lotus"
    assert names(api.get(LIST, {"sort": "newest"}))[0] == "Lotus"


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ({"card": "Golden Eg"}, "card", "no card named 'Golden Eg'; did you mean 'Golden Egg'?"),
        ({"q": 'card:"Golden Eg"'}, "card", "did you mean 'Golden Egg'"),
        ({"sort": "best"}, "sort", "sort by newest, likes, copies"),
        ({"q": "sort:best"}, "q", "sort by"),
        ({"since": "2026-13-01"}, "since", "YYYY-MM-DD"),
        ({"until": "yesterday"}, "until", "YYYY-MM-DD"),
        ({"q": "since:01/02/2026"}, "q", "YYYY-MM-DD"),
        ({"q": "x" * 501}, "q", "at most 500"),
        ({"q": "card:Rat>=\uff12"}, "q", "needs a number"),
        ({"q": "card:Rat>=\u0663"}, "q", "needs a number"),
        ({"card": "Rat>=\uff12"}, "card", "write NAME or NAME>=2 (digits 0-9)"),
        ({"card": "Rat<\u0663"}, "card", "write NAME or NAME>=2 (digits 0-9)"),
        ({"card": "Rat>=100"}, "card", "from 0 to 99"),
        ({"q": "colour:red"}, "q", "no search key 'colour'"),
        ({"q": "rat>=2"}, "q", "follows card:NAME only"),
        ({"game": "raise"}, "game", "chizo or shadowfist"),
        ({"format": "vintage"}, "format", "no format 'vintage'"),
        ({"q": " ".join(["card:Rat"] * (MAX_CARD_TERMS + 1))}, "q", f"at most {MAX_CARD_TERMS}"),
        ({"card": ["Rat"] * (MAX_CARD_TERMS + 1)}, "card", f"at most {MAX_CARD_TERMS}"),
    ],
)
def test_a_search_the_list_cannot_read_answers_400_naming_the_field(
    api: APIClient, query: dict[str, object], field: str, words: str
) -> None:
    response = api.get(LIST, query)

    assert response.status_code == 400, response.json()
    assert fields_of(response) == [field]
    assert response.json()["code"] == "invalid_query"
    assert words in response.json()["detail"]


def test_a_parameter_given_twice_is_refused(api: APIClient) -> None:
    response = api.get(f"{LIST}?sort=likes&sort=copies")

    assert response.status_code == 400
    assert fields_of(response) == ["sort"]


def test_the_list_reads_a_constant_number_of_queries(
    api: APIClient, alice: User, bob: User
) -> None:
    def reads() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as context:
            response = api.get(LIST, {"card": "Rat", "page_size": 2})
        return len(context.captured_queries), len(response.json()["results"])

    published(alice, name="A")
    few = reads()
    for n in range(5):
        published(bob, stack("3 Dog"), name=f"B{n}")
    many = reads()

    assert few == (many[0], 1)
    assert many[1] == 2


# --- a card through the decklists --------------------------------------------------------------


def card_id(name: str, game: str = "chizo") -> int:
    return Card.objects.get(game__slug=game, name=name).pk


def test_a_card_s_decklists_count_and_pair_it(api: APIClient, alice: User, bob: User) -> None:
    for owner in (alice, bob, alice, bob):
        published(owner, stack("3 Golden Egg", "3 Dog"))
    for owner in (alice, bob, alice, bob):
        published(owner, stack("3 Pig"))
    egg = card_id("Golden Egg")

    response = api.get(f"/api/v1/cards/{egg}/decklists/")

    assert response.status_code == 200
    body = response.json()
    assert (body["card"], body["name"], body["game"]) == (egg, "Golden Egg", "chizo")
    assert (body["decklists"], body["playing"]) == (8, 4)
    assert len(body["recent"]) == 4
    assert set(body["recent"][0]) == SUMMARY_FIELDS
    assert body["min_together"] == MIN_TOGETHER
    assert "lift" in body["method"].lower()
    # Dog: in all 4 decklists with the egg, in 4 of 8 in all: twice as often as chance.
    # The basics are in every decklist (lift 1, not shown), Pig in none with the egg.
    assert body["played_with"] == [
        {"card": card_id("Dog"), "name": "Dog", "together": 4, "decklists_with_card": 4,
         "lift": 2.0},
    ]  # fmt: skip


def test_a_card_no_decklist_plays_has_none(api: APIClient, alice: User) -> None:
    published(alice)

    body = api.get(f"/api/v1/cards/{card_id('Golden Egg')}/decklists/").json()

    assert (body["decklists"], body["playing"], body["recent"], body["played_with"]) == (
        1, 0, [], [],
    )  # fmt: skip


def test_a_missing_card_s_decklists_answer_404(api: APIClient) -> None:
    assert api.get("/api/v1/cards/999999/decklists/").status_code == 404


# --- public decks read by anyone ---------------------------------------------------------------


@pytest.mark.parametrize(
    "tail",
    ["", "validate/", "export/", "stats/", "sample-hand/", "history/", "diff/"],
)
def test_anonymous_visitors_read_a_public_deck_but_not_a_private_one(
    api: APIClient, alice: User, tail: str
) -> None:
    public = make_deck(alice, visibility="public")
    private = make_deck(alice)

    assert api.get(f"/api/v1/decks/{public.pk}/{tail}").status_code == 200
    assert api.get(f"/api/v1/decks/{private.pk}/{tail}").status_code == 404


def test_anonymous_visitors_still_cannot_write_a_public_deck(api: APIClient, alice: User) -> None:
    public = make_deck(alice, visibility="public")

    assert api.patch(f"/api/v1/decks/{public.pk}/", {"name": "X"}).status_code == 401
    assert api.delete(f"/api/v1/decks/{public.pk}/").status_code == 401
    assert api.get("/api/v1/decks/").status_code == 401


def test_a_decklist_is_read_by_time_zone_aware_dates(api: APIClient, alice: User) -> None:
    decklist = published(alice)

    published_at = api.get(detail(decklist)).json()["published_at"]

    assert dt.datetime.fromisoformat(published_at.replace("Z", "+00:00")) <= timezone.now()
