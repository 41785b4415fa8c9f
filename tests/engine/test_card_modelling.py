"""How completely each deck game's engine plays a card (Game.card_modelling): modelled,
stats only, or blank, and why (docs/play.md, "What a figure stands on")."""

from __future__ import annotations

import pytest

from play.engine.core import BLANK, MODELLED, STATS_ONLY, get_game
from play.engine.games.shadowfist.cards import NO_TEXT, modelling
from play.engine.games.shadowfist.setup import starter


def shadowfist(**card: object) -> tuple[str, str]:
    return get_game("shadowfist").card_modelling({"id": 1, "name": "Card", **card})


def chizo(**tile: object) -> tuple[str, str]:
    return get_game("chizo").card_modelling({"id": 1, "name": "Tile", **tile})


@pytest.mark.parametrize(
    "card",
    [
        {"type": "Character", "cost": 2, "fighting": 3},
        {"type": "Feng Shui Site", "body": 7, "power": 1},
        {"type": "Site", "body": 5},
        {"type": "Feng Shui Site", "body": 1, "power": 1},  # the least Body a site can have
    ],
)
def test_a_character_or_site_without_known_text_plays_by_its_printed_stats(card) -> None:
    assert shadowfist(**card) == (STATS_ONLY, NO_TEXT)


@pytest.mark.parametrize("kind", ["Event", "State", "Edge"])
def test_an_event_state_or_edge_without_a_modelled_effect_is_a_blank(kind) -> None:
    assert shadowfist(type=kind, cost=1) == (BLANK, "no effect key: played as a blank")


@pytest.mark.parametrize(
    ("card", "why"),
    [
        ({"type": "Other"}, "type Other: the engine cannot play it"),
        ({"type": "Feng Shui Site", "body": 0}, "a site without Body: the engine cannot play it"),
    ],
)
def test_a_card_the_engine_cannot_play_is_a_blank(card, why) -> None:
    assert shadowfist(**card) == (BLANK, why)


def test_a_known_card_without_text_is_modelled_and_an_x_makes_it_stats_only() -> None:
    assert shadowfist(type="Character", fighting=2, effect_key="vanilla") == (MODELLED, "")
    assert shadowfist(type="Character", fighting_is_x=True, effect_key="vanilla") == (
        STATS_ONLY, "X cost or X Fighting, read as 0",
    )  # fmt: skip


def test_an_unknown_effect_on_a_character_leaves_its_stats_and_on_an_event_a_blank() -> None:
    assert shadowfist(type="Character", effect_key="teleport")[0] == STATS_ONLY
    assert shadowfist(type="Event", effect_key="teleport") == (
        BLANK, "unknown effect key 'teleport': played as a blank",
    )  # fmt: skip


def test_every_card_of_the_starter_set_is_modelled() -> None:
    cards, _decks = starter()
    assert {modelling(card) for card in cards} == {(MODELLED, "")}


def test_chizo_tiles_are_modelled_unless_their_effect_is_not_implemented() -> None:
    rat = {"type": "Creature", "creature_class": "Rat", "strength": 1, "intelligence": 2}
    assert chizo(**rat, is_basic=True) == (MODELLED, "")
    assert chizo(**rat, effect_key="teleport") == (
        STATS_ONLY, "effect 'teleport' not modelled: plays by its STR and INT",
    )  # fmt: skip
    assert chizo(type="Action", effect_key="teleport") == (
        BLANK, "effect 'teleport' not modelled: played without it",
    )  # fmt: skip
