"""What a card does to a published deck: the variant's lines, and the paired comparison
started through the API on the decklist's frozen cards."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cards.models import Card
from decks.decklists import services
from decks.decklists.models import Decklist
from decks.decklists.selectors import decklist_lines
from decks.services import deck_create_from_text
from play.matches.setups import SeatsError
from play.simulations.variants import Variant, variant_lines

pytestmark = pytest.mark.django_db

STACK = "6 Rat\n6 Rabbit\n6 Horse\n6 Rooster\n3 Ox\n3 Dragon\n3 Golden Egg\n3 Push\n2 Village"


def publish(owner: User) -> Decklist:
    deck = deck_create_from_text(owner=owner, game="chizo", name="Eggs", text=STACK)
    return services.decklist_publish(user=owner, deck_id=deck.pk)


def card(name: str) -> int:
    return Card.objects.get(game__slug="chizo", name=name).pk


def counts(decklist: Decklist, variant: Variant) -> tuple[dict[str, int], str]:
    lines, words = variant_lines(decklist_lines(decklist=decklist), variant, "chizo")
    return {line.card.name: line.count for line in lines}, words


def test_a_variant_takes_a_card_out_or_swaps_it(alice: User) -> None:
    decklist = publish(alice)

    without, words = counts(decklist, Variant(card("Golden Egg")))
    fewer, _ = counts(decklist, Variant(card("Golden Egg"), copies=1))
    swapped, swap_words = counts(decklist, Variant(card("Push"), add="rat"))

    assert "Golden Egg" not in without
    assert words == "without 3 Golden Egg"
    assert fewer["Golden Egg"] == 2
    assert (swapped["Rat"], "Push" in swapped) == (9, False)
    assert swap_words == "3 Push swapped for Rat"
    assert sum(swapped.values()) == sum(without.values()) + 3


@pytest.mark.parametrize(
    ("variant", "field", "words"),
    [
        (Variant(remove=999_999), "remove", "not in the decklist"),
        (Variant(remove=0, copies=4), "copies", "holds 3 of"),
        (Variant(remove=0, add="Golden Egg"), "add", "a different one"),
        (Variant(remove=0, add="Bouldr"), "add", "did you mean 'Boulder'"),
    ],
)
def test_a_variant_it_cannot_make_names_its_field(
    alice: User, variant: Variant, field: str, words: str
) -> None:
    decklist = publish(alice)
    if variant.remove == 0:
        variant = Variant(card("Golden Egg"), variant.copies, variant.add)
    with pytest.raises(SeatsError, match=words) as refused:
        counts(decklist, variant)
    assert refused.value.field == field


def test_the_api_starts_the_with_or_without_comparison(
    alice: User, bob: User, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SIMULATIONS_INLINE = True
    decklist = publish(alice)
    egg = Card.objects.get(game__slug="chizo", name="Golden Egg")
    api = APIClient()
    url = f"/api/v1/decklists/{decklist.pk}/compare/"
    assert api.post(url, {"remove": egg.pk, "games": 10}, format="json").status_code in (401, 403)
    api.force_authenticate(bob)

    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(url, {"remove": egg.pk, "copies": 1, "games": 10, "seed": 2},
                           format="json")  # fmt: skip
    missing = api.post(url, {"remove": 999_999, "games": 10}, format="json")

    assert started.status_code == 202, started.json()
    body = started.json()
    assert "without 1 Golden Egg" in body["variant"]
    compared = api.get("/api/v1/simulations/compare/", {"a": body["a"], "b": body["b"]})
    assert compared.status_code == 200
    assert compared.json()["games"] == 10
    assert missing.status_code == 400
    assert missing.json()["errors"][0]["field"] == "remove"
