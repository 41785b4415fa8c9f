"""Attacks: declaration, joining, interception chains, combat damage, the target
(rules summary, "Kicking Butt"; readings: docs/shadowfist.md)."""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Action, Event
from play.engine.games.shadowfist import GAME, ShadowfistState
from play.engine.games.shadowfist.state import (
    COMBAT,
    DECLARE,
    FATE,
    INTERCEPT,
    JOIN,
    MAIN,
    PLAY,
    SMOKED,
    STRIKE,
)
from play.engine.games.shadowfist.stats import fighting

from .shadowfist_table import (
    act,
    attack,
    give_resources,
    legal_kinds,
    main_table,
    pass_round,
    play,
    put_character,
    put_site,
    put_state,
    set_hand,
    starter_cards,
    to_hand,
    to_main,
)


@pytest.mark.rule("shadowfist.txt", "9.1", "9.2", "59.2", 78)
def test_attackers_are_unturned_characters_that_turn_against_one_target():
    """'You may attack with unturned characters. turn all attacking characters. You may
    have as many characters attack as you wish, but you can only attack one target.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    a = put_character(state, 0, "Teahouse Brawler")
    b = put_character(state, 0, "Teahouse Brawler")
    tired = put_character(state, 0, "Rookie Patrol Officer")
    state.turned[tired] = True
    act(state, "attack", site)
    assert state.phase == DECLARE
    adds = {x.args[0] for x in GAME.legal_actions(state) if x.kind == "add"}
    assert adds == {a, b}
    assert "go" not in legal_kinds(state)  # at least one attacker
    act(state, "add", a)
    assert state.turned[a]
    assert "go" in legal_kinds(state)
    act(state, "add", b)  # the last unturned character: the attack launches
    assert state.damage[site] == 4
    assert state.phase == MAIN


@pytest.mark.rule("shadowfist.txt", "9.3", 78)
def test_other_players_may_join_clockwise_from_the_attacker():
    """'Each player in turn, clockwise from the attacking player, has a chance to join in
    the attack.' Reading: not the player under attack."""
    state = main_table(players=4)
    site = put_site(state, 2, "Old Junk Harbor")
    mine = put_character(state, 0, "Teahouse Brawler")
    one = put_character(state, 1, "Temple Novice")
    put_character(state, 1, "Temple Novice")
    put_character(state, 2, "Temple Novice")
    three = put_character(state, 3, "Monastery Sentry")
    act(state, "attack", site)
    act(state, "add", mine)  # its only character: the attack launches
    assert state.phase == JOIN
    assert state.to_act == 1
    act(state, "join", one)
    assert state.turned[one]
    act(state, "pass")
    assert state.to_act == 3  # seat 2 is under attack
    act(state, "join", three)  # its last unturned character: it is done
    assert state.attackers == [mine, one, three]
    assert state.phase == INTERCEPT
    assert state.to_act == 2


def finish_interception(state, seat):
    """Stop declaring interceptors (a seat with none left to declare is done already)."""
    if state.phase == INTERCEPT and state.to_act == seat:
        act(state, "pass")


def interception_table():
    """Four seats; seat 0 attacks seat 2's site; every seat has two characters."""
    state = main_table(players=4)
    site = put_site(state, 2, "Old Junk Harbor")
    attacker = put_character(state, 0, "Teahouse Brawler")
    chars = {s: put_character(state, s, "Temple Novice") for s in (1, 2, 3)}
    for seat in (1, 2, 3):
        put_character(state, seat, "Hermit of the Misty Peak")
    attack(state, site, attacker)
    act(state, "pass")  # seat 1 does not join
    act(state, "pass")  # nor seat 3
    return state, site, attacker, chars


