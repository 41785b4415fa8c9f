"""Shadowfist setup, the establishing shot (P.U.D.D.) and the main shot, rule by rule
(rules summary: shared/rules/shadowfist.txt; readings: docs/shadowfist.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from play.engine.core import Action, Event, IllegalAction, SetupError
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.damage import heal
from play.engine.games.shadowfist.state import DISCARD_STEP, MAIN, SMOKED
from play.engine.games.shadowfist.stats import fighting

from .shadowfist_table import (
    DECK_NAMES,
    STARTER,
    act,
    card_defs,
    every_card,
    find,
    legal_kinds,
    main_table,
    new_table,
    play,
    plays_of,
    put_character,
    put_edge,
    put_site,
    put_state,
    real_cards,
    set_hand,
    starter_cards,
    starter_deck,
    title,
    to_hand,
    to_main,
)

# -- setup ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.rule("shadowfist.txt", "1.3")
def test_each_player_starts_with_a_hand_of_six_from_a_shuffled_deck(players):
    """'Each player starts the game with a hand of six cards'."""
    state = GAME.new_game({"players": players}, seed=4)
    for seat in range(players):
        assert len(state.hands[seat]) == 6
        assert len(state.decks[seat]) == 44
    other = GAME.new_game({"players": players}, seed=5)
    assert state.decks[0] != other.decks[0]  # shuffled by the seeded rng


@pytest.mark.rule("shadowfist.txt", "1.3", "41.2")
def test_a_player_begins_the_first_turn_with_one_power():
    """'...and his or her first turn with 1 Power point in his or her Power pool.'"""
    state = new_table(first=1)
    assert state.active == 1
    assert state.pool == [0, 1]
    act(state, "power")
    act(state, "end_turn")
    assert state.active == 0
    assert state.pool == [1, 1]


@pytest.mark.rule("shadowfist.txt", "1.3", "41.2")
def test_the_first_turns_power_point_adds_to_power_gained_before_it() -> None:
    """'...and his or her first turn with 1 Power point in his or her Power pool': a point
    added to the pool, so Power seat 1 gained during seat 0's turn (a Lucky Red Envelope,
    'Gain 1 Power', played in response) is still there."""
    state = main_table(power=0, hands={1: ["Lucky Red Envelope"]})
    (envelope,) = state.hands[1]
    (mine,) = to_hand(state, 0, "Lucky Red Envelope")
    act(state, "play", mine)
    assert state.to_act == 1
    act(state, "play", envelope)
    while state.pending:
        act(state, "pass")
    assert state.pool == [1, 1]
    act(state, "end_turn")
    assert (state.active, state.turns[1]) == (1, 1)
    assert state.pool == [1, 2]


def test_the_first_player_is_drawn_from_the_seeded_rng_unless_given():
    firsts = {GAME.new_game({"players": 4}, seed=s).active for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game({"players": 4, "first_player": 2}, seed=1).active == 2


def test_without_decks_the_seats_play_the_starter_decks_in_turn():
    state = GAME.new_game({"players": 2}, seed=1)
    names = sorted(title(state, c) for c in state.hands[1] + state.decks[1])
    assert names == sorted(starter_deck("Shaolin Sanctuary"))


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        (None, "missing_players"),
        ({"players": 1}, "bad_player_count"),
        ({"players": 7}, "bad_player_count"),
        ({"players": 2, "colour": "red"}, "unknown_option"),
        ({"players": 2, "first_player": 2}, "bad_first_player"),
        ({"players": 2, "cards": []}, "missing_decks"),
        ({"players": 2, "decks": [["Nobody"], []]}, "unknown_card"),
        ({"players": 2, "decks": [[]]}, "bad_decks"),
        ({"players": 2, "cards": [{"name": "X", "type": "Spell"}], "decks": [[], []]}, "bad_cards"),
        ({"players": 2, "cards": "Lead Rain", "decks": [[], []]}, "bad_cards"),
        ({"players": 2, "max_turns": 0}, "bad_max_turns"),
    ],
)
def test_it_refuses_a_setup_it_cannot_play(setup, code):
    with pytest.raises(SetupError) as caught:
        GAME.new_game(setup, seed=1)
    assert caught.value.code == code


def test_the_engine_plays_the_starter_set_when_a_setup_has_no_cards():
    """The starter file lives with the engine (the catalogue reads the same file)."""
    from play.engine.games.shadowfist import setup

    shipped = json.loads(STARTER.read_text(encoding="utf-8"))["cards"]
    assert [card.name for card in setup.starter()[0]] == [card["name"] for card in shipped]
    assert len(shipped) == 95


def test_a_setup_may_give_its_cards_already_read_and_plays_the_same_game() -> None:
    """A setup's ``cards`` may hold card dicts or cards already read (``CardDef``), mixed:
    the same table, the same deal."""
    dicts = starter_cards()
    mixed = [*card_defs(dicts[:50]), *dicts[50:]]
    decks = [starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[1])]
    read = GAME.new_game({"players": 2, "cards": mixed, "decks": decks}, seed=3)
    plain = GAME.new_game({"players": 2, "cards": dicts, "decks": decks}, seed=3)
    assert read.to_dict() == plain.to_dict()


def test_a_setup_changed_between_games_is_read_again() -> None:
    """A batch of games from the very same setup object reads it once; changed in between
    (another deck, more turns), the next game follows the change."""
    setup = {"players": 2, "decks": [starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[1])]}
    first = GAME.new_game(setup, seed=3)
    assert GAME.new_game(setup, seed=3).to_dict() == first.to_dict()
    setup["decks"][1] = starter_deck(DECK_NAMES[2])  # changed inside
    other = GAME.new_game(setup, seed=3)
    assert {d.name for d in other.defs} != {d.name for d in first.defs}
    fresh = {"players": 2, "decks": [starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[2])]}
    assert other.to_dict() == GAME.new_game(fresh, seed=3).to_dict()
    setup["max_turns"] = 7
    assert GAME.new_game(setup, seed=3).max_turns == 7


def test_a_setup_changed_into_one_it_cannot_play_is_refused() -> None:
    """A setup changed in place after a game is read again, so a change that spoils it
    is refused as it would be in a new setup: decks that are not lists of cards (in a
    list or in a tuple), too few players. And a new setup is read for itself, even
    when Python counts it equal to one read before (7.0 for 7, True for 1): the setup
    takes a whole number only as an int."""
    decks = [starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[1])]
    for playable, spoiled in (([*decks], [None, None]), ((*decks,), (None, None))):
        setup: dict[str, Any] = {"players": 2, "decks": playable}
        GAME.new_game(setup, seed=3)
        setup["decks"] = spoiled
        with pytest.raises(SetupError) as caught:
            GAME.new_game(setup, seed=3)
        assert caught.value.code == "bad_decks"
    for key, good, bad in (("max_turns", 7, 7.0), ("first_player", 1, True)):
        GAME.new_game({"players": 2, key: good}, seed=3)
        with pytest.raises(SetupError) as caught:  # a new setup, equal to the first one
            GAME.new_game({"players": 2, key: bad}, seed=3)
        assert caught.value.code == f"bad_{key}"
    setup = {"players": 2, "max_turns": 7}
    GAME.new_game(setup, seed=3)
    setup["players"] = 1
    with pytest.raises(SetupError) as caught:
        GAME.new_game(setup, seed=3)
    assert caught.value.code == "bad_player_count"


def test_decks_given_as_a_tuple_play_and_follow_a_change() -> None:
    """``decks`` may be a tuple of decks; a deck changed inside it between two games
    of one setup gives the next game the new deck."""
    decks = (starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[1]))
    setup = {"players": 2, "decks": decks}
    first = GAME.new_game(setup, seed=3)
    assert GAME.new_game(setup, seed=3).to_dict() == first.to_dict()
    decks[1][:] = starter_deck(DECK_NAMES[2])  # changed inside the tuple
    other = GAME.new_game(setup, seed=3)
    assert {d.name for d in other.defs} != {d.name for d in first.defs}
    fresh = {"players": 2, "decks": [starter_deck(DECK_NAMES[0]), starter_deck(DECK_NAMES[2])]}
    assert other.to_dict() == GAME.new_game(fresh, seed=3).to_dict()


# -- establishing shot ----------------------------------------------------------------


@pytest.mark.rule("shadowfist.txt", 3, "4.1", "39.3")
def test_the_power_step_adds_the_power_generated_by_sites():
    """'Add any Power generated by cards (The power a site generates is in its upper left
    hand corner) to your pool.'"""
    state = new_table([every_site_deck()] * 2)
    put_site(state, 0, "Hall of Nine Bells")
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Hall of Forbidden Scrolls")  # Power 0
    act(state, "power")
    assert state.pool[0] == 1 + 2


