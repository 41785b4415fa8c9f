"""The decklist pages: anyone browses and reads published decklists (and public decks);
signed-in readers like, comment, report and copy; owners publish and unpublish; a card's
page shows the decklists playing it. Markdown comes out sanitised."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from cards.models import Card
from decks.decklists import services
from decks.decklists.models import Decklist, DecklistReport
from decks.models import Deck
from decks.services import deck_create_from_text
from play.simulations.models import Simulation

pytestmark = pytest.mark.django_db

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"
HOSTILE = (
    "Eggs <script>alert(1)</script> <img src=x onerror=alert(2)> "
    "[click](javascript:alert(3)) **bold**"
)


def deck(owner: User, **fields: Any) -> Deck:
    values = {"game": "chizo", "name": "Eggs", "text": STACK} | fields
    return deck_create_from_text(owner=owner, **values)


def publish(owner: User, **fields: Any) -> Decklist:
    return services.decklist_publish(user=owner, deck_id=deck(owner, **fields).pk)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_visitor_browses_and_reads_a_decklist_with_its_share_tags(alice: User) -> None:
    decklist = publish(alice, description="Lay *eggs* early.")
    client = Client()

    browse = client.get("/decklists/")
    page = client.get(f"/decklists/{decklist.pk}/")

    assert browse.status_code == 200
    assert f"/decklists/{decklist.pk}/" in browse.text
    assert page.status_code == 200
    assert "<em>eggs</em>" in page.text
    assert f'property="og:url" content="http://testserver/decklists/{decklist.pk}/"' in page.text
    assert 'name="twitter:card" content="summary"' in page.text
    assert 'property="og:description" content="Lay eggs early."' in page.text
    assert "Valid for Stack" in page.text
    assert client.get(f"/decklists/{decklist.pk}/eggs/").status_code == 200
    text = client.get(f"/decklists/{decklist.pk}/export/text/")
    assert text.status_code == 200
    assert "3 Golden Egg" in text.content.decode()


class _Markup(HTMLParser):
    """Every element and attribute of a page, as a browser would read them."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.handlers: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append(dict(attrs))
        self.handlers += [name for name, _ in attrs if name.startswith("on")]
        self.links += [value or "" for name, value in attrs if name in ("href", "src")]


def test_markdown_in_a_description_and_a_comment_comes_out_inert(alice: User, bob: User) -> None:
    decklist = publish(alice, description=HOSTILE)
    services.comment_add(user=bob, decklist_id=decklist.pk, body=HOSTILE)

    html = Client().get(f"/decklists/{decklist.pk}/").text
    markup = _Markup()
    markup.feed(html)

    # The site's own scripts load from files; nothing inline, no handler, no script link.
    assert all(script.get("src") for script in markup.scripts)
    assert markup.handlers == []
    assert not [link for link in markup.links if "script:" in link.replace(" ", "").lower()]
    assert html.count("<strong>bold</strong>") == 2


def test_a_public_deck_is_read_without_signing_in_and_a_private_one_is_not(
    alice: User,
) -> None:
    public = deck(alice, visibility=Deck.Visibility.PUBLIC, description="*Mine*")
    private = deck(alice, name="Secret")
    client = Client()

    page = client.get(f"/decks/{public.pk}/")

    assert page.status_code == 200
    assert "<em>Mine</em>" in page.text
    assert client.get(f"/decks/{public.pk}/stats/").status_code == 200
    assert client.get(f"/decks/{private.pk}/").status_code == 404


def test_the_owner_publishes_from_the_deck_page(alice: User) -> None:
    own = deck(alice)
    client = signed_in(alice)

    response = client.post(f"/decks/{own.pk}/publish/", {"version": 1, "version_name": "v1"})

    decklist = Decklist.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/decklists/{decklist.pk}/"
    again = client.post(f"/decks/{own.pk}/publish/", {"version": 1})
    assert again.status_code == 400
    assert "already published" in again.text
    stale = client.post(f"/decks/{own.pk}/publish/", {"version": 5})
    assert stale.status_code == 409
    assert "Published: " in client.get(f"/decks/{own.pk}/").text


def test_others_cannot_publish_a_deck_that_is_not_theirs(alice: User, bob: User) -> None:
    public = deck(alice, visibility=Deck.Visibility.PUBLIC)
    response = signed_in(bob).post(f"/decks/{public.pk}/publish/", {"version": 1})
    assert response.status_code == 403
    assert not Decklist.objects.exists()


