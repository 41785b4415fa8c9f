"""Card definitions: reading catalogue-shaped dicts, real cards played by their printed
stats, and effects that are not modelled reported as blanks (never silently)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from play.engine.core import DataError
from play.engine.games.shadowfist import GAME, card_from_dict, card_to_dict, unmodelled_cards
from play.engine.games.shadowfist.effects.spec import ABILITY_BITS, parse_effect
from play.engine.games.shadowfist.state import SMOKED
from play.engine.games.shadowfist.zones import smoke

from .shadowfist_table import (
    act,
    card_defs,
    new_table,
    put_character,
    put_site,
    real_cards,
    set_hand,
    starter_cards,
    to_hand,
    to_main,
)

API_ROW = {  # a Shadowfist card as the catalogue API returns it
    "id": 812,
    "game": "shadowfist",
    "name": "Ancient Temple",
    "slug": "ancient-temple",
    "type": "Feng Shui Site",
    "effect_text": None,
    "effect_key": None,
    "printings": [],
    "subtitle": "Feng Shui Site",
    "faction": "",
    "cost": 0,
    "cost_is_x": False,
    "requires": "",
    "provides": "",
    "fighting": 0,
    "fighting_is_x": False,
    "power": 1,
    "body": 5,
    "designators": ["Ancient", "Temple"],
    "is_no_max": False,
    "is_unique": False,
    "is_limited": True,
    "effect_params": {},
}


def test_a_card_is_read_from_the_catalogue_apis_shape():
    card = card_from_dict(API_ROW)
    assert (card.id, card.name, card.type, card.power, card.body) == (
        812,
        "Ancient Temple",
        "Feng Shui Site",
        1,
        5,
    )
    assert card.designators == ("Ancient", "Temple")
    assert card.limited
    assert not card.unique
    assert card.is_fs
    assert card.is_site
    assert card.playable
    assert card.effect is None
    assert not card.unmodelled
    assert card.needs == ()
    novice = card_from_dict({**API_ROW, "type": "Character", "requires": "dmd"})
    assert novice.needs == (("d", 2), ("m", 1))


@pytest.mark.rule("shadowfist.txt", 86)
def test_the_starter_files_spellings_are_read_and_designators_worked_out():
    """The effect vocabulary: 'both sites whose subtitle is "Temple Feng Shui Site" carry the
    designator Temple'."""
    hall = next(
        card_from_dict(c, i)
        for i, c in enumerate(starter_cards())
        if c["name"] == "Hall of Nine Bells"
    )
    assert hall.designators == ("Hall", "Nine", "Bells", "Temple")
    inspector = next(
        card_from_dict(c) for c in starter_cards() if c["name"] == "The Last Honest Inspector"
    )
    assert inspector.unique
    assert inspector.abilities == ABILITY_BITS["ambush"]
    assert inspector.toughness == 2


def test_a_card_survives_a_round_trip_through_its_dict():
    for index, data in enumerate(starter_cards()):
        card = card_from_dict(data, index)
        again = card_from_dict(json.loads(json.dumps(card_to_dict(card))))
        assert again == card


_GAIN = {"trigger": "attack_hit", "amount": 1}


