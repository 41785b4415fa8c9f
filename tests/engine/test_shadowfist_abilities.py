"""Character abilities and restrictions named in the rules summary, as the effect vocabulary
reads them ("Abilities and restrictions, as Cardhouse reads them")."""

from __future__ import annotations

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist import GAME, ShadowfistState
from play.engine.games.shadowfist.damage import inflict
from play.engine.games.shadowfist.effects.spec import GUTS, STEALTH
from play.engine.games.shadowfist.state import DISCARD, INTERCEPT, PLAY, SMOKED
from play.engine.games.shadowfist.stats import abilities, fighting, toughness
from play.engine.games.shadowfist.zones import settle, smoke

from .shadowfist_table import (
    act,
    attack,
    main_table,
    play,
    plays_of,
    put_character,
    put_site,
    put_state,
    starter_cards,
)


def interceptors(state):
    return {(a.args[0], a.args[1]) for a in GAME.legal_actions(state) if a.kind == "intercept"}


@pytest.mark.rule("shadowfist.txt", "26.2", 88)
def test_toughness_reduces_every_damage_and_adds_up():
    """'Toughness: N: each time this character would take damage from any source, combat
    or not, reduce that damage by N (to no less than 0). Several Toughness values add
    up.'"""
    state = main_table()
    captain = put_character(state, 1, "Precinct Captain")  # Toughness 1
    told: list[Event] = []
    assert inflict(state, captain, 3, told) == 2
    assert told == [Event("damaged", {"card": captain, "amount": 2})]
    told.clear()
    assert inflict(state, captain, 1, told) == 0
    assert told == []  # all absorbed: no damage to tell
    put_state(state, 1, "Prayer Beads of Warding", captain)  # Toughness 1 more
    assert toughness(state, captain) == 2
    assert inflict(state, captain, 3, None) == 1
    assert state.damage[captain] == 3


@pytest.mark.rule("shadowfist.txt", "26.2", 88, "13.2")
def test_guts_keeps_full_fighting_while_damaged_but_not_from_being_smoked():
    """'Guts: damage does not lower this character's Fighting, so it inflicts its full
    Fighting while damaged. It is still smoked when its damage reaches its Fighting.'"""
    state = main_table()
    kicker = put_character(state, 0, "Vengeful Kickboxer")  # 6, Guts
    brawler = put_character(state, 0, "Teahouse Brawler")
    state.damage[kicker] = 5
    state.damage[brawler] = 1
    assert fighting(state, kicker) == 6
    assert fighting(state, brawler) == 1
    state.damage[kicker] = 6
    settle(state, None)
    assert state.zone[kicker] == SMOKED


