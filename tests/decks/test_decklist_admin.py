"""Moderators in the admin: reports listed and resolved, decklists unpublished through the
service (with who and why), comments deleted; publications cannot be edited or added."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.admin import ADMIN_REASON
from decks.decklists import services
from decks.decklists.models import Decklist, DecklistReport
from decks.services import deck_create_from_text

pytestmark = pytest.mark.django_db

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n6 Ox\n3 Dragon\n3 Push"


@pytest.fixture
def moderator(db: None) -> Client:
    user = User.objects.create_superuser("mod", "mod@example.com", "mod-password-1")
    client = Client()
    client.force_login(user)
    return client


def test_a_moderator_unpublishes_from_the_admin_and_resolves_the_report(
    moderator: Client, alice: User, bob: User
) -> None:
    deck = deck_create_from_text(owner=alice, game="chizo", name="Spam", text=STACK)
    decklist = services.decklist_publish(user=alice, deck_id=deck.pk)
    report = services.decklist_report(user=bob, decklist_id=decklist.pk, reason="spam")

    assert moderator.get("/admin/decks/decklistreport/").status_code == 200
    moderator.post(
        "/admin/decks/decklist/", {"action": "unpublish", "_selected_action": [decklist.pk]}
    )
    moderator.post(
        "/admin/decks/decklistreport/", {"action": "resolve", "_selected_action": [report.pk]}
    )

    decklist.refresh_from_db()
    assert (decklist.withdrawn_reason, decklist.withdrawn_by.username) == (ADMIN_REASON, "mod")
    assert DecklistReport.objects.get().resolved_at is not None
    assert moderator.get("/admin/decks/decklist/add/").status_code == 403
    change = moderator.post(f"/admin/decks/decklist/{decklist.pk}/change/", {"name": "Renamed"})
    assert change.status_code in (200, 302)
    assert Decklist.objects.get().name == "Spam"