@pytest.mark.rule("shadowfist.txt", 10, 12)
def test_interception_goes_clockwise_from_the_defender_who_intercepts_last():
    """'each player in turn, clockwise from the player under attack, may intercept ...
    After all players other than the player under attack have had a chance to intercept,
    the player under attack may intercept'."""
    state, _, _, _ = interception_table()
    order = []
    while state.phase == INTERCEPT:
        order.append(state.to_act)
        act(state, "pass")
    assert order == [3, 1, 2]


@pytest.mark.rule("shadowfist.txt", 10, "59.3")
def test_other_players_turn_to_intercept_but_stay_where_they_reside():
    """'may intercept the attack by turning each character he or she wishes to intercept
    with and declaring which attacker that character is intercepting.'"""
    state, _, attacker, chars = interception_table()
    act(state, "intercept", chars[3], attacker)
    assert state.turned[chars[3]]
    assert state.loc[chars[3]] == 0


@pytest.mark.rule("shadowfist.txt", "11.3")
def test_combat_is_resolved_before_the_next_player_may_intercept():
    """'Defense is chosen and combat is resolved before the next player may intercept.'"""
    state, _, attacker, chars = interception_table()
    act(state, "intercept", chars[3], attacker)
    act(state, "pass")
    assert state.to_act == 1
    assert state.zone[chars[3]] == SMOKED  # the Brawler (2) beat the Novice (1) already
    assert state.damage[attacker] == 1


@pytest.mark.rule("shadowfist.txt", 12, "59.3")
def test_the_defender_intercepts_at_the_targets_location_without_turning():
    """'the player under attack may intercept with any characters at the same location as
    the target.' 'intercepting does not require you to turn' (even a turned one may)."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    here = put_character(state, 1, "Monastery Sentry", loc=0)
    state.turned[here] = True
    away = put_character(state, 1, "Temple Novice", loc=1)
    tired = put_character(state, 1, "Hermit of the Misty Peak", loc=1)
    state.turned[tired] = True
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, attacker)
    assert state.to_act == 1
    interceptors = {a.args[0] for a in GAME.legal_actions(state) if a.kind == "intercept"}
    assert interceptors == {here, away}  # a turned character cannot change location


@pytest.mark.rule("shadowfist.txt", "59.3", "24.6")
def test_intercepting_from_another_location_turns_and_moves_the_character():
    """'intercepting an attack at another location requires you to turn to change
    location.' Reading: the defender's character now resides at the target's location."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    away = put_character(state, 1, "Disciple of the Iron Palm", loc=1)
    attacker = put_character(state, 0, "Rookie Patrol Officer")
    attack(state, site, attacker)
    act(state, "intercept", away, attacker)
    assert state.turned[away]
    assert state.loc[away] == 0


@pytest.mark.rule("shadowfist.txt", "11.1", "13.2", "13.3")
def test_several_interceptors_of_one_attacker_form_a_chain():
    """'If a player wishes to intercept a given attacker with multiple characters, those
    characters must defend in a chain.' 'Attacking characters that defeat interceptors
    continue to attack until they have reached their target.' 'Damage lowers Fighting
    score.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")  # Body 7
    first = put_character(state, 1, "Temple Novice")  # 1
    second = put_character(state, 1, "Monastery Sentry")  # 2
    attacker = put_character(state, 0, "Vengeful Kickboxer")  # 6, Guts
    attack(state, site, attacker)
    act(state, "intercept", first, attacker)
    act(state, "intercept", second, attacker)
    finish_interception(state, 1)
    assert state.zone[first] == SMOKED
    assert state.zone[second] == SMOKED
    assert state.damage[attacker] == 3
    assert state.damage[site] == 6  # Guts: the damaged attacker still inflicts 6


@pytest.mark.rule("shadowfist.txt", "13.1", "13.2")
def test_damage_lowers_fighting_through_the_chain():
    """'Characters in combat inflict their Fighting score ... in damage. Damage lowers
    Fighting score.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    first = put_character(state, 1, "Temple Novice")  # 1
    attacker = put_character(state, 0, "Precinct Captain")  # 5, Toughness 1
    novice_two = put_character(state, 1, "Monastery Sentry")  # 2
    attack(state, site, attacker)
    act(state, "intercept", novice_two, attacker)
    act(state, "intercept", first, attacker)
    finish_interception(state, 1)
    assert state.damage[attacker] == 1  # 2 - Toughness 1; the Novice's 1 is absorbed
    assert fighting(state, attacker) == 4
    assert state.damage[site] == 4