def test_a_reader_likes_comments_reports_and_copies(alice: User, bob: User) -> None:
    decklist = publish(alice)
    client = signed_in(bob)
    base = f"/decklists/{decklist.pk}"

    assert client.post(f"{base}/like/").status_code == 302
    assert client.post(f"{base}/like/").status_code == 302
    assert Decklist.objects.get().like_count == 1
    assert "Unlike" in client.get(f"{base}/").text
    client.post(f"{base}/like/", {"like": "0"})
    assert Decklist.objects.get().like_count == 0

    posted = client.post(f"{base}/comments/", {"body": "Great *list*"})
    assert posted.status_code == 302
    assert "<em>list</em>" in Client().get(f"{base}/").text
    empty = client.post(f"{base}/comments/", {"body": ""})
    assert empty.status_code == 400

    reported = client.post(f"{base}/report/", {"reason": "copied", "details": "from a forum"})
    assert reported.status_code == 302
    assert DecklistReport.objects.get().reason == "copied"

    copied = client.post(f"{base}/copy/", {"name": "Bob's eggs"})
    copy = Deck.objects.get(owner=bob)
    assert copied["Location"] == f"/decks/{copy.pk}/"
    assert (copy.name, copy.derived_from_id) == ("Bob's eggs", decklist.pk)
    assert "Copied from" in client.get(f"/decks/{copy.pk}/").text


def test_a_visitor_is_sent_to_log_in_for_writes(alice: User) -> None:
    decklist = publish(alice)
    for action in ("like", "comments", "copy", "report", "withdraw"):
        response = Client().post(f"/decklists/{decklist.pk}/{action}/")
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]
    assert Decklist.objects.get().like_count == 0


def test_only_the_author_the_owner_or_a_moderator_deletes_a_comment(
    alice: User, bob: User, charlie: User
) -> None:
    decklist = publish(alice)
    comment = services.comment_add(user=bob, decklist_id=decklist.pk, body="mine")
    url = f"/decklists/{decklist.pk}/comments/{comment.pk}/delete/"

    assert signed_in(charlie).post(url).status_code == 403
    assert signed_in(alice).post(url).status_code == 302
    assert not decklist.comments.exists()


def test_a_moderator_unpublishes_and_the_decklist_is_gone_for_visitors(
    alice: User, charlie: User
) -> None:
    decklist = publish(alice)
    charlie.is_staff = True
    charlie.save()

    refused = signed_in(charlie).post(f"/decklists/{decklist.pk}/withdraw/", {"reason": ""})
    assert refused.status_code == 400
    signed_in(charlie).post(f"/decklists/{decklist.pk}/withdraw/", {"reason": "spam"})

    assert Client().get(f"/decklists/{decklist.pk}/").status_code == 404
    owner_view = signed_in(alice).get(f"/decklists/{decklist.pk}/")
    assert owner_view.status_code == 200
    assert "by a moderator" in owner_view.text
    assert f"/decklists/{decklist.pk}/" not in Client().get("/decklists/").text


def test_the_browser_searches_and_says_what_it_could_not_read(alice: User, bob: User) -> None:
    publish(alice)
    publish(bob, name="Other", text=STACK.replace("3 Golden Egg", "3 Ox"))
    client = Client()

    found = client.get("/decklists/", {"q": 'card:"Golden Egg">=3'})
    refused = client.get("/decklists/", {"q": 'card:"Golden Eg"'})

    assert found.status_code == 200
    assert re.search(r"1 decklist\s+found", found.text)
    assert "Other" not in found.text
    assert refused.status_code == 400
    assert "did you mean" in refused.text
    by_param = client.get("/decklists/", {"card": "Golden Egg>=3", "author": "alice"})
    assert re.search(r"1 decklist\s+found", by_param.text)


def test_a_card_page_lists_the_decklists_playing_it(alice: User) -> None:
    decklist = publish(alice)
    egg = Card.objects.get(game__slug="chizo", name="Golden Egg")
    boulder = Card.objects.get(game__slug="chizo", name="Boulder")

    page = Client().get(f"/cards/{egg.pk}/")
    other = Client().get(f"/cards/{boulder.pk}/")

    assert page.status_code == 200
    assert "<strong>1</strong> of 1 published" in page.text
    assert f"/decklists/{decklist.pk}/" in page.text
    assert "None of the 1 published" in other.text


