"""Statistics: counts, curves, resources and Power, exact odds, a seeded sample hand."""

from __future__ import annotations

from math import comb

import pytest

from decks.formats import DeckLine
from decks.stats import DRAW_RULES, deck_stats, draw_odds, prob_at_least, sample_hand
from decks.textlist import NameIndex, parse_deck_text, resolve

from .factories import (
    basic,
    by_name,
    card,
    filler,
    shipped_chizo,
    shipped_shadowfist,
    starter_decks,
    tile,
)


def starter(name: str) -> list[DeckLine]:
    text = "\n".join(f"{n} {title}" for title, n in starter_decks()[name].items())
    return resolve(parse_deck_text(text), NameIndex(shipped_shadowfist())).lines


# -- odds -------------------------------------------------------------------------------------


def test_the_odds_of_a_4_of_in_a_60_card_opening_7_are_the_textbook_figure():
    assert prob_at_least(1, 4, 60, 7) == pytest.approx(0.3995, abs=1e-4)


def test_the_odds_are_the_exact_hypergeometric_tail():
    expected = sum(comb(6, i) * comb(34, 5 - i) for i in range(2, 6)) / comb(40, 5)
    assert prob_at_least(2, 6, 40, 5) == expected


@pytest.mark.parametrize(
    ("k", "copies", "deck", "drawn", "p"),
    [
        (0, 0, 30, 5, 1.0),  # at least none: certain
        (1, 0, 30, 5, 0.0),  # no copies: never
        (4, 3, 30, 5, 0.0),  # more than there are
        (1, 30, 30, 1, 1.0),  # every card is one
        (3, 3, 30, 30, 1.0),  # the whole deck drawn
        (3, 3, 30, 99, 1.0),  # more than the deck: the whole deck
        (1, 1, 1, 0, 0.0),  # nothing drawn
    ],
)
def test_the_odds_at_their_edges(k, copies, deck, drawn, p):
    assert prob_at_least(k, copies, deck, drawn) == p


def test_impossible_decks_are_refused():
    with pytest.raises(ValueError, match="no deck of 3"):
        prob_at_least(1, 4, 3, 1)


def test_chizo_sees_5_plus_2_tiles_a_turn_and_shadowfist_6_plus_2_after_the_first():
    assert [DRAW_RULES["chizo"].seen_by_turn(t) for t in (1, 2, 3)] == [7, 9, 11]
    assert [DRAW_RULES["shadowfist"].seen_by_turn(t) for t in (1, 2, 3)] == [6, 8, 10]


def test_draw_odds_give_the_opening_hand_and_each_turn():
    egg = tile("Golden Egg")
    deck = [DeckLine(egg, 3), *filler("chizo", 27)]
    [row] = [r for r in draw_odds(deck, game="chizo", turns=3) if r["card"] == "Golden Egg"]
    assert row["copies"] == 3
    assert row["opening"] == prob_at_least(1, 3, 30, 5)
    assert row["by_turn"] == [prob_at_least(1, 3, 30, n) for n in (7, 9, 11)]
    assert [r["k"] for r in row["at_least"]] == [1, 2, 3]
    assert row["at_least"][1]["opening"] == prob_at_least(2, 3, 30, 5)


def test_draw_odds_cover_groups_of_cards():
    deck = [DeckLine(basic("Rat"), 6), DeckLine(basic("Ox"), 6), *filler("chizo", 18)]
    [row] = [r for r in draw_odds(deck, game="chizo") if r["card"] == "any basic creature"]
    assert row["group"] is True
    assert row["opening"] == prob_at_least(1, 12, 30, 5)


def test_the_odds_of_a_feng_shui_site_in_a_starter_deck():
    [row] = [
        r
        for r in draw_odds(starter("Heroic Bloodshed"), game="shadowfist")
        if r["card"] == "any feng shui site"
    ]
    assert row["copies"] == 14
    assert row["opening"] == prob_at_least(1, 14, 50, 6)
    assert row["by_turn"][0] == row["opening"]


def test_draws_per_turn_can_be_set_for_another_convention():
    deck = [DeckLine(card("Hero"), 3), *filler("shadowfist", 47)]
    [row] = [
        r
        for r in draw_odds(deck, game="shadowfist", turns=2, draws_per_turn=4)
        if r["card"] == "Hero"
    ]
    assert row["by_turn"] == [prob_at_least(1, 3, 50, 6), prob_at_least(1, 3, 50, 10)]