def every_site_deck():
    return [*starter_deck("Shaolin Sanctuary"), "Jade Moon Garden", "Hall of Forbidden Scrolls"]


@pytest.mark.rule("shadowfist.txt", 5, 61)
def test_unturn_all_your_cards():
    """'Unturn all your cards.' (No card in the engine is turned and maintained.)"""
    state = new_table([every_site_deck()] * 2)
    site = put_site(state, 0, "Cinnabar Gate")
    char = put_character(state, 0, "Temple Novice")
    other = put_character(state, 1, "Temple Novice")
    mine = put_state(state, 0, "Prayer Beads of Warding", char)
    theirs = put_state(state, 1, "Prayer Beads of Warding", other)
    for card in (site, char, other, mine, theirs):
        state.turned[card] = True
    act(state, "power")
    assert not state.turned[site]
    assert not state.turned[char]
    assert not state.turned[mine]  # a state you control, on whichever host
    assert state.turned[other]  # only your cards
    assert state.turned[theirs]
    # "Turned and maintained": no effect of the vocabulary maintains, so none stays turned.
    from play.engine.games.shadowfist.effects.spec import KEYS

    assert not [key for key in KEYS if "maintain" in key]


@pytest.mark.rule("shadowfist.txt", 3, 55, 76)
def test_the_establishing_shot_permits_only_its_steps():
    """'Establishing Shot (Perform steps in order.)' 'Actions which occur during your
    establishing shot include generating power, unturning your cards, discarding,
    drawing, and playing certain events. Actions permitted during an establishing shot
    are limited.' Reading (docs/shadowfist.md): no event is played there; the steps
    come in the order of P.U.D.D."""
    state = new_table()
    (rain,) = set_hand(state, 0, "Lead Rain")
    put_character(state, 0, "Gun Shop Clerk")  # d and H: Lead Rain's resources
    put_character(state, 1, "Temple Novice")
    state.pool[0] = 5
    assert legal_kinds(state) == {"power", "skip_power"}
    act(state, "skip_power")
    assert legal_kinds(state) == {"discard", "keep"}
    act(state, "keep")
    assert state.phase == MAIN
    assert len(state.hands[0]) == 6  # drawn last
    assert rain in state.hands[0]
    assert any(a.kind == "play" and a.args[0] == rain for a in GAME.legal_actions(state))


