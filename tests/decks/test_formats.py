"""Each format rule at its boundary and one past it (rules: shared/rules/; readings:
docs/decks.md)."""

from __future__ import annotations

import pytest

from decks.formats import FORMATS, DeckLine, default_format, formats_for_game
from decks.formats.rules import MinSharing

from .factories import basic, card, filler, lines, tile


def check(slug: str, deck: list[DeckLine]) -> list[tuple[str, str]]:
    return [(v.code, v.hint) for v in FORMATS[slug].check(deck)]


def codes(slug: str, deck: list[DeckLine]) -> list[str]:
    return [v.code for v in FORMATS[slug].check(deck)]


# -- ChiZo Stack -----------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 29, 31, 70)
@pytest.mark.parametrize("size", [30, 45, 60])
def test_a_stack_of_30_to_60_tiles_is_legal(size):
    """'You may only have between 30 and 60 Tiles in your Stack.'"""
    assert check("stack", filler("chizo", size)) == []


@pytest.mark.rule("chizo-rising.txt", 31, 70)
def test_a_stack_of_29_tiles_is_one_short():
    assert check("stack", filler("chizo", 29)) == [("too_few_cards", "add 1 tile to reach 30")]


@pytest.mark.rule("chizo-rising.txt", 31)
def test_an_empty_stack_needs_30_tiles():
    assert check("stack", []) == [("too_few_cards", "add 30 tiles to reach 30")]


@pytest.mark.rule("chizo-rising.txt", 31, 70)
def test_a_stack_of_61_tiles_is_one_over():
    [violation] = FORMATS["stack"].check(filler("chizo", 61))
    assert violation.code == "too_many_cards"
    assert violation.message == "Deck has 61 tiles; at most 60 are allowed"
    assert violation.hint == "remove 1 tile to get down to 60"
    assert violation.format == "stack"
    assert violation.line is None


@pytest.mark.rule("chizo-rising.txt", 32)
def test_a_stack_may_hold_3_copies_of_a_tile():
    """'You may not have more than 3 of any one Tile ...'"""
    assert check("stack", [*filler("chizo", 27), DeckLine(tile("Golden Egg"), 3, 7)]) == []


@pytest.mark.rule("chizo-rising.txt", 32)
def test_a_stack_may_not_hold_4_copies_of_a_tile():
    [violation] = FORMATS["stack"].check([*filler("chizo", 26), DeckLine(tile("Golden Egg"), 4, 7)])
    assert violation.code == "too_many_copies"
    assert violation.message == "Deck has 4 copies of Golden Egg; at most 3 are allowed (line 7)"
    assert violation.hint == "remove 1 Golden Egg"
    assert violation.cards == ["Golden Egg"]
    assert violation.line == 7


@pytest.mark.rule("chizo-rising.txt", 32)
@pytest.mark.parametrize("copies", [4, 30, 60])
def test_a_stack_may_hold_any_number_of_basic_creatures(copies):
    """'... with the exception of Basic Creature Tiles. (You may have an unlimited number of
    Basic Creature Tiles, i.e. Ram, Monkey, Dragon, etc.)'"""
    deck = [DeckLine(basic("Ram"), copies), *filler("chizo", max(0, 30 - copies))]
    assert check("stack", deck) == []


@pytest.mark.rule("chizo-rising.txt", 32)
def test_a_non_basic_creature_is_held_to_3_copies():
    grumpy = tile("Grumpy Ox", "Creature", creature_class="Ox")
    assert codes("stack", [DeckLine(grumpy, 4), *filler("chizo", 26)]) == ["too_many_copies"]


def test_a_tile_listed_on_two_lines_counts_its_total_at_its_first_line():
    egg = tile("Golden Egg")
    deck = [DeckLine(egg, 2, 3), *filler("chizo", 26), DeckLine(egg, 2, 9)]
    [violation] = FORMATS["stack"].check(deck)
    assert (violation.code, violation.line, violation.hint) == (
        "too_many_copies",
        3,
        "remove 1 Golden Egg",
    )