@pytest.mark.rule("shadowfist.txt", "13.1", "13.2", "26.4")
def test_a_damaged_character_attacks_with_its_lowered_fighting():
    """Reading (docs/shadowfist.md, "A damaged character"): 'Damage lowers Fighting
    score' in every combat, not only within a chain: damage stays on a character from
    turn to turn until it is healed, and a damaged attacker inflicts its lowered
    Fighting on the target. Kamikaze Stunt Driver (Fighting 3) with 1 damage hits a site
    for 2."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")  # Body 7
    driver = put_character(state, 0, "Kamikaze Stunt Driver")
    state.damage[driver] = 1
    act(state, "end_turn")
    to_main(state)
    act(state, "end_turn")
    to_main(state)
    assert state.active == 0
    assert state.damage[driver] == 1  # not healed by the turns' ends
    assert fighting(state, driver) == 2
    set_hand(state, 1)  # nothing to answer with
    attack(state, site, driver)
    assert state.damage[site] == 2


@pytest.mark.rule("shadowfist.txt", "13.3", "67.2")
def test_an_interceptor_that_survives_stops_its_attacker():
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    wall = put_character(state, 1, "Abbot of the Closed Gate")  # 5, Toughness 1
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, attacker)
    act(state, "intercept", wall, attacker)
    finish_interception(state, 1)
    assert state.zone[attacker] == SMOKED
    assert state.damage[site] == 0
    assert state.phase == MAIN


@pytest.mark.rule("shadowfist.txt", "13.3")
def test_an_attacker_that_survives_its_interceptor_is_still_stopped():
    """'Attacking characters that defeat interceptors continue to attack until they have
    reached their target.' Reading (docs/shadowfist.md, "A chain"): an attacker that
    does not smoke its interceptor is stopped, even when it survives too."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    wall = put_character(state, 1, "Abbot of the Closed Gate")  # 5, Toughness 1
    attacker = put_character(state, 0, "Precinct Captain")  # 5, Toughness 1
    attack(state, site, attacker)
    act(state, "intercept", wall, attacker)
    finish_interception(state, 1)
    assert state.zone[attacker] == PLAY
    assert state.zone[wall] == PLAY
    assert state.damage[site] == 0
    assert state.phase == MAIN


@pytest.mark.rule("shadowfist.txt", "13.3")
def test_an_attack_on_a_character_whose_attackers_are_all_stopped_ends():
    state = main_table()
    target = put_character(state, 1, "Temple Novice")
    wall = put_character(state, 1, "Abbot of the Closed Gate")
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, target, attacker)
    assert act(state, "intercept", wall, attacker) == [
        Event("intercepted", {"player": 1, "card": wall, "attacker": attacker}),
        Event("damaged", {"card": wall, "amount": 1}),  # 2 - Toughness 1
        Event("damaged", {"card": attacker, "amount": 5}),
        Event("left_play", {"card": attacker, "to": "smoked"}),
        Event("attack_ended", {"hit": False}),
    ]
    finish_interception(state, 1)
    assert state.zone[target] == PLAY
    assert state.damage[target] == 0
    assert state.phase == MAIN