@pytest.mark.rule("shadowfist.txt", 3, "6.1", "6.3", 74, 76)
def test_after_generating_power_you_may_discard_one_card_then_draw_up_to_six():
    """'You may discard a card. ... You must then bring your hand size up to six cards'.
    Generating Power names the card discarded, if any: one decision, as nothing hidden
    is revealed between the two steps (docs/shadowfist.md)."""
    state = new_table()
    card = state.hands[0][0]
    assert {a.args for a in GAME.legal_actions(state) if a.kind == "power"} == {
        (),
        *((c,) for c in state.hands[0]),
    }
    act(state, "power", card)
    assert state.discards[0] == [card]
    assert state.phase == MAIN
    assert len(state.hands[0]) == 6
    assert card not in state.hands[0]


@pytest.mark.rule("shadowfist.txt", "4.2", "6.2")
def test_skipping_power_lets_you_discard_as_many_cards_as_you_like():
    """'You may skip this step for the priviledge of discarding more than one card'; 'If
    you skiped Power-generation, discard as many cards as you like.'"""
    state = new_table()
    act(state, "skip_power")
    assert state.pool[0] == 1  # nothing generated (the first turn's Power stays)
    for card in list(state.hands[0][:4]):
        assert act(state, "discard", card) == [
            Event("discarded", {"player": 0, "card": card}),
        ]
        assert state.phase == DISCARD_STEP
    assert act(state, "keep") == [Event("drew", {"player": 0, "count": 4})]
    assert len(state.discards[0]) == 4
    assert len(state.hands[0]) == 6


