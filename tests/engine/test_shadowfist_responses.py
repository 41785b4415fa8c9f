"""Responses: the stack of effects waiting to resolve and the pass rounds of the
response windows (the effect vocabulary, "timing"; readings: docs/shadowfist.md, "Responses")."""

from __future__ import annotations

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.state import (
    DECLARED,
    INTERCEPT,
    PLAY,
    SMOKED,
    STACK,
    TARGET,
)

from .shadowfist_table import (
    act,
    attack,
    every_card,
    give_resources,
    main_table,
    new_table,
    put_character,
    put_site,
    set_hand,
    starter_cards,
    to_hand,
    to_main,
)


@pytest.mark.rule("shadowfist.txt", "30.2", 80, 82)
def test_the_latest_effect_resolves_first():
    """'Effects waiting to resolve form a stack, and the latest one resolves first.'"""
    state = main_table(players=3)
    victim = put_character(state, 1, "Monastery Sentry")  # Fighting 2
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    (stance,) = to_hand(state, 1, "Flowing Water Stance")
    give_resources(state, 1, "C")
    act(state, "play", rain, victim)
    assert state.pending == [1, 2]  # clockwise after seat 0; not seat 0 itself
    events = act(state, "play", stance, victim)  # seat 1 answers; nobody else can
    resolved = [e.data["card"] for e in events if e.kind == "resolved"]
    assert resolved == [stance, rain]
    assert state.stack == []
    assert state.zone[victim] == PLAY
    assert state.damage[victim] == 1  # 3 damage less Toughness 2


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_a_seat_with_nothing_to_play_is_passed_over():
    state = main_table(players=3, hands={2: ["Lead Rain"]})
    victim = put_character(state, 1, "Monastery Sentry")
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    give_resources(state, 2, "dH")
    state.pool[2] = 1
    act(state, "play", rain, victim)
    assert state.to_act == 2  # seat 1 holds nothing: not asked
    act(state, "pass")
    assert state.zone[victim] == SMOKED


@pytest.mark.rule("shadowfist.txt", "30.2", 78)
def test_the_player_under_attack_may_answer_after_the_declaration():
    """An attack's first window: after the declaration, before interception."""
    state = main_table(hands={1: ["Lead Rain"]})
    give_resources(state, 1, "dH")
    state.pool[1] = 1
    site = put_site(state, 1, "Old Junk Harbor")
    guard = put_character(state, 1, "Temple Novice")
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, attacker)
    assert state.phase == DECLARED
    assert state.to_act == 1
    act(state, "play", state.hands[1][0], attacker)
    assert state.zone[attacker] == SMOKED
    assert state.phase != INTERCEPT  # no attacker left: the attack is over
    assert state.damage[site] == 0
    assert state.zone[guard] == PLAY


@pytest.mark.rule("shadowfist.txt", "30.2", "26.4")
def test_a_fighting_bonus_before_the_attackers_reach_the_target():
    """The window before the attackers reach the target (after the interceptions): a
    site falls to a bonus."""
    state = main_table(hands={0: ["Never Back Down"]})
    give_resources(state, 0, "d")
    site = put_site(state, 1, "Pavilion of Falling Lanterns")  # Body 5
    put_character(state, 1, "Temple Novice")  # could intercept; does not
    attacker = put_character(state, 0, "Teahouse Brawler")  # 2
    attack(state, site, attacker)
    act(state, "pass")  # seat 0, in the window after the declaration
    assert state.phase == INTERCEPT
    act(state, "pass")  # seat 1 does not intercept
    assert state.phase == TARGET
    act(state, "play", state.hands[0][0], attacker)
    while state.pending:
        act(state, "pass")
    assert state.phase == "fate"
    assert state.damage[site] == 5
    assert {a.kind for a in GAME.legal_actions(state)} >= {"seize", "burn_victory"}


@pytest.mark.rule("shadowfist.txt", "80.1")
def test_a_seat_does_not_answer_its_own_effect():
    """Reading: the pass round after an effect asks every other seat; its controller acts
    again once it resolves."""
    state = main_table(hands={0: ["Lead Rain", "Lead Rain"]})
    give_resources(state, 0, "dH")
    victim = put_character(state, 1, "Abbot of the Closed Gate")
    rain = state.hands[0][0]
    act(state, "play", rain, victim)
    assert state.stack == []  # seat 1 had nothing: resolved at once
    assert state.damage[victim] == 2
    assert state.phase == "main"
    assert state.to_act == 0


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_with_nobody_to_intercept_the_two_windows_are_one():
    """Reading: when no seat could intercept, nothing happens between the window after the
    declaration and the one before the target, so the second is not opened."""
    state = main_table(hands={0: ["Never Back Down"]})
    give_resources(state, 0, "d")
    site = put_site(state, 1, "Pavilion of Falling Lanterns")
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, attacker)
    assert state.phase == DECLARED
    assert state.to_act == 0
    act(state, "pass")
    assert state.damage[site] == 2  # straight to the target


