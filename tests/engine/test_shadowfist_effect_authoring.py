"""Writing Shadowfist effects as data: every problem of an entry (effects/entries.py),
effects files read with their lines (effects/effect_file.py), the vocabulary's words
covering exactly what the validator knows (effects/vocabulary.py), and the starter set's
effects file (starter_set.py)."""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import DataError
from play.engine.games.shadowfist import starter_set
from play.engine.games.shadowfist.card_types import TYPES
from play.engine.games.shadowfist.effects.effect_file import (
    entry_fields,
    entry_problems,
    read_effect_file,
)
from play.engine.games.shadowfist.effects.entries import Problem, effect_problems
from play.engine.games.shadowfist.effects.spec import (
    ABILITY_BITS,
    COMMON,
    KEYS,
    TRIGGERS,
    EffectError,
    check_value,
    parse_effect,
)
from play.engine.games.shadowfist.effects.vocabulary import (
    ABILITY_DOCS,
    FIELD_ORDER,
    KEY_DOCS,
    PARAMS,
    TARGET_DOCS,
    TRIGGER_DOCS,
    allowed_values,
)

# -- every problem of one entry ---------------------------------------------------------


def test_a_right_effect_has_no_problem() -> None:
    params = {"trigger": "play", "amount": 3, "target": "character"}
    assert effect_problems("damage_target", params, "Event") == []


def test_every_problem_of_an_entry_is_reported_with_its_parameter() -> None:
    params = {
        "trigger": "static",
        "amount": "2",
        "target": "opponent",
        "colour": "red",
        "max_cots": 3,
    }

    problems = effect_problems("damage_target", params)

    assert problems == [
        Problem("colour", "damage_target has no parameter 'colour'", ""),
        Problem(
            "max_cots", "damage_target has no parameter 'max_cots'", "did you mean 'max_cost'?"
        ),
        Problem("amount", "amount must be a whole number, not '2'"),
        Problem(
            "target",
            "damage_target cannot target 'opponent'",
            "did you mean 'opponent_character'?",
        ),
        Problem(
            "trigger",
            "damage_target cannot have trigger 'static'",
            "damage_target takes trigger 'play' or 'turn'",
        ),
    ]


def test_missing_parameters_are_each_named() -> None:
    assert effect_problems("force_discard", {"trigger": "play"}) == [
        Problem("", "force_discard needs the parameter 'count'"),
        Problem("", "force_discard needs the parameter 'target'"),
    ]


@pytest.mark.parametrize(
    ("key", "message", "hint"),
    [
        ("gain_powr", "unknown effect key 'gain_powr'", "did you mean 'gain_power'?"),
        ("zzz", "unknown effect key 'zzz'", ""),
        (
            None,
            "an entry needs its effect_key",
            "'vanilla' for a card without rules text, 'ability' for keyword abilities only",
        ),
        (7, "effect_key must be a string, not 7", ""),
    ],
)
def test_a_wrong_key_is_the_one_problem(key: Any, message: str, hint: str) -> None:
    assert effect_problems(key, {"amount": "x"}) == [Problem("effect_key", message, hint)]


def test_problems_between_parameters_name_the_parameter_they_hinge_on() -> None:
    played = {"trigger": "play", "amount": 1, "target": "your_character"}
    hosted = {"trigger": "static", "amount": 1, "target": "host"}

    assert effect_problems("fighting_bonus", played) == [
        Problem(
            "duration", "a played fighting_bonus lasts until the end of the turn: duration 'turn'"
        )
    ]
    assert effect_problems("fighting_bonus", hosted) == [
        Problem("attach_to", "fighting_bonus on its host needs attach_to")
    ]


def test_an_effect_the_engine_would_not_run_on_the_card_type_is_refused() -> None:
    turned = {"trigger": "turn", "amount": 1, "target": "character"}

    assert effect_problems("damage_target", turned, "Character") == []
    [problem] = effect_problems("damage_target", turned, "Event")
    assert problem.param == "trigger"
    assert "does not run damage_target with trigger 'turn' on a Event" in problem.message
    assert "blank" in problem.message