@pytest.mark.rule("shadowfist.txt", "6.2", "6.3")
def test_discarding_the_whole_hand_draws_six_at_once_and_tells_it() -> None:
    """'If you skiped Power-generation, discard as many cards as you like. You must then
    bring your hand size up to six cards': with no card left to discard, the draw follows
    the last discard, told with it, and the main shot begins."""
    state = new_table()
    act(state, "skip_power")
    *rest, last = list(state.hands[0])
    for card in rest:
        act(state, "discard", card)
    assert act(state, "discard", last) == [
        Event("discarded", {"player": 0, "card": last}),
        Event("drew", {"player": 0, "count": 6}),
    ]
    assert len(state.hands[0]) == 6
    assert (state.phase, state.to_act) == (MAIN, 0)


@pytest.mark.rule("shadowfist.txt", "6.3")
def test_a_hand_of_more_than_six_stays_as_it_is():
    """'...or stay if you already have six or more cards.'"""
    state = new_table()
    to_hand(state, 0, *(title(state, c) for c in state.decks[0][-2:]))
    act(state, "power")
    assert len(state.hands[0]) == 8


@pytest.mark.rule("shadowfist.txt", "6.3", 74)
def test_an_empty_deck_is_not_a_loss():
    """Reading (docs/shadowfist.md, "An empty deck"): 'You must then bring your hand size
    up to six cards': you draw what is left, then nothing; the game goes on."""
    from play.engine.games.shadowfist.state import DISCARD

    from .shadowfist_table import check_conservation

    state = new_table()
    owners = state.owner
    gone = state.decks[0][2:] + state.hands[0][3:]  # out of the way, accounted for
    for card in gone:
        (state.decks[0] if card in state.decks[0] else state.hands[0]).remove(card)
        state.discards[0].append(card)
        state.zone[card] = DISCARD
    assert (len(state.decks[0]), len(state.hands[0])) == (2, 3)
    act(state, "power")
    assert (len(state.decks[0]), len(state.hands[0])) == (0, 5)
    assert state.phase == MAIN
    act(state, "end_turn")
    to_main(state)
    act(state, "end_turn")
    act(state, "power")  # seat 0 again, with an empty deck
    assert state.active == 0
    assert state.phase == MAIN
    assert len(state.hands[0]) == 5
    assert not GAME.is_over(state)
    assert state.winner is None
    check_conservation(state, owners)


@pytest.mark.rule("shadowfist.txt", "69.3", "69.4", 70, "72.1", "41.3")
def test_a_discarded_card_is_toasted_and_provides_no_resources():
    """Reading (docs/shadowfist.md, "Discarded cards"): 'Note that cards which are
    discarded are toasted': a card discarded goes to the discard pile 'where it provides
    no resources', unlike a smoked card ('Resources generated by cards ... in your smoked
    pile form your resource pool')."""
    from play.engine.games.shadowfist.stats import resources
    from play.engine.games.shadowfist.zones import smoke

    state = new_table()
    rookie, _clerk = set_hand(state, 0, "Rookie Patrol Officer", "Gun Shop Clerk")
    act(state, "power", rookie)
    assert state.discards[0] == [rookie]
    assert resources(state, 0) == {}
    smoke(state, put_character(state, 0, "Rookie Patrol Officer"), None)
    assert resources(state, 0) == {"d": 1}