@pytest.mark.parametrize(
    ("row", "fields"),
    [
        (  # every field from its own key; params canonical JSON, keys sorted, no spaces
            {
                **API_ROW,
                "type": "Character",
                "subtitle": "Hero of Legend",
                "faction": "Dragons",
                "cost": 3,
                "cost_is_x": True,
                "requires": "dd",
                "provides": "d",
                "fighting": 4,
                "body": 0,
                "designators": "Monk Hero",
                "is_limited": False,
                "is_no_max": True,
                "effect_text": "Guts. Toughness: 1.",
                "effect_params": {"toast_it": True, "abilities": ["guts", "toughness:1"]},
            },
            {
                "subtitle": "Hero of Legend",
                "faction": "Dragons",
                "cost": 3,
                "cost_is_x": True,
                "requires": "dd",
                "provides": "d",
                "fighting": 4,
                "designators": ("Monk", "Hero"),
                "limited": False,
                "no_max": True,
                "toast_it": True,
                "abilities": ABILITY_BITS["guts"],
                "toughness": 1,
                "effect_text": "Guts. Toughness: 1.",
                "effect_params": '{"abilities":["guts","toughness:1"],"toast_it":true}',
                "unmodelled": "X cost or X Fighting, read as 0",
            },
        ),
        (  # the starter file's spellings
            {
                "name": "Starter",
                "type": "Character",
                "unique": True,
                "limited": True,
                "no_max": True,
            },
            {"unique": True, "limited": True, "no_max": True},
        ),
        (  # what is missing, null or empty reads as nothing; a text that is not one, too
            {
                "name": "Nobody",
                "type": "Character",
                "subtitle": None,
                "faction": None,
                "cost": "",
                "designators": None,
                "effect_text": 5,
            },
            {
                "subtitle": "",
                "faction": "",
                "cost": 0,
                "fighting": 0,
                "requires": "",
                "designators": (),
                "unique": False,
                "no_max": False,
                "toast_it": False,
                "abilities": 0,
                "toughness": 0,
                "effect_text": None,
                "effect_params": "{}",
            },
        ),
        (  # X Fighting is read as 0, and the card keeps the effect it has
            {
                **API_ROW,
                "type": "Character",
                "fighting_is_x": True,
                "effect_key": "gain_power",
                "effect_params": _GAIN,
            },
            {
                "unmodelled": "X cost or X Fighting, read as 0",
                "effect": parse_effect("gain_power", _GAIN),
            },
        ),
    ],
)
def test_each_field_is_read_from_its_own_key(row: dict[str, Any], fields: dict[str, Any]) -> None:
    """The catalogue's fields (docs/shadowfist.md, "Real cards"), each read into its own
    field of the card, and the defaults of what a row leaves out."""
    card = card_from_dict(row)
    assert {name: getattr(card, name) for name in fields} == fields


_TYPES = "Character, Feng Shui Site, Site, Event, State, Edge, Other"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"type": "Spell"}, f"unknown type 'Spell'; a Shadowfist card is one of {_TYPES}"),
        ({"type": None}, f"unknown type ''; a Shadowfist card is one of {_TYPES}"),
        ({"id": True}, "id must be an int or a string, not True"),
        ({"id": 1.5}, "id must be an int or a string, not 1.5"),
        ({"effect_params": [1]}, "effect_params must be a dict, not [1]"),
        ({"effect_key": 7}, "effect_key must be a string or null, not 7"),
        ({"effect_params": {"toast_it": "yes"}}, "toast_it must be true or false, not 'yes'"),
        ({"is_unique": "yes"}, "is_unique must be true or false, not 'yes'"),
        ({"cost": 1000}, "cost must be a whole number from 0, not 1000"),
        ({"cost": -1}, "cost must be a whole number from 0, not -1"),
        ({"cost": True}, "cost must be a whole number from 0, not True"),
        ({"requires": "dzx"}, "requires has unknown resource code(s) 'xz'"),
        ({"designators": ["Monk", 3]}, "designators must be a list of words, not ['Monk', 3]"),
    ],
)
def test_a_malformed_row_is_refused_with_its_reason(changes: dict[str, Any], reason: str) -> None:
    """A row the engine cannot read is refused naming the card, the field and the value."""
    with pytest.raises(DataError) as caught:
        card_from_dict({**API_ROW, "name": "Bad Row", **changes})
    assert caught.value.reason == f"card 'Bad Row': {reason}"


