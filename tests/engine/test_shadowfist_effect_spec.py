"""Reading an effect's key and parameters into a checked spec (effects/spec.py).

docs/shadowfist-effects.md: each key names its parameters, the triggers it may have
and the targets it may name; a known key with malformed parameters is a data error that
names the parameter (docs/shadowfist.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.games.shadowfist.effects.spec import (
    GUTS,
    STEALTH,
    EffectError,
    EffectSpec,
    parse_abilities,
    parse_effect,
)


@pytest.mark.parametrize(
    ("key", "params", "spec"),
    [
        pytest.param(
            "damage_target",
            {"trigger": "play", "amount": 3, "target": "character", "max_cost": 3},
            EffectSpec(
                key="damage_target",
                trigger="play",
                timing="any",
                target="character",
                amount=3,
                max_cost=3,
            ),
            id="a played effect may be played at any time by default",
        ),
        pytest.param(
            "turn_target",
            {
                "trigger": "turn",
                "target": "character",
                "max_fighting": 0,
                "at_location": True,
            },
            EffectSpec(
                key="turn_target",
                trigger="turn",
                timing="main",
                target="character",
                max_fighting=0,
                at_location=True,
            ),
            id="an ability is used in the main shot by default; a limit of 0 is a limit",
        ),
        pytest.param(
            "draw",
            {"trigger": "turn", "timing": "any", "count": 0},
            EffectSpec(key="draw", trigger="turn", timing="any", count=0),
            id="a timing given is kept; a count of 0 is read",
        ),
        pytest.param(
            "ability",
            {"abilities": ["guts"]},
            EffectSpec(key="ability", trigger="static", timing="main"),
            id="a keyword ability is static without saying so",
        ),
        pytest.param(
            "vanilla",
            {},
            EffectSpec(key="vanilla", trigger="", timing="main"),
            id="vanilla has no trigger",
        ),
        pytest.param(
            "grant_ability",
            {
                "abilities": ["guts", "toughness:2", "stealth", "toughness:1"],
                "target": "your_character",
                "trigger": "play",
                "duration": "turn",
            },
            EffectSpec(
                key="grant_ability",
                trigger="play",
                timing="any",
                target="your_character",
                duration="turn",
                grants=GUTS | STEALTH,
                grant_toughness=3,
            ),
            id="a granted ability is read into bits and Toughness",
        ),
        pytest.param(
            "heal",
            {"trigger": "turn", "amount": "all", "target": "your_character"},
            EffectSpec(
                key="heal",
                trigger="turn",
                timing="main",
                target="your_character",
                heal_all=True,
            ),
            id="heal all",
        ),
        pytest.param(
            "fighting_bonus",
            {
                "trigger": "static",
                "amount": -2,
                "target": "host",
                "attach_to": "opponent_character",
                "condition": "attacking",
            },
            EffectSpec(
                key="fighting_bonus",
                trigger="static",
                timing="main",
                target="host",
                amount=-2,
                attach_to="opponent_character",
                condition="attacking",
            ),
            id="a Fighting bonus may be negative",
        ),
        pytest.param(
            "fighting_bonus",
            {"trigger": "play", "amount": 2, "target": "character", "duration": "turn"},
            EffectSpec(
                key="fighting_bonus",
                trigger="play",
                timing="any",
                target="character",
                amount=2,
                duration="turn",
            ),
            id="a played Fighting bonus lasts the turn",
        ),
        pytest.param(
            "damage_each",
            {"trigger": "play", "amount": 1, "scope": "opponent_characters"},
            EffectSpec(
                key="damage_each",
                trigger="play",
                timing="any",
                amount=1,
                scope="opponent_characters",
            ),
            id="damage on each of a scope",
        ),
        pytest.param(
            "damage_each",
            {"trigger": "turn", "amount": 2, "scope": "all_characters"},
            EffectSpec(
                key="damage_each", trigger="turn", timing="main", amount=2, scope="all_characters"
            ),
            id="damage on each character in play",
        ),
        pytest.param(
            "site_power_bonus",
            {"trigger": "static", "amount": 1, "target": "your_sites", "designator": "Temple"},
            EffectSpec(
                key="site_power_bonus",
                trigger="static",
                timing="main",
                target="your_sites",
                amount=1,
                designator="Temple",
            ),
            id="a designator narrows the sites",
        ),
        pytest.param(
            "recycle",
            {"trigger": "turn", "card_type": "Character", "max_cost": None},
            EffectSpec(key="recycle", trigger="turn", timing="main", card_type="Character"),
            id="a max_cost of null is no limit",
        ),
        pytest.param(
            "site_body_bonus",
            {"trigger": "static", "amount": 0, "target": "host"},
            EffectSpec(key="site_body_bonus", trigger="static", timing="main", target="host"),
            id="a site's own bonus needs no attach_to",
        ),
    ],
)
def test_an_effect_is_read_into_its_spec(
    key: str, params: dict[str, Any], spec: EffectSpec
) -> None:
    assert parse_effect(key, params) == spec


PLAYED_DAMAGE = {"trigger": "play", "amount": 3, "target": "character"}


@pytest.mark.parametrize(
    ("key", "params", "message"),
    [
        (
            "damage_target",
            {**PLAYED_DAMAGE, "zeta": 1, "colour": "red"},
            "damage_target has no parameter 'colour'",
        ),
        ("damage_target", {"trigger": "play"}, "damage_target needs the parameter 'amount'"),
        (
            "gain_power",
            {"amount": 1, "trigger": "static"},
            "gain_power cannot have trigger 'static'",
        ),
        ("site_body_bonus", {"amount": 1}, "site_body_bonus cannot have trigger ''"),
        ("vanilla", {"trigger": "play"}, "vanilla has no trigger"),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "target": "opponent"},
            "damage_target cannot target 'opponent'",
        ),
        (
            "draw",
            {"trigger": "turn", "count": 1, "timing": "later"},
            "timing is 'main' or 'any', not 'later'",
        ),
        (
            "fighting_bonus",
            {"trigger": "static", "amount": 1, "target": "host", "attach_to": "site"},
            "attach_to is one of ['opponent_character', 'your_character', 'your_site'], not 'site'",
        ),
        (
            "fighting_bonus",
            {"trigger": "static", "amount": 1, "target": "host"},
            "fighting_bonus on its host needs attach_to",
        ),
        (
            "fighting_bonus",
            {"trigger": "static", "amount": 1, "target": "your_characters", "duration": "ever"},
            "duration is 'turn', not 'ever'",
        ),
        (
            "fighting_bonus",
            {"trigger": "play", "amount": 1, "target": "character"},
            "a played fighting_bonus lasts until the end of the turn: duration 'turn'",
        ),
        (
            "grant_ability",
            {"trigger": "play", "abilities": ["guts"], "target": "character"},
            "a played grant_ability lasts until the end of the turn: duration 'turn'",
        ),
        (
            "damage_each",
            {"trigger": "play", "amount": 1, "scope": "everyone"},
            "damage_each scope is all_characters or opponent_characters: 'everyone'",
        ),
        (
            "fighting_bonus",
            {"trigger": "static", "amount": 1, "target": "your_characters", "condition": "x"},
            "condition is 'attacking', not 'x'",
        ),
        (
            "cost_reduction",
            {"trigger": "static", "amount": 1, "card_type": "Dragon"},
            "unknown card_type 'Dragon'",
        ),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "amount": True},
            "amount must be a whole number, not True",
        ),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "amount": "3"},
            "amount must be a whole number, not '3'",
        ),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "amount": -1},
            "damage_target amount cannot be negative",
        ),
        (
            "heal",
            {"trigger": "play", "amount": "most", "target": "character"},
            "amount must be a whole number, not 'most'",
        ),
        ("damage_target", {**PLAYED_DAMAGE, "target": 3}, "target must be a string, not 3"),
        ("draw", {"trigger": "turn", "count": -1}, "count must be a whole number from 0, not -1"),
        (
            "draw",
            {"trigger": "turn", "count": True},
            "count must be a whole number from 0, not True",
        ),
        ("draw", {"trigger": "turn", "count": "2"}, "count must be a whole number from 0, not '2'"),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "max_cost": -1},
            "max_cost must be a whole number from 0, not -1",
        ),
        (
            "damage_target",
            {**PLAYED_DAMAGE, "at_location": "yes"},
            "at_location must be true or false, not 'yes'",
        ),
    ],
)
def test_a_malformed_effect_is_refused_naming_the_parameter(
    key: str, params: dict[str, Any], message: str
) -> None:
    with pytest.raises(EffectError) as caught:
        parse_effect(key, params)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("guts", "abilities must be a list of strings, not 'guts'"),
        (["toughness"], "toughness needs a value, e.g. 'toughness:1', not 'toughness'"),
        (["toughness:x"], "toughness needs a value, e.g. 'toughness:1', not 'toughness:x'"),
        (["flying"], "unknown ability 'flying'"),
        (["guts:1"], "unknown ability 'guts:1'"),
    ],
)
def test_malformed_abilities_are_refused(values: Any, message: str) -> None:
    with pytest.raises(EffectError) as caught:
        parse_abilities(values)
    assert str(caught.value) == message


def test_abilities_are_read_from_a_list_or_a_tuple() -> None:
    assert parse_abilities(("ambush", "toughness:1")) == (32, 1)
    assert parse_abilities([]) == (0, 0)