@pytest.mark.rule("shadowfist.txt", "41.3")
def test_each_edge_in_play_adds_its_resources_to_the_pool() -> None:
    """'Resources generated by cards in play under your control ... form your resource
    pool': an edge providing a Dragons resource counts once for each copy in play, so
    Code of the Badge (requires two) is playable with two of them and not with one."""
    cards = [
        {**card, "provides": "d"} if card["name"] == "Neighborhood Watch" else card
        for card in starter_cards()
    ]
    state = main_table(cards=cards, hands={0: ["Code of the Badge"]})
    (badge,) = state.hands[0]
    put_edge(state, 0, "Neighborhood Watch")
    assert plays_of(state, badge) == []
    put_edge(state, 0, "Neighborhood Watch")
    assert plays_of(state, badge) == [(badge,)]


# -- main shot ------------------------------------------------------------------------


@pytest.mark.rule("shadowfist.txt", "7.1", "34.2", "36.3", "39.1", "39.2", 63)
def test_a_card_costs_its_power_and_needs_its_resources():
    """'you must have the proper resources available and spend the right amount of
    Power.' Teahouse Brawler costs 2 and requires a Dragons resource."""
    state = main_table(power=2, hands={0: ["Teahouse Brawler", "Rookie Patrol Officer"]})
    brawler, rookie = state.hands[0]
    assert plays_of(state, brawler) == []
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("play", 0, (brawler, 0)))
    assert caught.value.code == "missing_resources"
    act(state, "play", rookie, 0)  # provides d
    assert state.pool[0] == 1
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("play", 0, (brawler, 0)))
    assert caught.value.code == "cannot_afford"
    state.pool[0] = 2
    act(state, "play", brawler, 0)
    assert state.pool[0] == 0


@pytest.mark.rule("shadowfist.txt", "36.3", "41.1")
def test_resources_are_not_spent():
    state = main_table(
        power=10, hands={0: ["Rookie Patrol Officer", "Teahouse Brawler", "Teahouse Brawler"]}
    )
    rookie, first, second = state.hands[0]
    act(state, "play", rookie, 0)
    act(state, "play", first, 0)
    act(state, "play", second, 0)
    assert len(state.chars[0]) == 3


@pytest.mark.rule("shadowfist.txt", 37)
def test_talents_magic_chi_and_tech_are_resources_too():
    """'there are three non-faction resources which any of the factions may use. They
    are Magic, Chi, and Tech.' Lead Rain requires Dragons and Tech (Gun Shop Clerk)."""
    state = main_table(hands={0: ["Lead Rain"]})
    clerk = put_character(state, 0, "Gun Shop Clerk")
    target = put_character(state, 1, "Temple Novice")
    rain = state.hands[0][0]
    assert (rain, target) in plays_of(state, rain)
    assert (rain, clerk) in plays_of(state, rain)


@pytest.mark.rule("shadowfist.txt", "36.2", "41.3", "67.3", "69.3")
def test_a_smoked_character_keeps_its_resource_a_toasted_one_does_not():
    """'each character you play generates one resource of that faction which stays in your
    pool even if Smoked, but not if Toasted or under an opponents control.'"""
    from play.engine.games.shadowfist.stats import resources
    from play.engine.games.shadowfist.zones import smoke, toast

    state = main_table()
    rookie = put_character(state, 0, "Rookie Patrol Officer")
    clerk = put_character(state, 0, "Gun Shop Clerk")
    smoke(state, rookie, None)
    assert state.smoked[0] == [rookie]
    assert resources(state, 0) == {"d": 2, "H": 1}
    toast(state, clerk, None)
    assert state.discards[0] == [clerk]
    assert resources(state, 0) == {"d": 1}