@pytest.mark.rule("shadowfist.txt", "13.1", "26.4")
def test_a_target_character_without_fighting_strikes_nobody():
    """Reading (docs/shadowfist.md, "The target"): a target character strikes one attacker
    chosen by its controller; with Fighting 1 its controller chooses, with Fighting 0 it
    inflicts nothing and there is nothing to choose."""
    state = main_table()
    target = put_character(state, 1, "Temple Novice")  # 1
    a = put_character(state, 0, "Teahouse Brawler")
    b = put_character(state, 0, "Teahouse Brawler")
    attack(state, target, a, b)
    assert state.phase == STRIKE
    state = main_table()
    target = put_character(state, 1, "Monastery Sentry")  # 2
    put_state(state, 0, "Cursed Jade Amulet", target)  # -2: Fighting 0, undamaged, in play
    a = put_character(state, 0, "Teahouse Brawler")
    b = put_character(state, 0, "Teahouse Brawler")
    assert fighting(state, target) == 0
    attack(state, target, a, b)
    assert state.phase == MAIN
    assert state.damage[a] == state.damage[b] == 0


@pytest.mark.rule("shadowfist.txt", "13.4")
def test_damaging_the_target_allows_another_attack():
    """'If any one of the attacking characters manages to damage its target, another
    attack can be declared.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    one = put_character(state, 0, "Teahouse Brawler")
    put_character(state, 0, "Teahouse Brawler")
    attack(state, site, one)
    assert "attack" in legal_kinds(state)


@pytest.mark.rule("shadowfist.txt", "13.4")
def test_an_attack_that_does_not_damage_its_target_is_the_last():
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    wall = put_character(state, 1, "Abbot of the Closed Gate")
    one = put_character(state, 0, "Teahouse Brawler")
    put_character(state, 0, "Teahouse Brawler")
    attack(state, site, one)
    act(state, "intercept", wall, one)
    finish_interception(state, 1)
    assert "attack" not in legal_kinds(state)


@pytest.mark.rule("shadowfist.txt", "13.1", "26.4")
def test_a_target_character_strikes_back_at_the_attacker_its_controller_picks():
    """Reading: a character that is the target inflicts its Fighting on one attacker that
    reached it, chosen by its controller."""
    state = main_table()
    target = put_character(state, 1, "Monastery Sentry")  # 2
    a = put_character(state, 0, "Rookie Patrol Officer")
    b = put_character(state, 0, "Gun Shop Clerk")
    attack(state, target, a, b)  # the target itself does not intercept
    assert state.phase == STRIKE
    assert state.to_act == 1
    assert act(state, "strike", b) == [
        Event("damaged", {"card": target, "amount": 1}),
        Event("damaged", {"card": target, "amount": 1}),
        Event("damaged", {"card": b, "amount": 2}),
        Event("left_play", {"card": b, "to": "smoked"}),
        Event("left_play", {"card": target, "to": "smoked"}),
        Event("attack_ended", {"hit": True}),
    ]
    assert state.zone[b] == SMOKED
    assert state.zone[a] == PLAY
    assert state.zone[target] == SMOKED  # 1 + 1 damage on Fighting 2


@pytest.mark.rule("shadowfist.txt", "11.2", "26.3")
def test_combat_takes_place_at_the_targets_location():
    """'Resulting combats take place at the location of the target.'"""
    from play.engine.games.shadowfist.effects.targets import attack_location, location_of

    state = main_table()
    put_site(state, 1, "Old Junk Harbor")
    site = put_site(state, 1, "Jade Moon Garden")
    attacker = put_character(state, 0, "Teahouse Brawler")
    put_character(state, 1, "Temple Novice", loc=1)
    act(state, "attack", site)
    act(state, "add", attacker)
    assert attack_location(state) == (1, 1)
    assert location_of(state, attacker) == (1, 1)


@pytest.mark.rule("shadowfist.txt", "11.2", "26.3")
def test_the_target_column_is_a_sites_column_or_a_characters_location():
    """The column an attack is fought in: a target site's column in its structure, a target
    character's location."""
    from play.engine.games.shadowfist.attack import target_column

    state = main_table()
    put_site(state, 1, "Old Junk Harbor")
    garden = put_site(state, 1, "Jade Moon Garden")
    put_site(state, 1, "Old Junk Harbor")
    put_character(state, 0, "Teahouse Brawler")
    act(state, "attack", garden)
    assert target_column(state) == 1
    state = main_table()
    put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    put_site(state, 1, "Old Junk Harbor")
    novice = put_character(state, 1, "Temple Novice", loc=2)
    put_character(state, 0, "Teahouse Brawler")
    act(state, "attack", novice)
    assert target_column(state) == 2