# -- Shadowfist: Final Brawl and Who's the Big Man Now? -----------------------------------------


@pytest.mark.parametrize("slug", ["final-brawl", "big-man"])
def test_five_copies_of_a_title_are_allowed(slug):
    assert check(slug, lines((card("Sword Saint"), 5))) == []


@pytest.mark.parametrize("slug", ["final-brawl", "big-man"])
def test_six_copies_of_a_title_are_one_too_many(slug):
    [violation] = FORMATS[slug].check(lines((card("Sword Saint"), 6)))
    assert violation.message == "Deck has 6 copies of Sword Saint; at most 5 are allowed (line 1)"
    assert violation.hint == "remove 1 Sword Saint"


@pytest.mark.parametrize("slug", ["final-brawl", "big-man", "comrades-in-arms"])
@pytest.mark.parametrize("copies", [6, 20, 99])
def test_no_max_cards_are_not_limited_to_five(slug, copies):
    site = card("Geomantic Crossroads", "Feng Shui Site", is_no_max=True, designators=())
    deck = lines((site, copies))
    assert "too_many_copies" not in codes(slug, deck)


@pytest.mark.parametrize("slug", ["final-brawl", "big-man"])
def test_shadowfist_has_no_minimum_size_unless_a_format_sets_one(slug):
    assert FORMATS[slug].min_size is None
    assert check(slug, lines((card("Lonely Hero"), 1))) == []
    assert check(slug, []) == []


def test_a_format_instantiated_with_a_minimum_enforces_it_at_the_boundary():
    league = FORMATS["final-brawl"].with_min_size(50)
    assert league.check(filler("shadowfist", 50)) == []
    [violation] = league.check(filler("shadowfist", 49))
    assert (violation.code, violation.hint) == ("too_few_cards", "add 1 card to reach 50")
    assert violation.message == "Deck has 49 cards; at least 50 are required"


def test_copies_of_one_title_spelled_two_ways_share_one_limit():
    """The source spells the L/S and 10,000 Bullets printings 'Swat Team' and 'SWAT Team'."""
    deck = lines((card("Swat Team"), 3), (card("SWAT Team"), 3))
    [violation] = FORMATS["final-brawl"].check(deck)
    assert violation.message == (
        "Deck has 6 copies of Swat Team / SWAT Team; at most 5 are allowed (line 1)"
    )
    assert violation.cards == ["Swat Team", "SWAT Team"]


@pytest.mark.parametrize(
    ("banned", "because"),
    [
        (card("Who Wants Some?", "Other"), ", as cards of type Other never are"),
        (card("Monkey Token", "Character"), ", as tokens never are"),
        (card("Ninja", "Character", subtitle="Shadow Tokens"), ", as tokens never are"),
        (card("Burned for Victory", "Feng Shui Site"), ""),
    ],
)
@pytest.mark.parametrize("slug", ["final-brawl", "big-man", "hundred-names", "comrades-in-arms"])
def test_some_cards_are_never_legal_in_any_shadowfist_format(slug, banned, because):
    violations = [v for v in FORMATS[slug].check(lines((banned, 1))) if v.code == "card_not_legal"]
    assert [v.message for v in violations] == [f"{banned.name} is never legal{because} (line 1)"]
    assert violations[0].hint == f"remove 1 {banned.name}"


def test_a_word_merely_containing_token_is_no_token():
    assert check("final-brawl", lines((card("Tokenism Lobbyist"), 1))) == []


# -- One Hundred Names --------------------------------------------------------------------------


def test_one_hundred_names_allows_one_copy_of_each_title():
    assert check("hundred-names", filler("shadowfist", 100)) == []


def test_one_hundred_names_rejects_a_second_copy():
    [violation] = FORMATS["hundred-names"].check(lines((card("Sword Saint"), 2)))
    assert violation.message == "Deck has 2 copies of Sword Saint; at most 1 is allowed (line 1)"


def test_one_hundred_names_counts_no_max_cards_too():
    site = card("Geomantic Crossroads", "Feng Shui Site", is_no_max=True)
    assert codes("hundred-names", lines((site, 2))) == ["too_many_copies"]