def test_an_event_is_announced_then_resolves_from_the_stack_to_its_pile() -> None:
    """An event goes on the stack, named with its targets; when it resolves it goes to
    its owner's smoked pile, then its effect happens."""
    state = main_table()
    victim = put_character(state, 1, "Abbot of the Closed Gate")  # Toughness 1
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    events = act(state, "play", rain, victim)
    assert events == [
        Event(
            "event_played",
            {
                "player": 0,
                "card": rain,
                "title": "Lead Rain",
                "targets": [victim],
                "targeting": "character",
            },
        ),
        Event("resolved", {"card": rain}),
        Event("damaged", {"card": victim, "amount": 2}),
    ]
    assert state.stack == []
    assert state.smoked[0][-1] == rain
    assert state.zone[rain] == SMOKED


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_a_pass_round_asks_every_other_seat_clockwise_from_the_next() -> None:
    """Reading (docs/shadowfist.md, "Responses"): after something goes on the stack,
    every other seat is asked in turn, clockwise from the one after the seat that put
    it there."""
    state = main_table(players=4, hands={1: ["Lead Rain"]})
    give_resources(state, 1, "dH")
    state.pool[1] = 1  # seat 1 could answer: the round stops at it
    victim = put_character(state, 3, "Monastery Sentry")
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    act(state, "play", rain, victim)
    assert state.stack == [[rain, 0, 0, victim]]
    assert state.zone[rain] == STACK
    assert state.pending == [1, 2, 3]
    assert state.to_act == 1


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_an_attack_window_asks_every_seat_clockwise_from_the_active_one() -> None:
    """Reading (docs/shadowfist.md, "Responses"): in the attack's windows every seat may
    act, from the active player on, clockwise."""
    state = main_table(players=3, hands={0: ["Never Back Down"]})
    give_resources(state, 0, "d")
    site = put_site(state, 1, "Pavilion of Falling Lanterns")
    attacker = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, attacker)
    assert state.phase == DECLARED
    assert state.pending == [0, 1, 2]
    assert state.to_act == 0


def test_an_event_without_an_effect_is_announced_with_no_targeting() -> None:
    """An event card whose text the engine does not model still goes on the stack; its
    announcement names no kind of target."""
    blank = {**starter_cards()[0], "name": "Blank Event", "type": "Event", "cost": 0}
    blank.update(subtitle="", body=None, power=None, designators=[], effect_key="vanilla")
    cards = [*starter_cards(), blank]
    state = new_table([["Blank Event"] * 10, every_card()], cards=cards)
    to_main(state)
    (card,) = set_hand(state, 0, "Blank Event")
    events = act(state, "play", card)
    assert events[0] == Event(
        "event_played",
        {"player": 0, "card": card, "title": "Blank Event", "targets": [], "targeting": None},
    )


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_a_seat_whose_only_ability_is_for_its_main_shot_is_passed_over() -> None:
    """A "Turn:" ability without "at any time" is used only in its controller's main
    shot: in another seat's pass round it is nothing to answer with."""
    state = main_table()
    sorceress = put_character(state, 1, "Black Lotus Sorceress")  # Turn: 2 damage
    (money,) = to_hand(state, 0, "Protection Money")  # 'A target opponent loses 2 Power'
    state.pool[1] = 5
    act(state, "play", money, 1)
    assert not state.turned[sorceress]
    assert state.stack == []  # seat 1 was passed over: resolved at once
    assert state.to_act == 0
    assert state.pool[1] == 3


@pytest.mark.rule("shadowfist.txt", "30.2")
def test_a_seat_with_an_any_time_ability_on_its_own_character_is_asked() -> None:
    """A site with 'Turn (at any time): heal a target character of yours' may answer in
    another seat's pass round while its controller has a character to name."""
    cards = [
        {**card, "effect_params": {**card["effect_params"], "timing": "any", "at_location": False}}
        if card["name"] == "Back-Alley Clinic"
        else card
        for card in starter_cards()
    ]
    state = main_table(cards=cards)
    clinic = put_site(state, 1, "Back-Alley Clinic")
    mine = put_character(state, 1, "Temple Novice")
    put_character(state, 0, "Temple Novice")
    (money,) = to_hand(state, 0, "Protection Money")
    state.pool[1] = 5
    act(state, "play", money, 1)
    assert state.to_act == 1
    abilities = [a.args for a in GAME.legal_actions(state) if a.kind == "ability"]
    assert abilities == [(clinic, mine)]
