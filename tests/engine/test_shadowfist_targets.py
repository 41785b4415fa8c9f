"""Targets at a location (effects/targets.py): where a card is, for "at this location".

The effect vocabulary, "Targets": the filter ``at_location`` keeps the targets at the location of
the effect's card. A state is where its host is; an attacking character is at the
location of the attack's target (rules summary, "Defense": "Resulting combats take place
at the location of the target").
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.effects.spec import EffectSpec
from play.engine.games.shadowfist.effects.targets import (
    attack_location,
    location_of,
    target_ok,
    target_options,
)
from play.engine.games.shadowfist.state import NONE, PLAY, ShadowfistState
from play.engine.games.shadowfist.stats import fighting

from .shadowfist_table import (
    act,
    attack,
    every_card,
    give_resources,
    main_table,
    new_table,
    pass_round,
    plays_of,
    put_character,
    put_edge,
    put_site,
    put_state,
    starter_cards,
    to_hand,
    to_main,
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


def _rain_answered(state: ShadowfistState, victim: int, requires: str) -> None:
    """Seat 0 plays Lead Rain on ``victim``; seat 1 answers with the card in its hand on
    it (given ``requires``); all resolves."""
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    give_resources(state, 1, requires)
    state.pool[1] = 5
    act(state, "play", rain, victim)
    assert state.to_act == 1
    act(state, "play", state.hands[1][0], victim)
    pass_round(state)
    assert state.stack == []


def test_a_target_gone_from_play_on_resolution_is_not_affected() -> None:
    """'Targets are checked again when the effect resolves. If a target has left play
    ... the effect does nothing to it.'"""
    state = main_table(hands={1: ["Return to the Mountain"]})
    pilgrim = put_character(state, 1, "Silent Pilgrim")  # cost 3
    _rain_answered(state, pilgrim, "gg")
    assert state.hands[1] == [pilgrim]
    assert state.damage[pilgrim] == 0


def test_a_target_that_no_longer_fits_on_resolution_is_not_affected() -> None:
    """'If a target ... no longer fits ... the effect does nothing to it': Lead Rain
    limited to Fighting 2 or less, its target raised to 4 in answer."""
    state = main_table(cards=_rain_with(max_fighting=2), hands={1: ["Fists of the Faithful"]})
    sentry = put_character(state, 1, "Monastery Sentry")  # Fighting 2
    _rain_answered(state, sentry, "g")
    assert fighting(state, sentry) == 4
    assert state.damage[sentry] == 0
    assert state.zone[sentry] == PLAY


def test_an_edge_is_at_no_location_so_its_at_location_ability_has_no_target() -> None:
    params = {
        "trigger": "turn",
        "timing": "any",
        "amount": 1,
        "target": "character",
        "at_location": True,
    }
    cards = [
        {**card, "effect_key": "damage_target", "effect_params": params}
        if card["name"] == "Neighborhood Watch"
        else card
        for card in starter_cards()
    ]
    state = main_table(cards=cards)
    watch = put_edge(state, 0, "Neighborhood Watch")
    for _ in range(3):  # every copy of seat 1, the game's last card among them
        put_edge(state, 1, "Neighborhood Watch")
    assert state.zone[len(state.kind) - 1] == PLAY
    put_character(state, 0, "Temple Novice")
    put_character(state, 1, "Temple Novice")
    assert _targets(state, watch) == set()


@pytest.mark.rule("shadowfist.txt", 86)
def test_a_designator_filter_keeps_only_characters_with_that_designator() -> None:
    """The effect vocabulary, "Targets": the filter ``designator`` narrows a character target to the
    characters whose title or subtitle has that word (checked in the choice and again on
    resolution)."""
    state = main_table()
    cop = put_character(state, 1, "The Last Honest Inspector")  # ... Legendary Cop
    other = put_character(state, 1, "Teahouse Brawler")
    source = put_character(state, 0, "Temple Novice")
    spec = EffectSpec(key="damage_target", target="character", designator="Cop")
    assert target_options(state, 0, source, spec) == [(cop,)]
    assert target_ok(state, 0, source, spec, cop)
    assert not target_ok(state, 0, source, spec, other)


