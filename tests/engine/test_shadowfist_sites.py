"""The site structure, damaged sites, seizing, smoking and burning, owner and controller
(rules summary: "Site Structure", "Damaging Sites", "Owner", "Controller", "Smoke",
"Toast", "Discard", "Sacrifice"; readings: docs/shadowfist.md)."""

from __future__ import annotations

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.damage import damage_site
from play.engine.games.shadowfist.sites import locations, site_slots
from play.engine.games.shadowfist.state import BURNED, DISCARD, FATE, MAIN, NONE, SMOKED
from play.engine.games.shadowfist.zones import discard_from_hand, sacrifice, smoke, toast

from .shadowfist_table import (
    act,
    attack,
    give_resources,
    legal_kinds,
    main_table,
    plays_of,
    put_character,
    put_site,
    put_state,
    set_hand,
)

# -- structure ------------------------------------------------------------------------


@pytest.mark.rule("shadowfist.txt", "24.1", "24.2", "24.3")
def test_sites_grow_in_one_direction_front_row_first_then_back_row_or_new_column():
    """'You may only play new sites in one direction from the original column, first
    front row, then either back row or a new column.'"""
    state = main_table(hands={0: ["Jade Moon Garden"]})
    garden = state.hands[0][0]
    assert plays_of(state, garden) == [(garden, 0)]  # the first column
    first = put_site(state, 0, "Old Junk Harbor")
    assert state.columns[0] == [[first]]
    assert site_slots(state, 0) == [0, 1]  # behind it, or a new column
    act(state, "play", garden, 0)
    assert state.columns[0] == [[first, garden]]
    assert site_slots(state, 0) == [1]


@pytest.mark.rule("shadowfist.txt", "24.4")
def test_a_back_row_gap_may_be_filled_later():
    """'If you have a back row position open anywhere in your site structure, you may
    fill it at a later date.'"""
    state = main_table(hands={0: ["Jade Moon Garden"]})
    a = put_site(state, 0, "Old Junk Harbor")
    b = put_site(state, 0, "Sleeping Dragon Ridge")
    c = put_site(state, 0, "Rain-Slick Rooftops", slot=1)
    assert state.columns[0] == [[a], [b, c]]
    garden = state.hands[0][0]
    assert [args[1] for args in plays_of(state, garden)] == [0, 2]
    act(state, "play", garden, 0)
    assert state.columns[0] == [[a, garden], [b, c]]


@pytest.mark.rule("shadowfist.txt", "15.2", "24.5")
def test_when_a_front_row_site_leaves_the_back_row_site_moves_forward():
    """'When a front row site is removed, the site behind it, if any, must be moved
    forward to occupy the front row.'"""
    state = main_table()
    front = put_site(state, 1, "Hall of Nine Bells")
    back = put_site(state, 1, "Cinnabar Gate", slot=0)
    other = put_site(state, 1, "Jade Moon Garden")
    smoke(state, front, None)
    assert state.columns[1] == [[back], [other]]


@pytest.mark.rule("shadowfist.txt", "24.5")
def test_without_a_back_row_site_the_next_column_closes_up_and_characters_follow():
    """'Vacancies caused by a site being seized are filled by moving the back row site
    forward, if there is no back row site, that column is filled by the next column
    over.' Reading: the characters of the closed column reside in the column that takes
    its place (the new last one, when it was the last)."""
    state = main_table()
    a = put_site(state, 1, "Hall of Nine Bells")
    b = put_site(state, 1, "Cinnabar Gate")
    c = put_site(state, 1, "Jade Moon Garden")
    at_a = put_character(state, 1, "Temple Novice", loc=0)
    at_b = put_character(state, 1, "Temple Novice", loc=1)
    at_c = put_character(state, 1, "Monastery Sentry", loc=2)
    smoke(state, a, None)
    assert state.columns[1] == [[b], [c]]
    assert [state.loc[x] for x in (at_a, at_b, at_c)] == [0, 0, 1]
    smoke(state, c, None)
    assert state.columns[1] == [[b]]
    assert [state.loc[x] for x in (at_a, at_b, at_c)] == [0, 0, 0]
    smoke(state, b, None)
    assert locations(state, 1) == 1  # no site: one bare location
    assert [state.loc[x] for x in (at_a, at_b, at_c)] == [0, 0, 0]