@pytest.mark.rule("shadowfist.txt", "7.4")
def test_only_other_players_cards_may_be_attacked():
    """'You may launch attacks at sites and at characters controlled by other players.'"""
    state = main_table()
    mine = put_site(state, 0, "Old Junk Harbor")
    own = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Temple Novice")
    targets = {a.args[0] for a in GAME.legal_actions(state) if a.kind == "attack"}
    assert targets == {theirs}
    assert mine not in targets
    assert own not in targets
    assert Action("attack", 0, (own,)) not in GAME.legal_actions(state)


@pytest.mark.rule("shadowfist.txt", 10, "59.3")
def test_another_players_interceptor_stays_where_it_resides_whatever_the_targets_column() -> None:
    """Only the player under attack's interceptor moves to the target's location: another
    player's character intercepting an attack on a site in column 1 turns and still
    resides at its own location 0."""
    state = main_table(players=3)
    put_site(state, 1, "Jade Moon Garden")
    site = put_site(state, 1, "Old Junk Harbor")  # column 1
    put_site(state, 2, "Jade Moon Garden")
    put_site(state, 2, "Whispering Bamboo Grove")
    attacker = put_character(state, 0, "Teahouse Brawler")
    other = put_character(state, 2, "Disciple of the Iron Palm", loc=0)  # survives combat
    attack(state, site, attacker)
    act(state, "pass")  # seat 2 does not join
    assert (state.phase, state.to_act) == (INTERCEPT, 2)
    act(state, "intercept", other, attacker)
    assert state.zone[other] == PLAY
    assert state.turned[other]
    assert state.loc[other] == 0


@pytest.mark.rule("shadowfist.txt", "11.1", "13.3")
def test_an_interceptor_gone_before_combat_leaves_the_attacker_to_the_next_in_its_chain() -> None:
    """An interceptor smoked (Cast into the Yellow Springs) before its combat does not end
    the chain: the attacker fights the next interceptor, which stops it."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    first = put_character(state, 1, "Temple Novice")
    wall = put_character(state, 1, "Abbot of the Closed Gate")  # 5, Toughness 1
    attacker = put_character(state, 0, "Teahouse Brawler")  # 2
    (springs,) = to_hand(state, 0, "Cast into the Yellow Springs")
    give_resources(state, 0, "ee")
    attack(state, site, attacker)
    pass_round(state)
    act(state, "intercept", first, attacker)
    act(state, "intercept", wall, attacker)
    assert state.to_act == 0  # the window before seat 1's combats
    act(state, "play", springs, first)
    pass_round(state)
    assert state.zone[first] == SMOKED
    assert state.zone[attacker] == SMOKED
    assert state.damage[wall] == 1
    assert state.damage[site] == 0


def _two_chains(first_attacker: str) -> tuple[ShadowfistState, int, int, int]:
    """Seat 0 attacks seat 1's site with ``first_attacker`` and a Teahouse Brawler; an
    Abbot of the Closed Gate then a Temple Novice intercept the first, a Monastery Sentry
    the Brawler. Returns the state, the site, the Brawler and the Sentry."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    wall = put_character(state, 1, "Abbot of the Closed Gate")  # 5, Toughness 1
    novice = put_character(state, 1, "Temple Novice")
    sentry = put_character(state, 1, "Monastery Sentry")  # 2
    first = put_character(state, 0, first_attacker)
    brawler = put_character(state, 0, "Teahouse Brawler")  # 2
    attack(state, site, first, brawler)
    act(state, "intercept", wall, first)
    act(state, "intercept", novice, first)
    act(state, "intercept", sentry, brawler)
    finish_interception(state, 1)
    return state, site, brawler, sentry