@pytest.mark.rule("shadowfist.txt", 88, "59.3")
def test_tactics_changes_location_to_intercept_without_turning():
    """'Tactics: changing location to intercept does not turn it. Like any character that
    changes location, it must be unturned to do so. It still moves to the target's
    location, and it stays unturned afterwards.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    abbot = put_character(state, 1, "Abbot of the Closed Gate", loc=1)  # Tactics
    attacker = put_character(state, 0, "Rookie Patrol Officer")
    attack(state, site, attacker)
    act(state, "intercept", abbot, attacker)
    assert not state.turned[abbot]
    assert state.loc[abbot] == 0


@pytest.mark.rule("shadowfist.txt", 88, "59.2")
def test_a_turned_tactics_character_cannot_change_location_to_intercept():
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    abbot = put_character(state, 1, "Abbot of the Closed Gate", loc=1)
    state.turned[abbot] = True
    attacker = put_character(state, 0, "Rookie Patrol Officer")
    attack(state, site, attacker)
    assert state.phase != INTERCEPT  # nothing to intercept with: the attack went through
    assert state.damage[site] == 1


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_only_superleap_characters_may_intercept_a_superleaper():
    """'Superleap: when it attacks, only characters with Superleap may intercept it.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    leaper = put_character(state, 0, "Rooftop Acrobat")  # Superleap
    walker = put_character(state, 0, "Teahouse Brawler")
    guard = put_character(state, 1, "Monastery Sentry")
    flyer = put_character(state, 1, "Jet-Pack Bio-Drone")  # Superleap
    attack(state, site, leaper, walker)
    assert interceptors(state) == {(guard, walker), (flyer, leaper), (flyer, walker)}


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_only_characters_already_at_the_location_may_intercept_a_stealthy_attacker():
    """'Stealth: when it attacks, only characters already at the target's location may
    intercept it. No character may change location to intercept it.'"""
    state = main_table(players=3)
    site = put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Jade Moon Garden")
    ghost = put_character(state, 0, "Silent Pilgrim")  # Stealth
    here = put_character(state, 1, "Temple Novice", loc=0)
    away = put_character(state, 1, "Temple Novice", loc=1)
    third = put_character(state, 2, "Temple Novice")
    attack(state, site, ghost)
    act(state, "pass")  # seat 2 does not join
    assert state.to_act == 1  # seat 2 could not intercept: skipped
    assert interceptors(state) == {(here, ghost)}
    assert away not in {x[0] for x in interceptors(state)}
    assert third not in {x[0] for x in interceptors(state)}


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_an_assassin_attacking_a_character_cannot_be_intercepted():
    """'Assassinate: when it attacks a character (not a site), it cannot be intercepted.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    victim = put_character(state, 1, "Hermit of the Misty Peak")
    guard = put_character(state, 1, "Monastery Sentry")
    assassin = put_character(state, 0, "Court Poisoner")  # Assassinate, Fighting 1
    attack(state, victim, assassin)
    assert state.zone[victim] == SMOKED  # nobody could intercept
    assert state.zone[assassin] == SMOKED  # the Hermit struck back
    state.may_attack = True
    assassin2 = put_character(state, 0, "Lotus Blade Assassin")
    attack(state, site, assassin2)
    assert (guard, assassin2) in interceptors(state)  # a site: it may be intercepted


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_ambush_damage_comes_first():
    """'Ambush: in combat it inflicts its damage first. If that damage smokes an opponent
    without Ambush, that opponent inflicts no damage.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    drifter = put_character(state, 0, "Twin-Pistol Drifter")  # 4, Ambush
    sentry = put_character(state, 1, "Monastery Sentry")  # 2
    attack(state, site, drifter)
    act(state, "intercept", sentry, drifter)
    assert state.zone[sentry] == SMOKED
    assert state.damage[drifter] == 0
    assert state.damage[site] == 4


@pytest.mark.rule("shadowfist.txt", "88.3")
def test_two_ambushers_inflict_damage_at_the_same_time():
    """'Two characters with Ambush inflict damage at the same time.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    drifter = put_character(state, 0, "Twin-Pistol Drifter")  # 4, Ambush
    rebel = put_character(state, 1, "Masked Rebel Swordsman")  # 5, Ambush
    attack(state, site, drifter)
    act(state, "intercept", rebel, drifter)
    assert state.zone[drifter] == SMOKED
    assert state.damage[rebel] == 4
    assert state.zone[rebel] == PLAY


@pytest.mark.rule("shadowfist.txt", "26.2", 90)
def test_a_unique_card_cannot_be_played_while_its_title_is_in_play():
    """'Unique: a card with this title cannot be played while any card with the same
    title is in play, under any player's control.'"""
    state = main_table(power=20, hands={0: ["Hero of the Harbor"]})
    for _ in range(3):
        put_character(state, 0, "Rookie Patrol Officer")
    hero = state.hands[0][0]
    assert plays_of(state, hero)
    other = put_character(state, 1, "Hero of the Harbor")
    assert plays_of(state, hero) == []
    smoke(state, other, None)
    assert plays_of(state, hero)


@pytest.mark.rule("shadowfist.txt", "26.2", 90)
def test_a_limited_card_once_a_turn_and_not_while_you_control_one():
    """'Limited: you cannot play a card with this title while you control one in play, and
    you play at most one card with this title per turn (the second rule is how Limited
    applies to events).'"""
    state = main_table(
        hands={
            0: [
                "Lucky Red Envelope",
                "Lucky Red Envelope",
                "Roaming Chi Healer",
                "Roaming Chi Healer",
            ]
        }
    )
    put_character(state, 0, "Temple Novice")
    first, second, healer, healer2 = state.hands[0]
    act(state, "play", first)
    assert plays_of(state, second) == []
    act(state, "play", healer, 0)
    assert plays_of(state, healer2) == []
    put_character(state, 1, "Roaming Chi Healer")  # an opponent's copy does not matter
    smoke(state, healer, None)
    state.limited_used[0].clear()
    assert plays_of(state, healer2)


