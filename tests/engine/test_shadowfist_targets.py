"""Targets at a location (effects/targets.py): where a card is, for "at this location".

Starter doc, "Targets": the filter ``at_location`` keeps the targets at the location of
the effect's card. A state is where its host is; an attacking character is at the
location of the attack's target (rules summary, "Defense": "Resulting combats take place
at the location of the target").
"""

from __future__ import annotations

from typing import Any

from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.state import ShadowfistState
from play.engine.games.shadowfist.stats import fighting

from .shadowfist_table import (
    attack,
    give_resources,
    main_table,
    plays_of,
    put_character,
    put_site,
    put_state,
    starter_cards,
    to_hand,
)

BEADS = "Prayer Beads of Warding"


def _beads_that_strike_here() -> list[dict[str, Any]]:
    """The starter set, its Beads a state with 'Turn (at any time): inflict 1 damage on a
    target character at this location'."""
    params = {
        "trigger": "turn",
        "timing": "any",
        "amount": 1,
        "target": "character",
        "at_location": True,
    }
    return [
        {**card, "effect_key": "damage_target", "effect_params": params}
        if card["name"] == BEADS
        else card
        for card in starter_cards()
    ]


def _targets(state: ShadowfistState, source: int) -> set[int]:
    return {
        a.args[1] for a in GAME.legal_actions(state) if a.kind == "ability" and a.args[0] == source
    }


def test_a_state_is_at_its_hosts_location() -> None:
    state = main_table(cards=_beads_that_strike_here())
    host = put_character(state, 0, "Temple Novice", loc=0)
    beside = put_character(state, 0, "Monastery Sentry", loc=0)
    put_character(state, 0, "Silent Pilgrim", loc=1)  # elsewhere
    put_character(state, 1, "Temple Novice", loc=0)  # the opponent's location 0
    beads = put_state(state, 0, BEADS, host)
    assert _targets(state, beads) == {host, beside}


def test_a_state_on_an_attacker_is_at_the_attacks_location() -> None:
    state = main_table(cards=_beads_that_strike_here())
    site = put_site(state, 1, "Jade Moon Garden")
    defender = put_character(state, 1, "Temple Novice", loc=0)
    attacker = put_character(state, 0, "Teahouse Brawler", loc=0)
    put_character(state, 0, "Monastery Sentry", loc=0)  # stays home
    beads = put_state(state, 1, BEADS, attacker)  # the defender's state on the attacker
    attack(state, site, attacker)
    assert state.pending
    assert state.to_act == 1
    assert _targets(state, beads) == {attacker, defender}


def _rain_with(**limits: Any) -> list[dict[str, Any]]:
    """The starter set, its Lead Rain ('Inflict 3 damage on a target character') limited."""
    return [
        {**card, "effect_params": {**card["effect_params"], **limits}}
        if card["name"] == "Lead Rain"
        else card
        for card in starter_cards()
    ]


def _rain_targets(state: ShadowfistState) -> set[int]:
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    return {args[1] for args in plays_of(state, rain)}


def test_a_fighting_limit_keeps_characters_of_at_most_that_fighting_now() -> None:
    state = main_table(cards=_rain_with(max_fighting=2))
    novice = put_character(state, 1, "Temple Novice")  # Fighting 1
    sentry = put_character(state, 1, "Monastery Sentry")  # Fighting 2
    put_character(state, 1, "Silent Pilgrim")  # Fighting 3
    boosted = put_character(state, 0, "Teahouse Brawler")  # Fighting 2, +1 below
    assert fighting(state, boosted) == 2
    assert _rain_targets(state) == {novice, sentry, boosted}
    put_state(state, 0, "Rusty Meat Cleaver", boosted)
    assert fighting(state, boosted) > 2
    assert boosted not in {args[1] for args in plays_of(state, state.hands[0][0])}


def test_an_attacking_character_target_excludes_defenders_at_the_location() -> None:
    state = main_table()
    gate = put_site(state, 1, "Cinnabar Gate")  # Turn: 1 damage on an attacker here
    defender = put_character(state, 1, "Temple Novice", loc=0)
    attacker = put_character(state, 0, "Teahouse Brawler", loc=0)
    put_character(state, 0, "Monastery Sentry", loc=0)  # not attacking
    attack(state, gate, attacker)
    assert state.to_act == 1
    assert _targets(state, gate) == {attacker}
    assert defender in state.chars[1]


def test_an_at_location_character_target_is_only_a_character_at_that_location() -> None:
    cards = [
        {**card, "effect_params": {**card["effect_params"], "target": "character"}}
        if card["name"] == "Cinnabar Gate"
        else card
        for card in starter_cards()
    ]
    state = main_table(cards=cards)
    gate = put_site(state, 0, "Cinnabar Gate")  # column 0: location (0, 0)
    put_site(state, 0, "Jade Moon Garden")
    here = put_character(state, 0, "Temple Novice", loc=0)
    put_character(state, 0, "Monastery Sentry", loc=1)
    put_character(state, 1, "Temple Novice", loc=0)
    assert _targets(state, gate) == {here}