@pytest.mark.rule("shadowfist.txt", "11.1", "13.1")
def test_an_attacker_smoked_in_its_chain_does_not_spare_the_next_attacker_its_combat() -> None:
    """The Abbot smokes the first attacker (the Novice behind it has no combat); the
    Brawler still fights its own interceptor: both are smoked, the site undamaged."""
    state, site, brawler, sentry = _two_chains("Kamikaze Stunt Driver")  # 3
    assert state.zone[brawler] == SMOKED
    assert state.zone[sentry] == SMOKED
    assert state.damage[site] == 0
    assert state.blocks == []


@pytest.mark.rule("shadowfist.txt", "11.1", "13.3")
def test_an_attacker_stopped_in_its_chain_does_not_spare_the_next_attacker_its_combat() -> None:
    """The Abbot stops the first attacker (both survive); the Brawler still fights its own
    interceptor: both are smoked, the site undamaged."""
    state, site, brawler, sentry = _two_chains("Precinct Captain")  # 5, Toughness 1
    assert state.zone[brawler] == SMOKED
    assert state.zone[sentry] == SMOKED
    assert state.damage[site] == 0
    assert state.blocks == []


@pytest.mark.rule("shadowfist.txt", "13.1", "13.4")
def test_an_attacker_without_fighting_does_not_damage_its_target_nor_earn_another_attack() -> None:
    """An attacker at Fighting 0 inflicts no damage on the target character, so the attack
    did not damage its target and no other attack may follow."""
    state = main_table()
    target = put_character(state, 1, "Temple Novice")  # 1
    weak = put_character(state, 0, "Teahouse Brawler")  # 2
    put_state(state, 1, "Cursed Jade Amulet", weak)  # -2: Fighting 0
    put_character(state, 0, "Monastery Sentry")  # could attack again
    assert fighting(state, weak) == 0
    events = attack(state, target, weak)  # the target strikes back at its only attacker
    assert Event("damaged", {"card": weak, "amount": 1}) in events
    assert Event("attack_ended", {"hit": False}) in events
    assert state.damage[target] == 0
    assert state.phase == MAIN
    assert "attack" not in legal_kinds(state)


@pytest.mark.rule("shadowfist.txt", "13.4", "14.2")
def test_a_hit_effect_is_told_and_the_state_remembers_it_while_the_sites_fate_waits() -> None:
    """Hero of the Harbor ('When this character inflicts combat damage on the target of its
    attack, gain 1 Power') reduces a site to 0 Body: the Power gained is told with the
    combat, and while the attacking player decides the site's fate the saved state names
    the Hero as the attacker whose hit effect has happened (once per attack)."""
    state = main_table()
    hero = put_character(state, 0, "Hero of the Harbor")  # 7
    site = put_site(state, 1, "Old Junk Harbor")  # Body 7
    events = attack(state, site, hero)
    assert Event("power_gained", {"player": 0, "amount": 1}) in events
    assert state.pool[0] == 11
    assert state.phase == FATE
    assert state.to_dict()["hit_done"] == [hero]


def _puppet_at_any_time() -> list[dict[str, Any]]:
    """The starter set, its Puppet on Red Strings ('Take control of a target character
    with a cost of 3 or less controlled by an opponent') playable at any time."""
    return [
        {**card, "effect_params": {**card["effect_params"], "timing": "any"}}
        if card["name"] == "Puppet on Red Strings"
        else card
        for card in starter_cards()
    ]