@pytest.mark.rule("shadowfist.txt", "69.1", "69.2", "69.3", "90.2")
def test_toast_it_sends_the_card_to_the_discard_pile_instead_of_the_smoked_pile():
    """'Toast It: whenever this card would go to the smoked pile, it is toasted instead
    and goes to its owner's discard pile. ... Once toasted, it provides no resources'."""
    from play.engine.games.shadowfist.stats import resources

    state = main_table()
    driver = put_character(state, 0, "Kamikaze Stunt Driver")
    smoke(state, driver, None)
    assert state.zone[driver] == DISCARD
    assert resources(state, 0) == {}


@pytest.mark.rule("shadowfist.txt", "26.2", 88)
def test_a_fighting_bonus_for_the_turn_keeps_the_characters_toughness() -> None:
    """A turn's Fighting bonus grants no Toughness and takes none away; a turn's Toughness
    adds to the printed one ('Several Toughness values add up')."""
    state = main_table()
    captain = put_character(state, 0, "Precinct Captain")  # Toughness 1
    play(state, "Never Back Down", captain)  # +3 Fighting until the end of the turn
    assert toughness(state, captain) == 1
    play(state, "Flowing Water Stance", captain)  # Toughness 2 until the end of the turn
    assert toughness(state, captain) == 3
    assert inflict(state, captain, 4, None) == 1


CLEAVER = "Rusty Meat Cleaver"  # a state: "Play on a character you control"


def _cleaver_table(restriction: str) -> ShadowfistState:
    """Seat 0 in its main shot with a Cleaver in hand, the Cleaver made ``unique`` or
    ``limited``; each seat has a character to put it on."""
    cards = [
        {**card, restriction: True} if card["name"] == CLEAVER else card for card in starter_cards()
    ]
    return main_table(cards=cards, hands={0: [CLEAVER]})


@pytest.mark.rule("shadowfist.txt", "26.2", 90)
def test_a_unique_state_cannot_be_played_while_any_player_has_one_in_play() -> None:
    """Unique: 'a card with this title cannot be played while any card with the same
    title is in play, under any player's control', a state on a character included."""
    state = _cleaver_table("unique")
    mine = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Teahouse Brawler")
    cleaver = state.hands[0][0]
    assert plays_of(state, cleaver) == [(cleaver, mine)]
    put_state(state, 1, CLEAVER, theirs)
    assert plays_of(state, cleaver) == []


@pytest.mark.rule("shadowfist.txt", "26.2", 90)
def test_a_limited_state_is_refused_only_while_you_control_one_in_play() -> None:
    """Limited: 'you cannot play a card with this title while you control one in play':
    an opponent's copy on a character does not matter, your own copy played on an
    earlier turn does."""
    state = _cleaver_table("limited")
    mine = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Teahouse Brawler")
    cleaver = state.hands[0][0]
    put_state(state, 1, CLEAVER, theirs)
    assert plays_of(state, cleaver) == [(cleaver, mine)]
    put_state(state, 0, CLEAVER, mine)  # in play, not played this turn
    assert state.limited_used[0] == []
    assert plays_of(state, cleaver) == []


@pytest.mark.rule("shadowfist.txt", "26.2", 88)
def test_an_ability_granted_by_a_state_adds_to_the_characters_own() -> None:
    """A state giving Stealth (Cloaking Field Belt) takes nothing away: the Vengeful
    Kickboxer keeps its own Guts, and its damage still does not lower its Fighting."""
    state = main_table()
    kicker = put_character(state, 0, "Vengeful Kickboxer")  # 6, Guts
    put_state(state, 0, "Cloaking Field Belt", kicker)  # Stealth
    state.damage[kicker] = 5
    assert fighting(state, kicker) == 6
    assert abilities(state, kicker) & (GUTS | STEALTH) == GUTS | STEALTH