def test_every_starter_card_is_modelled():
    assert unmodelled_cards(starter_cards()) == []


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"type": "Event", "effect_key": None}, "no effect key"),
        ({"type": "State", "effect_key": "summon_dragon"}, "unknown effect key"),
        ({"type": "Edge", "effect_key": None}, "no effect key"),
        ({"type": "Character", "fighting_is_x": True}, "X cost or X Fighting"),
        ({"type": "Other"}, "type Other"),
        ({"type": "Site", "body": 0}, "without Body"),
    ],
)
def test_what_is_not_modelled_is_listed_with_a_reason(changes, reason):
    data = {**API_ROW, "type": "Character", "fighting": 3, **changes}
    (card,) = unmodelled_cards([data])
    assert reason in card.unmodelled
    assert card.effect is None or card.fighting_is_x


_STATIC = {"trigger": "static", "amount": 1}
_ON_HOST = {**_STATIC, "target": "host", "attach_to": "your_character"}
_GUTS = {"abilities": ["guts"], "target": "your_character"}
_TURN = {"trigger": "play", "duration": "turn", "target": "your_character"}


@pytest.mark.parametrize(
    ("kind", "key", "params", "blank"),
    [
        ("Edge", "fighting_bonus", {**_STATIC, "target": "your_characters"}, False),
        ("Edge", "site_body_bonus", {**_STATIC, "target": "your_sites"}, False),
        ("Edge", "site_power_bonus", {**_STATIC, "target": "your_sites"}, False),
        ("Edge", "cost_reduction", {**_STATIC, "card_type": "State"}, False),
        ("Edge", "grant_ability", {"trigger": "static", **_GUTS}, True),
        ("State", "fighting_bonus", _ON_HOST, False),
        ("Edge", "fighting_bonus", _ON_HOST, True),
        ("Character", "gain_power", {"trigger": "attack_hit", "amount": 1}, False),
        ("Character", "draw", {"trigger": "attack_hit", "count": 1}, False),
        ("Site", "gain_power", {"trigger": "attack_hit", "amount": 1}, True),
        ("Edge", "draw", {"trigger": "establishing", "count": 1}, False),
        ("Character", "gain_power", {"trigger": "establishing", "amount": 1}, False),
        ("Character", "draw", {"trigger": "play", "count": 1}, False),
        ("Site", "cancel_event", {"trigger": "play", "target": "event"}, True),
        ("Character", "fighting_bonus", {**_TURN, "amount": 1}, True),
        ("Character", "grant_ability", {**_TURN, "abilities": ["guts"]}, True),
    ],
)
def test_an_effect_the_engine_cannot_run_on_its_type_of_card_makes_it_a_blank(
    kind: str, key: str, params: dict[str, Any], blank: bool
) -> None:
    """Which key, trigger and type of card the engine runs (docs/shadowfist.md, "Real
    cards"): a static effect is a State's on its host, or one of four bonuses; an
    "attack_hit" effect is a character's; a card played into play does nothing that lasts
    the turn or answers an event. Anything else is played as a blank, and says so."""
    data = {**API_ROW, "type": kind, "body": 3, "fighting": 2, "effect_key": key}
    card = card_from_dict({**data, "effect_params": params})
    if blank:
        trigger = params["trigger"]
        assert card.unmodelled == f"{key} with trigger {trigger!r} on a {kind}: played as a blank"
        assert card.effect is None
    else:
        assert card.unmodelled == ""
        assert card.effect is not None


def test_an_unmodelled_card_without_an_id_is_named_by_its_index():
    """'A card's id is its `id`, else its index in `cards`' (docs/shadowfist.md); a
    card read alone without one has id 0."""
    plain = {k: v for k, v in API_ROW.items() if k != "id"}
    assert card_from_dict(plain).id == 0
    blank = {**plain, "type": "Event", "name": "Mystery Blast"}
    (card,) = unmodelled_cards([plain, blank])
    assert (card.id, card.name) == (1, "Mystery Blast")