# -- sample hand ----------------------------------------------------------------------------------


def test_a_sample_hand_is_the_games_hand_size_and_the_same_for_the_same_seed():
    deck = starter("Court of the Lotus")
    hand = sample_hand(deck, game="shadowfist", seed=7)
    assert len(hand) == 6
    assert sample_hand(list(reversed(deck)), game="shadowfist", seed=7) == hand
    assert len(sample_hand([DeckLine(basic(), 30)], game="chizo", seed=7)) == 5


def test_different_seeds_give_different_hands():
    deck = starter("Court of the Lotus")
    hands = {tuple(c.name for c in sample_hand(deck, game="shadowfist", seed=s)) for s in range(20)}
    assert len(hands) > 15


def test_a_sample_hand_from_a_tiny_deck_is_the_whole_deck():
    assert len(sample_hand([DeckLine(card("Hero"), 2)], game="shadowfist", seed=1)) == 2
    assert sample_hand([], game="shadowfist", seed=1) == []


# -- counts and curves ----------------------------------------------------------------------------


def test_chizo_stats_count_types_classes_elements_and_curves():
    tiles = shipped_chizo()
    deck = [
        DeckLine(by_name(tiles, "Rat"), 10),
        DeckLine(by_name(tiles, "Grumpy Ox"), 3),
        DeckLine(by_name(tiles, "Golden Egg"), 3),
        DeckLine(by_name(tiles, "Boulder"), 2),
    ]
    stats = deck_stats(deck, game="chizo")
    assert stats["total"] == 18
    assert stats["distinct"] == 4
    assert stats["by_type"] == {"Creature": 13, "Action": 3, "Obstacle": 2}
    assert stats["by_class"] == {"Rat": 10, "Ox": 3}
    assert stats["by_element"] == {"none": 18}
    rat, ox, boulder = (by_name(tiles, n) for n in ("Rat", "Grumpy Ox", "Boulder"))
    strengths = {rat.strength: 0, ox.strength: 0, boulder.strength: 0}
    for facts, n in ((rat, 10), (ox, 3), (boulder, 2)):
        strengths[facts.strength] += n
    assert {b["value"]: b["count"] for b in stats["str_curve"] if b["count"]} == strengths
    assert [b["value"] for b in stats["str_curve"]] == list(range(max(strengths) + 1))
    assert stats["draw"]["seen_by_turn"][:2] == [7, 9]


def test_shadowfist_stats_count_factions_costs_resources_and_power():
    stats = deck_stats(starter("Heroic Bloodshed"), game="shadowfist")
    assert stats["total"] == 50
    assert stats["by_type"]["Feng Shui Site"] == 14
    assert stats["by_faction"]["Dragons"] == 34
    assert sum(b["count"] for b in stats["cost_curve"]) == 36  # all but the 14 feng shui sites
    assert stats["power"]["sources"] == 14
    assert stats["power"]["total"] == 14
    dragons = stats["resources"]["d"]
    assert (dragons["name"], dragons["max_required"], dragons["unmet"]) == ("Dragons", 3, False)
    assert dragons["providers"] > 0
    assert dragons["requirers"] > 0


def test_x_costs_are_counted_apart_from_the_curve():
    deck = [
        DeckLine(card("Big Bang", "Event", cost_is_x=True, cost=None), 2),
        DeckLine(card("Jab", "Event", cost=1), 3),
    ]
    stats = deck_stats(deck, game="shadowfist")
    assert stats["cost_x"] == 2
    assert stats["cost_curve"] == [{"value": 0, "count": 0}, {"value": 1, "count": 3}]


def test_a_requirement_nobody_provides_is_flagged():
    deck = [
        DeckLine(card("Demon", requires="ee", provides=""), 2),
        DeckLine(card("Monk", provides="g"), 1),
    ]
    resources = deck_stats(deck, game="shadowfist")["resources"]
    assert resources["e"] == {
        "name": "Eaters of the Lotus",
        "providers": 0,
        "requirers": 2,
        "max_required": 2,
        "unmet": True,
    }
    assert resources["g"]["unmet"] is False
    assert list(resources) == ["e", "g"]


def test_stats_of_an_empty_deck_are_zeros():
    stats = deck_stats([], game="shadowfist")
    assert (stats["total"], stats["by_type"], stats["cost_curve"], stats["draw_odds"]) == (
        0,
        {},
        [],
        [],
    )