def test_the_with_or_without_comparison_runs_from_a_decklist(
    alice: User, bob: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    decklist = publish(alice)
    egg = Card.objects.get(game__slug="chizo", name="Golden Egg")
    client = signed_in(bob)

    form = client.get(f"/decklists/{decklist.pk}/compare/", {"remove": egg.pk})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/decklists/{decklist.pk}/compare/",
            {"remove": egg.pk, "add": "Boulder", "games": 20, "bot": "greedy", "seed": 4},
        )

    assert form.status_code == 200
    a, b = Simulation.objects.order_by("pk")
    assert response.status_code == 302
    assert response["Location"] == f"/simulations/compare/{a.pk}/{b.pk}/"
    assert (a.owner, a.seed, b.seed, a.status, b.status) == (bob, 4, 4, "done", "done")
    assert "3 Golden Egg swapped for Boulder" in b.spec["subject"]
    assert {row["name"] for row, _ in b.spec["cards"]} >= {"Boulder"}
    assert "Golden Egg" not in {row["name"] for row, _ in b.spec["cards"]}
    result = client.get(response["Location"])
    assert result.status_code == 200
    assert "swapped for Boulder" in result.text


def test_a_swap_with_an_unknown_card_is_refused_beside_its_field(
    alice: User, bob: User, settings: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    decklist = publish(alice)
    egg = Card.objects.get(game__slug="chizo", name="Golden Egg")

    response = signed_in(bob).post(
        f"/decklists/{decklist.pk}/compare/",
        {"remove": egg.pk, "add": "Bouldr", "games": 20, "bot": "greedy"},
    )

    assert response.status_code == 400
    assert "did you mean" in response.text
    assert not Simulation.objects.exists()


def test_the_authors_goldfish_of_exactly_the_list_shows_on_the_decklist(
    alice: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    own = deck(alice)
    client = signed_in(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/simulations/new/", {"deck": own.pk, "games": 20, "bot": "greedy",
                                          "opposition": "", "kind": "goldfish"})  # fmt: skip
    decklist = services.decklist_publish(user=alice, deck_id=own.pk)

    page = Client().get(f"/decklists/{decklist.pk}/")

    assert Simulation.objects.filter(status="done").count() == 1
    assert "goldfished exactly this list" in page.text
    assert "greedy" in page.text



def test_another_reader_cannot_unpublish_or_restore(alice: User, bob: User) -> None:
    decklist = publish(alice)
    base = f"/decklists/{decklist.pk}"

    refused = signed_in(bob).post(f"{base}/withdraw/", {"reason": "mine now"})
    assert refused.status_code == 403
    assert Decklist.objects.get().withdrawn_at is None

    signed_in(alice).post(f"{base}/withdraw/")
    assert signed_in(bob).post(f"{base}/restore/").status_code == 404  # not readable to bob
    assert signed_in(alice).post(f"{base}/restore/").status_code == 302
    assert Decklist.objects.get().withdrawn_at is None


def test_the_owner_does_not_like_or_report_their_own(alice: User) -> None:
    decklist = publish(alice)
    client = signed_in(alice)

    like = client.post(f"/decklists/{decklist.pk}/like/")
    report = client.post(f"/decklists/{decklist.pk}/report/", {"reason": "spam"})

    assert like.status_code == 400
    assert "your own" in like.text
    assert report.status_code == 400
    assert not DecklistReport.objects.exists()


def test_a_flood_of_comments_answers_429_with_when_to_try_again(
    alice: User, bob: User, monkeypatch: Any
) -> None:
    decklist = publish(alice)
    monkeypatch.setattr(services, "COMMENTS_PER_HOUR", 1)
    client = signed_in(bob)
    client.post(f"/decklists/{decklist.pk}/comments/", {"body": "first"})

    again = client.post(f"/decklists/{decklist.pk}/comments/", {"body": "second"})

    assert again.status_code == 429
    assert 0 < int(again["Retry-After"]) <= 3600
    assert "second" in again.text  # the comment is kept in the form to send later
    assert decklist.comments.count() == 1