@pytest.mark.rule("shadowfist.txt", 45)
def test_an_attacker_taken_by_the_player_under_attack_leaves_the_attack() -> None:
    """Reading (docs/shadowfist.md, "Owner and controller"): a character whose control
    changes leaves the attack. The player under attack takes control of the only attacker
    in the window after the declaration: it keeps its turned state but no longer attacks,
    so the attack ends without damaging the site of its new controller."""
    state = main_table(cards=_puppet_at_any_time())
    site = put_site(state, 1, "Old Junk Harbor")
    novice = put_character(state, 1, "Temple Novice")
    brawler = put_character(state, 0, "Teahouse Brawler")  # cost 2
    (puppet,) = to_hand(state, 1, "Puppet on Red Strings")
    give_resources(state, 1, "eeM")
    state.pool[1] = 5
    attack(state, site, brawler)
    assert state.to_act == 1  # the window after the declaration
    events = act(state, "play", puppet, brawler)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    assert state.ctrl[brawler] == 1
    assert brawler in state.chars[1]
    assert state.turned[brawler]  # "keeps its damage, turned state and states"
    assert state.phase == MAIN
    assert state.damage[site] == 0
    assert events[-1] == Event("attack_ended", {"hit": False})
    assert state.zone[novice] == PLAY
    assert not state.turned[novice]


@pytest.mark.rule("shadowfist.txt", 45, "9.2")
def test_the_other_attackers_go_on_when_one_is_taken() -> None:
    """Two Brawlers attack; the player under attack takes one of them: only the other
    reaches the site (2 damage, not 4), and the player under attack, who controls no
    attacker, is still asked to intercept with its characters at the target."""
    state = main_table(cards=_puppet_at_any_time())
    site = put_site(state, 1, "Old Junk Harbor")
    novice = put_character(state, 1, "Temple Novice")
    taken = put_character(state, 0, "Teahouse Brawler")
    other = put_character(state, 0, "Teahouse Brawler")
    (puppet,) = to_hand(state, 1, "Puppet on Red Strings")
    give_resources(state, 1, "eeM")
    state.pool[1] = 5
    attack(state, site, taken, other)
    act(state, "play", puppet, taken)
    pass_round(state)
    assert state.ctrl[taken] == 1
    assert state.attackers == [other]
    assert state.phase == INTERCEPT
    assert state.to_act == 1
    intercepts = {x.args for x in GAME.legal_actions(state) if x.kind == "intercept"}
    # the taken Brawler, now at the target's location, may intercept its old partner
    assert intercepts == {(novice, other), (taken, other)}
    act(state, "pass")
    pass_round(state)  # the window before the attackers reach the target
    assert state.phase == MAIN
    assert state.damage[site] == fighting(state, other) == 2
    assert state.damage[taken] == 0


@pytest.mark.rule("shadowfist.txt", 45, "11.1")
def test_an_interceptor_taken_before_its_combat_stops_nobody() -> None:
    """The player under attack intercepts the Brawler with its Temple Novice; in the window
    before that combat the attacking player takes control of the Novice. It leaves the
    attack: no combat is fought, and the Brawler goes on to damage the site."""
    state = main_table(cards=_puppet_at_any_time())
    site = put_site(state, 1, "Old Junk Harbor")
    novice = put_character(state, 1, "Temple Novice")
    brawler = put_character(state, 0, "Teahouse Brawler")
    (puppet,) = to_hand(state, 0, "Puppet on Red Strings")
    give_resources(state, 0, "eeM")
    state.pool[0] = 5
    attack(state, site, brawler)
    pass_round(state)  # the window after the declaration
    assert state.phase == INTERCEPT
    assert state.to_act == 1
    act(state, "intercept", novice, brawler)  # nothing more to declare: combat is next
    assert state.phase == COMBAT
    assert state.to_act == 0
    assert state.blocks == [[novice, brawler]]
    act(state, "play", puppet, novice)
    pass_round(state)
    pass_round(state)  # the window before the attackers reach the target
    assert state.ctrl[novice] == 0
    assert state.phase == MAIN
    assert state.damage[novice] == state.damage[brawler] == 0
    assert state.damage[site] == 2