@pytest.mark.rule("shadowfist.txt", "24.5", "24.6")
def test_characters_of_other_columns_keep_their_column_when_one_closes_up():
    """'that column is filled by the next column over': the columns before it do not move,
    those after it move over by one, and their characters with them; the characters of
    the closed column reside in the column that takes its place."""
    state = main_table()
    a, b, c, d = (
        put_site(state, 1, name)
        for name in ("Hall of Nine Bells", "Cinnabar Gate", "Jade Moon Garden", "Old Junk Harbor")
    )
    chars = [put_character(state, 1, "Temple Novice", loc=loc) for loc in (0, 1, 2)]
    chars.append(put_character(state, 1, "Monastery Sentry", loc=3))
    smoke(state, b, None)  # a middle column
    assert state.columns[1] == [[a], [c], [d]]
    assert [state.loc[x] for x in chars] == [0, 1, 1, 2]
    smoke(state, d, None)  # the last column
    assert state.columns[1] == [[a], [c]]
    assert [state.loc[x] for x in chars] == [0, 1, 1, 1]


@pytest.mark.rule("shadowfist.txt", "15.2", "24.2", "65.1")
def test_a_back_row_site_leaving_leaves_its_front_row_site_in_place():
    """Only 'When a front row site is removed' does the site behind it move forward; a
    back-row site that leaves (sacrificed here) leaves the front row as it was."""
    from play.engine.games.shadowfist.sites import site_position

    state = main_table()
    front = put_site(state, 0, "Hall of Nine Bells")
    back = put_site(state, 0, "Cinnabar Gate", slot=0)
    other = put_site(state, 0, "Jade Moon Garden")
    assert site_position(state, back) == (0, 1)
    assert site_position(state, front) == (0, 0)
    assert site_position(state, other) == (1, 0)
    sacrifice(state, 0, back, None)
    assert state.columns[0] == [[front], [other]]
    assert state.smoked[0] == [back]
    with pytest.raises(ValueError, match=f"site {back} is not in a site structure"):
        site_position(state, back)  # gone: a bug in the caller, named


@pytest.mark.rule("shadowfist.txt", 18, "24.6")
def test_each_column_is_a_location_where_characters_reside():
    """'each column is a separate location where your characters are considered to
    reside.' A character is played at one of your locations."""
    state = main_table(hands={0: ["Temple Novice"]})
    novice = state.hands[0][0]
    assert plays_of(state, novice) == [(novice, 0)]  # no site yet: one location
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    put_site(state, 0, "Cinnabar Gate", slot=0)
    assert plays_of(state, novice) == [(novice, 0), (novice, 1)]
    act(state, "play", novice, 1)
    assert state.loc[novice] == 1


@pytest.mark.rule("shadowfist.txt", "24.2")
def test_only_front_row_sites_may_be_attacked():
    """Reading (docs/shadowfist.md): a back-row site is protected by the site in front."""
    state = main_table()
    front = put_site(state, 1, "Hall of Nine Bells")
    back = put_site(state, 1, "Jade Moon Garden", slot=0)
    put_character(state, 0, "Teahouse Brawler")
    targets = {a.args[0] for a in GAME.legal_actions(state) if a.kind == "attack"}
    assert front in targets
    assert back not in targets


# -- damaged sites ----------------------------------------------------------------------


def knock_down(site_name="Pavilion of Falling Lanterns", fighting="Vengeful Kickboxer"):
    """Seat 0 attacks a Body-5 site of seat 1 with a 6-Fighting character."""
    state = main_table()
    site = put_site(state, 1, site_name, face_up=False)
    put_site(state, 1, "Jade Moon Garden")
    char = put_character(state, 0, fighting)
    attack(state, site, char)
    return state, site


@pytest.mark.rule("shadowfist.txt", "14.1")
def test_a_damaged_feng_shui_site_is_turned_face_up():
    """'Damaged feng shui sites are turned face up.'"""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor", face_up=False)  # Body 7
    char = put_character(state, 0, "Teahouse Brawler")
    assert GAME.view(state, 0)["seats"][1]["sites"][0][0] == {
        "id": site,
        "face_down": True,
        "damage": 0,
        "turned": False,
    }
    attack(state, site, char)
    assert state.damage[site] == 2
    assert state.face_up[site]
    assert GAME.view(state, 0)["seats"][1]["sites"][0][0]["name"] == "Old Junk Harbor"


