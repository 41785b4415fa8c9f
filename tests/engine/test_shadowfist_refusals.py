"""Shadowfist's refusals, one by one: every ``IllegalAction``, ``DataError`` and
``SetupError`` the engine raises (verifying an action, the setup and its card list, a
card dict, a saved state) is reached here and its code and exact reason asserted, with
the last accepted value beside the first refused one where a limit decides."""

from __future__ import annotations

import json

import pytest

from play.engine.core import Action, DataError, IllegalAction, SetupError
from play.engine.games.shadowfist import GAME, ShadowfistState
from play.engine.games.shadowfist.cards import card_from_dict

from .shadowfist_table import (
    act,
    every_card,
    find,
    give_resources,
    main_table,
    new_table,
    put_character,
    put_site,
    to_hand,
    to_main,
)

TYPES = "Character, Feng Shui Site, Site, Event, State, Edge, Other"
MAIN_WORDS = "play a card, use an ability, 'heal', 'move', 'attack' or 'end_turn'"


def refused(error, call, *args):
    with pytest.raises(error) as caught:
        call(*args)
    return caught.value.code, caught.value.reason


def refusal(state, action):
    return refused(IllegalAction, GAME.verify, state, action)


# -- setup ---------------------------------------------------------------------------------

CARD_A = {"id": 1, "name": "A", "type": "Character", "cost": 0, "fighting": 1}
CARD_B = {**CARD_A, "name": "B"}


@pytest.mark.parametrize(("setup", "code", "reason"), [
    ({"players": 2, "max_turns": 0}, "bad_max_turns",
     "max_turns is a whole number 1 to 10000: 0"),
    ({"players": 2, "max_turns": 10_001}, "bad_max_turns",
     "max_turns is a whole number 1 to 10000: 10001"),
    ({"players": 2, "max_turns": True}, "bad_max_turns",
     "max_turns is a whole number 1 to 10000: True"),
    ({"players": 2, "max_turns": "9"}, "bad_max_turns",
     "max_turns is a whole number 1 to 10000: '9'"),
    ({"players": 2, "cards": []}, "missing_decks",
     "a setup with 'cards' needs 'decks', one per seat"),
    ({"players": 2, "decks": [[]]}, "bad_decks",
     "'decks' must be a list of 2 card lists, one per seat"),
    ({"players": 3, "decks": [[], [], [], []]}, "bad_decks",
     "'decks' must be a list of 3 card lists, one per seat"),
    ({"players": 2, "decks": "Lead Rain"}, "bad_decks",
     "'decks' must be a list of 2 card lists, one per seat"),
    ({"players": 2, "decks": [[], "Lead Rain"]}, "bad_decks",
     "the deck of seat 1 must be a list of card ids"),
    ({"players": 2, "dummy": 1, "decks": [[], ["Lead Rain"]]}, "bad_decks",
     "the dummy's deck must be empty: it lays generic sites"),
    ({"players": 2, "cards": "Lead Rain", "decks": [[], []]}, "bad_cards",
     "'cards' must be a list of card dicts"),
    ({"players": 2, "cards": [{"name": "X", "type": "Spell"}], "decks": [[], []]}, "bad_cards",
     f"card 'X': unknown type 'Spell'; a Shadowfist card is one of {TYPES}"),
    ({"players": 2, "cards": [CARD_A, CARD_B], "decks": [[], []]}, "bad_cards",
     "two cards have the id 1"),
    ({"players": 2, "decks": [[True], []]}, "bad_decks",
     "seat 0: a deck entry is a card id, not True"),
    ({"players": 2, "decks": [[], [1.5]]}, "bad_decks",
     "seat 1: a deck entry is a card id, not 1.5"),
    ({"players": 2, "decks": [["Nobody"], []]}, "unknown_card",
     "seat 0: no card with id or name 'Nobody'"),
    ({"players": 2, "decks": [[], [95]]}, "unknown_card", "seat 1: no card with id or name 95"),
    ({"players": 2, "first_player": 2}, "bad_first_player",
     "first_player must be a seat 0 to 1, not 2"),
    ({"players": 3, "first_player": -1}, "bad_first_player",
     "first_player must be a seat 0 to 2, not -1"),
    ({"players": 2, "first_player": True}, "bad_first_player",
     "first_player must be a seat 0 to 1, not True"),
    ({"players": 2, "dummy": 2}, "bad_dummy", "dummy must be a seat 0 to 1, not 2"),
    ({"players": 2, "dummy": "1"}, "bad_dummy", "dummy must be a seat 0 to 1, not '1'"),
])  # fmt: skip
def test_a_setup_it_cannot_play_is_refused_with_its_code_and_reason(setup, code, reason):
    assert refused(SetupError, GAME.new_game, setup, 1) == (code, reason)


