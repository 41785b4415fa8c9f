"""The goldfish opposition (docs/shadowfist.md, "Goldfish opposition"): what the dummy puts
on the table, its figures taken from the real card list, and blockers that intercept."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from play.engine.core import SetupError, mix_seed
from play.engine.games.shadowfist import GAME, PROFILES, DeckPlan, goldfish
from play.engine.games.shadowfist.goldfish import goldfish_setup
from play.engine.games.shadowfist.opposition import (
    CHARACTER_MEDIAN_FIGHTING,
    FENG_SHUI_MEDIAN_BODY,
    Opposition,
    opposition_from,
    profile_name,
)
from play.engine.games.shadowfist.rules import advance, legal_actions
from play.engine.games.shadowfist.setup import deal
from play.engine.games.shadowfist.state import COMBAT, PLAY, SMOKED, ShadowfistState

from .shadowfist_table import (
    act,
    attack,
    pass_round,
    plays_of,
    put_character,
    real_cards,
    set_hand,
    starter_cards,
    starter_deck,
)

DEFENDED = Opposition(blockers=2, blocker_fighting=4)


def _dealt(opposition: Opposition, seed: int = 2) -> ShadowfistState:
    plan = DeckPlan(starter_cards(), starter_deck("Heroic Bloodshed"))
    return deal(2, plan.cards, [plan.deck, []], seed=seed, first=0, dummy=1, max_turns=40,
                opposition=opposition)  # fmt: skip


def _pass_turn(state: ShadowfistState) -> None:
    """Seat 0 generates Power and ends its turn; the dummy plays its turn."""
    for kind in ("power", "end_turn"):
        advance(state, next(a for a in legal_actions(state) if a.kind == kind))


def _named(state: ShadowfistState, card: int) -> str:
    return state.defs[state.kind[card]].name


# -- the figures stand on the real card list ----------------------------------------------


def test_the_default_sites_body_is_the_median_body_of_the_real_feng_shui_sites() -> None:
    sites = [c["body"] for c in real_cards() if c["type"] == "Feng Shui Site"]
    assert len(sites) > 150
    assert statistics.median(sites) == FENG_SHUI_MEDIAN_BODY
    assert PROFILES["goldfish"].site_body == FENG_SHUI_MEDIAN_BODY


def test_the_blockers_fighting_is_the_median_fighting_of_the_real_characters() -> None:
    fighting = [
        c["fighting"] for c in real_cards()
        if c["type"] == "Character" and not c["fighting_is_x"] and c["fighting"] is not None
    ]  # fmt: skip
    assert len(fighting) > 1000
    assert statistics.median(fighting) == CHARACTER_MEDIAN_FIGHTING
    assert PROFILES["defended"].blocker_fighting == CHARACTER_MEDIAN_FIGHTING


def test_the_profiles_differ_in_what_their_names_say() -> None:
    goldfish_, defended, soft = PROFILES["goldfish"], PROFILES["defended"], PROFILES["soft"]
    assert (goldfish_.blockers, goldfish_.sites) == (0, None)
    assert defended.blockers == 2
    assert defended.site_body == goldfish_.site_body
    assert soft.site_body == 5
    assert soft.blockers == 0
    assert next(iter(PROFILES)) == "goldfish"  # the default


# -- reading a setup's opposition ----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, Opposition()),
        ("defended", Opposition(blockers=2)),
        ({"profile": "soft"}, Opposition(site_body=5)),
        ({"profile": "defended", "blockers": 3}, Opposition(blockers=3)),
        ({"site_body": 9, "sites": 4}, Opposition(site_body=9, sites=4)),
        ({"profile": "custom", "blocker_fighting": 6, "blockers": 1},
         Opposition(blockers=1, blocker_fighting=6)),
        ({"sites": None}, Opposition()),
        ({"sites": None, "blockers": 1}, Opposition(blockers=1)),  # the figures after it too
        ({"site_body": 1, "sites": 1, "blockers": 0, "blocker_fighting": 1},
         Opposition(site_body=1, sites=1, blockers=0, blocker_fighting=1)),
        ({"site_body": 30, "sites": 60, "blockers": 10, "blocker_fighting": 30},
         Opposition(site_body=30, sites=60, blockers=10, blocker_fighting=30)),
    ],
)  # fmt: skip
def test_an_opposition_is_a_profile_with_its_figures_replaced(value: Any, expected: Any) -> None:
    assert opposition_from(value) == expected


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("hard", "no opposition profile 'hard'"),
        ({"walls": 2}, "'opposition' has no walls"),
        ({"site_body": 0}, "site_body is a whole number 1 to 30: 0"),
        ({"site_body": 31}, "site_body is a whole number 1 to 30: 31"),
        ({"blockers": True}, "blockers is a whole number 0 to 10: True"),
        ({"blockers": "2"}, "blockers is a whole number 0 to 10: '2'"),
        ({"blocker_fighting": 2.0}, "blocker_fighting is a whole number 1 to 30: 2.0"),
        ({"sites": 0}, "sites is a whole number 1 to 60: 0"),
        ([2], "'opposition' is a profile's name or a mapping"),
    ],
)
def test_a_bad_opposition_is_refused_with_what_is_wrong(value: Any, words: str) -> None:
    with pytest.raises(SetupError, match=words.replace("(", r"\(")) as caught:
        opposition_from(value)
    assert caught.value.code == "bad_opposition"


def test_a_refusal_names_every_unknown_key_and_what_may_be_used_instead() -> None:
    with pytest.raises(SetupError) as caught:
        opposition_from({"walls": 2, "moats": 1, "blockers": 1})
    assert str(caught.value) == (
        "'opposition' has no moats, walls; use blocker_fighting, blockers, profile, "
        "site_body, sites"
    )
    with pytest.raises(SetupError) as caught:
        opposition_from("hard")
    assert str(caught.value) == "no opposition profile 'hard'; use one of goldfish, defended, soft"


def test_only_a_setup_with_a_dummy_names_an_opposition() -> None:
    with pytest.raises(SetupError, match="the setup has none"):
        GAME.new_game({"players": 2, "opposition": "defended"}, 1)


def test_a_dummy_in_the_first_seat_gets_its_oppositions_blockers() -> None:
    setup = {"players": 2, "dummy": 0, "first_player": 1, "opposition": "defended",
             "cards": starter_cards(), "decks": [[], starter_deck("Heroic Bloodshed")]}  # fmt: skip
    assert GAME.new_game(setup, 1).blockers == 2
    plan = DeckPlan(starter_cards(), starter_deck("Heroic Bloodshed"))
    dealt = deal(2, plan.cards, [[], plan.deck], seed=2, first=1, dummy=0, max_turns=40,
                 opposition=DEFENDED)  # fmt: skip
    assert dealt.blockers == 2


def test_a_game_without_a_dummy_keeps_no_blockers_whatever_opposition_it_is_dealt() -> None:
    plan = DeckPlan(starter_cards(), starter_deck("Heroic Bloodshed"))
    for opposition in (DEFENDED, PROFILES["goldfish"]):
        state = deal(2, plan.cards, [plan.deck, plan.deck], seed=2, opposition=opposition)
        assert state.blockers == 0
        assert state.to_dict()["blockers"] == 0


def test_every_opposition_round_trips_through_its_dict() -> None:
    for opposition in (*PROFILES.values(), Opposition(site_body=3, sites=2, blockers=1)):
        assert opposition_from(opposition.to_dict()) == opposition
    assert Opposition(site_body=3).to_dict()["profile"] == "custom"
    assert [p.to_dict()["profile"] for p in PROFILES.values()] == list(PROFILES)
    assert profile_name(Opposition(blockers=2)) == "defended"


def test_the_words_name_every_figure() -> None:
    assert PROFILES["goldfish"].words() == ("a feng shui site of Body 7 each turn; no blockers")
    assert Opposition(sites=4, blockers=1, blocker_fighting=6).words() == (
        "a feng shui site of Body 7 each turn, 4 in all; 1 blocker of Fighting 6 kept in play"
    )
    assert PROFILES["defended"].words() == (
        "a feng shui site of Body 7 each turn; 2 blockers of Fighting 4 kept in play"
    )


# -- what the dummy does on its turn ------------------------------------------------------


def test_the_dummy_lays_sites_of_the_profiles_body_and_stops_after_its_number() -> None:
    state = _dealt(Opposition(site_body=9, sites=3))
    for turn in range(1, 6):
        _pass_turn(state)
        assert len(state.columns[1]) == min(turn, 3)
    sites = [column[0] for column in state.columns[1]]
    assert [state.defs[state.kind[s]].body for s in sites] == [9, 9, 9]
    assert state.chars[1] == []


def test_the_dummy_keeps_its_blockers_in_play_and_replaces_those_smoked() -> None:
    state = _dealt(DEFENDED)
    _pass_turn(state)
    blockers = list(state.chars[1])
    assert len(blockers) == 2
    assert {_named(state, b) for b in blockers} == {"Goldfish Dummy Blocker"}
    assert all(state.loc[b] == 0 and state.zone[b] == PLAY for b in blockers)
    assert [state.defs[state.kind[b]].fighting for b in blockers] == [4, 4]
    state.zone[blockers[0]] = SMOKED  # as combat would
    state.chars[1].remove(blockers[0])
    state.turned[blockers[1]] = True
    _pass_turn(state)
    assert len(state.chars[1]) == 2
    assert blockers[0] not in state.chars[1]
    assert state.turned[blockers[1]] is False  # its cards unturn on its turn


def test_the_dummys_blocker_is_a_generic_character_that_says_it_intercepts() -> None:
    state = _dealt(DEFENDED)
    _pass_turn(state)
    card = state.defs[state.kind[state.chars[1][0]]]
    assert (card.id, card.name, card.is_character, card.fighting) == (
        "goldfish-dummy-blocker", "Goldfish Dummy Blocker", True, 4,
    )  # fmt: skip
    assert card.effect_text == "The goldfish dummy's generic character: it intercepts."


def test_the_dummys_turn_tells_each_card_it_puts_into_play() -> None:
    state = _dealt(DEFENDED)
    events = act(state, "power") + act(state, "end_turn")
    played = [e.data for e in events if e.kind == "card_played" and e.data["player"] == 1]
    site = state.columns[1][0][0]
    first, second = state.chars[1]
    assert played == [
        {"player": 1, "card": site, "title": None, "args": [0]},  # face down: no title
        {"player": 1, "card": first, "title": "Goldfish Dummy Blocker", "args": [0]},
        {"player": 1, "card": second, "title": "Goldfish Dummy Blocker", "args": [0]},
    ]


def test_the_dummy_brings_in_its_last_blockers_and_never_a_site_as_one() -> None:
    """Its supply down to two blockers (the others smoked), then sites: both come in,
    and once one is smoked again none replaces it; a site is laid each turn all along."""
    state = _dealt(DEFENDED)
    deck = state.decks[1]
    spare = [c for c in deck if state.defs[state.kind[c]].is_character][:-2]
    for card in spare:
        deck.remove(card)
        state.zone[card] = SMOKED
        state.smoked[1].append(card)
    _pass_turn(state)
    assert [_named(state, c) for c in state.chars[1]] == ["Goldfish Dummy Blocker"] * 2
    assert all(state.defs[state.kind[c]].is_site for c in deck)
    gone = state.chars[1][0]
    state.zone[gone] = SMOKED
    state.chars[1].remove(gone)
    _pass_turn(state)
    assert [_named(state, c) for c in state.chars[1]] == ["Goldfish Dummy Blocker"]
    assert len(state.columns[1]) == 2


def test_the_dummy_without_blockers_never_intercepts() -> None:
    state = _dealt(PROFILES["goldfish"])
    _pass_turn(state)
    act(state, "power")
    set_hand(state, 0)  # nothing to respond with: the attack runs on
    driver = put_character(state, 0, "Kamikaze Stunt Driver")
    site = state.columns[1][0][0]
    events = attack(state, site, driver)
    assert not [e for e in events if e.kind == "intercepted"]
    assert state.damage[site] == 3
    assert state.zone[driver] == PLAY


@pytest.mark.parametrize("weakened", [1, 0])  # whichever of them the dummy lists first
def test_blockers_intercept_the_strongest_attackers_with_the_strongest_blockers(
    weakened: int,
) -> None:
    """Three attackers of Fighting 6, 3 and 2 against two blockers of Fighting 4 and 3:
    the 6 meets the 4, the 3 meets the 3, the 2 gets through."""
    state = _dealt(Opposition(blockers=2, blocker_fighting=4))
    _pass_turn(state)
    weak = state.chars[1][weakened]
    state.damage[weak] = 1  # Fighting 3 now
    act(state, "power")
    set_hand(state, 0)  # nothing to respond with: the attack runs on
    kicker = put_character(state, 0, "Vengeful Kickboxer")
    driver = put_character(state, 0, "Kamikaze Stunt Driver")
    brawler = put_character(state, 0, "Teahouse Brawler")
    strong = state.chars[1][1 - weakened]
    site = state.columns[1][0][0]
    events = attack(state, site, kicker, driver, brawler)
    blocks = {(e.data["card"], e.data["attacker"]) for e in events if e.kind == "intercepted"}
    assert blocks == {(strong, kicker), (weak, driver)}
    assert state.zone[strong] == SMOKED
    assert state.zone[weak] == SMOKED
    assert state.zone[driver] != PLAY  # took 3 (a Toast It card: to the discard pile)
    assert state.damage[site] > 0  # the brawler and the kicker reached the site


def test_of_equal_attackers_the_lower_card_number_is_intercepted() -> None:
    state = _dealt(Opposition(blockers=1))
    _pass_turn(state)
    (blocker,) = state.chars[1]
    act(state, "power")
    set_hand(state, 0)  # nothing to respond with: the attack runs on
    first = put_character(state, 0, "Teahouse Brawler")
    second = put_character(state, 0, "Teahouse Brawler")
    events = attack(state, state.columns[1][0][0], second, first)
    blocks = [(e.data["card"], e.data["attacker"]) for e in events if e.kind == "intercepted"]
    assert blocks == [(blocker, min(first, second))]


def test_of_equal_blockers_the_lower_card_number_intercepts() -> None:
    state = _dealt(DEFENDED)
    _pass_turn(state)
    act(state, "power")
    set_hand(state, 0)  # nothing to respond with: the attack runs on
    brawler = put_character(state, 0, "Teahouse Brawler")
    events = attack(state, state.columns[1][0][0], brawler)
    blocks = [(e.data["card"], e.data["attacker"]) for e in events if e.kind == "intercepted"]
    assert blocks == [(min(state.chars[1]), brawler)]


def test_the_attacker_may_respond_after_the_dummys_blockers_intercept() -> None:
    """The window before the combats, as after any player's interceptions: the attacking
    player plays Never Back Down (+3 Fighting) on its Brawler, which then beats the
    blocker of Fighting 4 and lives."""
    state = _dealt(Opposition(blockers=1))
    _pass_turn(state)
    (blocker,) = state.chars[1]
    act(state, "power")
    (event,) = set_hand(state, 0, "Never Back Down")
    brawler = put_character(state, 0, "Teahouse Brawler")
    attack(state, state.columns[1][0][0], brawler)
    act(state, "pass")  # the window after the declaration
    assert state.phase == COMBAT
    assert state.to_act == 0
    assert state.blocks == [[blocker, brawler]]
    assert (event, brawler) in plays_of(state, event)
    act(state, "play", event, brawler)
    pass_round(state)
    pass_round(state)  # the window before the attackers reach the target
    assert state.zone[blocker] == SMOKED
    assert state.zone[brawler] == PLAY


def test_a_goldfish_against_blockers_finishes_later_than_against_a_passive_table() -> None:
    plan = DeckPlan(starter_cards(), starter_deck("Shaolin Sanctuary"))
    turns: dict[str, list[int]] = {}
    for name in ("goldfish", "defended"):
        records = [goldfish(plan, seed=mix_seed(3, i), opposition=PROFILES[name])
                   for i in range(60)]  # fmt: skip
        turns[name] = [r.turn_won or 21 for r in records]
    assert statistics.mean(turns["defended"]) > statistics.mean(turns["goldfish"]) + 1


def test_a_goldfish_match_setup_carries_its_opposition_into_the_game() -> None:
    setup = goldfish_setup(starter_cards(), starter_deck("Heroic Bloodshed"), 20, DEFENDED)
    state = GAME.new_game(setup, 5)
    assert state.blockers == 2
    while state.to_act == 0 and not state.chars[1]:
        advance(state, next(a for a in legal_actions(state) if a.kind in ("power", "end_turn")))
    assert len(state.chars[1]) == 2


def test_a_state_saved_before_blockers_existed_loads_without_any() -> None:
    state = _dealt(DEFENDED)
    data = state.to_dict()
    assert data["blockers"] == 2
    assert type(state).from_dict(data).blockers == 2
    del data["blockers"]
    assert type(state).from_dict(data).blockers == 0