@pytest.mark.rule("shadowfist.txt", "14.1")
def test_no_damage_leaves_a_face_down_site_face_down():
    """Only a damaged site is turned face up: an amount of nothing neither damages it nor
    reveals it, and nothing is told."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor", face_up=False)
    told: list[Event] = []
    assert damage_site(state, site, 0, told) == 0
    assert (state.damage[site], state.face_up[site], told) == (0, False, [])
    assert damage_site(state, site, 1, told) == 1
    assert (state.damage[site], state.face_up[site]) == (1, True)
    assert told == [
        Event("site_revealed", {"card": site, "title": "Old Junk Harbor"}),
        Event("damaged", {"card": site, "amount": 1}),
    ]


def _played(events: list[Event]) -> dict[str, object]:
    """The data of the one card_played event."""
    (data,) = [e.data for e in events if e.kind == "card_played"]
    return data


def test_the_log_names_a_played_card_but_not_a_feng_shui_site_played_face_down() -> None:
    """Reading (docs/shadowfist.md, "Site structure and locations"): "Feng shui sites are
    played face down" (their title is not public) "and turned face up ... when they have
    a 'when you play this site' effect"; regular sites and other cards are face up."""
    state = main_table(power=20)
    garden, stalls, clinic, novice = set_hand(
        state,
        0,
        "Jade Moon Garden",
        "Lantern-Lit Noodle Stalls",
        "Back-Alley Clinic",
        "Temple Novice",
    )
    assert _played(act(state, "play", garden, 0)) == {
        "player": 0,
        "card": garden,
        "args": [0],
        "title": None,
    }
    assert not state.face_up[garden]
    state.site_played = False  # one site per turn: let the next ones be played
    assert _played(act(state, "play", stalls, 1))["title"] == "Lantern-Lit Noodle Stalls"
    assert state.face_up[stalls]
    state.site_played = False
    assert _played(act(state, "play", clinic, 2))["title"] == "Back-Alley Clinic"
    assert _played(act(state, "play", novice, 0)) == {
        "player": 0,
        "card": novice,
        "args": [0],
        "title": "Temple Novice",
    }


def test_using_a_face_down_sites_turn_ability_turns_it_face_up() -> None:
    """Reading (docs/shadowfist.md, "Site structure and locations"): feng shui sites
    are "turned face up ... when their 'turn' ability is used"; the ability goes on the
    stack, named."""
    state = main_table(hands={0: ["Lead Rain"]})
    give_resources(state, 0, "dH")  # seat 0 may answer: the ability waits on the stack
    gate = put_site(state, 1, "Cinnabar Gate", face_up=False)
    put_site(state, 1, "Jade Moon Garden")
    brawler = put_character(state, 0, "Teahouse Brawler")
    attack(state, gate, brawler)
    act(state, "pass")  # the window opens with the attacker
    assert state.to_act == 1
    assert not state.face_up[gate]
    events = act(state, "ability", gate, brawler)
    assert [item[0] for item in state.stack] == [gate]
    assert state.damage[gate] == 0  # not revealed by damage: no combat yet
    assert state.face_up[gate] is True
    assert state.turned[gate]
    assert events[0] == Event(
        "ability_used",
        {
            "player": 1,
            "card": gate,
            "title": "Cinnabar Gate",
            "targets": [brawler],
            "targeting": "attacking_character",
        },
    )
    assert GAME.view(state, 0)["seats"][1]["sites"][0][0]["name"] == "Cinnabar Gate"


@pytest.mark.rule("shadowfist.txt", "14.2", 20)
def test_a_feng_shui_site_at_zero_body_may_be_seized_smoked_or_burned():
    """'A feng shui site that has its Body rating ... reduced to zero by an attacking
    character can be either seized, smoked, or burned'."""
    state, _site = knock_down()
    assert state.phase == FATE
    assert legal_kinds(state) == {"seize", "smoke_site", "burn_victory", "burn_power"}


@pytest.mark.rule("shadowfist.txt", "15.1", "22.2")
def test_a_regular_site_may_only_be_seized_or_smoked():
    """'A regular site taking damage equal to its Body rating can be either seized or
    smoked.' 'Non Feng Shui Sites may not be burned, only smoked or seized.'"""
    state, _site = knock_down("Monastery Training Yard")  # Body 6
    assert legal_kinds(state) == {"seize", "smoke_site"}


@pytest.mark.rule("shadowfist.txt", "51.1", "51.2", "43.1", "43.2", "45.1", "45.2")
def test_seizing_puts_the_site_into_your_structure_under_your_control():
    """'Seizing a site involves playing that site into your site structure.' 'The owner
    of a card ... does not change.'"""
    state, site = knock_down()
    assert act(state, "seize", 0) == [
        Event("site_fate", {"player": 0, "card": site, "fate": "seize"}),
        Event("attack_ended", {"hit": True}),
    ]
    assert state.columns[0] == [[site]]
    assert state.ctrl[site] == 0
    assert state.owner[site] == 1
    assert state.damage[site] == 0
    assert state.phase == MAIN
    smoke(state, site, None)
    assert site in state.smoked[1]  # "placed in its owner's smoked pile"


