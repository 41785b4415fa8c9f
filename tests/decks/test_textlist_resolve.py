"""resolve() and NameIndex: names to catalogue cards, with suggestions and ambiguity."""

from __future__ import annotations

from decks.lines import DeckLine
from decks.textlist import NameIndex, all_errors, parse_deck_text, resolve

from .factories import by_name, card, shipped_chizo, tile


def chizo_index() -> NameIndex:
    return NameIndex(shipped_chizo())


def test_names_resolve_in_any_case_and_spacing():
    resolved = resolve(parse_deck_text("3 golden EGG\n2  feather   flurry\nRAT x12"), chizo_index())
    assert resolved.errors == []
    assert [(x.card.name, x.count, x.line) for x in resolved.lines] == [
        ("Golden Egg", 3, 1),
        ("Feather Flurry", 2, 2),
        ("Rat", 12, 3),
    ]


def test_a_card_on_several_lines_becomes_one_line_with_the_counts_summed_at_the_first():
    resolved = resolve(parse_deck_text("1 Rat\n2 Push\n3 rat\nRat"), chizo_index())
    assert [(x.card.name, x.count, x.line) for x in resolved.lines] == [
        ("Rat", 5, 1),
        ("Push", 2, 2),
    ]


def test_an_unknown_name_gets_a_suggestion():
    resolved = resolve(parse_deck_text("\n" * 6 + "3 Golden Eg"), chizo_index())
    [error] = resolved.errors
    assert error.message == "line 7: no card named 'Golden Eg'; did you mean 'Golden Egg'?"
    assert (error.line, error.code, error.suggestions) == (7, "unknown_card", ["Golden Egg"])
    assert resolved.lines == []


def test_suggestions_come_from_prefixes_and_words_too():
    index = chizo_index()
    assert "Feather Flurry" in index.suggest("Feath")
    assert "Golden Egg" in index.suggest("egg")
    assert index.suggest("Grumpy")[0].startswith("Grumpy")


def test_a_name_nothing_resembles_gets_no_suggestion():
    [error] = resolve(parse_deck_text("1 Zzyzx Qwv"), chizo_index()).errors
    assert error.message == "line 1: no card named 'Zzyzx Qwv'"
    assert error.suggestions == []
    assert error.hint == "check the spelling against the catalogue"


def test_several_suggestions_are_listed_with_or():
    index = NameIndex([tile("Golden Egg"), tile("Golden Eagle"), tile("Push")])
    [error] = resolve(parse_deck_text("Golden Eg"), index).errors
    assert error.message == (
        "line 1: no card named 'Golden Eg'; did you mean 'Golden Egg' or 'Golden Eagle'?"
    )


def test_punctuation_is_kept_for_the_exact_match_and_dropped_for_the_fallback():
    index = NameIndex([card("Who's the Big Man Now?!", "Event"), card("Kiii-YAAAH!", "Event")])
    for written, meant in [
        ("who's the big man now?!", "Who's the Big Man Now?!"),
        ("Whos the Big Man Now", "Who's the Big Man Now?!"),
        ("kiii yaaah", "Kiii-YAAAH!"),
    ]:
        assert index.get(written).name == meant


def test_names_differing_only_in_case_prefer_the_exact_spelling():
    index = NameIndex([card("SWAT Team"), card("Swat Team")])
    resolved = resolve(parse_deck_text("2 SWAT Team\n3 Swat Team"), index)
    assert [(x.card.name, x.count) for x in resolved.lines] == [("SWAT Team", 2), ("Swat Team", 3)]


def test_names_differing_only_in_case_are_ambiguous_in_any_other_case():
    index = NameIndex([card("SWAT Team"), card("Swat Team")])
    [error] = resolve(parse_deck_text("2 swat team"), index).errors
    assert error.code == "ambiguous"
    assert error.message == "line 1: 'swat team' could be 'SWAT Team' or 'Swat Team'"
    assert error.suggestions == ["SWAT Team", "Swat Team"]


def test_an_edition_hint_settles_an_ambiguity():
    index = NameIndex([card("SWAT Team", editions=("10kB",)), card("Swat Team", editions=("L/S",))])
    resolved = resolve(parse_deck_text("2 swat team (10kB)\n1 SWAT TEAM [l/s]"), index)
    assert resolved.errors == []
    assert [x.card.name for x in resolved.lines] == ["SWAT Team", "Swat Team"]


def test_an_edition_hint_that_matches_nothing_changes_nothing():
    index = NameIndex([card("Ancient Temple", "Feng Shui Site", editions=("L/S",))])
    resolved = resolve(parse_deck_text("2 Ancient Temple (Nw)\n1 Ancient Temple (L/S)"), index)
    assert resolved.errors == []
    assert [(x.card.name, x.count) for x in resolved.lines] == [("Ancient Temple", 3)]


def test_a_title_starting_with_a_number_is_found_without_a_count():
    index = NameIndex([card("18 Bronze Men"), card("Bronze Men")])
    assert [
        (x.card.name, x.count) for x in resolve(parse_deck_text("2 18 Bronze Men"), index).lines
    ] == [("18 Bronze Men", 2)]
    only_the_title = NameIndex([card("18 Bronze Men")])
    assert [
        (x.card.name, x.count)
        for x in resolve(parse_deck_text("18 Bronze Men"), only_the_title).lines
    ] == [("18 Bronze Men", 1)]


def test_accents_are_optional():
    index = NameIndex([card("Iala Mané")])
    assert index.get("iala mane").name == "Iala Mané"


def test_resolve_reports_name_errors_and_all_errors_joins_the_parse_errors_in_line_order():
    parsed = parse_deck_text("1 Rat\n0 Push\n1 Golden Eg\n1 Push x2 x3")
    resolved = resolve(parsed, chizo_index())
    assert [(e.line, e.code) for e in resolved.errors] == [(3, "unknown_card")]
    assert [(e.line, e.code) for e in all_errors(parsed, resolved)] == [
        (2, "bad_count"),
        (3, "unknown_card"),
        (4, "bad_count"),
    ]
    assert [x.card.name for x in resolved.lines] == ["Rat"]


def test_resolve_gives_the_apps_deck_line_class():
    [line] = resolve(parse_deck_text("2 Rat"), chizo_index()).lines
    assert type(line) is DeckLine


def test_a_line_error_converts_to_the_validation_error_shape():
    [error] = resolve(parse_deck_text("1 Golden Eg"), chizo_index()).errors
    assert error.to_violation().to_dict() == {
        "code": "unknown_card",
        "message": "line 1: no card named 'Golden Eg'; did you mean 'Golden Egg'?",
        "cards": ["Golden Egg"],
        "line": 1,
        "hint": "did you mean 'Golden Egg'?",
        "format": "",
    }


def test_a_whole_list_error_has_no_line_in_the_validation_shape():
    [error] = parse_deck_text("1 Rat\n" * 501).errors
    assert error.to_violation().line is None


def test_the_same_card_given_twice_to_the_index_is_one_card():
    egg = by_name(shipped_chizo(), "Golden Egg")
    assert NameIndex([egg, egg]).get("Golden Egg") == egg
