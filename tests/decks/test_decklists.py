"""Published decklists: publishing freezes a version, who may read and write what, likes,
comments, reports, copies and their family, the browser's search, and cards seen through
the decklists that play them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404
from django.utils import timezone

from cards.models import Card
from decks.decklists import selectors, services
from decks.decklists.models import Decklist, DecklistReport
from decks.decklists.query import (
    DecklistQueryError,
    card_param,
    parse_query,
    query_from_params,
)
from decks.limits import COMMENTS_PER_HOUR, MAX_COMMENT_CHARS
from decks.models import Deck
from decks.services import DeckChanges, StaleVersionError, deck_create_from_text, deck_update

pytestmark = pytest.mark.django_db

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
OTHER = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push\n3 Boulder"


def deck(owner: User, text: str = STACK, name: str = "Eggs", description: str = "") -> Deck:
    return deck_create_from_text(
        owner=owner, game="chizo", name=name, text=text, description=description
    )


def publish(owner: User, text: str = STACK, **fields: str) -> Decklist:
    return services.decklist_publish(user=owner, deck_id=deck(owner, text, **fields).pk)


def staff(user: User) -> User:
    user.is_staff = True
    user.save()
    return user


def card_id(name: str) -> int:
    return Card.objects.get(game__slug="chizo", name=name).pk


# --- publishing -------------------------------------------------------------------------


def test_publishing_freezes_the_deck_as_it_is(alice: User) -> None:
    own = deck(alice, description="Lay *eggs*.")
    decklist = services.decklist_publish(user=alice, deck_id=own.pk, version_name="First")

    deck_update(deck_id=own.pk, user=alice, changes=DeckChanges(name="Renamed", description="x"),
                expected_version=own.version)  # fmt: skip

    decklist.refresh_from_db()
    lines = selectors.decklist_lines(decklist=decklist)
    assert (decklist.name, decklist.description, decklist.version_name) == (
        "Eggs",
        "Lay *eggs*.",
        "First",
    )
    assert (decklist.number, decklist.deck_version, decklist.card_total) == (1, 1, 38)
    assert {line.card.name: line.count for line in lines}["Golden Egg"] == 3
    assert decklist.factions == "|dragon|horse|ox|rabbit|rat|rooster|"


def test_a_second_publication_is_a_new_decklist_and_the_first_stays(alice: User) -> None:
    own = deck(alice)
    first = services.decklist_publish(user=alice, deck_id=own.pk)
    deck_update(deck_id=own.pk, user=alice, changes=DeckChanges(name="Eggs II"),
                expected_version=1)  # fmt: skip

    second = services.decklist_publish(user=alice, deck_id=own.pk)

    first.refresh_from_db()
    assert (second.number, second.name, second.deck_version) == (2, "Eggs II", 2)
    assert (first.is_latest, second.is_latest) == (False, True)
    assert list(selectors.listed()) == [second]
    view = selectors.decklist_view(user=AnonymousUser(), decklist_id=first.pk)
    assert view.newest == second
    assert [p.number for p in view.publications] == [2, 1]


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "an empty deck"), ("3 Golden Egg", "not valid for Stack")],
)
def test_an_empty_or_invalid_deck_is_not_published(alice: User, text: str, words: str) -> None:
    own = deck(alice, text)
    with pytest.raises(services.DecklistRefusedError, match=words):
        services.decklist_publish(user=alice, deck_id=own.pk)
    assert not Decklist.objects.exists()


def test_an_unchanged_deck_is_not_published_twice(alice: User) -> None:
    own = deck(alice)
    services.decklist_publish(user=alice, deck_id=own.pk)
    with pytest.raises(services.DecklistRefusedError, match="already published"):
        services.decklist_publish(user=alice, deck_id=own.pk)
    assert Decklist.objects.count() == 1


def test_publishing_a_stale_version_is_refused(alice: User) -> None:
    own = deck(alice)
    with pytest.raises(StaleVersionError):
        services.decklist_publish(user=alice, deck_id=own.pk, expected_version=7)


def test_only_the_owner_publishes(alice: User, bob: User) -> None:
    own = deck(alice)
    with pytest.raises(Http404):
        services.decklist_publish(user=bob, deck_id=own.pk)
    assert not Decklist.objects.exists()


# --- who reads ----------------------------------------------------------------------------


def test_a_withdrawn_decklist_is_read_by_its_owner_and_moderators_only(
    alice: User, bob: User, charlie: User
) -> None:
    decklist = publish(alice)
    services.decklist_withdraw(user=staff(charlie), decklist_id=decklist.pk, reason="spam")

    for reader in (AnonymousUser(), bob):
        with pytest.raises(Http404):
            selectors.decklist_for_read(user=reader, decklist_id=decklist.pk)
    assert (
        selectors.decklist_for_read(user=alice, decklist_id=decklist.pk).withdrawn_reason == "spam"
    )
    assert selectors.decklist_for_read(user=charlie, decklist_id=decklist.pk) == decklist
    assert not selectors.listed().exists()


def test_a_moderator_gives_a_reason_and_only_a_moderator_undoes_it(
    alice: User, bob: User, charlie: User
) -> None:
    decklist = publish(alice)
    moderator = staff(charlie)
    with pytest.raises(services.DecklistRefusedError, match="say why"):
        services.decklist_withdraw(user=moderator, decklist_id=decklist.pk)
    with pytest.raises(services.DecklistForbiddenError):
        services.decklist_withdraw(user=bob, decklist_id=decklist.pk, reason="mine")

    services.decklist_withdraw(user=moderator, decklist_id=decklist.pk, reason="offensive name")
    with pytest.raises(services.DecklistForbiddenError):
        services.decklist_restore(user=alice, decklist_id=decklist.pk)
    services.decklist_restore(user=moderator, decklist_id=decklist.pk)

    assert list(selectors.listed()) == [decklist]


def test_the_owner_unpublishes_and_publishes_again(alice: User) -> None:
    decklist = publish(alice)
    services.decklist_withdraw(user=alice, decklist_id=decklist.pk)
    assert not selectors.listed().exists()
    services.decklist_restore(user=alice, decklist_id=decklist.pk)
    assert selectors.listed().get() == decklist


# --- likes, comments, reports -------------------------------------------------------------


def test_likes_count_once_per_reader_and_undo(alice: User, bob: User, charlie: User) -> None:
    decklist = publish(alice)
    for _ in range(2):
        services.decklist_like(user=bob, decklist_id=decklist.pk)
    services.decklist_like(user=charlie, decklist_id=decklist.pk)
    assert Decklist.objects.get().like_count == 2

    for _ in range(2):
        services.decklist_like(user=bob, decklist_id=decklist.pk, like=False)
    assert Decklist.objects.get().like_count == 1
    assert selectors.decklist_view(user=charlie, decklist_id=decklist.pk).liked
    assert not selectors.decklist_view(user=bob, decklist_id=decklist.pk).liked


def test_an_owner_cannot_like_their_own_and_nobody_likes_a_withdrawn_one(
    alice: User, bob: User
) -> None:
    decklist = publish(alice)
    with pytest.raises(services.DecklistRefusedError, match="your own"):
        services.decklist_like(user=alice, decklist_id=decklist.pk)
    services.decklist_withdraw(user=alice, decklist_id=decklist.pk)
    with pytest.raises(Http404):
        services.decklist_like(user=bob, decklist_id=decklist.pk)


def test_comments_are_bounded_and_deleted_by_their_author_the_owner_or_a_moderator(
    alice: User, bob: User, charlie: User
) -> None:
    decklist = publish(alice)
    with pytest.raises(services.DecklistRefusedError, match=f"at most {MAX_COMMENT_CHARS}"):
        services.comment_add(user=bob, decklist_id=decklist.pk, body="x" * (MAX_COMMENT_CHARS + 1))
    with pytest.raises(services.DecklistRefusedError, match="write something"):
        services.comment_add(user=bob, decklist_id=decklist.pk, body="  \n ")
    by_bob = services.comment_add(user=bob, decklist_id=decklist.pk, body="Nice **eggs**")
    by_charlie = services.comment_add(user=charlie, decklist_id=decklist.pk, body="Hm")
    another = services.comment_add(user=charlie, decklist_id=decklist.pk, body="Again")
    assert Decklist.objects.get().comment_count == 3

    with pytest.raises(services.DecklistForbiddenError):
        services.comment_delete(user=bob, decklist_id=decklist.pk, comment_id=by_charlie.pk)
    services.comment_delete(user=bob, decklist_id=decklist.pk, comment_id=by_bob.pk)
    services.comment_delete(user=alice, decklist_id=decklist.pk, comment_id=by_charlie.pk)
    moderator = staff(User.objects.create_user("mod"))
    services.comment_delete(user=moderator, decklist_id=decklist.pk, comment_id=another.pk)

    assert Decklist.objects.get().comment_count == 0
    assert not decklist.comments.exists()


def test_a_flood_of_comments_is_refused(alice: User, bob: User) -> None:
    decklist = publish(alice)
    for n in range(COMMENTS_PER_HOUR):
        services.comment_add(user=bob, decklist_id=decklist.pk, body=f"comment {n}")
    with pytest.raises(services.DecklistThrottledError, match=f"at most {COMMENTS_PER_HOUR}"):
        services.comment_add(user=bob, decklist_id=decklist.pk, body="one more")
    # An hour on, the user may write again.
    decklist.comments.update(created_at=timezone.now() - dt.timedelta(hours=1, seconds=1))
    services.comment_add(user=bob, decklist_id=decklist.pk, body="later")


def test_a_report_records_its_reason(alice: User, bob: User) -> None:
    decklist = publish(alice)
    comment = services.comment_add(user=alice, decklist_id=decklist.pk, body="hi")
    with pytest.raises(services.DecklistRefusedError, match="unpublish your own"):
        services.decklist_report(user=alice, decklist_id=decklist.pk, reason="spam")
    with pytest.raises(services.DecklistRefusedError, match="no reason 'rude'"):
        services.decklist_report(user=bob, decklist_id=decklist.pk, reason="rude")
    report = services.decklist_report(user=bob, decklist_id=decklist.pk, reason="spam",
                                      details="ads", comment_id=comment.pk)  # fmt: skip
    assert (report.reason, report.details, report.comment_id, report.reporter) == (
        DecklistReport.Reason.SPAM,
        "ads",
        comment.pk,
        bob,
    )


# --- copies and their family ------------------------------------------------------------


def test_a_copy_is_a_private_deck_derived_from_the_decklist(alice: User, bob: User) -> None:
    original = publish(alice, description="The *original*")
    copy = services.decklist_copy(user=bob, decklist_id=original.pk)

    assert (copy.owner, copy.visibility, copy.derived_from_id) == (bob, "private", original.pk)
    assert copy.name == "Eggs (copy)"
    assert copy.description == "The *original*"
    assert sorted(copy.entries.values_list("card__name", "count")) == sorted(
        original.entries.values_list("card__name", "count")
    )
    assert Decklist.objects.get(pk=original.pk).copy_count == 1

    deck_update(deck_id=copy.pk, user=bob, changes=DeckChanges(name="Bob's eggs"),
                expected_version=copy.version)  # fmt: skip
    variant = services.decklist_publish(user=bob, deck_id=copy.pk)

    assert variant.derived_from == original
    view = selectors.decklist_view(user=AnonymousUser(), decklist_id=original.pk)
    assert view.variants == [variant]
    child = selectors.decklist_view(user=AnonymousUser(), decklist_id=variant.pk)
    assert child.ancestors == [original]
    family = selectors.deck_family(user=bob, deck=Deck.objects.get(pk=copy.pk))
    assert (family.derived_from, family.latest) == (original, variant)


def test_a_withdrawn_ancestor_is_not_shown_to_others(alice: User, bob: User) -> None:
    original = publish(alice)
    copy = services.decklist_copy(user=bob, decklist_id=original.pk)
    deck_update(deck_id=copy.pk, user=bob, changes=DeckChanges(name="B"), expected_version=1)
    variant = services.decklist_publish(user=bob, deck_id=copy.pk)
    services.decklist_withdraw(user=alice, decklist_id=original.pk)

    assert selectors.decklist_view(user=bob, decklist_id=variant.pk).ancestors == []
    assert selectors.decklist_view(user=alice, decklist_id=variant.pk).ancestors == [original]


# --- the browser's query ----------------------------------------------------------------


def test_the_query_reads_cards_with_counts_keys_and_words() -> None:
    query = parse_query('card:"Golden Egg">=2 card:Push=0 class:Rat by:alice since:2026-01-02 eggs')
    assert [str(term) for term in query.cards] == ['card:"Golden Egg">=2', 'card:"Push"=0']
    assert (query.factions, query.author, query.since, query.words) == (
        ("rat",),
        "alice",
        dt.date(2026, 1, 2),
        ("eggs",),
    )
    params = query_from_params({"card": ['"Golden Egg">=2', "Push<1"], "sort": ["likes"]})
    assert [(t.name, t.op, t.count) for t in params.cards] == [
        ("Golden Egg", ">=", 2),
        ("Push", "<", 1),
    ]
    assert params.sort == "likes"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("colour:red", "no search key 'colour'"),
        ("since:2026-13-01", "YYYY-MM-DD"),
        ("card:Rat>=100", "from 0 to 99"),
        ("card:Rat>=\uff12", "needs a number"),  # a fullwidth digit
        ("author:bob>=2", "takes no count"),
        ("sort:best", "sort by"),
        ("x" * 501, "at most 500"),
        (" ".join(["card:Rat"] * 11), "at most 10 cards"),
        ("rat>=2", "follows card:NAME only"),
    ],
)
def test_a_query_it_cannot_read_is_refused_with_why(text: str, words: str) -> None:
    with pytest.raises(DecklistQueryError, match=words):
        parse_query(text)


def test_the_search_filters_by_cards_counts_authors_and_sorts(
    alice: User, bob: User, charlie: User
) -> None:
    eggs = publish(alice)  # 3 Golden Egg, 3 Push, no Boulder
    boulders = publish(bob, OTHER, name="Boulders")  # 3 Push, 3 Boulder
    services.decklist_like(user=charlie, decklist_id=boulders.pk)

    def found(text: str) -> list[str]:
        return [d.name for d in selectors.decklist_search(parse_query(text))]

    assert found('card:"Golden Egg">=2') == ["Eggs"]
    assert found('card:"golden egg">=4') == []
    assert found("card:Boulder=0") == ["Eggs"]
    assert found("card:Boulder<3") == ["Eggs"]
    assert sorted(found("card:Push card:Rat>=6")) == ["Boulders", "Eggs"]
    assert found("author:BOB") == ["Boulders"]
    assert found("boulders") == ["Boulders"]
    assert found("sort:likes") == ["Boulders", "Eggs"]
    assert found("game:chizo format:stack class:rat sort:newest") == ["Boulders", "Eggs"]
    assert found(f"until:{dt.date.today() - dt.timedelta(days=1)}") == []
    assert eggs in selectors.decklist_search(parse_query(f"since:{dt.date.today()}"))


def test_an_unknown_card_is_refused_with_a_suggestion() -> None:
    with pytest.raises(DecklistQueryError, match="did you mean 'Golden Egg'"):
        list(selectors.decklist_search(parse_query('card:"Golden Eg"')))


# --- cards seen through decklists ---------------------------------------------------------


def test_a_card_counts_the_decklists_playing_it_and_the_cards_played_with_it(
    alice: User, bob: User, charlie: User
) -> None:
    # Golden Egg and Village always go together; Boulder never with them.
    for owner in (alice, bob, charlie):
        publish(owner)
    for n, owner in enumerate((alice, bob, charlie)):
        publish(owner, OTHER, name=f"Boulders {n}")

    seen = selectors.card_in_decklists(card=Card.objects.get(pk=card_id("Golden Egg")))

    assert (seen.decklists, seen.playing, len(seen.recent)) == (6, 3, 3)
    village = next(row for row in seen.rows() if row["name"] == "Village")
    # Lift = together * all / (with the card * with the other) = 3 * 6 / (3 * 3).
    assert (village["together"], village["decklists_with_card"], village["lift"]) == (3, 3, 2.0)
    names = {row["name"] for row in seen.rows()}
    assert "Rat" not in names  # in every decklist: lift 1, nothing beyond chance
    assert "Boulder" not in names


def test_swaps_come_from_the_decklists_most_like_it(alice: User, bob: User) -> None:
    eggs = publish(alice)
    publish(bob, OTHER, name="Boulders")
    assert [card.name for card in selectors.swap_suggestions(decklist=eggs)] == ["Boulder"]


@pytest.mark.parametrize(
    ("raw", "read"),
    [
        ("Golden Egg>=2", ("Golden Egg", ">=", "2")),
        ('"Golden Egg" >= 2', ("Golden Egg", ">=", "2")),
        ("Area 51", ("Area 51", "", "")),
        ('"Is That All You Got?"', ("Is That All You Got?", "", "")),
        ("Push=0", ("Push", "=", "0")),
        ("a" + " " * 100_000 + "b>", ("a" + " " * 100_000 + "b>", "", "")),
    ],
)
def test_a_card_parameter_is_read_from_its_end(raw: str, read: tuple[str, str, str]) -> None:
    assert card_param(raw) == read


def test_a_card_parameter_past_the_bound_is_refused() -> None:
    with pytest.raises(DecklistQueryError, match="at most 500 characters"):
        query_from_params({"card": ["Rat" + " " * 600 + ">=2"]})