@pytest.mark.parametrize("setup", [
    {"players": 2, "max_turns": 1}, {"players": 2, "max_turns": 10_000},
    {"players": 2, "first_player": 1}, {"players": 2, "first_player": 0},
    {"players": 2, "dummy": 1, "decks": [["Lead Rain"], []]},
    {"players": 2, "dummy": 0, "decks": [[], [94]]},
    {"players": 2, "cards": [CARD_A, {**CARD_B, "id": 2}], "decks": [[1, "B"], [2]]},
])  # fmt: skip
def test_the_setups_next_to_the_refused_ones_are_accepted(setup):
    assert GAME.new_game(setup, 1).players == 2


# -- card dicts ----------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "reason"), [
    (["Lead Rain"], "a card is a dict of its fields, not ['Lead Rain']"),
    ({"type": "Event"}, "a card needs a name: {'type': 'Event'}"),
    ({"name": "", "type": "Event"}, "a card needs a name: {'name': '', 'type': 'Event'}"),
    ({"name": 5, "type": "Event"}, "a card needs a name: {'name': 5, 'type': 'Event'}"),
    ({"name": "X"}, f"card 'X': unknown type ''; a Shadowfist card is one of {TYPES}"),
    ({"name": "X", "type": "Event", "id": True},
     "card 'X': id must be an int or a string, not True"),
    ({"name": "X", "type": "Event", "effect_params": [1]},
     "card 'X': effect_params must be a dict, not [1]"),
    ({"name": "X", "type": "Event", "effect_key": 5},
     "card 'X': effect_key must be a string or null, not 5"),
    ({"name": "X", "type": "Event", "effect_params": {"toast_it": "yes"}},
     "card 'X': toast_it must be true or false, not 'yes'"),
    ({"name": "X", "type": "Character", "cost": "a"},
     "card 'X': cost must be a whole number from 0, not 'a'"),
])  # fmt: skip
def test_a_malformed_card_is_refused_with_its_name_and_field(data, reason):
    assert refused(DataError, card_from_dict, data) == ("bad_card", reason)


def test_the_reason_naming_a_nameless_card_is_cut_to_200_characters():
    data = {"type": "Event", "effect_text": "x" * 300}
    code, reason = refused(DataError, card_from_dict, data)
    assert (code, len(reason)) == ("bad_card", 200)
    assert reason == f"a card needs a name: {data!r}"[:200]
    assert card_from_dict({**data, "name": "X"}).name == "X"


# -- actions -------------------------------------------------------------------------------


def test_no_action_is_taken_once_the_game_is_over():
    state = main_table(max_turns=1)
    GAME.verify(state, Action("end_turn", 0))
    act(state, "end_turn")
    assert GAME.is_over(state)
    for seat in (0, 1):
        assert refusal(state, Action("power", seat)) == ("game_over", "the game is over")


def test_a_game_over_refuses_actions_even_of_a_seat_named_to_act() -> None:
    """A saved state naming a seat to act in a game that is over (as a hand-edited one
    could) still refuses every action as the game being over."""
    state = main_table(max_turns=1)
    act(state, "end_turn")
    state.to_act = 0
    assert refusal(state, Action("end_turn", 0)) == ("game_over", "the game is over")


def test_a_state_with_nobody_to_act_refuses_every_action_as_over() -> None:
    """With no seat to act there is nothing to do: the action is refused as the game
    being over, not as another seat's turn."""
    state = main_table()
    state.to_act = None
    assert refusal(state, Action("end_turn", 0)) == ("game_over", "the game is over")


