"""The catalogue shipped with Cardhouse: what it holds, and that loading it is idempotent."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from django.core.management import call_command

from cards.designators import designators_of
from cards.gamedata import game_json
from cards.models import Card, CardSet
from cards.shipped import CATALOGUES
from cards.vocabulary import CHIZO_CLASSES, CHIZO_TYPES, SHADOWFIST_TYPES

pytestmark = pytest.mark.django_db


def cards(game: str) -> list[Card]:
    return list(Card.objects.filter(game__slug=game))


def test_a_second_load_changes_nothing() -> None:
    out = io.StringIO()

    call_command("load_catalogue", stdout=out)

    lines = out.getvalue().splitlines()
    games = [line for line in lines if line.split(":")[0] in CATALOGUES]
    assert len(games) == len(CATALOGUES)
    for line in games:
        assert " 0 created, 0 updated, " in line, line


def test_a_changed_data_row_is_updated_on_the_next_load() -> None:
    rat = Card.objects.get(game__slug="chizo", slug="rat")
    rat.strength = 9
    rat.save()
    out = io.StringIO()

    call_command("load_catalogue", "--game", "chizo", stdout=out)

    assert "chizo: 0 created, 1 updated" in out.getvalue()
    rat.refresh_from_db()
    assert rat.strength == 1


def test_chizo_has_the_twelve_basic_creatures_with_stand_in_stats() -> None:
    basics = {c.name: c for c in cards("chizo") if c.is_basic}

    assert sorted(basics) == sorted(CHIZO_CLASSES)
    # Rulebook ally example: Horse + Dog add up to STR 5 and INT 7 and beat the Rat.
    horse, dog, rat = basics["Horse"], basics["Dog"], basics["Rat"]
    assert (horse.strength + dog.strength, horse.intelligence + dog.intelligence) == (5, 7)
    assert horse.strength + dog.strength > rat.strength
    assert horse.intelligence + dog.intelligence > rat.intelligence
    # "The Tiger is compatible with your Monkey ... but not with another Tiger."
    assert "Monkey" in basics["Tiger"].compatible_list
    assert "Tiger" not in basics["Tiger"].compatible_list


def test_chizo_ships_at_least_sixty_more_tiles_of_every_type_with_effects() -> None:
    tiles = [c for c in cards("chizo") if not c.is_basic]

    assert len(tiles) >= 60
    assert set(Counter(c.type for c in tiles)) == set(CHIZO_TYPES)
    assert all(c.effect_text and c.effect_key for c in tiles)
    named = {"Golden Egg", "Toasted", "Feather Flurry", "Undue Prejudice", "Push", "Boulder"}
    assert named <= {c.name for c in tiles}
    assert all(c.strength is not None for c in tiles if c.type in ("Creature", "Item", "Obstacle"))
    assert CardSet.objects.get(game__slug="chizo").is_project_set


def test_shadowfist_ships_a_starter_set_of_every_type_and_four_factions() -> None:
    starter = cards("shadowfist")

    assert len(starter) >= 80
    types = {c.type for c in starter}
    assert set(SHADOWFIST_TYPES) - {"Other"} <= types
    factions = Counter(c.faction for c in starter if c.type == "Character")
    assert sum(1 for n in factions.values() if n >= 8) >= 4
    assert all(c.effect_text and c.effect_key for c in starter)


def test_raise_and_chocobo_components_come_from_the_stand_in_figures() -> None:
    number_cards = [c for c in cards("raise") if c.type == "Number Card"]
    point_cards = [c for c in cards("raise") if c.type == "Point Card"]
    friends = {c.name: c.copies for c in cards("chocobo")}

    assert sum(c.copies or 0 for c in number_cards) == 150  # 5 sets of 30
    assert len(point_cards) == 14
    assert {"Bell 2", "Diamond 5", "Gear 3", "Cloud 4"} <= {c.name for c in number_cards}
    assert friends == {"Shirma": 8, "Croma": 8, "Moguri": 6, "Tifón": 5, "Gólem": 3}


def test_the_starter_files_designators_follow_the_catalogues_rule() -> None:
    """The starter file carries its cards' designators (the engine works none out): they
    must be what the catalogue's rule gives for each title and subtitle."""
    starter = game_json("shadowfist", "starter.json")["cards"]

    for card in starter:
        assert card["designators"] == designators_of(card["name"], card.get("subtitle", ""))
    stored = {c.name: c.designator_list for c in cards("shadowfist")}
    assert stored == {card["name"]: card["designators"] for card in starter}


def test_a_set_description_speaks_to_readers_not_of_files() -> None:
    """A project set's description is shown to the catalogue's readers: it says where its
    figures come from in words, never by a file of the source tree (files move and go)."""
    described = list(CardSet.objects.filter(is_project_set=True).exclude(description=""))

    assert {card_set.game.slug for card_set in described} >= {"chizo", "shadowfist"}
    for card_set in described:
        named = re.findall(r"[\w./-]*\w\.(?:json|csv|py|md|txt)\b", card_set.description)
        assert named == [], (card_set.code, named)
