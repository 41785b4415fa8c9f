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

from .shadowfist_table import attack, main_table, put_character, put_site, put_state, starter_cards

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