@pytest.mark.rule("shadowfist.txt", "7.2", "7.3", "51.1", 63)
def test_seizing_is_not_playing_no_site_play_used_and_no_free_power():
    """Reading (docs/shadowfist.md, "Seizing is not playing"): 'Seizing a site involves
    playing that site into your site structure', but to play is 'To play a card from
    your hand, paying all costs'. So a seized site is not the turn's one site ('You may
    only play one site per turn'), and seizing a first feng shui site brings no free
    Power ('right after you play one')."""
    state, _site = knock_down()
    assert state.columns[0] == []  # seat 0 has no feng shui site yet
    state.pool[0] = 4
    act(state, "seize", 0)
    assert state.pool[0] == 4  # no free Power
    assert not state.site_played
    (garden,) = set_hand(state, 0, "Jade Moon Garden")
    assert plays_of(state, garden) == [(garden, 0), (garden, 1)]  # a site may still be played
    act(state, "play", garden, 1)
    assert state.pool[0] == 4 - 1  # costs 1: the seized site counts; no free Power


@pytest.mark.rule("shadowfist.txt", "4.1", "36.1", "41.3", "45.1", "45.2")
def test_a_seized_site_produces_power_and_resources_for_its_new_controller():
    """Reading (docs/shadowfist.md, "Owner and controller"): a seized site works for its
    controller ('the player who's side the card is currently working for'): its Power in
    the controller's establishing shot ('Add any Power generated by cards'), its
    resources in the controller's pool ('Resources generated by cards in play under your
    control'); its owner gets neither."""
    from play.engine.games.shadowfist.stats import resources

    state, yard = knock_down("Monastery Training Yard")  # a regular site: Power 1, g
    assert resources(state, 1) == {"g": 1}
    assert "g" not in resources(state, 0)
    act(state, "seize", 0)
    assert resources(state, 0)["g"] == 1
    assert resources(state, 1) == {}
    act(state, "end_turn")
    before = state.pool[1]
    act(state, "power")  # seat 1: Jade Moon Garden only
    assert state.pool[1] == before + 1
    act(state, "end_turn")
    before = state.pool[0]
    act(state, "power")  # seat 0: the seized Monastery Training Yard
    assert state.pool[0] == before + 1
    assert state.owner[yard] == 1


@pytest.mark.rule("shadowfist.txt", "53.1", "53.3", "53.4", "67.1")
def test_smoking_a_site_sends_it_to_its_owners_smoked_pile():
    """'Alternately, you may simply smoke a site. ... A smoked site goes to its owners
    smoked pile.'"""
    state, site = knock_down()
    assert act(state, "smoke_site") == [
        Event("left_play", {"card": site, "to": "smoked"}),
        Event("site_fate", {"player": 0, "card": site, "fate": "smoke_site"}),
        Event("attack_ended", {"hit": True}),
    ]
    assert state.smoked[1] == [site]


@pytest.mark.rule("shadowfist.txt", "14.2", 47)
def test_burning_for_victory_puts_the_site_in_your_burned_pile():
    """'you may "burn it for victory" the card goes into your "burned for victory pile"
    and counts toward the number of feng shui sites you need to win the game.'"""
    state, site = knock_down()
    assert act(state, "burn_victory") == [
        Event("left_play", {"card": site, "to": "burned"}),
        Event("site_fate", {"player": 0, "card": site, "fate": "burn_victory"}),
        Event("attack_ended", {"hit": True}),
    ]
    assert state.burned[0] == [site]
    assert state.zone[site] == BURNED


@pytest.mark.rule("shadowfist.txt", "14.2", "14.3", 49)
def test_burning_for_power_gives_five_power_and_ends_the_turn():
    """'In burning for power the site goes into the owners smoked pile and you gain five
    power. You are no closer to fulfilling victory conditions and your turn immediately
    ends.'"""
    state, site = knock_down()
    before = state.pool[0]
    assert act(state, "burn_power") == [
        Event("left_play", {"card": site, "to": "smoked"}),
        Event("site_fate", {"player": 0, "card": site, "fate": "burn_power"}),
        Event("attack_ended", {"hit": True}),
        Event("turn_ended", {"player": 0}),
        Event("turn_started", {"player": 1, "turn": 2}),
    ]
    assert state.smoked[1] == [site]
    assert state.pool[0] == before + 5
    assert state.active == 1


