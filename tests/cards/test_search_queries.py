"""The search language against the database: which cards each query finds.

The test database may already hold the shipped catalogue, so every search here runs over
the few cards these tests create (a queryset of their ids), which also shows that
search_cards narrows whatever queryset it is given.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import QuerySet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card, CardSet, Game, Printing
from cards.search import SearchError, search_cards
from cards.vocabulary import GAMES


def _game(slug: str) -> Game:
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAMES[slug]})
    return game


def _card(game: Game, name: str, type_: str, **fields: Any) -> Card:
    slug = "search-test-" + name.lower().replace(" ", "-").replace(",", "")
    return Card.objects.create(game=game, name=name, slug=slug, type=type_, **fields)


def _chizo_cards() -> None:
    chizo = _game("chizo")
    _card(chizo, "Golden Egg", "Item", effect_text="Score 2 points.", effect_key="golden_egg")
    _card(
        chizo,
        "Rat Scout",
        "Creature",
        creature_class="Rat",
        compatible_classes="Rabbit,Horse,Rooster",
        element="Water",
        strength=3,
        intelligence=4,
        is_basic=True,
        effect_text="",
    )
    _card(
        chizo,
        "Dragon Sage",
        "Creature",
        creature_class="Dragon",
        compatible_classes="Ox,Ram,Dog",
        element="Fire",
        strength=5,
        intelligence=1,
        effect_text="Draw 2 tiles.",
        effect_key="draw_two",
    )
    _card(
        chizo,
        "Horse Archer",
        "Creature",
        creature_class="Horse",
        compatible_classes="Rat,Rabbit,Rooster",
        element="Fire",
        strength=2,
        intelligence=2,
    )
    _card(chizo, "Feather Flurry", "Action", effect_text="Push a tile.", effect_key="push")


def _shadowfist_cards() -> None:
    shadowfist = _game("shadowfist")
    standard = CardSet.objects.create(game=shadowfist, code="zLS", name="Zimited Standard")
    nether = CardSet.objects.create(game=shadowfist, code="zNw", name="Zetherworld")
    tomb = _card(
        shadowfist, "Ancestral Tomb", "Feng Shui Site", faction="Feng Shui Site", power=1, body=5
    )
    comeback = _card(
        shadowfist, "Golden Comeback", "Event", faction="Dragons", cost=1, requires="d"
    )
    bao = _card(
        shadowfist,
        "Bao Shi, the Pearl",
        "Character",
        subtitle="Dragon Martial Artist",
        designators="dragon martial artist",
        faction="Dragons",
        cost=4,
        requires="dd",
        fighting=6,
        is_unique=True,
    )
    _card(
        shadowfist,
        "Abominable Wrestler",
        "Character",
        designators="abomination",
        faction="Architects of the Flesh",
        cost=3,
        requires="ff",
        fighting=7,
    )
    _card(shadowfist, "Iron Monk", "Character", faction="Chi", cost=2, requires="C", fighting=3)
    _card(
        shadowfist,
        "Temple of the Monkey King",
        "Site",
        faction="Guiding Hand",
        provides="gC",
        body=6,
    )
    _card(shadowfist, "Lotus Sorcerer", "Character", faction="Eaters of the Lotus", requires="eM")
    _card(shadowfist, "Twin Spells", "Event", faction="Magic", cost=2, requires="MM")
    _card(
        shadowfist,
        "Everlasting Thing",
        "Character",
        faction="Unaligned",
        cost_is_x=True,
        fighting_is_x=True,
        is_no_max=True,
        is_limited=True,
    )
    Printing.objects.create(card=tomb, card_set=standard, rarity="Very Common", external_id="1")
    Printing.objects.create(card=tomb, card_set=nether, rarity="Uncommon", external_id="2")
    Printing.objects.create(card=comeback, card_set=standard, rarity="Rare", external_id="3")
    Printing.objects.create(card=bao, card_set=nether, rarity="Rare", external_id="4")


def _component_cards() -> None:
    raise_, chocobo = _game("raise"), _game("chocobo")
    _card(raise_, "Gear 3", "Number Card", symbol="gear", value=3, points=1)
    _card(raise_, "Gear 5", "Number Card", symbol="gear", value=5, points=2)
    _card(raise_, "Bell Point", "Point Card", symbol="bell", points=4)
    _card(chocobo, "Moguri", "Friend Card", copies=6, effect_text="Move 2 spaces.")


@pytest.fixture
def cards(db: None) -> QuerySet[Card]:
    """Cards of all four games, and only them."""
    _chizo_cards()
    _shadowfist_cards()
    _component_cards()
    return Card.objects.filter(slug__startswith="search-test-")


def names(cards: QuerySet[Card], text: str) -> set[str]:
    found, _ = search_cards(cards, text)
    return {card.name for card in found}


def error(cards: QuerySet[Card], text: str) -> SearchError:
    with pytest.raises(SearchError) as caught:
        search_cards(cards, text)
    return caught.value


# Names, phrases and regexes -----------------------------------------------------------


def test_it_matches_names_by_bare_words(cards: QuerySet[Card]) -> None:
    assert names(cards, "GOLDEN") == {"Golden Egg", "Golden Comeback"}
    assert names(cards, "golden egg") == {"Golden Egg"}


def test_it_matches_a_quoted_phrase_within_names(cards: QuerySet[Card]) -> None:
    assert names(cards, '"the monkey"') == {"Temple of the Monkey King"}


def test_it_matches_an_exact_name_only_in_full(cards: QuerySet[Card]) -> None:
    assert names(cards, '!"golden egg"') == {"Golden Egg"}
    assert names(cards, "!moguri") == {"Moguri"}
    assert names(cards, "!golden") == set()


def test_it_matches_a_bare_regex_against_names_and_effect_text(cards: QuerySet[Card]) -> None:
    assert names(cards, "/^gold/") == {"Golden Egg", "Golden Comeback"}
    assert names(cards, "/push|move/") == {"Feather Flurry", "Moguri"}


def test_it_matches_word_boundaries_in_a_regex(cards: QuerySet[Card]) -> None:
    assert names(cards, "/\\bgold/") == {"Golden Egg", "Golden Comeback"}
    assert names(cards, "/\\bolden/") == set()
    assert names(cards, "/\\Bolden/") == {"Golden Egg", "Golden Comeback"}


def test_it_returns_every_card_for_an_empty_query(cards: QuerySet[Card]) -> None:
    found, ordering = search_cards(cards, "  ")
    assert found.count() == cards.count()
    assert ordering == []


# Text fields ---------------------------------------------------------------------------


def test_it_matches_types_by_substring(cards: QuerySet[Card]) -> None:
    assert names(cards, "t:site") == {"Ancestral Tomb", "Temple of the Monkey King"}
    assert names(cards, 't:"feng shui site"') == {"Ancestral Tomb"}
    assert names(cards, "type:point") == {"Bell Point"}


def test_it_matches_effect_text_under_each_alias(cards: QuerySet[Card]) -> None:
    for key in ("o", "text", "oracle"):
        assert names(cards, f"{key}:tile") == {"Dragon Sage", "Feather Flurry"}


def test_it_matches_a_regex_on_a_text_field(cards: QuerySet[Card]) -> None:
    assert names(cards, "t:/^feng/") == {"Ancestral Tomb"}
    assert names(cards, "o:/draw \\d/") == {"Dragon Sage"}


def test_it_matches_names_and_subtitles_by_field(cards: QuerySet[Card]) -> None:
    assert names(cards, "n:egg") == {"Golden Egg"}
    assert names(cards, "name:pearl") == {"Bao Shi, the Pearl"}
    assert names(cards, "sub:martial") == {"Bao Shi, the Pearl"}


# ChiZo RISING --------------------------------------------------------------------------


def test_it_matches_a_class_exactly_in_any_case(cards: QuerySet[Card]) -> None:
    assert names(cards, "c:rat") == {"Rat Scout"}
    assert names(cards, "class:DRAGON") == {"Dragon Sage"}


def test_it_matches_a_compatible_class_as_a_whole_item(cards: QuerySet[Card]) -> None:
    # Rat Scout lists Rabbit, which starts like Rat; only Horse Archer lists Rat itself.
    assert names(cards, "compat:rat") == {"Horse Archer"}
    assert names(cards, "compatible:rabbit") == {"Rat Scout", "Horse Archer"}
    assert names(cards, "compat:dog") == {"Dragon Sage"}


def test_it_matches_elements(cards: QuerySet[Card]) -> None:
    assert names(cards, "el:fire") == {"Dragon Sage", "Horse Archer"}
    assert names(cards, "element:water") == {"Rat Scout"}


def test_it_suggests_a_class_for_a_misspelt_one(cards: QuerySet[Card]) -> None:
    assert (
        str(error(cards, "c:dragn")) == "unknown class 'dragn' at column 3; did you mean 'Dragon'?"
    )


# Shadowfist ----------------------------------------------------------------------------


def test_it_matches_factions_by_substring(cards: QuerySet[Card]) -> None:
    assert names(cards, "f:dragon") == {"Golden Comeback", "Bao Shi, the Pearl"}
    assert names(cards, 'faction:"of the"') == {"Abominable Wrestler", "Lotus Sorcerer"}


@pytest.mark.parametrize(
    ("short", "card"),
    [
        ("dragons", "Golden Comeback"),
        ("lotus", "Lotus Sorcerer"),
        ("hand", "Temple of the Monkey King"),
        ("architects", "Abominable Wrestler"),
        ("magic", "Twin Spells"),
        ("unaligned", "Everlasting Thing"),
    ],
)
def test_it_matches_factions_by_short_name(cards: QuerySet[Card], short: str, card: str) -> None:
    assert card in names(cards, f"f:{short}")


def test_it_matches_a_short_faction_name_as_that_faction_only(cards: QuerySet[Card]) -> None:
    # "chi" is also inside "Architects of the Flesh".
    assert names(cards, "f:chi") == {"Iron Monk"}


def test_it_counts_required_resources(cards: QuerySet[Card]) -> None:
    assert names(cards, "req:d") == {"Golden Comeback", "Bao Shi, the Pearl"}
    assert names(cards, "req:dd") == {"Bao Shi, the Pearl"}
    assert names(cards, "requires:ddd") == set()


def test_it_matches_resource_codes_case_sensitively(cards: QuerySet[Card]) -> None:
    assert names(cards, "req:M") == {"Lotus Sorcerer", "Twin Spells"}
    assert names(cards, "req:MM") == {"Twin Spells"}
    assert names(cards, "req:m") == set()
    assert names(cards, "req:eM") == {"Lotus Sorcerer"}


def test_it_accepts_faction_names_for_resources(cards: QuerySet[Card]) -> None:
    assert names(cards, "prov:hand") == {"Temple of the Monkey King"}
    assert names(cards, "provides:chi") == {"Temple of the Monkey King"}
    assert names(cards, "req:dragons") == {"Golden Comeback", "Bao Shi, the Pearl"}


def test_it_points_at_a_resource_code_in_the_wrong_case(cards: QuerySet[Card]) -> None:
    found = error(cards, "req:dD")
    assert (found.column, found.field) == (6, "requires")
    assert found.hint == "codes are case-sensitive: did you mean 'd'?"


def test_it_matches_designators_as_whole_words(cards: QuerySet[Card]) -> None:
    assert names(cards, "d:dragon") == {"Bao Shi, the Pearl"}
    assert names(cards, "designator:artist") == {"Bao Shi, the Pearl"}
    assert names(cards, "d:drag") == set()


def test_it_matches_sets_by_code_or_name_without_duplicates(cards: QuerySet[Card]) -> None:
    assert names(cards, "e:znw") == {"Ancestral Tomb", "Bao Shi, the Pearl"}
    assert names(cards, 'set:"zimited"') == {"Ancestral Tomb", "Golden Comeback"}
    found, _ = search_cards(cards, "edition:/^z/")  # the tomb is printed in both sets
    assert sorted(card.name for card in found) == [
        "Ancestral Tomb",
        "Bao Shi, the Pearl",
        "Golden Comeback",
    ]


def test_it_matches_printing_rarities(cards: QuerySet[Card]) -> None:
    assert names(cards, "r:rare") == {"Golden Comeback", "Bao Shi, the Pearl"}
    assert names(cards, "rarity:common") == set()
    assert names(cards, 'r:"very common"') == {"Ancestral Tomb"}


def test_it_negates_a_printing_filter_as_no_such_printing(cards: QuerySet[Card]) -> None:
    assert names(cards, "-e:zls t:site") == {"Temple of the Monkey King"}  # no printings
    assert names(cards, "g:shadowfist -e:znw f:dragons") == {"Golden Comeback"}


# Raise, Chocobo and games ----------------------------------------------------------------


def test_it_matches_symbols(cards: QuerySet[Card]) -> None:
    assert names(cards, "sym:gear") == {"Gear 3", "Gear 5"}
    assert names(cards, "symbol:BELL") == {"Bell Point"}


def test_it_matches_games_by_slug_or_name(cards: QuerySet[Card]) -> None:
    assert names(cards, "game:raise") == {"Gear 3", "Gear 5", "Bell Point"}
    assert names(cards, "g:chocobo") == {"Moguri"}
    assert names(cards, 'game:"chocobo party up!"') == {"Moguri"}


def test_it_suggests_a_game_for_a_misspelt_one(cards: QuerySet[Card]) -> None:
    found = error(cards, "g:chizoo")
    assert str(found) == "unknown game 'chizoo' at column 3; did you mean 'chizo'?"


# Numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("str>=3", {"Rat Scout", "Dragon Sage"}),
        ("str>3", {"Dragon Sage"}),
        ("str<3", {"Horse Archer"}),
        ("str<=3", {"Rat Scout", "Horse Archer"}),
        ("str:3", {"Rat Scout"}),
        ("str=3", {"Rat Scout"}),
        ("strength=3", {"Rat Scout"}),
        ("int>2", {"Rat Scout"}),
        ("intelligence:1", {"Dragon Sage"}),
        ("cost<=1", {"Golden Comeback"}),
        ("fighting>6", {"Abominable Wrestler"}),
        ("power:1", {"Ancestral Tomb"}),
        ("body>=6", {"Temple of the Monkey King"}),
        ("value>4", {"Gear 5"}),
        ("points>=2", {"Gear 5", "Bell Point"}),
        ("cost>=-1 cost<2", {"Golden Comeback"}),
    ],
)
def test_it_compares_numbers(cards: QuerySet[Card], text: str, expected: set[str]) -> None:
    assert names(cards, text) == expected


def test_it_reads_not_equal_as_having_another_value(cards: QuerySet[Card]) -> None:
    assert names(cards, "str!=3") == {"Dragon Sage", "Horse Archer"}


def test_it_reads_a_negated_number_as_anything_but(cards: QuerySet[Card]) -> None:
    assert "Moguri" in names(cards, "-str:3")
    assert "Rat Scout" not in names(cards, "-str:3")


def test_it_matches_x_costs_and_fighting(cards: QuerySet[Card]) -> None:
    assert names(cards, "cost:x") == {"Everlasting Thing"}
    assert names(cards, "fighting=X") == {"Everlasting Thing"}


def test_it_rejects_a_comparison_with_a_word(cards: QuerySet[Card]) -> None:
    found = error(cards, "g:chizo str>=abc")
    assert str(found) == (
        "'str' needs a whole number, not 'abc' at column 14; numbers run from -32768 to 32767"
    )
    assert found.field == "str"


def test_it_rejects_a_number_out_of_range(cards: QuerySet[Card]) -> None:
    assert error(cards, "cost<99999999").column == 6


# is: and has: ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("is:basic", {"Rat Scout"}),
        ("is:nomax", {"Everlasting Thing"}),
        ("is:no-max", {"Everlasting Thing"}),
        ("is:unique", {"Bao Shi, the Pearl"}),
        ("is:limited", {"Everlasting Thing"}),
        ("is:x", {"Everlasting Thing"}),
        ("has:effect", {"Golden Egg", "Dragon Sage", "Feather Flurry"}),
        ("has:text", {"Golden Egg", "Dragon Sage", "Feather Flurry", "Moguri"}),
    ],
)
def test_it_matches_properties(cards: QuerySet[Card], text: str, expected: set[str]) -> None:
    assert names(cards, text) == expected


@pytest.mark.parametrize("text", ["is:rare", "has:art"])
def test_it_rejects_unknown_properties(cards: QuerySet[Card], text: str) -> None:
    found = error(cards, text)
    assert found.message == f"unknown property '{text}'"
    assert found.column == text.index(":") + 2


# Combining terms ---------------------------------------------------------------------------


def test_it_joins_terms_with_and(cards: QuerySet[Card]) -> None:
    assert names(cards, "t:creature el:fire str>2") == {"Dragon Sage"}
    assert names(cards, "t:creature and el:fire and str>2") == {"Dragon Sage"}


def test_it_combines_terms_with_or(cards: QuerySet[Card]) -> None:
    assert names(cards, "c:rat or c:horse") == {"Rat Scout", "Horse Archer"}
    assert names(cards, "c:rat OR sym:bell") == {"Rat Scout", "Bell Point"}


def test_it_negates_terms_and_groups(cards: QuerySet[Card]) -> None:
    assert names(cards, "golden -t:item") == {"Golden Comeback"}
    assert names(cards, "g:raise -(sym:bell or value:3)") == {"Gear 5"}


def test_it_binds_not_then_and_then_or(cards: QuerySet[Card]) -> None:
    assert names(cards, "sym:bell or g:raise value>4") == {"Bell Point", "Gear 5"}
    assert names(cards, "(sym:bell or g:raise) value>4") == {"Gear 5"}


# Ordering -------------------------------------------------------------------------------------


def ordered(cards: QuerySet[Card], text: str) -> tuple[list[str], list[str]]:
    found, ordering = search_cards(cards, text)
    return [card.name for card in found], ordering


def test_it_orders_by_order_terms_without_filtering(cards: QuerySet[Card]) -> None:
    assert ordered(cards, "g:raise order:-value") == (
        ["Gear 5", "Gear 3", "Bell Point"],
        ["-value"],
    )


def test_it_orders_by_several_terms_in_turn(cards: QuerySet[Card]) -> None:
    found, ordering = ordered(cards, "order:-points order:name g:raise")
    assert (found, ordering) == (["Bell Point", "Gear 5", "Gear 3"], ["-points", "name"])


def test_it_reports_orderings_as_card_lookups(cards: QuerySet[Card]) -> None:
    assert ordered(cards, "c:rat order:str order:-class")[1] == ["strength", "-creature_class"]


def test_it_puts_cards_without_the_value_last_either_way(cards: QuerySet[Card]) -> None:
    ascending, _ = ordered(cards, "f:unaligned or f:dragons order:cost")
    descending, _ = ordered(cards, "f:unaligned or f:dragons order:-cost")
    assert ascending == ["Golden Comeback", "Bao Shi, the Pearl", "Everlasting Thing"]
    assert descending == ["Bao Shi, the Pearl", "Golden Comeback", "Everlasting Thing"]


def test_it_rejects_an_order_key_that_cannot_be_sorted(cards: QuerySet[Card]) -> None:
    found = error(cards, "order:colour")
    assert str(found) == "cannot order by 'colour' at column 7; did you mean 'class'?"
    assert error(cards, "order:text").field == "order"


def test_it_rejects_an_order_term_inside_or_or_negation(cards: QuerySet[Card]) -> None:
    assert error(cards, "t:site or order:name").column == 11
    assert error(cards, "-order:name").column == 2


# Errors -------------------------------------------------------------------------------------


def test_it_suggests_a_field_for_an_unknown_one(cards: QuerySet[Card]) -> None:
    found = error(cards, "t:creature colour:red")
    assert str(found) == "unknown field 'colour' at column 12; did you mean 'class'?"
    assert (found.message, found.column, found.field) == ("unknown field 'colour'", 12, "colour")


def test_it_suggests_the_closest_field_for_a_typo(cards: QuerySet[Card]) -> None:
    assert error(cards, "fation:dragons").hint == "did you mean 'faction'?"


def test_it_rejects_comparisons_on_text_fields(cards: QuerySet[Card]) -> None:
    found = error(cards, "t>=site")
    assert (found.message, found.column) == ("'t' cannot be compared with '>='", 2)


def test_it_rejects_a_regex_where_a_plain_value_is_needed(cards: QuerySet[Card]) -> None:
    assert error(cards, "cost:/1/").message == "'cost' takes a plain value, not a regex"


def test_it_reads_not_equal_on_a_text_field_as_negation(cards: QuerySet[Card]) -> None:
    assert names(cards, "g:chizo c!=rat t:creature") == {"Dragon Sage", "Horse Archer"}


# Fuzzing ------------------------------------------------------------------------------------

_FRAGMENTS = [
    *"abc \"'/\\-!()<>=:,.*+?[]{}|^$",
    *(f"{key}:" for key in ("t", "c", "o", "e", "r", "req", "compat", "is", "has", "order")),
    *(f"{key}{op}" for key in ("str", "cost", "value") for op in ("<", ">=", "!=", "=")),
    " or ",
    " and ",
    " -",
    "x",
    "12",
    "-3",
    "rat",
    "dd",
    "basic",
    "name",
    "-cost",
    '"golden egg"',
    "/gold/",
    "(a+)+",
    "colour",
]


def _run_or_fail_cleanly(cards: QuerySet[Card], text: str) -> None:
    try:
        found, ordering = search_cards(cards, text)
    except SearchError as caught:
        failure: SearchError | None = caught
    else:
        failure = None
        list(found)  # run the SQL too: a bad lookup only shows up here
    if failure is None:
        assert all(isinstance(key, str) for key in ordering)
    else:
        assert 1 <= failure.column <= len(text) + 1
        assert str(failure).startswith(failure.message)


_FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@_FUZZ
@given(text=st.text(max_size=200))
def test_any_text_either_runs_or_raises_a_search_error(cards: QuerySet[Card], text: str) -> None:
    _run_or_fail_cleanly(cards, text)


@_FUZZ
@given(pieces=st.lists(st.sampled_from(_FRAGMENTS), max_size=60))
def test_any_query_like_text_either_runs_or_raises_a_search_error(
    cards: QuerySet[Card], pieces: list[str]
) -> None:
    _run_or_fail_cleanly(cards, "".join(pieces)[:200])