def test_only_the_seat_to_act_acts():
    state = new_table(players=3, first=2)
    assert refusal(state, Action("power", 0)) == (
        "not_your_turn",
        "not your turn: player 2 is to act",
    )
    assert refusal(state, Action("power", 1)) == (
        "not_your_turn",
        "not your turn: player 2 is to act",
    )
    GAME.verify(state, Action("power", 2))


def test_while_a_choice_is_open_only_choosing_is_accepted():
    state = main_table(hands={1: ["Temple Novice", "Lead Rain", "Jade Moon Garden"]})
    (visions,) = to_hand(state, 0, "Nightmare Visions")
    give_resources(state, 0, "eM")
    act(state, "play", visions, 1)
    assert state.choice is not None
    chooser = state.to_act
    reason = ("wrong_action", "choose one of the options ('choose')")
    assert refusal(state, Action("pass", chooser)) == reason
    assert refusal(state, Action("choose", chooser, (999,))) == reason
    assert refusal(state, Action("play", chooser, (state.hands[1][0],))) == reason
    GAME.verify(state, Action("choose", chooser, (min(state.hands[1]),)))


@pytest.mark.rule("shadowfist.txt", "28.2", "30.2", 57)
def test_while_an_effect_waits_only_responses_and_passes_are_accepted():
    state = main_table(hands={0: ["Lead Rain"], 1: ["Rookie Patrol Officer", "Lead Rain"]})
    put_character(state, 0, "Gun Shop Clerk")
    put_character(state, 1, "Gun Shop Clerk")
    target = put_character(state, 1, "Temple Novice")
    state.pool[1] = 5
    act(state, "play", state.hands[0][0], target)
    assert state.pending == [1]
    rookie, rain = state.hands[1]
    respond = (
        "wrong_action",
        "respond: play an event or use an ability that may be used at any time, or 'pass'",
    )
    assert refusal(state, Action("end_turn", 1)) == respond
    assert refusal(state, Action("heal", 1)) == respond
    assert refusal(state, Action("play", 1, (rookie, 0))) == (
        "wrong_time",
        "Rookie Patrol Officer cannot be played now",
    )
    GAME.verify(state, Action("pass", 1))
    GAME.verify(state, Action("play", 1, (rain, target)))
    # A pass is a response: one with arguments is refused as that action, not as a non-response.
    assert refusal(state, Action("pass", 1, (5,))) == (
        "illegal_action",
        f"P1 pass 5 is not legal now: {MAIN_WORDS}",
    )


@pytest.mark.rule("shadowfist.txt", "7.1", 57)
def test_a_card_is_not_played_in_the_establishing_shot():
    state = new_table()
    (garden,) = to_hand(state, 0, "Jade Moon Garden")
    assert refusal(state, Action("play", 0, (garden, 0))) == (
        "wrong_time",
        "Jade Moon Garden cannot be played now",
    )
    to_main(state)
    GAME.verify(state, Action("play", 0, (garden, 0)))


@pytest.mark.parametrize("args", [(), ("7",), (True,), (-1,), (None, 0)])
def test_play_without_a_card_id_is_refused(args):
    state = main_table()
    assert refusal(state, Action("play", 0, args)) == (
        "bad_action",
        "'play' takes a card id (then its choices)",
    )


def test_the_card_ids_just_inside_and_just_outside_the_table():
    state = main_table()
    last = len(state.kind) - 1
    assert refusal(state, Action("play", 0, (last + 1,))) == (
        "bad_action",
        "'play' takes a card id (then its choices)",
    )
    assert state.owner[last] == 1
    assert refusal(state, Action("play", 0, (last,))) == (
        "card_not_in_hand",
        f"card {last} is not in your hand",
    )
    assert refusal(state, Action("play", 0, (0,)))[0] == "card_not_in_hand"


def test_a_card_outside_your_hand_is_refused():
    state = main_table(hands={1: ["Lead Rain"]})
    in_deck = find(state, 0, "Lead Rain")
    theirs = state.hands[1][0]
    assert refusal(state, Action("play", 0, (in_deck,))) == (
        "card_not_in_hand",
        f"card {in_deck} is not in your hand",
    )
    assert refusal(state, Action("play", 0, (theirs,))) == (
        "card_not_in_hand",
        f"card {theirs} is not in your hand",
    )


