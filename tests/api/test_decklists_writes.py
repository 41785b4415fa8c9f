"""The decklists API, writes: publish (If-Match, refusals), withdraw and restore, likes,
comments, reports and copies, each by the owner, another user, staff and anonymous."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.decklists.models import Decklist, DecklistComment, DecklistReport
from decks.decklists.services import comment_add, decklist_publish, decklist_withdraw
from decks.limits import MAX_COMMENT_CHARS, MAX_VERSION_NAME_CHARS
from decks.models import Deck
from tests.api.decklist_helpers import (
    BASIC_STACK,
    client_of,
    fields_of,
    make_deck,
    published,
    stack,
    staff_user,
)

pytestmark = pytest.mark.django_db


def detail(decklist: Decklist | int) -> str:
    pk = decklist if isinstance(decklist, int) else decklist.pk
    return f"/api/v1/decklists/{pk}/"


def publish(client: APIClient, deck: Deck | int, **headers: str) -> Any:
    pk = deck if isinstance(deck, int) else deck.pk
    return client.post(f"/api/v1/decks/{pk}/publish/", {}, **headers)


@pytest.fixture
def staff(db: None) -> User:
    return staff_user()


# --- publish --------------------------------------------------------------------------------


def test_the_owner_publishes_a_deck(alice: User) -> None:
    deck = make_deck(alice, stack("2 Golden Egg"), description="Eggs.")

    response = client_of(alice).post(
        f"/api/v1/decks/{deck.pk}/publish/", {"version_name": "  Nationals  "}
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert response["Location"] == detail(body["id"])
    assert body["version_name"] == "Nationals"
    assert (body["number"], body["deck_version"]) == (1, deck.version)
    assert body["card_total"] == 32
    assert body["description"] == "Eggs."
    assert Decklist.objects.get(pk=body["id"]).deck_id == deck.pk


def test_a_publication_honours_if_match(alice: User) -> None:
    deck = make_deck(alice)
    client = client_of(alice)

    stale = publish(client, deck, HTTP_IF_MATCH=f'"{deck.pk}-v{deck.version + 1}"')
    malformed = publish(client, deck, HTTP_IF_MATCH="v1")
    current = publish(client, deck, HTTP_IF_MATCH=deck.etag)

    assert stale.status_code == malformed.status_code == 412
    assert stale.json()["code"] == "precondition_failed"
    assert current.status_code == 201
    assert Decklist.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "an empty deck cannot be published"),
        ("3 Rat", "not valid for"),
    ],
)
def test_an_empty_or_invalid_deck_is_not_published(alice: User, text: str, words: str) -> None:
    deck = make_deck(alice, text)

    response = publish(client_of(alice), deck)

    assert response.status_code == 400
    assert fields_of(response) == ["deck"]
    assert words in response.json()["detail"]
    assert response.json()["code"] == "refused"
    assert not Decklist.objects.exists()


def test_an_unchanged_deck_is_not_published_again(alice: User) -> None:
    deck = make_deck(alice)
    client = client_of(alice)
    assert publish(client, deck).status_code == 201

    again = publish(client, deck)
    client.patch(f"/api/v1/decks/{deck.pk}/", {"description": "changed"})
    changed = publish(client, deck)

    assert again.status_code == 400
    assert "already published (#1)" in again.json()["detail"]
    assert changed.status_code == 201
    assert changed.json()["number"] == 2
    assert [p["number"] for p in changed.json()["publications"]] == [1]
    assert [r["id"] for r in client.get("/api/v1/decklists/").json()["results"]] == [
        changed.json()["id"]
    ]


def test_a_version_name_over_its_bound_is_refused(alice: User) -> None:
    deck = make_deck(alice)

    response = client_of(alice).post(
        f"/api/v1/decks/{deck.pk}/publish/", {"version_name": "x" * (MAX_VERSION_NAME_CHARS + 1)}
    )

    assert response.status_code == 400
    assert fields_of(response) == ["version_name"]


def test_only_the_owner_publishes_a_deck(alice: User, bob: User) -> None:
    public = make_deck(alice, visibility="public")
    private = make_deck(alice)

    assert publish(client_of(bob), public).status_code == 403
    assert publish(client_of(bob), private).status_code == 404
    anonymous = publish(client_of(None), public)
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "not_authenticated"
    assert not Decklist.objects.exists()


def test_a_session_write_needs_its_csrf_token(alice: User) -> None:
    deck = make_deck(alice)
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post(f"/api/v1/decks/{deck.pk}/publish/", {}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert not Decklist.objects.exists()


def test_a_token_publishes(api: APIClient, alice: User) -> None:
    deck = make_deck(alice)
    token = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "alice-password-1"}
    ).json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    assert publish(api, deck).status_code == 201


# --- withdraw and restore -------------------------------------------------------------------


def withdraw(client: APIClient, decklist: Decklist, reason: str | None = None) -> Any:
    body = {} if reason is None else {"reason": reason}
    return client.post(f"{detail(decklist)}withdraw/", body)


def restore(client: APIClient, decklist: Decklist) -> Any:
    return client.post(f"{detail(decklist)}restore/")


def test_the_owner_withdraws_without_a_reason_and_it_leaves_the_list(alice: User) -> None:
    decklist = published(alice)

    response = withdraw(client_of(alice), decklist)

    assert response.status_code == 200
    assert response.json()["withdrawn"]["by_moderator"] is False
    assert client_of(None).get(detail(decklist)).status_code == 404
    assert client_of(None).get("/api/v1/decklists/").json()["count"] == 0
    assert client_of(alice).get("/api/v1/decklists/").json()["count"] == 0


def test_a_moderator_withdraws_with_a_reason_only(alice: User, staff: User) -> None:
    decklist = published(alice)

    silent = withdraw(client_of(staff), decklist)
    said = withdraw(client_of(staff), decklist, "Spam")

    assert silent.status_code == 400
    assert fields_of(silent) == ["reason"]
    assert said.status_code == 200
    assert said.json()["withdrawn"] == {
        "at": said.json()["withdrawn"]["at"], "reason": "Spam", "by_moderator": True,
    }  # fmt: skip


def test_others_cannot_withdraw(alice: User, bob: User) -> None:
    decklist = published(alice)

    assert withdraw(client_of(bob), decklist, "mine now").status_code == 403
    assert withdraw(client_of(None), decklist).status_code == 401
    assert Decklist.objects.get(pk=decklist.pk).withdrawn_at is None


def test_the_owner_restores_their_own_withdrawal(alice: User, bob: User) -> None:
    decklist = published(alice)
    decklist_withdraw(user=alice, decklist_id=decklist.pk)

    assert restore(client_of(bob), decklist).status_code == 404
    response = restore(client_of(alice), decklist)

    assert response.status_code == 200
    assert response.json()["withdrawn"] is None
    assert client_of(None).get(detail(decklist)).status_code == 200


def test_only_a_moderator_undoes_a_moderator_s_withdrawal(alice: User, staff: User) -> None:
    decklist = published(alice)
    decklist_withdraw(user=staff, decklist_id=decklist.pk, reason="Offensive name")

    by_owner = restore(client_of(alice), decklist)
    by_moderator = restore(client_of(staff), decklist)

    assert by_owner.status_code == 403
    assert "only one can undo it" in by_owner.json()["detail"]
    assert by_moderator.status_code == 200
    assert by_moderator.json()["withdrawn"] is None


def test_a_moderator_takes_over_the_owner_s_withdrawal(alice: User, staff: User) -> None:
    decklist = published(alice)
    decklist_withdraw(user=alice, decklist_id=decklist.pk, reason="later")

    taken = withdraw(client_of(staff), decklist, "Offensive name")
    by_owner = restore(client_of(alice), decklist)

    assert taken.status_code == 200
    assert taken.json()["withdrawn"]["reason"] == "Offensive name"
    assert taken.json()["withdrawn"]["by_moderator"] is True
    assert by_owner.status_code == 403
    assert client_of(None).get(detail(decklist)).status_code == 404


def test_withdrawing_twice_keeps_the_first_withdrawal(alice: User, staff: User) -> None:
    decklist = published(alice)
    first = withdraw(client_of(staff), decklist, "Spam").json()["withdrawn"]

    again = withdraw(client_of(alice), decklist, "mine").json()["withdrawn"]

    assert again == first


# --- likes ----------------------------------------------------------------------------------


def like(client: APIClient, decklist: Decklist) -> Any:
    return client.put(f"{detail(decklist)}like/")


def unlike(client: APIClient, decklist: Decklist) -> Any:
    return client.delete(f"{detail(decklist)}like/")


def test_likes_are_counted_once_per_reader(alice: User, bob: User, charlie: User) -> None:
    decklist = published(alice)
    bobs, charlies = client_of(bob), client_of(charlie)

    answers = [like(bobs, decklist), like(bobs, decklist), like(charlies, decklist)]
    liked = bobs.get(detail(decklist)).json()
    undone = [unlike(bobs, decklist), unlike(bobs, decklist)]
    after = charlies.get(detail(decklist)).json()

    assert [a.json() for a in answers] == [
        {"like_count": 1, "liked": True},
        {"like_count": 1, "liked": True},
        {"like_count": 2, "liked": True},
    ]
    assert (liked["like_count"], liked["liked"]) == (2, True)
    assert [a.json() for a in undone] == [{"like_count": 1, "liked": False}] * 2
    assert (after["like_count"], after["liked"]) == (1, True)
    assert Decklist.objects.get(pk=decklist.pk).like_count == 1


def test_the_owner_cannot_like_their_own_decklist(alice: User) -> None:
    decklist = published(alice)

    response = like(client_of(alice), decklist)

    assert response.status_code == 400
    assert "your own" in response.json()["detail"]
    assert unlike(client_of(alice), decklist).json() == {"like_count": 0, "liked": False}


def test_likes_need_a_signed_in_reader_and_a_published_decklist(
    alice: User, bob: User, staff: User
) -> None:
    decklist = published(alice)

    assert like(client_of(None), decklist).status_code == 401
    assert unlike(client_of(None), decklist).status_code == 401
    decklist_withdraw(user=alice, decklist_id=decklist.pk)
    assert like(client_of(bob), decklist).status_code == 404
    refused = like(client_of(staff), decklist)
    assert refused.status_code == 400
    assert "unpublished" in refused.json()["detail"]


# --- comments -------------------------------------------------------------------------------


def comments(decklist: Decklist) -> str:
    return f"{detail(decklist)}comments/"


def test_signed_in_readers_comment_and_anyone_reads_the_comments(alice: User, bob: User) -> None:
    decklist = published(alice)

    posted = client_of(bob).post(comments(decklist), {"body": "  Nice **eggs**  "})
    listed = client_of(None).get(comments(decklist))

    assert posted.status_code == 201
    body = posted.json()
    assert set(body) == {"id", "author", "body", "body_html", "created_at", "can_delete"}
    assert (body["author"], body["body"], body["can_delete"]) == ("bob", "Nice **eggs**", True)
    assert "<strong>eggs</strong>" in body["body_html"]
    assert listed.status_code == 200
    assert listed.json()["count"] == 1
    assert listed.json()["results"][0]["can_delete"] is False
    assert client_of(None).get(detail(decklist)).json()["comment_count"] == 1
    assert client_of(None).post(comments(decklist), {"body": "hi"}).status_code == 401


def test_who_may_delete_a_comment_is_said_to_each_reader(
    alice: User, bob: User, charlie: User, staff: User
) -> None:
    decklist = published(alice)
    comment_add(user=bob, decklist_id=decklist.pk, body="first")

    def can_delete(user: User | None) -> bool:
        row = client_of(user).get(comments(decklist)).json()["results"][0]
        return bool(row["can_delete"])

    assert [can_delete(u) for u in (None, alice, bob, charlie, staff)] == [
        False, True, True, False, True,
    ]  # fmt: skip


def test_markdown_in_a_comment_comes_back_inert(alice: User, bob: User) -> None:
    decklist = published(alice)

    body = (
        client_of(bob)
        .post(comments(decklist), {"body": "<script>alert(1)</script> [x](javascript:alert(1))"})
        .json()
    )

    assert "<script" not in body["body_html"]
    assert 'href="javascript' not in body["body_html"]


@pytest.mark.parametrize(
    ("text", "status"),
    [("x" * MAX_COMMENT_CHARS, 201), ("x" * (MAX_COMMENT_CHARS + 1), 400), ("   ", 400)],
)
def test_a_comment_has_a_bounded_size(alice: User, bob: User, text: str, status: int) -> None:
    decklist = published(alice)

    response = client_of(bob).post(comments(decklist), {"body": text})

    assert response.status_code == status
    if status == 400:
        assert fields_of(response) == ["body"]


def test_a_flood_of_comments_is_refused_with_retry_after(
    alice: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("decks.decklists.services.COMMENTS_PER_HOUR", 2)
    decklist = published(alice)
    client = client_of(bob)

    statuses = [client.post(comments(decklist), {"body": f"c{n}"}).status_code for n in range(3)]
    refused = client.post(comments(decklist), {"body": "again"})

    assert statuses == [201, 201, 429]
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert "at most 2 comments an hour" in refused.json()["detail"]
    assert 3500 <= int(refused["Retry-After"]) <= 3600
    assert DecklistComment.objects.count() == 2
    assert client_of(alice).post(comments(decklist), {"body": "mine"}).status_code == 201


def test_the_wait_runs_until_the_oldest_counted_comment_is_an_hour_old(
    alice: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("decks.decklists.services.COMMENTS_PER_HOUR", 1)
    decklist = published(alice)
    comment = comment_add(user=bob, decklist_id=decklist.pk, body="old")
    DecklistComment.objects.filter(pk=comment.pk).update(
        created_at=comment.created_at.replace(microsecond=0) - _minutes(50)
    )

    refused = client_of(bob).post(comments(decklist), {"body": "new"})

    assert refused.status_code == 429
    assert 590 <= int(refused["Retry-After"]) <= 601


def _minutes(n: int) -> Any:
    from datetime import timedelta

    return timedelta(minutes=n)


@pytest.mark.parametrize("deleter", ["author", "owner", "staff"])
def test_a_comment_is_deleted_by_its_author_the_owner_or_staff(
    alice: User, bob: User, staff: User, deleter: str
) -> None:
    decklist = published(alice)
    comment = comment_add(user=bob, decklist_id=decklist.pk, body="hm")
    user = {"author": bob, "owner": alice, "staff": staff}[deleter]

    response = client_of(user).delete(f"{comments(decklist)}{comment.pk}/")

    assert response.status_code == 204
    assert not DecklistComment.objects.exists()
    assert Decklist.objects.get(pk=decklist.pk).comment_count == 0


def test_others_cannot_delete_a_comment(alice: User, bob: User, charlie: User) -> None:
    decklist = published(alice)
    comment = comment_add(user=bob, decklist_id=decklist.pk, body="hm")
    url = f"{comments(decklist)}{comment.pk}/"

    assert client_of(charlie).delete(url).status_code == 403
    assert client_of(None).delete(url).status_code == 401
    assert client_of(bob).delete(f"{comments(decklist)}999999/").status_code == 404
    other = published(charlie)
    assert client_of(bob).delete(f"{comments(other)}{comment.pk}/").status_code == 404
    assert DecklistComment.objects.count() == 1


def test_comments_of_a_withdrawn_decklist_are_hidden_and_closed(alice: User, bob: User) -> None:
    decklist = published(alice)
    comment_add(user=bob, decklist_id=decklist.pk, body="hm")
    decklist_withdraw(user=alice, decklist_id=decklist.pk)

    assert client_of(None).get(comments(decklist)).status_code == 404
    assert client_of(alice).get(comments(decklist)).json()["count"] == 1
    closed = client_of(alice).post(comments(decklist), {"body": "still here"})
    assert closed.status_code == 400
    assert "unpublished" in closed.json()["detail"]


# --- reports --------------------------------------------------------------------------------


def reports(decklist: Decklist) -> str:
    return f"{detail(decklist)}reports/"


def test_a_reader_reports_a_decklist_or_one_of_its_comments(alice: User, bob: User) -> None:
    decklist = published(alice)
    comment = comment_add(user=alice, decklist_id=decklist.pk, body="buy my cards")
    client = client_of(bob)

    whole = client.post(reports(decklist), {"reason": "copied", "details": "From a forum"})
    one = client.post(reports(decklist), {"reason": "spam", "comment": comment.pk})

    assert whole.status_code == one.status_code == 201
    assert {k: whole.json()[k] for k in ("reason", "details", "comment")} == {
        "reason": "copied", "details": "From a forum", "comment": None,
    }  # fmt: skip
    assert one.json()["comment"] == comment.pk
    assert DecklistReport.objects.filter(reporter=bob).count() == 2


def test_a_report_is_refused_for_a_bad_reason_a_foreign_comment_or_no_user(
    alice: User, bob: User
) -> None:
    decklist = published(alice)
    other = published(bob)
    foreign = comment_add(user=alice, decklist_id=other.pk, body="elsewhere")
    client = client_of(bob)

    unknown = client.post(reports(decklist), {"reason": "boring"})
    elsewhere = client.post(reports(decklist), {"reason": "spam", "comment": foreign.pk})

    assert fields_of(unknown) == ["reason"]
    assert elsewhere.status_code == 400
    assert fields_of(elsewhere) == ["comment"]
    assert client_of(None).post(reports(decklist), {"reason": "spam"}).status_code == 401
    assert not DecklistReport.objects.exists()


def test_a_flood_of_reports_is_refused_with_retry_after(
    alice: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("decks.decklists.services.REPORTS_PER_HOUR", 1)
    decklist = published(alice)
    client = client_of(bob)

    first = client.post(reports(decklist), {"reason": "spam"})
    second = client.post(reports(decklist), {"reason": "spam"})

    assert (first.status_code, second.status_code) == (201, 429)
    assert int(second["Retry-After"]) > 0


# --- copies ---------------------------------------------------------------------------------


def copy(client: APIClient, decklist: Decklist, **body: str) -> Any:
    return client.post(f"{detail(decklist)}copy/", body)


def test_a_copy_is_a_private_deck_of_the_reader_derived_from_the_decklist(
    alice: User, bob: User
) -> None:
    decklist = published(alice, stack("2 Golden Egg"), name="Eggs", visibility="public")

    response = copy(client_of(bob), decklist)
    named = copy(client_of(bob), decklist, name="Mine")

    assert response.status_code == 201
    body = response.json()
    assert response["Location"] == f"/api/v1/decks/{body['id']}/"
    assert response["ETag"] == f'"{body["id"]}-v1"'
    assert (body["owner"], body["name"], body["visibility"]) == ("bob", "Eggs (copy)", "private")
    assert body["card_count"] == 32
    assert named.json()["name"] == "Mine"
    deck = Deck.objects.get(pk=body["id"])
    assert deck.derived_from_id == decklist.pk
    assert client_of(None).get(detail(decklist)).json()["copy_count"] == 2
    assert client_of(None).get(f"/api/v1/decks/{body['id']}/").status_code == 404


def test_a_copy_published_is_a_variant_of_its_decklist(alice: User, bob: User) -> None:
    decklist = published(alice)
    deck_id = copy(client_of(bob), decklist).json()["id"]
    client_of(bob).patch(f"/api/v1/decks/{deck_id}/", {"description": "tuned"})

    variant = publish(client_of(bob), deck_id).json()

    assert variant["derived_from"] == {"id": decklist.pk, "name": "Stack", "author": "alice"}
    variants = client_of(None).get(detail(decklist)).json()["variants"]
    assert [v["id"] for v in variants] == [variant["id"]]


def test_copies_need_a_signed_in_reader_and_a_published_decklist(alice: User) -> None:
    decklist = published(alice)

    assert copy(client_of(None), decklist).status_code == 401
    decklist_withdraw(user=alice, decklist_id=decklist.pk)
    refused = copy(client_of(alice), decklist)
    assert refused.status_code == 400
    assert Deck.objects.count() == 1


def test_an_old_publication_is_still_copied_as_it_was(alice: User, bob: User) -> None:
    decklist = published(alice, BASIC_STACK)
    assert decklist.deck_id is not None
    client_of(alice).put(
        f"/api/v1/decks/{decklist.deck_id}/", {"name": "Stack", "list": stack("3 Golden Egg")}
    )
    decklist_publish(user=alice, deck_id=decklist.deck_id)

    body = copy(client_of(bob), decklist).json()

    assert body["card_count"] == 30
