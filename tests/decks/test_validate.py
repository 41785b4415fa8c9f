"""validate(): every violation of every requested format, in one report."""

from __future__ import annotations

import pytest

from decks.formats import DeckLine, Violation, validate
from decks.textlist import NameIndex, parse_deck_text, resolve

from .factories import (
    basic,
    card,
    filler,
    lines,
    shipped_chizo,
    shipped_shadowfist,
    starter_decks,
    tile,
)

ERROR_KEYS = {"code", "message", "cards", "line", "hint", "format"}


def test_a_stack_breaking_every_rule_gets_every_violation_at_once():
    deck = [
        DeckLine(tile("Golden Egg"), 4, 2),
        DeckLine(tile("Push", "Action/Reaction"), 5, 3),
        DeckLine(card("Sword Saint"), 1, 4),
        *filler("chizo", 60),
    ]
    report = validate(deck, ["stack"], game="chizo")
    assert [(v.code, v.line) for v in report.errors] == [
        ("wrong_game", 4),
        ("too_many_cards", None),
        ("too_many_copies", 2),
        ("too_many_copies", 3),
    ]
    assert report.errors[1].hint == "remove 9 tiles to get down to 60"
    assert not report.valid


def test_one_call_validates_against_several_formats_each_with_its_verdict():
    deck = lines((card("Sword Saint", designators=("Sword", "Saint")), 2))
    report = validate(deck, ["final-brawl", "hundred-names", "comrades-in-arms"], game="shadowfist")
    assert {slug: r.valid for slug, r in report.formats.items()} == {
        "final-brawl": True,
        "hundred-names": False,
        "comrades-in-arms": False,
    }
    assert [(v.format, v.code) for v in report.errors] == [
        ("hundred-names", "too_many_copies"),
        ("comrades-in-arms", "not_enough_sharing"),
    ]


def test_the_report_has_exactly_the_documented_shape():
    report = validate(lines((tile("Golden Egg"), 4)), ["stack"], game="chizo").to_dict()
    assert set(report) == {"valid", "formats", "errors"}
    assert set(report["formats"]["stack"]) == {"valid", "errors"}
    assert report["valid"] is False
    assert all(set(e) == ERROR_KEYS for e in report["errors"])
    assert report["errors"] == report["formats"]["stack"]["errors"]
    assert report["errors"][1] == {
        "code": "too_many_copies",
        "message": "Deck has 4 copies of Golden Egg; at most 3 are allowed (line 1)",
        "cards": ["Golden Egg"],
        "line": 1,
        "hint": "remove 1 Golden Egg",
        "format": "stack",
    }


def test_no_format_given_means_the_games_standard_format():
    assert list(validate([], [], game="chizo").formats) == ["stack"]
    assert list(validate([], [], game="shadowfist").formats) == ["final-brawl"]


def test_an_unknown_format_is_a_violation_not_an_exception():
    report = validate([], ["casual", "final-brawl"], game="shadowfist")
    [unknown] = report.formats["casual"].errors
    assert (unknown.code, unknown.format) == ("unknown_format", "casual")
    assert unknown.message == "Unknown format 'casual' for Shadowfist"
    assert unknown.hint == "use one of: final-brawl, big-man, hundred-names, comrades-in-arms"
    assert report.formats["final-brawl"].valid
    assert not report.valid


def test_a_format_of_the_other_game_is_named_as_such():
    [error] = validate([], ["stack"], game="shadowfist").errors
    assert error.message == "Format 'stack' is for ChiZo RISING, not Shadowfist"


def test_a_game_without_decks_gets_an_explanation():
    report = validate([], [], game="raise")
    assert report.formats == {}
    assert [e.message for e in report.errors] == ["Raise has no deck formats"]
    assert not report.valid


def test_a_format_asked_for_twice_is_checked_once():
    assert list(validate([], ["stack", "stack"], game="chizo").formats) == ["stack"]


def test_a_minimum_size_can_be_set_per_format_in_the_call():
    deck = filler("shadowfist", 40)
    report = validate(
        deck, ["final-brawl", "big-man"], game="shadowfist", min_sizes={"big-man": 50}
    )
    assert report.formats["final-brawl"].valid
    assert [e.hint for e in report.formats["big-man"].errors] == ["add 10 cards to reach 50"]


def test_list_errors_make_the_report_invalid_and_come_first():
    parse_error = Violation(
        "unknown_card", "line 2: no card named 'X'", [], 2, "check the spelling"
    )
    report = validate(filler("chizo", 30), ["stack"], game="chizo", list_errors=[parse_error])
    assert report.formats["stack"].valid
    assert not report.valid
    assert report.to_dict()["errors"][0]["format"] == ""


@pytest.mark.parametrize("deck", sorted(starter_decks()))
@pytest.mark.parametrize("slug", ["final-brawl", "big-man"])
def test_the_shipped_starter_decks_are_legal(deck, slug):
    text = "\n".join(f"{n} {name}" for name, n in starter_decks()[deck].items())
    resolved = resolve(parse_deck_text(text), NameIndex(shipped_shadowfist()))
    assert resolved.errors == []
    assert validate(resolved.lines, [slug], game="shadowfist").valid


def test_a_stack_of_shipped_tiles_is_legal():
    tiles = [t for t in shipped_chizo() if not t.is_basic][:10]
    deck = [DeckLine(t, 3) for t in tiles] + [DeckLine(basic("Rat"), 12)]
    assert validate(deck, ["stack"], game="chizo").valid