def test_a_misspelt_ability_gets_the_closest_one() -> None:
    [problem] = effect_problems("ability", {"abilities": ["guts", "toughnes:1"]})
    assert (problem.message, problem.hint) == (
        "unknown ability 'toughnes:1'",
        "did you mean 'toughness'?",
    )


def test_keyword_abilities_of_its_own_are_for_characters() -> None:
    site = effect_problems("vanilla", {"abilities": ["guts"]}, "Site")
    granted = {
        "trigger": "static",
        "target": "host",
        "attach_to": "your_character",
        "abilities": ["guts"],
    }

    assert [p.param for p in site] == ["abilities"]
    assert effect_problems("vanilla", {"abilities": ["guts"]}, "Character") == []
    assert effect_problems("grant_ability", granted, "State") == []


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"amount": 10**20}, "amount is at most 999 either way, not 100000000000000000000"),
        ({"amount": -1000}, "amount is at most 999 either way, not -1000"),
        ({"designator": "x" * 101}, "designator is a word of at most 100 characters"),
        ({"designator": "a\x00b"}, "designator is a word of at most 100 characters"),
        ({"abilities": ["guts"] * 101}, "abilities lists at most 100 values"),
    ],
)
def test_values_no_card_could_print_are_refused(params: dict[str, Any], message: str) -> None:
    base = {"trigger": "static", "amount": 1, "target": "your_sites"}
    problems = effect_problems("site_power_bonus", {**base, **params})
    assert [p.message for p in problems] == [message]


def test_check_value_names_the_parameter_of_its_error() -> None:
    with pytest.raises(EffectError) as caught:
        check_value("recycle", "from", "discard_pile")
    assert caught.value.param == "from"
    assert str(caught.value) == "recycle takes cards from the smoked_pile, not 'discard_pile'"


def test_recycle_moves_cards_only_from_the_smoked_pile_to_the_hand() -> None:
    base = {"trigger": "turn", "card_type": "Character", "max_cost": 3}
    assert parse_effect("recycle", {**base, "from": "smoked_pile", "to": "hand"}).key == "recycle"
    with pytest.raises(EffectError, match="into the hand, not 'deck'"):
        parse_effect("recycle", {**base, "to": "deck"})


# -- effects files ----------------------------------------------------------------------

FILE = """\
# comments are fine
game = "shadowfist"
format = 1

[cards."Cinnabar Gate"]
effect_key = "damage_target"
trigger = "turn"
amount = 1
abilities = [
    "guts",
]
note = "a note"

[cards.'"Quoted" Title']
effect_key = "vanilla"

[cards]
"Inline Card" = { effect_key = "vanilla" }
"""


def test_a_file_is_read_with_the_line_of_each_entry_and_field() -> None:
    entries, problems = read_effect_file(FILE)

    assert problems == []
    gate, quoted, inline = entries
    assert (gate.title, gate.key, gate.note, gate.line) == (
        "Cinnabar Gate",
        "damage_target",
        "a note",
        5,
    )
    assert gate.params == {"trigger": "turn", "amount": 1, "abilities": ["guts"]}
    assert gate.lines == {"effect_key": 6, "trigger": 7, "amount": 8, "abilities": 9, "note": 12}
    assert (quoted.title, quoted.line) == ('"Quoted" Title', 14)
    assert (inline.title, inline.key, inline.line) == ("Inline Card", "vanilla", 18)


def test_an_entry_problem_is_reported_at_the_line_of_its_field() -> None:
    text = '[cards."A"]\neffect_key = "draw"\ntrigger = "static"\ncount = -1\n'
    [entry], _ = read_effect_file(text)

    shown = [str(problem) for problem in entry_problems(entry)]

    assert shown == [
        "line 4: 'A': count must be a whole number from 0, not -1",
        "line 3: 'A': draw cannot have trigger 'static' (draw takes trigger 'play' or 'turn' "
        "or 'establishing' or 'attack_hit')",
    ]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            '[cards."A"\neffect_key = 1\n',
            "line 1: not TOML: Expected ']' at the end of a table declaration",
        ),
        (
            '[cards."A"]\neffect_key = "x"\n[cards."A"]\n',
            "line 3: not TOML: Cannot declare ('cards', 'A') twice",
        ),
        ('game = "chizo"\n', "this is an effects file for 'chizo', not 'shadowfist'"),
        ("format = 2\n", "format 2 is not 1"),
        (
            '[card."A"]\neffect_key = "vanilla"\n',
            "unknown field 'card' (cards go under [cards.\"Title\"])",
        ),
        ("cards = 3\n", "cards must be a table of card titles"),
        ("[cards]\nA = 3\n", "line 2: 'A': an entry is a table of fields"),
        ('[cards."A"]\nnote = 3\n', "line 2: 'A': note is text"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", None),
    ],
)
def test_a_file_of_the_wrong_form_says_where(text: str, shown: str | None) -> None:
    entries, problems = read_effect_file(text)

    assert problems, "a problem is reported"
    if shown is not None:
        assert str(problems[-1]) == shown
    assert entries == [], "an entry of the wrong form is not read"