@pytest.mark.rule("shadowfist.txt", "14.3", 49)
def test_after_burning_for_power_the_next_seat_decides_its_establishing_shot() -> None:
    """'...your turn immediately ends.': the next seat's turn begins, and it is that seat
    the game waits for, in its establishing shot."""
    state, _ = knock_down()
    act(state, "burn_power")
    assert (state.active, state.phase) == (1, "power")
    assert state.to_act == 1
    assert {a.player for a in GAME.legal_actions(state)} == {1}
    assert "power" in legal_kinds(state)


@pytest.mark.rule("shadowfist.txt", "14.2")
def test_damage_on_sites_heals_at_the_end_of_the_turn():
    """Reading (docs/shadowfist.md): the summary is silent; site damage is removed at the
    end of each turn, so a site must be taken within one turn."""
    state = main_table()
    site = put_site(state, 1, "Old Junk Harbor")
    char = put_character(state, 0, "Teahouse Brawler")
    attack(state, site, char)
    assert state.damage[site] == 2
    act(state, "end_turn")
    assert state.damage[site] == 0


# -- piles ------------------------------------------------------------------------------


@pytest.mark.rule("shadowfist.txt", "69.3")
def test_toast_sends_a_card_to_its_owners_discard_pile_for_good():
    """'To toast a card, it is removed to its owner's discard pile where it provides no
    resources and may not reenter play.'"""
    state = main_table()
    char = put_character(state, 1, "Hermit of the Misty Peak")
    events: list = []
    toast(state, char, events)
    assert state.discards[1] == [char]
    assert state.zone[char] == DISCARD
    assert [(e.kind, e.data) for e in events] == [("left_play", {"card": char, "to": "toasted"})]


@pytest.mark.rule("shadowfist.txt", "72.1")
def test_discard_puts_a_card_from_hand_in_the_discard_pile():
    """'Discard a card into your discard pile. this card does not come into play for the
    rest of the game.'"""
    state = main_table(hands={0: ["Lead Rain"]})
    card = state.hands[0][0]
    discard_from_hand(state, 0, card, None)
    assert state.discards[0] == [card]
    assert state.hands[0] == []


@pytest.mark.rule("shadowfist.txt", 65)
def test_you_may_only_sacrifice_cards_you_control():
    """'When you sacrifice a card, you smoke it ... You may only sacrifice cards you
    control.'"""
    state = main_table()
    mine = put_character(state, 0, "Teahouse Brawler")
    theirs = put_character(state, 1, "Temple Novice")
    events: list = []
    sacrifice(state, 0, mine, events)
    assert state.zone[mine] == SMOKED
    assert [(e.kind, e.data) for e in events] == [
        ("left_play", {"card": mine, "to": "smoked"})
    ]  # "you smoke it": told as any smoking
    with pytest.raises(ValueError, match="control"):
        sacrifice(state, 0, theirs, None)


def test_a_card_leaving_play_keeps_nothing_of_play_and_its_states_go_to_the_smoked_pile() -> None:
    """'Damage, turning and effects until the end of the turn do not follow it'; 'If the
    host leaves play, the state goes to its owner's smoked pile' (the effect vocabulary). A taken
    character goes back to its owner's control."""
    state = main_table()
    char = put_character(state, 1, "Temple Novice", loc=1)
    state.chars[1].remove(char)
    state.chars[0].append(char)
    state.ctrl[char] = 0  # taken by seat 0
    blade = put_state(state, 0, "Grafted Blade-Arm", char)
    state.damage[char], state.turned[char], state.face_up[char] = 1, True, True
    other = put_character(state, 0, "Teahouse Brawler")
    state.temp += [[char, 3, 0, 0], [other, 2, 0, 0]]
    events: list = []
    smoke(state, char, events)
    assert state.smoked[1] == [char]
    assert state.smoked[0] == [blade]
    assert state.attached == []
    assert state.temp == [[other, 2, 0, 0]]  # another character's effect stays
    assert (state.damage[char], state.turned[char], state.face_up[char]) == (0, False, False)
    assert (state.host[blade], state.loc[char], state.ctrl[char]) == (NONE, 0, 1)
    assert [(e.kind, e.data) for e in events] == [
        ("left_play", {"card": blade, "to": "smoked"}),
        ("left_play", {"card": char, "to": "smoked"}),
    ]