@pytest.mark.rule("shadowfist.txt", "7.1", "34.2", "39.1", 63)
def test_a_card_costing_more_than_the_pool_is_refused_and_one_costing_the_pool_is_played():
    state = main_table(power=1, hands={0: ["Teahouse Brawler"]})
    put_character(state, 0, "Rookie Patrol Officer")  # d
    (brawler,) = state.hands[0]
    assert refusal(state, Action("play", 0, (brawler, 0))) == (
        "cannot_afford",
        "Teahouse Brawler costs 2 Power; you have 1",
    )
    state.pool[0] = 2
    GAME.verify(state, Action("play", 0, (brawler, 0)))


@pytest.mark.rule("shadowfist.txt", "7.1", "36.3")
def test_a_card_whose_resources_are_missing_is_refused():
    state = main_table(power=2, hands={0: ["Teahouse Brawler"]})
    (brawler,) = state.hands[0]
    assert refusal(state, Action("play", 0, (brawler, 0))) == (
        "missing_resources",
        "Teahouse Brawler requires 'd' in your resource pool",
    )
    put_character(state, 0, "Rookie Patrol Officer")
    GAME.verify(state, Action("play", 0, (brawler, 0)))


@pytest.mark.rule("shadowfist.txt", "7.2")
def test_a_second_site_in_a_turn_is_refused():
    state = main_table(hands={0: ["Jade Moon Garden", "Old Junk Harbor"]})
    garden, harbor = state.hands[0]
    GAME.verify(state, Action("play", 0, (harbor, 0)))
    act(state, "play", garden, 0)
    assert refusal(state, Action("play", 0, (harbor, 1))) == (
        "one_site_a_turn",
        "you may only play one site per turn",
    )
    (rookie,) = to_hand(state, 0, "Rookie Patrol Officer")
    GAME.verify(state, Action("play", 0, (rookie, 0)))  # not a site: still played
    assert refusal(state, Action("play", 0, (rookie, 99)))[0] == "illegal_choice"


def test_a_play_with_choices_it_cannot_take_is_refused():
    state = main_table(hands={0: ["Rookie Patrol Officer", "Lead Rain"]})
    rookie, rain = state.hands[0]
    GAME.verify(state, Action("play", 0, (rookie, 0)))
    assert refusal(state, Action("play", 0, (rookie, 99))) == (
        "illegal_choice",
        "Rookie Patrol Officer cannot be played with the choices [99]",
    )
    assert refusal(state, Action("play", 0, (rookie,))) == (
        "illegal_choice",
        "Rookie Patrol Officer cannot be played with the choices []",
    )
    state.pool[0] = 1  # exactly its cost: affordable, so the choice is what is wrong
    assert refusal(state, Action("play", 0, (rookie, 99)))[0] == "illegal_choice"
    give_resources(state, 0, "dH")
    assert refusal(state, Action("play", 0, (rain, 999, 1))) == (
        "illegal_choice",
        "Lead Rain cannot be played with the choices [999, 1]",
    )


def test_another_action_that_is_not_legal_names_the_actions_of_the_step():
    state = new_table([every_card()] * 2)
    assert refusal(state, Action("attack", 0)) == (
        "illegal_action",
        "P0 attack is not legal now: generate Power ('power', naming the card you discard, "
        "if any) or 'skip_power'",
    )
    act(state, "skip_power")
    assert refusal(state, Action("end_turn", 0)) == (
        "illegal_action",
        "P0 end_turn is not legal now: discard a card ('discard') or stop discarding ('keep')",
    )
    act(state, "keep")
    assert refusal(state, Action("attack", 0, (999,))) == (
        "illegal_action",
        f"P0 attack 999 is not legal now: {MAIN_WORDS}",
    )
    site = put_site(state, 1, "Old Junk Harbor")
    put_character(state, 0, "Teahouse Brawler")
    put_character(state, 0, "Rookie Patrol Officer")
    act(state, "attack", site)
    assert state.phase == "declare"
    assert refusal(state, Action("end_turn", 0)) == (
        "illegal_action",
        "P0 end_turn is not legal now: add an attacker ('add') or launch the attack ('go')",
    )
    act(state, "add", next(a for a in GAME.legal_actions(state) if a.kind == "add").args[0])
    act(state, "go")  # the other character stays home
    assert (state.phase, state.to_act) == ("declared", 1)
    # A step without words of its own: the reason stops at the action.
    assert refusal(state, Action("ability", 1, (999,))) == (
        "illegal_action",
        "P1 ability 999 is not legal now",
    )