@pytest.mark.rule("shadowfist.txt", "13.3")
def test_an_attack_on_a_character_smoked_before_the_attackers_reach_it_ends() -> None:
    """Lead Rain smokes the target character in the window after the declaration: the two
    attackers have nothing to reach, so the attack ends (and says so) with no strike to
    choose."""
    state = main_table()
    target = put_character(state, 1, "Temple Novice")  # 1
    a = put_character(state, 0, "Teahouse Brawler")
    b = put_character(state, 0, "Teahouse Brawler")
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    attack(state, target, a, b)
    assert state.to_act == 0  # the window after the declaration
    events = act(state, "play", rain, target)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    assert state.zone[target] == SMOKED
    assert state.phase == MAIN
    assert events[-1] == Event("attack_ended", {"hit": False})
    assert state.damage[a] == state.damage[b] == 0


@pytest.mark.rule("shadowfist.txt", "13.3")
def test_an_attack_whose_attackers_are_smoked_after_the_interception_reaches_nothing() -> None:
    """The player under attack does not intercept, then smokes the only attacker with Lead
    Rain before it reaches the target character: the attack ends and says so."""
    state = main_table()
    target = put_character(state, 1, "Temple Novice")
    put_character(state, 1, "Monastery Sentry")  # could intercept
    brawler = put_character(state, 0, "Teahouse Brawler")  # 2
    (rain,) = to_hand(state, 1, "Lead Rain")
    give_resources(state, 1, "dH")
    state.pool[1] = 5
    attack(state, target, brawler)
    pass_round(state)
    assert (state.phase, state.to_act) == (INTERCEPT, 1)
    act(state, "pass")  # no interceptor: the window before the attackers reach the target
    assert state.to_act == 1
    events = act(state, "play", rain, brawler)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    assert state.zone[brawler] == SMOKED
    assert state.zone[target] == PLAY
    assert state.damage[target] == 0
    assert state.phase == MAIN
    assert events[-1] == Event("attack_ended", {"hit": False})


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_ambush_damage_and_the_smoke_it_causes_are_told() -> None:
    """Twin-Pistol Drifter (4, Ambush) smokes its interceptor before it strikes: the
    Ambush damage and the interceptor leaving play are told, in that order, and the
    interceptor inflicts nothing."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    drifter = put_character(state, 0, "Twin-Pistol Drifter")  # 4, Ambush
    sentry = put_character(state, 1, "Monastery Sentry")  # 2
    attack(state, site, drifter)
    events = act(state, "intercept", sentry, drifter)
    assert events[1:3] == [
        Event("damaged", {"card": sentry, "amount": 4}),
        Event("left_play", {"card": sentry, "to": "smoked"}),
    ]
    assert Event("damaged", {"card": drifter, "amount": 2}) not in events


@pytest.mark.rule("shadowfist.txt", "13.2")
def test_an_attacker_smoked_when_its_attacking_bonus_ends_is_told_before_the_attack_ends() -> None:
    """Code of the Badge ('+1 Fighting while attacking'): a Teahouse Brawler at 3 survives
    2 damage from its interceptor; when the attack ends it is back to 2 and is smoked, and
    the smoke is told before the end of the attack."""
    state = main_table()
    brawler = put_character(state, 0, "Teahouse Brawler")  # 2
    play(state, "Code of the Badge")
    site = put_site(state, 1, "Old Junk Harbor")
    sentry = put_character(state, 1, "Monastery Sentry")  # 2
    attack(state, site, brawler)
    events = act(state, "intercept", sentry, brawler)
    while state.phase != MAIN:
        events += act(state, "pass")
    assert state.zone[sentry] == SMOKED
    assert state.zone[brawler] == SMOKED
    assert events[-2:] == [
        Event("left_play", {"card": brawler, "to": "smoked"}),
        Event("attack_ended", {"hit": True}),
    ]