def test_there_is_no_attack_location_without_an_attack_in_progress() -> None:
    """With no attack in progress, there is no attack location, whatever is in play (the
    attack's target is then NONE, which must not be read as the last card)."""
    state = new_table([every_card(), [*["Jade Moon Garden"] * 8, "Temple Novice"]])
    to_main(state)
    last = len(state.kind) - 1
    assert put_character(state, 1, "Temple Novice") == last
    assert state.att_player == NONE
    assert location_of(state, last) == (1, 0)
    assert attack_location(state) is None


def test_a_state_played_on_a_site_you_control_is_offered_only_your_sites() -> None:
    """Spirit Ward: 'Play on a site you control.' Its hosts are your sites, front and back
    row, never a character of yours nor another player's site."""
    state = main_table()
    put_character(state, 0, "Teahouse Brawler")
    front = put_site(state, 0, "Old Junk Harbor")
    back = put_site(state, 0, "Sleeping Dragon Ridge", slot=0)
    put_site(state, 1, "Old Junk Harbor")
    (ward,) = to_hand(state, 0, "Spirit Ward")
    give_resources(state, 0, "M")
    assert sorted(args[1] for args in plays_of(state, ward)) == sorted([front, back])


def _with_effect(name: str, key: str, **params: Any) -> list[dict[str, Any]]:
    """The starter set, the card ``name`` given the effect ``key`` with ``params``."""
    return [
        {**card, "effect_key": key, "effect_params": params} if card["name"] == name else card
        for card in starter_cards()
    ]


def test_a_character_entering_play_takes_its_location_then_its_target() -> None:
    """A character with 'When this enters play, a target opponent discards a card of their
    choice': its first argument is the location it goes to, the next its target; the
    opponent's choice names the character as its source."""
    discard = {"trigger": "play", "count": 1, "target": "opponent"}
    state = main_table(cards=_with_effect("Rookie Patrol Officer", "force_discard", **discard))
    to_hand(state, 1, "Teahouse Brawler", "Temple Novice")
    (officer,) = to_hand(state, 0, "Rookie Patrol Officer")
    assert (officer, 0, 1) in plays_of(state, officer)
    act(state, "play", officer, 0, 1)
    assert state.loc[officer] == 0
    assert state.choice == ["discard", 1, 1, officer, -1]


def test_an_edge_entering_play_takes_every_argument_as_a_target() -> None:
    """An edge has no place to choose: 'When this enters play, inflict 1 damage on a target
    character' takes its first argument as the target; and one without a target
    ('gain 1 Power') takes none."""
    hit = {"trigger": "play", "amount": 1, "target": "character"}
    state = main_table(cards=_with_effect("Code of the Badge", "damage_target", **hit))
    brawler = put_character(state, 1, "Teahouse Brawler")
    (edge,) = to_hand(state, 0, "Code of the Badge")
    give_resources(state, 0, state.defs[state.kind[edge]].requires)
    assert (edge, brawler) in plays_of(state, edge)
    act(state, "play", edge, brawler)
    pass_round(state)
    assert state.damage[brawler] == 1

    gain = {"trigger": "play", "amount": 1}
    state = main_table(cards=_with_effect("Code of the Badge", "gain_power", **gain))
    (edge,) = to_hand(state, 0, "Code of the Badge")
    give_resources(state, 0, state.defs[state.kind[edge]].requires)
    cost = state.defs[state.kind[edge]].cost
    before = state.pool[0]
    act(state, "play", edge)
    pass_round(state)
    assert state.pool[0] == before - cost + 1


def test_an_event_is_at_no_location_so_its_at_location_target_is_never_there() -> None:
    """The effect vocabulary, "Targets": ``at_location`` keeps the targets at the location of the
    effect's card. An event in hand is at no location: 'Inflict 3 damage on a target
    character at this location' has no target, so it cannot be played, and holding it
    does not keep its player in a pass round."""
    state = main_table(cards=_rain_with(at_location=True))
    put_character(state, 0, "Temple Novice")
    put_character(state, 1, "Temple Novice")
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    assert plays_of(state, rain) == []

    to_hand(state, 1, "Lead Rain")
    give_resources(state, 1, "dH")
    state.pool[1] = 10
    (money,) = to_hand(state, 0, "Protection Money")  # 'A target opponent loses 2 Power'
    act(state, "play", money, 1)
    assert state.stack == []  # seat 1 was passed over: resolved at once
    assert state.to_act == 0
    assert state.pool[1] == 8