@pytest.mark.rule("shadowfist.txt", "36.2", "45.2")
def test_a_character_under_an_opponents_control_provides_for_its_controller():
    from play.engine.games.shadowfist.effects.registry import RESOLVERS
    from play.engine.games.shadowfist.stats import resources

    state = main_table()
    novice = put_character(state, 1, "Temple Novice")
    puppet = find(state, 0, "Puppet on Red Strings")
    RESOLVERS["take_control"](
        state, 0, puppet, state.defs[state.kind[puppet]].effect, [novice], None
    )
    assert resources(state, 0) == {"g": 1}
    assert resources(state, 1) == {}
    assert state.owner[novice] == 1
    assert state.ctrl[novice] == 0


@pytest.mark.rule("shadowfist.txt", "7.1", "7.4", 57)
def test_the_main_shot_offers_every_play_and_attacks_in_any_order():
    """'Main Shot (Do steps in any order): You may play any type of card' ... 'You may
    launch attacks'; 'you may play events, sites, characters, edges, or states, declare
    attacks'. A character played after an attack may still be played."""
    state = main_table(
        hands={0: ["Jade Moon Garden", "Hired Muscle", "Lucky Red Envelope", "Code of the Badge"]}
    )
    put_character(state, 0, "Rookie Patrol Officer")  # d
    brawler = put_character(state, 0, "Teahouse Brawler")
    site = put_site(state, 1, "Old Junk Harbor")
    garden, muscle, envelope, badge = state.hands[0]
    for card in (garden, muscle, envelope, badge):
        assert plays_of(state, card), title(state, card)
    assert {"play", "attack", "end_turn"} <= legal_kinds(state)
    act(state, "attack", site)
    act(state, "add", brawler)
    if state.phase == "declare":
        act(state, "go")
    while state.phase != MAIN:
        act(state, "pass")
    assert plays_of(state, muscle)
    act(state, "play", muscle, 0)
    assert state.zone[muscle] == state.zone[brawler]


@pytest.mark.rule("shadowfist.txt", "7.2")
def test_you_may_play_only_one_site_a_turn():
    """'You may only play one site per turn.'"""
    state = main_table(hands={0: ["Jade Moon Garden", "Old Junk Harbor"]})
    garden, harbor = state.hands[0]
    act(state, "play", garden, 0)
    assert plays_of(state, harbor) == []
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("play", 0, (harbor, 1)))
    assert caught.value.code == "one_site_a_turn"


@pytest.mark.rule("shadowfist.txt", "7.2")
def test_a_feng_shui_site_costs_the_number_of_feng_shui_sites_you_have():
    """'(The Power cost of playing a feng shui site is equal to the number of feng shui
    sites you already have in play.)' Non-feng-shui sites do not count."""
    state = main_table(power=2, hands={0: ["Jade Moon Garden"]})
    put_site(state, 0, "Old Junk Harbor")
    put_site(state, 0, "Sleeping Dragon Ridge")
    put_site(state, 0, "Hall of Forbidden Scrolls")
    garden = state.hands[0][0]
    state.pool[0] = 1
    assert plays_of(state, garden) == []
    state.pool[0] = 2
    act(state, "play", garden, 2)
    assert state.pool[0] == 0


def erebus_table(power: int):
    """Seat 0 in its main shot with ``power`` Power, the real Mount Erebus (cost 1,
    requires ppp, Power 1, Body 7) in hand and three Purist Aspirants in its smoked pile
    (ppp: "Cards smoked still provide resources")."""
    from play.engine.games.shadowfist.zones import smoke

    extra = [c for c in real_cards() if c["name"] in {"Mount Erebus", "Purist Aspirant"}]
    deck = [*every_card(), "Mount Erebus", *["Purist Aspirant"] * 3]
    state = new_table([deck, every_card()], cards=[*starter_cards(), *extra])
    to_main(state, power)
    for _ in range(3):
        smoke(state, put_character(state, 0, "Purist Aspirant"), None)
    (erebus,) = set_hand(state, 0, "Mount Erebus")
    return state, erebus