# -- Comrades in Arms ---------------------------------------------------------------------------


def dragons(n: int) -> list[DeckLine]:
    """`n` cards with the designator Dragon, at most 5 of a title."""
    full, rest = divmod(n, 5)
    counts = [5] * full + ([rest] if rest else [])
    return [
        DeckLine(
            card(f"Dragon Adept {i}", designators=("Dragon", "Adept") if i == 0 else ("Dragon",)), c
        )
        for i, c in enumerate(counts)
    ]


def test_23_cards_sharing_a_designator_are_enough():
    assert check("comrades-in-arms", [*dragons(23), *filler("shadowfist", 10)]) == []


def test_22_cards_sharing_a_designator_are_one_short():
    [violation] = FORMATS["comrades-in-arms"].check([*dragons(22), *filler("shadowfist", 10)])
    assert violation.code == "not_enough_sharing"
    assert violation.message == "only 22 cards share a designator (Dragon); at least 23 must"
    assert violation.hint == "add 1 card with the designator Dragon"
    assert len(violation.cards) == 5


@pytest.mark.parametrize("word", ["Edge", "Event", "Feng", "Shui", "Site", "State"])
def test_rule_words_do_not_count_as_designators(word):
    """Rules summary: designators 'do not include the words edge, state, site, event, feng,
    or shui'."""
    deck = [DeckLine(card(f"Thing {i}", designators=(word,)), 5) for i in range(5)]
    [violation] = FORMATS["comrades-in-arms"].check(deck)
    assert violation.message == "no cards share a designator; at least 23 must"


def test_designators_compare_in_any_case():
    deck = [*dragons(20), DeckLine(card("Old Dragon", designators=("dragon",)), 3)]
    assert check("comrades-in-arms", deck) == []


def test_comrades_in_arms_keeps_the_final_brawl_rules():
    deck = [*dragons(25), *lines((card("Sword Saint"), 6), (card("Who Wants Some?", "Other"), 1))]
    assert codes("comrades-in-arms", deck) == ["too_many_copies", "card_not_legal"]


def test_sharing_can_be_declared_over_another_property():
    rule = MinSharing(3, attribute="faction", label="faction")
    assert rule.check(lines((card("A", faction="Dragons"), 3))) == []
    assert [v.message for v in rule.check(lines((card("A", faction="Dragons"), 2)))] == [
        "only 2 cards share a faction (Dragons); at least 3 must"
    ]


# -- the catalogue of formats -------------------------------------------------------------------


def test_each_game_with_decks_has_its_formats_and_a_default():
    assert [f.slug for f in formats_for_game("chizo")] == ["stack"]
    assert [f.slug for f in formats_for_game("shadowfist")] == [
        "final-brawl",
        "big-man",
        "hundred-names",
        "comrades-in-arms",
    ]
    assert default_format("chizo").slug == "stack"
    assert default_format("shadowfist").slug == "final-brawl"
    assert formats_for_game("raise") == []


def test_a_game_without_decks_has_no_default_format():
    with pytest.raises(ValueError, match="no deck formats"):
        default_format("raise")


def test_a_format_describes_its_rules_in_words():
    assert FORMATS["stack"].to_dict()["rules"] == [
        "30 to 60 tiles",
        "at most 3 copies of any tile except basic creatures",
    ]
    assert FORMATS["comrades-in-arms"].to_dict()["rules"] == [
        "at most 5 copies of any card except No Max cards",
        "never legal: cards of type Other, tokens or Burned for Victory",
        "at least 23 cards sharing one designator",
    ]


def test_a_card_of_another_game_is_reported_once_and_left_out_of_the_other_rules():
    deck = [*filler("chizo", 30), DeckLine(card("Sword Saint"), 6, 31)]
    [violation] = FORMATS["stack"].check(deck)
    assert violation.code == "wrong_game"
    assert (
        violation.message == "Sword Saint is a Shadowfist card, not a ChiZo RISING tile (line 31)"
    )
    assert violation.hint == "remove 6 Sword Saint"