# -- saved states --------------------------------------------------------------------------

PER_SEAT = ("hands", "decks", "smoked", "discards", "burned", "columns", "chars", "edges",
            "pool", "turns", "limited_used")  # fmt: skip
PER_CARD = ("zone", "ctrl", "damage", "turned", "loc", "host", "face_up", "owner")


def mid_turn() -> ShadowfistState:
    """Seat 1 to answer a Lead Rain of seat 0's main shot, characters and sites in play."""
    state = main_table(hands={0: ["Lead Rain"], 1: ["Lead Rain"]})
    put_character(state, 0, "Gun Shop Clerk")
    put_character(state, 1, "Gun Shop Clerk")
    put_site(state, 1, "Old Junk Harbor")
    target = put_character(state, 1, "Temple Novice")
    state.pool[1] = 5
    act(state, "play", state.hands[0][0], target)
    assert state.pending == [1]
    return state


def broken(change):
    data = json.loads(json.dumps(mid_turn().to_dict()))
    change(data)
    return data


def one_seat(data):
    data["players"] = 1
    for name in PER_SEAT:
        data[name] = data[name][:1]


SHAPE = "a Shadowfist state needs one entry per seat and per card"


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(game="chizo"), "not a Shadowfist state"),
    (lambda d: d.update(phase="auction"), "not a Shadowfist state"),
    (lambda d: d.pop("zone"), "not a Shadowfist state: KeyError('zone')"),
    (lambda d: d.update(players="two"),
     "not a Shadowfist state: ValueError(\"invalid literal for int() with base 10: 'two'\")"),
    (lambda d: d.update(columns=5),
     "not a Shadowfist state: TypeError(\"'int' object is not iterable\")"),
    (one_seat, SHAPE),
    *[(lambda d, n=name: d[n].pop(), SHAPE) for name in PER_SEAT if name != "pool"],
    (lambda d: d["pool"].append(0), SHAPE),
    *[(lambda d, n=name: d[n].pop(), SHAPE) for name in PER_CARD],
    (lambda d: d["kind"].__setitem__(0, len(d["cards"])),
     "a card instance refers to a card outside the table"),
    (lambda d: d["kind"].__setitem__(3, -1),
     "a card instance refers to a card outside the table"),
    (lambda d: d["cards"][0].update(cost=-2),
     "not a Shadowfist state: card 'Hall of Nine Bells': cost must be a whole number from 0, "
     "not -2"),
])  # fmt: skip
def test_a_saved_state_that_is_not_a_shadowfist_state_is_refused_with_the_reason(change, reason):
    assert refused(DataError, ShadowfistState.from_dict, broken(change)) == ("bad_state", reason)


def test_a_saved_state_round_trips_and_the_last_card_of_the_table_is_accepted():
    state = mid_turn()
    assert ShadowfistState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    data = broken(lambda d: d["kind"].__setitem__(0, len(d["cards"]) - 1))
    assert ShadowfistState.from_dict(data).kind[0] == len(data["cards"]) - 1
    data = broken(lambda d: d["kind"].__setitem__(0, 0))
    assert ShadowfistState.from_dict(data).kind[0] == 0


def test_a_loaded_state_has_the_saved_card_table_instances_and_owners() -> None:
    state = mid_turn()
    loaded = ShadowfistState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded.defs == state.defs
    assert loaded.kind == state.kind  # the same tuples, not lists read back from JSON
    assert loaded.owner == state.owner
    assert type(loaded.kind) is type(loaded.owner) is tuple  # shared, never changed, by clones


def test_a_saved_card_table_without_ids_numbers_its_cards_by_their_place() -> None:
    """As in a setup: "A card's id is its dict's ``id`` ..., or its index in ``cards``"."""
    data = json.loads(json.dumps(mid_turn().to_dict()))
    for card in data["cards"]:
        del card["id"]
    loaded = ShadowfistState.from_dict(data)
    assert [card.id for card in loaded.defs] == list(range(len(data["cards"])))