def test_entry_fields_follow_the_vocabulary_order_with_the_note_last() -> None:
    fields = entry_fields(
        "damage_target", {"amount": 1, "zeta": 2, "trigger": "play", "target": "character"}, "why"
    )
    assert list(fields) == ["effect_key", "trigger", "target", "amount", "zeta", "note"]
    assert list(entry_fields("vanilla", {})) == ["effect_key"]


# -- the vocabulary's words cover what the validator knows, no more ------------------------


def test_every_key_has_words_and_no_words_name_an_unknown_key() -> None:
    assert set(KEY_DOCS) == set(KEYS)


def test_every_parameter_has_words_and_a_place_in_the_order() -> None:
    known = set().union(*(rule.params for rule in KEYS.values())) | COMMON
    assert set(PARAMS) == known
    assert set(FIELD_ORDER) == known | {"effect_key", "note"}


def test_every_target_trigger_and_ability_has_words() -> None:
    targets = set().union(*(rule.targets for rule in KEYS.values())) - {""}
    assert set(TARGET_DOCS) == targets
    assert set(TRIGGER_DOCS) == set(TRIGGERS)
    assert set(ABILITY_DOCS) == {"toughness", *ABILITY_BITS}


def test_the_values_listed_for_a_key_are_the_ones_it_accepts() -> None:
    """Each value the reference lists passes check_value; a value beside them does not."""
    for key in KEYS:
        for name in KEYS[key].params | {"trigger", "timing"}:
            listed = allowed_values(key, name)
            for value in listed:
                check_value(key, name, value)
            if listed:
                with pytest.raises(EffectError):
                    check_value(key, name, "no_such_value")


def test_the_card_types_an_effect_may_name_are_the_played_ones() -> None:
    assert PARAMS["card_type"].values == tuple(t for t in TYPES if t != "Other")


# -- the starter set's effects file ---------------------------------------------------------


def test_every_starter_card_has_a_right_effect_from_the_effects_file() -> None:
    rows = starter_set.starter_rows()
    entries, problems = read_effect_file(starter_set.starter_file(starter_set.EFFECTS_FILE))

    assert problems == []
    assert sorted(e.title for e in entries) == sorted(row["name"] for row in rows)
    for row in rows:
        assert effect_problems(row["effect_key"], row["effect_params"], row["type"]) == []
    assert {row["effect_key"] for row in rows} == set(KEYS), "the file uses every key"


def test_starter_rows_are_fresh_copies() -> None:
    rows = starter_set.starter_rows()
    rows[0]["effect_params"]["amount"] = 99
    assert "amount" not in starter_set.starter_rows()[0]["effect_params"]


@pytest.mark.parametrize(
    ("effects", "message"),
    [
        ("", "has no entry for 'X'"),
        (
            '[cards.X]\neffect_key = "vanilla"\n[cards.Y]\neffect_key = "vanilla"\n',
            "no starter card is named 'Y'",
        ),
        (
            '[cards.X]\neffect_key = "gain_power"\ntrigger = "turn"\namount = 1\n',
            "would play as a blank",
        ),
        ("[cards.X\n", "not TOML"),
    ],
)
def test_a_starter_effects_file_that_is_not_right_for_every_card_is_refused(
    effects: str, message: str
) -> None:
    with pytest.raises(DataError, match=message):
        starter_set.with_effects([{"name": "X", "type": "Event"}], effects)