def test_a_keys_rule_lists_its_parameters_triggers_and_targets():
    """The vocabulary's table (docs/shadowfist-effects.md): what a key
    accepts, the untargeted form always among its targets."""
    from play.engine.games.shadowfist.effects.spec import KeyRule, _rule

    assert _rule("amount target", "amount", "play turn", "character self") == KeyRule(
        frozenset({"amount", "target"}),
        frozenset({"amount"}),
        frozenset({"play", "turn"}),
        frozenset({"character", "self", ""}),
    )


def test_characters_and_sites_without_effects_are_not_listed():
    character = {
        **API_ROW,
        "type": "Character",
        "fighting": 5,
        "faction": "Dragons",
        "requires": "dd",
        "provides": "d",
    }
    small_site = {**API_ROW, "type": "Site", "body": 1}
    assert unmodelled_cards([API_ROW, character, small_site]) == []


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"trigger": "play", "amount": "three", "target": "character"}, "amount"),
        ({"trigger": "play", "amount": 3}, "target"),
        ({"trigger": "sometimes", "amount": 3, "target": "character"}, "trigger"),
        ({"trigger": "play", "amount": 3, "target": "everyone"}, "target"),
        ({"trigger": "play", "amount": 3, "target": "character", "colour": "red"}, "colour"),
    ],
)
def test_a_known_effect_with_bad_parameters_is_refused_naming_the_card(params, message):
    data = {
        **API_ROW,
        "name": "Bad Rain",
        "type": "Event",
        "effect_key": "damage_target",
        "effect_params": params,
    }
    with pytest.raises(DataError) as caught:
        card_from_dict(data)
    assert "Bad Rain" in caught.value.reason
    assert message in caught.value.reason


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (["Ancient Temple"], "a card is a dict of its fields, not ['Ancient Temple']"),
        ({"type": "Event"}, "a card needs a name: {'type': 'Event'}"),
        ({**API_ROW, "name": ""}, "a card needs a name: {'id': 812"),
        ({**API_ROW, "name": 7}, "a card needs a name: {'id': 812"),
        ({"effect_text": "x" * 300}, "a card needs a name: {'effect_text': 'xxx"),
    ],
)
def test_a_card_that_is_not_a_named_dict_is_refused_showing_it(data: Any, words: str) -> None:
    """A card is a dict of its fields with a non-empty string name; the refusal shows
    what was given, cut to 200 characters."""
    with pytest.raises(DataError) as caught:
        card_from_dict(data)
    assert caught.value.code == "bad_card"
    assert caught.value.reason.startswith(words)
    assert len(caught.value.reason) <= 200


_POWER = {"trigger": "play", "amount": 1}
_ABILITY = {"trigger": "turn", "amount": 1}
_ANY_ABILITY = {**_ABILITY, "timing": "any"}
_TURN_BONUS = {**_TURN, "amount": 1, "target": "your_characters"}
_AURA = "playable aura"


@pytest.mark.parametrize(
    ("kind", "body", "key", "params", "derived"),
    [
        ("Character", 0, None, {}, "is_character playable"),
        ("Feng Shui Site", 5, None, {}, "is_site is_fs playable"),
        ("Site", 1, None, {}, "is_site playable"),
        ("Site", 0, None, {}, "is_site"),
        ("Other", 3, None, {}, ""),
        ("Event", 0, "gain_power", _POWER, "playable any_event"),
        ("Event", 0, "gain_power", {**_POWER, "timing": "main"}, "playable"),
        ("Character", 0, "gain_power", _ABILITY, "is_character playable turn_ability"),
        (
            "Character",
            0,
            "gain_power",
            _ANY_ABILITY,
            "is_character playable turn_ability any_ability",
        ),
        ("Edge", 0, "fighting_bonus", {**_STATIC, "target": "your_characters"}, _AURA),
        ("Edge", 0, "site_body_bonus", {**_STATIC, "target": "your_sites"}, _AURA),
        ("Edge", 0, "site_power_bonus", _STATIC, _AURA),
        ("Edge", 0, "cost_reduction", {**_STATIC, "card_type": "State"}, _AURA),
        ("State", 0, "fighting_bonus", _ON_HOST, "playable"),
        ("Event", 0, "fighting_bonus", _TURN_BONUS, "playable any_event"),
    ],
)
def test_a_cards_derived_flags_follow_its_type_and_effect(
    kind: str, body: int, key: str | None, params: dict[str, Any], derived: str
) -> None:
    """What the engine reads off a card once: its kind of card; whether it can be played
    (not type Other, not a site without Body); an event playable in response (timing
    "any", an event's default); a "turn" ability, and one usable at any time; and an
    aura, a static effect on your characters or sites, or a cost reduction or site Power
    bonus (not a state's effect on its host, nor a bonus that lasts the turn)."""
    data = {**API_ROW, "type": kind, "body": body, "effect_key": key, "effect_params": params}
    card = card_from_dict(data)
    flags = ("is_character", "is_site", "is_fs", "playable")
    flags += ("any_event", "turn_ability", "any_ability", "aura")
    assert {flag for flag in flags if getattr(card, flag)} == set(derived.split())