@pytest.mark.rule("shadowfist.txt", "7.2", 63)
def test_a_feng_shui_sites_printed_cost_adds_to_the_count():
    """Reading (docs/shadowfist.md, "A feng shui site costs"): '(The Power cost of playing
    a feng shui site is equal to the number of feng shui sites you already have in
    play.)' and to play is 'paying all costs': a printed cost (Mount Erebus prints 1) is
    added to the count, so Mount Erebus cannot be a first site with 0 Power."""
    from play.engine.games.shadowfist.stats import cost

    state, erebus = erebus_table(power=0)
    definition = state.defs[state.kind[erebus]]
    assert definition.cost == 1
    assert definition.is_fs
    assert cost(state, 0, definition) == 1 + 0
    assert plays_of(state, erebus) == []
    with pytest.raises(IllegalAction) as caught:
        GAME.verify(state, Action("play", 0, (erebus, 0)))
    assert caught.value.code == "cannot_afford"
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    assert cost(state, 0, definition) == 1 + 2
    state.pool[0] = 2
    assert plays_of(state, erebus) == []
    state.pool[0] = 3
    act(state, "play", erebus, 2)
    assert state.pool[0] == 0  # 3 paid, and no free Power: not a first site


@pytest.mark.rule("shadowfist.txt", "7.3")
def test_a_first_feng_shui_site_with_a_printed_cost_needs_that_power():
    """Reading (docs/shadowfist.md, "The free Power"): it comes 'right after you play
    one', so it cannot pay for the first site itself: Mount Erebus as a first site
    costs 1, and the free point follows."""
    state, erebus = erebus_table(power=1)
    assert plays_of(state, erebus) == [(erebus, 0)]
    act(state, "play", erebus, 0)
    assert state.pool[0] == 1  # 1 paid, then the free point


@pytest.mark.rule("shadowfist.txt", "7.3")
def test_the_first_feng_shui_site_brings_a_free_power():
    """'If you have no feng shui sites in play, you may recieve a point of Power right
    after you play one.' (Taken automatically: it has no drawback.)"""
    state = main_table(power=0, hands={0: ["Jade Moon Garden"]})
    act(state, "play", state.hands[0][0], 0)
    assert state.pool[0] == 1
    act(state, "end_turn")
    to_main(state)  # seat 1
    act(state, "end_turn")
    to_main(state)  # seat 0 again
    (harbor,) = set_hand(state, 0, "Old Junk Harbor")
    before = state.pool[0]
    act(state, "play", harbor, 1)
    assert state.pool[0] == before - 1  # it cost 1 and brought nothing


@pytest.mark.rule("shadowfist.txt", "7.2", "59.2", "59.4")
def test_you_may_turn_a_damaged_character_to_heal_it():
    """'You may turn damaged characters to heal them.'"""
    state = main_table()
    char = put_character(state, 0, "Precinct Captain")
    healthy = put_character(state, 0, "Teahouse Brawler")
    state.damage[char] = 3
    assert ("heal", 0, (char,)) in [(a.kind, a.player, a.args) for a in GAME.legal_actions(state)]
    assert not [a for a in GAME.legal_actions(state) if a.kind == "heal" and a.args == (healthy,)]
    act(state, "heal", char)
    assert state.damage[char] == 0
    assert state.turned[char]