@pytest.mark.parametrize(
    ("key", "name", "good", "bad", "message"),
    [
        (
            "damage_target",
            "trigger",
            "play",
            "static",
            "damage_target cannot have trigger 'static'",
        ),
        ("vanilla", "trigger", "", "play", "vanilla has no trigger"),
        (
            "damage_target",
            "target",
            "character",
            "opponent",
            "damage_target cannot target 'opponent'",
        ),
        ("damage_target", "target", "character", 3, "target must be a string, not 3"),
        ("damage_target", "amount", 2, "2", "amount must be a whole number, not '2'"),
        ("heal", "amount", "all", "most", "amount must be a whole number, not 'most'"),
        ("damage_target", "amount", 0, -1, "damage_target amount cannot be negative"),
        ("fighting_bonus", "amount", -2, True, "amount must be a whole number, not True"),
        ("draw", "count", 0, -1, "count must be a whole number from 0, not -1"),
        ("draw", "count", 2, "2", "count must be a whole number from 0, not '2'"),
        ("damage_target", "max_cost", None, -1, "max_cost must be a whole number from 0, not -1"),
        (
            "damage_target",
            "max_fighting",
            3,
            "3",
            "max_fighting must be a whole number from 0, not '3'",
        ),
        (
            "damage_target",
            "at_location",
            True,
            "yes",
            "at_location must be true or false, not 'yes'",
        ),
        ("vanilla", "toast_it", False, 1, "toast_it must be true or false, not 1"),
        ("grant_ability", "abilities", ["guts"], ["flying"], "unknown ability 'flying'"),
        ("site_power_bonus", "designator", "Temple", 7, "designator must be a string, not 7"),
        ("draw", "timing", "any", "later", "timing is 'main' or 'any', not 'later'"),
        (
            "fighting_bonus",
            "attach_to",
            "your_site",
            "site",
            "attach_to is one of ['opponent_character', 'your_character', 'your_site'], not 'site'",
        ),
        ("fighting_bonus", "duration", "turn", "ever", "duration is 'turn', not 'ever'"),
        (
            "damage_each",
            "scope",
            "all_characters",
            "all",
            "damage_each scope is all_characters or opponent_characters: 'all'",
        ),
        ("fighting_bonus", "condition", "attacking", "x", "condition is 'attacking', not 'x'"),
        ("cost_reduction", "card_type", "Event", "Other", "unknown card_type 'Other'"),
        (
            "recycle",
            "from",
            "smoked_pile",
            "deck",
            "recycle takes cards from the smoked_pile, not 'deck'",
        ),
        ("recycle", "to", "hand", "deck", "recycle puts the card into the hand, not 'deck'"),
        ("draw", "trigger", "turn", 5, "trigger must be a string, not 5"),
        ("draw", "timing", "main", 5, "timing must be a string, not 5"),
    ],
)
def test_each_parameter_is_checked_on_its_own_and_named(
    key: str, name: str, good: Any, bad: Any, message: str
) -> None:
    check_value(key, name, good)
    with pytest.raises(EffectError) as caught:
        check_value(key, name, bad)
    assert (str(caught.value), caught.value.param) == (message, name)


@pytest.mark.parametrize(
    ("key", "params", "param"),
    [
        ("site_body_bonus", {"amount": 1}, "trigger"),
        ("cancel_event", {"trigger": "play", "target": "character"}, "target"),
        ("damage_target", {"trigger": "play", "amount": 1, "target": "opponent"}, "target"),
        ("fighting_bonus", {"trigger": "static", "amount": 1, "target": "host"}, "attach_to"),
        ("damage_target", {"trigger": "play", "amount": 1, "target": "character", "zz": 1}, "zz"),
        ("damage_target", {"trigger": "play", "target": "character"}, ""),
    ],
)
def test_parse_effect_names_the_parameter_of_its_refusal(
    key: str, params: dict[str, Any], param: str
) -> None:
    with pytest.raises(EffectError) as caught:
        parse_effect(key, params)
    assert caught.value.param == param


def test_an_effect_error_is_about_the_key_as_a_whole_unless_told() -> None:
    assert EffectError("x").param == ""
    assert EffectError("x", "amount").param == "amount"