MYSTERY = [
    {"id": "x-event", "name": "Mystery Blast", "type": "Event", "cost": 2},
    {"id": "x-state", "name": "Mystery Gear", "type": "State", "cost": 1},
    {"id": "x-edge", "name": "Mystery Edge", "type": "Edge", "cost": 1},
]


def blank_table():
    """Seat 0 in its main shot; the decks hold the starter set and three blanks."""
    cards = [*starter_cards(), *MYSTERY]
    deck = [c["name"] for c in cards for _ in range(2)]
    state = new_table([deck, deck], cards=cards)
    to_main(state, power=5)
    set_hand(state, 0)
    return state


@pytest.mark.rule("shadowfist.txt", "30.1", 63)
def test_a_blank_event_is_played_paying_its_cost_and_does_nothing():
    """Effects not modelled are 'played as blanks (paying their cost)'."""
    state = blank_table()
    (card,) = to_hand(state, 0, "Mystery Blast")
    assert state.defs[state.kind[card]].blank
    act(state, "play", card)
    assert state.pool[0] == 3
    assert state.zone[card] == SMOKED
    assert state.phase == "main"


@pytest.mark.rule("shadowfist.txt", "28.1", 32)
def test_a_blank_state_goes_on_a_card_you_control_and_a_blank_edge_into_play():
    """Reading (docs/shadowfist.md): a blank state may go on a character or site you
    control; it does nothing, and follows its host out of play."""
    state = blank_table()
    gear, edge = to_hand(state, 0, "Mystery Gear", "Mystery Edge")
    assert not [a for a in GAME.legal_actions(state) if a.kind == "play" and a.args[0] == gear]
    char = put_character(state, 0, "Temple Novice")
    site = put_site(state, 0, "Jade Moon Garden")
    put_character(state, 1, "Temple Novice")
    hosts = {a.args[1] for a in GAME.legal_actions(state) if a.kind == "play" and a.args[0] == gear}
    assert hosts == {char, site}
    act(state, "play", gear, char)
    act(state, "play", edge)
    assert state.edges[0] == [edge]
    assert state.host[gear] == char
    smoke(state, char, None)
    assert state.zone[gear] == SMOKED


def test_every_real_card_loads_and_real_characters_and_sites_are_playable():
    cards = card_defs(real_cards())
    assert len(cards) == 2394
    characters = [c for c in cards if c.is_character]
    sites = [c for c in cards if c.is_site]
    assert all(c.effect is None for c in cards)
    assert sum(c.playable for c in characters) == len(characters)
    assert sum(not c.playable for c in sites) == 2  # two cards without Body
    blanks = unmodelled_cards(cards)
    assert {c.type for c in blanks if c.blank} == {"Event", "State", "Edge"}
    assert not any(c.is_character and not c.fighting_is_x and not c.cost_is_x for c in blanks)
