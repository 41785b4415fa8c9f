"""The catalogue's version stamp: every write of a card, printing or set gives its game a
new one, a bulk load one per game, and the deck builder's name index follows it."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cards.models import Card, CardSet, Game, Printing
from cards.services import catalogue_load
from cards.versioning import catalogue_version, one_bump
from decks.intake import lines_from_text

pytestmark = pytest.mark.django_db


def stamps() -> dict[str, int | None]:
    return {game.slug: catalogue_version(game.slug) for game in Game.objects.all()}


def changed(before: dict[str, int | None]) -> set[str]:
    return {slug for slug, stamp in stamps().items() if before.get(slug) != stamp}


def a_card(name: str = "Test Card", game: str = "shadowfist") -> Card:
    slug = name.lower().replace(" ", "-")
    return Card.objects.create(game=Game.objects.get(slug=game), name=name, slug=slug, type="Event")


def test_every_game_has_a_stamp_and_a_new_game_makes_its_own() -> None:
    assert None not in stamps().values()
    Game.objects.create(slug="newgame", name="New game")
    assert isinstance(catalogue_version("newgame"), int)
    assert catalogue_version("nosuchgame") is None


def test_writing_a_card_stamps_its_game_and_no_other() -> None:
    before = stamps()
    card = a_card()
    assert changed(before) == {"shadowfist"}
    before = stamps()
    card.name = "Renamed"
    card.save()
    assert changed(before) == {"shadowfist"}
    before = stamps()
    card.delete()
    assert changed(before) == {"shadowfist"}


def test_writing_a_printing_or_a_set_stamps_its_game() -> None:
    card = a_card(game="chizo")
    card_set = CardSet.objects.create(game=card.game, code="TST", name="Test set")
    before = stamps()
    printing = Printing.objects.create(card=card, card_set=card_set, external_id="1")
    assert changed(before) == {"chizo"}
    before = stamps()
    printing.rarity = "rare"
    printing.save()
    assert changed(before) == {"chizo"}
    before = stamps()
    card_set.name = "Renamed set"
    card_set.save()
    assert changed(before) == {"chizo"}


def test_a_load_that_changes_nothing_leaves_every_stamp() -> None:
    before = stamps()
    catalogue_load()
    assert changed(before) == set()


def test_a_load_that_changes_a_game_stamps_that_game_once() -> None:
    Card.objects.filter(game__slug="raise").first().delete()  # type: ignore[union-attr]
    before = stamps()
    with CaptureQueriesContext(connection) as queries:
        catalogue_load()
    writes = [q["sql"] for q in queries if "cards_catalogueversion" in q["sql"].lower()]
    assert changed(before) == {"raise"}
    assert len(writes) == 1, writes


def write_then_fail() -> None:
    with transaction.atomic(), one_bump():
        a_card("Third")
        raise RuntimeError


def test_one_bump_stamps_once_at_the_end_and_nothing_after_an_error() -> None:
    before = stamps()
    with one_bump():
        a_card("First")
        with one_bump():
            a_card("Second")
        assert changed(before) == set()  # not yet: at the end of the outermost block
    assert changed(before) == {"shadowfist"}
    before = stamps()
    with pytest.raises(RuntimeError):
        write_then_fail()
    assert changed(before) == set()
    assert not Card.objects.filter(name="Third").exists()
    a_card("Fourth")  # outside any block again: one stamp per write
    assert changed(before) == {"shadowfist"}


def test_the_name_index_knows_a_card_written_after_it_was_built() -> None:
    text = "2 Brand New Card"
    assert lines_from_text(game="shadowfist", text=text).errors
    a_card("Brand New Card")
    intake = lines_from_text(game="shadowfist", text=text)
    assert not intake.errors
    assert [(line.card.name, line.count) for line in intake.lines] == [("Brand New Card", 2)]


def test_a_listed_card_has_the_facts_written_after_the_index_was_built() -> None:
    card = a_card("Changing Card")
    assert lines_from_text(game="shadowfist", text="1 Changing Card").lines[0].card.cost is None
    card.cost = 4
    card.save()

    intake = lines_from_text(game="shadowfist", text="1 Changing Card")

    assert intake.lines[0].card.cost == 4


def test_reading_a_list_asks_the_database_only_for_the_version_stamp() -> None:
    text = "\n".join(f"1 Listed Card {n}" for n in range(5))
    for n in range(5):
        a_card(f"Listed Card {n}")
    lines_from_text(game="shadowfist", text=text)  # the index built once

    with CaptureQueriesContext(connection) as queries:
        intake = lines_from_text(game="shadowfist", text=text)

    assert len(intake.lines) == 5
    assert len(queries) == 1
    assert "cards_catalogueversion" in queries[0]["sql"]