@pytest.mark.rule("shadowfist.txt", "7.2")
def test_healing_removes_up_to_the_damage_there_is_and_tells_only_what_it_removed():
    """To heal is to remove damage: an amount removes at most the damage there is, no
    amount removes all of it, and healing an undamaged character tells nothing."""
    state = main_table()
    char = put_character(state, 0, "Precinct Captain")
    state.damage[char] = 3
    told: list[Event] = []
    assert heal(state, char, 2, told) == 2
    assert heal(state, char, 5, told) == 1
    assert state.damage[char] == 0
    assert heal(state, char, None, told) == 0
    assert told == [
        Event("healed", {"card": char, "amount": 2}),
        Event("healed", {"card": char, "amount": 1}),
    ]
    state.damage[char] = 2
    assert heal(state, char, None, None) == 2
    assert state.damage[char] == 0


@pytest.mark.rule("shadowfist.txt", "59.2", "59.4", "26.3", "24.6")
def test_a_character_may_turn_to_change_location():
    """'Characters may turn to attack, heal, or change location'."""
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    char = put_character(state, 0, "Teahouse Brawler", loc=0)
    act(state, "move", char, 1)
    assert state.loc[char] == 1
    assert state.turned[char]
    assert "move" not in legal_kinds(state)


@pytest.mark.rule("shadowfist.txt", "28.2", "30.2", 57)
def test_outside_your_main_shot_only_events_usable_at_any_time_are_offered():
    """'States may only be played during your turn.' 'Events ... may be played during
    another players turn.' Characters and sites too are played in your main shot."""
    state = main_table(
        hands={0: ["Lead Rain"], 1: ["Rookie Patrol Officer", "Commandeered Taxi", "Lead Rain"]}
    )
    put_character(state, 0, "Gun Shop Clerk")
    put_character(state, 1, "Gun Shop Clerk")
    target = put_character(state, 1, "Temple Novice")
    state.pool[1] = 5
    act(state, "play", state.hands[0][0], target)
    assert state.to_act == 1
    assert state.pending == [1]
    offered = {title(state, a.args[0]) for a in GAME.legal_actions(state) if a.kind == "play"}
    assert offered == {"Lead Rain"}


@pytest.mark.rule("shadowfist.txt", "13.2")
def test_a_character_whose_fighting_bonus_ends_with_the_turn_is_smoked_and_told() -> None:
    """Reading (docs/shadowfist.md): effects 'until the end of the turn' end when the turn
    ends. A Brawler (2) with +2 Fighting for the turn survives 3 damage; when the bonus
    ends, 'Damage lowers Fighting score' leaves it none: it is smoked, and the end of the
    turn tells it before the turn ends."""
    state = main_table()
    char = put_character(state, 0, "Teahouse Brawler")
    play(state, "Fists of the Faithful", char)
    state.damage[char] = 3
    assert fighting(state, char) == 1
    events = act(state, "end_turn")
    assert state.zone[char] == SMOKED
    smoked = Event("left_play", {"card": char, "to": "smoked"})
    assert smoked in events
    assert events.index(smoked) < events.index(Event("turn_ended", {"player": 0}))


# -- shared action values -------------------------------------------------------------


def test_each_action_value_is_built_once_and_then_shared() -> None:
    """The legal-action lists take their values from one table (``actions.make``): the
    first request builds ``Action(kind, player, args)``, later ones get that very value,
    and distinct actions stay distinct."""
    from play.engine.games.shadowfist import actions

    actions._TABLE.clear()
    built = actions.make("move", 1, (4, 2))
    assert built == Action("move", 1, (4, 2))
    assert (built.kind, built.player, built.args) == ("move", 1, (4, 2))
    assert actions.make("move", 1, (4, 2)) is built
    assert actions.make("end_turn", 0) == Action("end_turn", 0)
    assert actions.make("end_turn", 0) is actions.make("end_turn", 0)
    assert actions.make("move", 0, (4, 2)) != built
    state = new_table()  # power, power (card) for each card in hand, skip_power
    listed, again = GAME.legal_actions(state), GAME.legal_actions(state)
    assert len(listed) == len(again) > 1
    assert all(a is b for a, b in zip(listed, again, strict=True))
