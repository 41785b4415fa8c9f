"""ChiZo RISING's refusals, one by one: every ``IllegalAction``, ``DataError`` and
``SetupError`` the engine raises (rules, setup, tiles, effect parameters, filters, the
catalogue, saved states) is reached here and its code and exact reason asserted, with
the last accepted value beside the first refused one where a limit decides."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from play.engine.core import Action, DataError, IllegalAction, SetupError
from play.engine.games.chizo import GAME, Catalog, tile_from_dict
from play.engine.games.chizo.state import ChizoState
from play.engine.games.chizo.tiles import MAX_LENGTH

from .chizo_table import act, at, in_hand, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]
CLASSES = "Rat, Ox, Tiger, Rabbit, Dragon, Snake, Horse, Ram, Monkey, Rooster, Dog, Pig"
TYPES = "Creature, Action, Reaction, Action/Reaction, Item, Obstacle, Modifier"


def board(players=2, **layout):
    layout.setdefault("stacks", dict.fromkeys(range(players), SPARE))
    return table(players, **layout)


def refused(error, call, *args):
    with pytest.raises(error) as caught:
        call(*args)
    return caught.value.code, caught.value.reason


def refusal(state, action):
    return refused(IllegalAction, GAME.verify, state, action)


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("setup", "code", "reason"), [
    ({"colour": "red"}, "unknown_option",
     "ChiZo has no setup option 'colour'; options: effect_points, first_player, goldfish, "
     "max_turns, players, stacks, teams, tiles"),
    ({"goldfish": "yes"}, "bad_goldfish", "goldfish is true or false, not 'yes'"),
    ({"players": 4, "teams": 1}, "bad_teams", "teams is true or false, not 1"),
    ({"goldfish": True, "players": 2}, "bad_player_count",
     "a goldfish game has one player and no teams"),
    ({"goldfish": True, "teams": True}, "bad_player_count",
     "a goldfish game has one player and no teams"),
    ({"players": 1}, "bad_player_count", "ChiZo is for 2 to 4 players, not 1"),
    ({"players": 5}, "bad_player_count", "ChiZo is for 2 to 4 players, not 5"),
    ({"players": True}, "bad_player_count", "ChiZo is for 2 to 4 players, not True"),
    ({"players": "2"}, "bad_player_count", "ChiZo is for 2 to 4 players, not '2'"),
    ({"players": 3, "teams": True}, "bad_teams", "team play is 2 on 2: it needs 4 players"),
    ({"players": 2, "tiles": []}, "bad_tiles", "tiles is a non-empty list of tile definitions"),
    ({"players": 2, "tiles": "Rat"}, "bad_tiles",
     "tiles is a non-empty list of tile definitions"),
    ({"players": 2, "tiles": [{"name": "Rat", "type": "Creature"}]}, "bad_tile",
     f"Rat: a creature needs a class, one of {CLASSES}"),
    ({"players": 2, "stacks": [["Rat"], ["Rat"], ["Rat"]]}, "bad_stacks",
     "stacks is one list of tile ids per seat (2), or one list for every seat"),
    ({"players": 2, "stacks": []}, "bad_stacks",
     "stacks is one list of tile ids per seat (2), or one list for every seat"),
    ({"players": 2, "stacks": "Rat"}, "bad_stacks",
     "stacks is one list of tile ids per seat (2), or one list for every seat"),
    ({"players": 2, "stacks": 7}, "bad_stacks",
     "stacks is one list of tile ids per seat (2), or one list for every seat"),
    ({"players": 2, "stacks": ["Rat"]}, "bad_stacks",
     "the stack of seat 0 is a list of tile ids"),
    ({"players": 2, "stacks": [["Rat"], 7]}, "bad_stacks",
     "the stack of seat 1 is a list of tile ids"),
    ({"players": 2, "stacks": [["Rat"], ["Rat", ["Rat"]]]}, "bad_stacks",
     "the stack of seat 1 lists tile ids, not ['Rat']"),
    ({"players": 2, "stacks": [["Rat", True]]}, "bad_stacks",
     "the stack of seat 0 lists tile ids, not True"),
    ({"players": 2, "stacks": [["Rat", 7]]}, "unknown_tile",
     "the stack of seat 0 names tile 7, which is not among the setup's tiles"),
    ({"players": 2, "stacks": [["Rat", None]]}, "bad_stacks",
     "the stack of seat 0 lists tile ids, not None"),
    ({"players": 2, "stacks": [["Rat"], ["Rat", "Unicorn"]]}, "unknown_tile",
     "the stack of seat 1 names tile 'Unicorn', which is not among the setup's tiles"),
    ({"players": 2, "first_player": 2}, "bad_first_player", "first_player is a seat from 0 to 1"),
    ({"players": 3, "first_player": -1}, "bad_first_player",
     "first_player is a seat from 0 to 2"),
    ({"players": 2, "first_player": True}, "bad_first_player",
     "first_player is a seat from 0 to 1"),
    ({"players": 2, "max_turns": 0}, "bad_max_turns", "max_turns is a number of turns, 1 or more"),
    ({"players": 2, "max_turns": True}, "bad_max_turns",
     "max_turns is a number of turns, 1 or more"),
    ({"players": 2, "max_turns": "3"}, "bad_max_turns",
     "max_turns is a number of turns, 1 or more"),
    ({"players": 2, "effect_points": "both"}, "bad_effect_points",
     "effect_points is 'shown' or 'printed', not 'both'"),
])  # fmt: skip
def test_a_bad_setup_is_refused_with_its_code_and_reason(setup, code, reason):
    assert refused(SetupError, GAME.new_game, setup, 1) == (code, reason)


@pytest.mark.rule("chizo-rising.txt", 213)
@pytest.mark.parametrize("setup", [
    {"players": 2}, {"players": 4}, {"players": 4, "teams": True},
    {"goldfish": True, "players": 1}, {"players": 2, "first_player": 1},
    {"players": 2, "first_player": 0}, {"players": 2, "max_turns": 1},
    {"players": 2, "effect_points": "printed"}, {"players": 2, "stacks": [["Rat"], ["Ox"]]},
])  # fmt: skip
def test_the_setups_at_the_edge_of_the_refused_ones_are_accepted(setup):
    state = GAME.new_game(setup, 1)
    assert state.players == setup["players"]


# -- tiles ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "reason"), [
    (["Rat"], "a tile is a mapping of catalogue fields, not ['Rat']"),
    ({"type": "Action"}, "a tile needs a non-empty 'name': {'type': 'Action'}"),
    ({"name": "", "type": "Action"},
     "a tile needs a non-empty 'name': {'name': '', 'type': 'Action'}"),
    ({"name": "Odd"}, "a tile needs a non-empty 'type': {'name': 'Odd'}"),
    ({"name": "Odd", "id": True, "type": "Action"}, "Odd: a tile id is an int or a str, not True"),
    ({"name": "Odd", "id": 1.5, "type": "Action"}, "Odd: a tile id is an int or a str, not 1.5"),
    ({"name": "Odd", "type": "Spell"}, f"Odd: unknown type 'Spell'; one of {TYPES}"),
    ({"name": "Odd", "type": "Creature", "creature_class": "Cat"},
     f"Odd: a creature needs a class, one of {CLASSES}"),
    ({"name": "Odd", "type": "Item", "strength": -1, "intelligence": 0},
     "Odd: an Item needs a strength of 0 or more, not -1"),
    ({"name": "Odd", "type": "Obstacle", "strength": 0, "intelligence": None},
     "Odd: an Obstacle needs an intelligence of 0 or more, not None"),
    ({"name": "Odd", "type": "Item", "strength": True, "intelligence": 0},
     "Odd: an Item needs a strength of 0 or more, not True"),
    ({"name": "Odd", "type": "Creature", "creature_class": "Rat", "strength": 1,
      "intelligence": 5, "compatible_classes": "Ox, Cat"},
     "Odd: compatible_classes lists classes: ['Ox', 'Cat']"),
    ({"name": "Odd", "type": "Creature", "creature_class": "Rat", "strength": 1,
      "intelligence": 5, "compatible_classes": 5},
     "Odd: compatible_classes lists classes: 5"),
    ({"name": "Odd", "type": "Creature", "creature_class": "Rat", "strength": 1,
      "intelligence": 5, "compatible_classes": ["Ox", 1]},
     "Odd: compatible_classes lists classes: ['Ox', 1]"),
    ({"name": "Odd", "type": "Action", "effect_key": 5},
     "Odd: effect_key is a str and effect_params a mapping"),
    ({"name": "Odd", "type": "Action", "effect_key": "draw", "effect_params": [1]},
     "Odd: effect_key is a str and effect_params a mapping"),
])  # fmt: skip
def test_a_malformed_tile_is_refused_with_the_field_named(data, reason):
    assert refused(DataError, tile_from_dict, data) == ("bad_tile", reason)


def test_a_stat_of_0_and_a_class_list_of_classes_are_accepted():
    """A row that names no effect key and is not marked basic is a plain ("vanilla")
    tile; the comma-separated text of classes may leave blanks, which name nothing."""
    item = tile_from_dict({"name": "Odd", "type": "Item", "strength": 0, "intelligence": 0})
    assert (item.strength, item.intelligence) == (0, 0)
    assert (item.effect_key, item.basic) == ("vanilla", False)
    for text, classes in {"Ox, Dog": ("Ox", "Dog"), "Dog,,Ox,": ("Ox", "Dog"), "": ()}.items():
        rat = tile_from_dict(
            {
                "name": "Odd",
                "type": "Creature",
                "creature_class": "Rat",
                "strength": 1,
                "intelligence": 5,
                "compatible_classes": text,
            }
        )
        assert rat.compatible == classes
        assert (rat.effect_key, rat.basic) == ("vanilla", False)


def test_two_tiles_with_one_id_are_refused():
    tiles = [{"id": 1, "name": "A", "type": "Action"}, {"id": 1, "name": "B", "type": "Action"}]
    assert refused(DataError, Catalog, tiles) == ("bad_tile", "two tiles have the id 1")
    assert len(Catalog([tiles[0], {**tiles[1], "id": 2}]).defs) == 2


# -- effect parameters and filters ----------------------------------------------------------

RAT = {"type": "Creature", "creature_class": "Rat", "strength": 1, "intelligence": 5}
ITEM = {"type": "Item", "strength": 1, "intelligence": 1}
CAPTURE = {"type": "Action", "effect_key": "capture_target"}
RESTRICT = ("restriction", {"cannot": ["attack"], "scope": "self"})
KINDS = "creature, item, obstacle, item_or_obstacle, placed, modifier, any"


def odd(base, key, params):
    return {"name": "Odd", **base, "effect_key": key, "effect_params": params}


@pytest.mark.parametrize(("tile", "reason"), [
    (odd({"type": "Action"}, "draw", {"count": 1, "colour": "red"}),
     "Odd (draw): unknown parameter 'colour'"),
    (odd({"type": "Action"}, "draw", {}), "Odd (draw): missing parameter 'count'"),
    (odd({"type": "Action"}, "draw", {"count": 0}),
     "Odd (draw) count: expected an int of 1 or more, not 0"),
    (odd({"type": "Action"}, "draw", {"count": True}),
     "Odd (draw) count: expected an int of 1 or more, not True"),
    (odd({"type": "Action"}, "remove_target", {"target": {"kind": "any"}, "score": -1}),
     "Odd (remove_target) score: expected an int of 0 or more, not -1"),
    (odd({"type": "Action"}, "modify_stats",
         {"str": "2", "duration": "turn", "target": {"kind": "creature"}}),
     "Odd (modify_stats) str: expected an int, not '2'"),
    (odd({"type": "Obstacle", "strength": 2, "intelligence": 2}, "stat_aura",
         {"str": "2", "mode": "add", "affects": {"kind": "creature"}}),
     "Odd (stat_aura) str: expected an int, not '2'"),
    (odd({"type": "Obstacle", "strength": 2, "intelligence": 2}, "stat_aura",
         {"int": True, "mode": "set", "affects": {"kind": "creature"}}),
     "Odd (stat_aura) int: expected an int, not True"),
    (odd({"type": "Action"}, "move_tiles",
         {"count": 1, "spaces": 1, "jump": "yes", "target": {"kind": "creature"}}),
     "Odd (move_tiles) jump: expected true or false, not 'yes'"),
    (odd({"type": "Action"}, "modify_stats",
         {"str": 1, "duration": "forever", "target": {"kind": "creature"}}),
     "Odd (modify_stats) duration: expected one of stack, turn"),
    (odd({"type": "Reaction"}, "draw", {"count": 1, "responds_to": "turn"}),
     "Odd (draw) responds_to: expected one of any, battle, action"),
    (odd(RAT, "restriction", {"cannot": [], "scope": "self"}),
     "Odd (restriction) cannot: a list of attack, ally, be_defender, be_moved, be_targeted"),
    (odd(RAT, "restriction", {"cannot": ["fly"], "scope": "self"}),
     "Odd (restriction) cannot: a list of attack, ally, be_defender, be_moved, be_targeted"),
    (odd(RAT, "restriction", {"cannot": "attack", "scope": "self"}),
     "Odd (restriction) cannot: a list of attack, ally, be_defender, be_moved, be_targeted"),
    (odd({"type": "Action"}, "stat_bonus", {"str": 1, "condition": "always", "scope": "self"}),
     "Odd (stat_bonus): an Action tile needs an effect that resolves"),
    (odd({"type": "Reaction"}, "lend_stat",
         {"stat": "str", "amount": 1, "target": {"kind": "creature"}}),
     "Odd (lend_stat): a Reaction tile needs an effect that resolves"),
    (odd({"type": "Reaction"}, "extra_actions", {"count": 1}),
     "Odd (extra_actions): extra actions are for Action tiles only"),
    (odd({"type": "Action/Reaction"}, "extra_actions", {"count": 1}),
     "Odd (extra_actions): extra actions are for Action tiles only"),
    (odd({"type": "Modifier"}, "draw", {"count": 1}),
     "Odd (draw): a Modifier's effect applies to its host"),
    (odd({"type": "Modifier"}, "stat_bonus", {"str": 1, "condition": "always", "scope": "self"}),
     "Odd (stat_bonus): a Modifier's effect applies to its host"),
    (odd(ITEM, "lend_stat", {"stat": "str", "amount": 1, "target": {"kind": "creature"}}),
     "Odd (lend_stat): only creatures lend their values"),
    (odd(RAT, "draw", {"count": 1}), "Odd (draw): a Creature's effect needs when: enters_play"),
    (odd(ITEM, "draw", {"count": 1}), "Odd (draw): an Item's effect needs when: enters_play"),
    (odd(RAT, "stat_bonus", {"str": 1, "condition": "always", "scope": "host"}),
     "Odd (stat_bonus): only Modifiers have a host"),
    (odd(RAT, "restriction", {"cannot": ["attack"], "scope": "self", "replaces": "Ox"}),
     "Odd (restriction): a creature replaces one of its own class"),
    (odd(ITEM, "restriction", {"cannot": ["attack"], "scope": "self", "replaces": "Rat"}),
     "Odd (restriction): a creature replaces one of its own class"),
    (odd(RAT, "restriction", {"cannot": ["attack"], "scope": "neighbours"}),
     "Odd (restriction): a neighbours restriction needs 'affects'"),
    (odd(RAT, "stat_aura", {"str": "2", "mode": "add", "affects": {"kind": "creature"}}),
     "Odd (stat_aura) str: expected an int, not '2'"),
])  # fmt: skip
def test_effect_parameters_that_do_not_fit_are_refused_with_the_tile_and_key(tile, reason):
    assert refused(DataError, Catalog, [tile]) == ("bad_tile", reason)


@pytest.mark.parametrize("tile", [
    odd({"type": "Action"}, "draw", {"count": 1}),
    odd({"type": "Action"}, "remove_target", {"target": {"kind": "any"}, "score": 0}),
    odd({"type": "Action"}, "modify_stats",
        {"str": -2, "duration": "stack", "target": {"kind": "creature"}}),
    odd({"type": "Action"}, "extra_actions", {"count": 1}),
    odd({"type": "Modifier"}, "stat_bonus", {"str": 1, "condition": "always", "scope": "host"}),
    odd({"type": "Modifier"}, "vanilla", {}),
    odd(RAT, "lend_stat", {"stat": "str", "amount": 1, "target": {"kind": "creature"}}),
    odd(RAT, "draw", {"count": 1, "when": "enters_play"}),
    odd(RAT, "restriction", {"cannot": ["attack"], "scope": "self", "replaces": "Rat"}),
    odd(RAT, "restriction",
        {"cannot": ["attack"], "scope": "neighbours", "affects": {"kind": "creature"}}),
])  # fmt: skip
def test_the_parameters_next_to_the_refused_ones_are_accepted(tile):
    assert Catalog([tile]).defs[0].name == "Odd"


@pytest.mark.parametrize(("target", "reason"), [
    ("creature", "a filter is a mapping with a 'kind'"),
    ({"class": "Rat"}, "a filter is a mapping with a 'kind'"),
    ({"kind": "creature", "colour": "red"}, "unknown filter field 'colour'"),
    ({"kind": "dragon"}, f"unknown kind 'dragon'; one of {KINDS}"),
    ({"kind": "creature", "class": "Cat"}, "unknown class 'Cat'"),
    ({"kind": "creature", "controller": "me"}, "controller is you, opponent or any"),
    ({"kind": "creature", "adjacent_to": "moon"},
     "adjacent_to is one of source, obstacle, item, your_creature, incompatible_creature"),
    ({"kind": "creature", "battle_role": "judge"},
     "battle_role is one of attacker, defender, ally, involved"),
    ({"kind": "creature", "basic": "yes"}, "basic is true or false"),
])  # fmt: skip
def test_a_malformed_target_filter_is_refused_with_the_field_named(target, reason):
    tile = odd({"type": "Action"}, "capture_target", {"target": target})
    assert refused(DataError, Catalog, [tile]) == (
        "bad_tile",
        f"Odd (capture_target) target: {reason}",
    )


def test_a_filter_with_every_field_is_accepted():
    target = {
        "kind": "creature",
        "class": "Rat",
        "controller": "opponent",
        "basic": True,
        "adjacent_to": "source",
        "battle_role": "defender",
    }
    Catalog([odd({"type": "Action"}, "capture_target", {"target": target})])


# -- actions -------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 37)
def test_no_action_is_taken_once_the_game_is_over():
    state = board(2, hands={WE: ["Rat"]}, stacks={WE: [], THEY: []}, piles={THEY: [("Ox", THEY)]})
    act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    assert state.over
    for seat in (WE, THEY):
        assert refusal(state, Action("draw", seat)) == ("game_over", "the game is over")


def test_no_action_is_taken_at_the_length_cap_and_one_is_just_below_it():
    state = board(hands={WE: ["Rat"]})
    state.step = MAX_LENGTH - 1
    GAME.verify(state, Action("draw", WE))
    assert Action("draw", WE) in GAME.legal_actions(state)
    state.step = MAX_LENGTH
    assert refusal(state, Action("draw", WE)) == (
        "game_over",
        "the game hit its length cap and is unfinished",
    )
    assert GAME.legal_actions(state) == []


@pytest.mark.rule("chizo-rising.txt", 81, 89)
def test_only_the_player_to_act_acts():
    state = board(3, hands={WE: ["Rat"]})
    assert refusal(state, Action("draw", THEY)) == ("not_your_turn", "player 0 is to act, not 1")
    assert refusal(state, Action("draw", 2)) == ("not_your_turn", "player 0 is to act, not 2")


@pytest.mark.rule("chizo-rising.txt", 81, 133)
def test_an_action_of_another_phase_names_the_actions_of_this_one():
    state = board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
        hands={WE: ["Ox"], THEY: ["Push", "Rat"]},
    )
    assert refusal(state, Action("pass", WE)) == (
        "wrong_action",
        "now (turn) the actions are place, attach, action, battle, draw, end_turn; not 'pass'",
    )
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    assert refusal(state, Action("draw", WE)) == (
        "wrong_action",
        "now (face_down) the actions are face_down; not 'draw'",
    )
    act(state, "face_down", in_hand(state, WE, "Ox"))
    assert refusal(state, Action("end_turn", THEY)) == (
        "wrong_action",
        "now (react) the actions are react, lend, pass; not 'end_turn'",
    )


@pytest.mark.parametrize(("args", "reason"), [
    (("Rat", 0, 0), "'place' takes int arguments, not ['Rat', 0, 0]"),
    ((True, 0, 0), "'place' takes int arguments, not [True, 0, 0]"),
    ((0, 0, 1.0), "'place' takes int arguments, not [0, 0, 1.0]"),
])  # fmt: skip
def test_an_action_with_arguments_that_are_not_ints_is_refused(args, reason):
    state = board(hands={WE: ["Rat"]})
    assert refusal(state, Action("place", WE, args)) == ("bad_action", reason)


def test_a_tile_not_in_the_hand_is_refused_and_the_lowest_copy_is_asked_for():
    state = board(grid={(0, 0): ("Dog", THEY)}, hands={WE: ["Rat", "Rat"]})
    low, high = sorted(state.hands[WE])
    assert refusal(state, Action("place", WE, (999, 1, 0))) == (
        "not_in_hand",
        "tile 999 is not in your hand",
    )
    dog = at(state, 0, 0)
    assert refusal(state, Action("place", WE, (dog, 1, 0))) == (
        "not_in_hand",
        f"tile {dog} is not in your hand",
    )
    assert refusal(state, Action("place", WE, (high, 1, 0))) == (
        "use_lowest_copy",
        f"copies in a hand are interchangeable: play Rat as tile {low}",
    )
    GAME.verify(state, Action("place", WE, (low, 1, 0)))


#: A state, the kind of action, the name of the tile of the hand it takes (two copies
#: in hand) and the action's arguments after the tile.
Position = tuple[ChizoState, str, str, tuple[int, ...]]


def _attaching() -> Position:
    state = board(grid={(0, 0): ("Dog", WE)}, hands={WE: ["Keen Mind", "Keen Mind"]})
    return state, "attach", "Keen Mind", (at(state, 0, 0),)


def _starting_a_stack() -> Position:
    return board(hands={WE: ["Swift Feet", "Swift Feet"]}), "action", "Swift Feet", ()


def _laying_face_down() -> Position:
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}, hands={WE: ["Ox", "Ox"]})
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    assert state.phase == "face_down"
    return state, "face_down", "Ox", ()


def _reacting() -> Position:
    state = board(hands={WE: ["Swift Feet"], THEY: ["Bad Omen", "Bad Omen"]})
    act(state, "action", in_hand(state, WE, "Swift Feet"))
    assert state.phase == "react"
    return state, "react", "Bad Omen", ()


def _putting() -> Position:
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: ["Reinforcements", "Rat", "Rat"]})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    assert state.phase == "choice"
    return state, "put", "Rat", (1, 0)


@pytest.mark.parametrize(
    "position", [_attaching, _starting_a_stack, _laying_face_down, _reacting, _putting]
)
def test_every_tile_from_the_hand_must_be_in_it_and_the_lowest_copy(
    position: Callable[[], Position],
) -> None:
    """Attaching, starting a stack, laying the face-down tile, reacting and putting into
    play all take a tile from the hand: another tile is refused, and so is a higher copy."""
    state, kind, name, rest = position()
    seat = state.to_act
    low, high = sorted(u for u in state.hands[seat] if state.name(u) == name)
    assert refusal(state, Action(kind, seat, (999, *rest))) == (
        "not_in_hand",
        "tile 999 is not in your hand",
    )
    assert refusal(state, Action(kind, seat, (high, *rest))) == (
        "use_lowest_copy",
        f"copies in a hand are interchangeable: play {name} as tile {low}",
    )
    GAME.verify(state, Action(kind, seat, (low, *rest)))


@pytest.mark.rule("chizo-rising.txt", 93, 97)
def test_a_tile_placed_away_from_the_others_is_refused_next_to_one_it_is_not():
    state = board(grid={(0, 0): ("Dog", THEY)}, hands={WE: ["Rat"]})
    rat = in_hand(state, WE, "Rat")
    assert refusal(state, Action("place", WE, (rat, 1, 1))) == (
        "bad_space",
        "a tile goes into a free space next to a tile in play (the first anywhere: 0, 0); "
        "a replacing tile onto a basic creature of its class that you control",
    )
    assert refusal(state, Action("place", WE, (rat, 0, 0)))[0] == "bad_space"
    GAME.verify(state, Action("place", WE, (rat, 1, 0)))


@pytest.mark.rule("chizo-rising.txt", 85)
def test_drawing_from_an_empty_stack_is_refused():
    state = board(hands={WE: ["Rat"]}, stacks={WE: ["Ox"], THEY: SPARE})
    GAME.verify(state, Action("draw", WE))
    act(state, "draw")
    assert refusal(state, Action("draw", WE)) == (
        "empty_stack",
        "your Stack is empty: there is nothing to draw",
    )


@pytest.mark.rule("chizo-rising.txt", 87)
def test_ending_the_turn_before_an_action_is_refused():
    state = board(hands={WE: ["Rat"]})
    assert refusal(state, Action("end_turn", WE)) == (
        "no_action_yet",
        "take at least one action before ending the turn",
    )
    act(state, "draw")
    GAME.verify(state, Action("end_turn", WE))


@pytest.mark.rule("chizo-rising.txt", 149)
def test_a_battle_that_cannot_be_announced_is_refused():
    reason = (
        "the Attacker is a creature you control, the Defender a neighbouring tile an "
        "opponent controls, and you need a tile in hand to lay face down"
    )
    state = board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY), (2, 0): ("Ox", THEY)},
        hands={WE: ["Ox"]},
    )
    horse, rat, ox = at(state, 0, 0), at(state, 1, 0), at(state, 2, 0)
    GAME.verify(state, Action("battle", WE, (horse, rat)))
    assert refusal(state, Action("battle", WE, (horse, ox))) == ("bad_battle", reason)
    assert refusal(state, Action("battle", WE, (rat, horse))) == ("bad_battle", reason)
    empty = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}, hands={WE: []})
    assert refusal(empty, Action("battle", WE, (at(empty, 0, 0), at(empty, 1, 0)))) == (
        "bad_battle",
        reason,
    )


@pytest.mark.rule("chizo-rising.txt", 133)
def test_only_a_reaction_answers_an_action_stack():
    state = board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
        hands={WE: ["Ox"], THEY: ["Push", "Rat"]},
    )
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    GAME.verify(state, Action("react", THEY, (in_hand(state, THEY, "Push"),)))
    assert refusal(state, Action("react", THEY, (in_hand(state, THEY, "Rat"),))) == (
        "cannot_react",
        "only a Reaction or Action/Reaction answering this stack",
    )


def test_any_other_action_that_is_not_listed_is_refused_in_general_words():
    state = board(hands={WE: ["Rat"]})
    rat = in_hand(state, WE, "Rat")
    assert refusal(state, Action("place", WE, (rat,))) == (
        "illegal",
        f"P0 place {rat} is not among the legal actions now",
    )
    assert refusal(state, Action("attach", WE, (rat, 0))) == (
        "illegal",
        f"P0 attach {rat} 0 is not among the legal actions now",
    )


# -- saved states --------------------------------------------------------------------------


def mid_battle() -> ChizoState:
    """Seat 1 to react to a Battle: a tile face down on the stack, tiles in hands."""
    state = board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
        hands={WE: ["Ox", "Ox"], THEY: ["Push", "Rat"]},
    )
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    return state


def broken(change):
    data = json.loads(json.dumps(mid_battle().to_dict()))
    change(data)
    return data


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(game="chocobo"), "not a ChiZo state"),
    (lambda d: d.update(phase="auction"), "not a ChiZo state"),
    (lambda d: d.update(unshown=[0]), "unshown needs one entry per Point Pile"),
    (lambda d: d.update(effect_points="printed", unshown=[0, 0, 0]),
     "unshown needs one entry per Point Pile"),
    (lambda d: d["ctrl"].pop(), "kind, owner and ctrl need one entry per tile"),
    (lambda d: d["ctrl"].append(0), "kind, owner and ctrl need one entry per tile"),
    (lambda d: d["owner"].pop(), "kind, owner and ctrl need one entry per tile"),
    (lambda d: d.pop("kind"), "not a ChiZo state: KeyError('kind')"),
    (lambda d: d.update(stack=[[5, 0]]),
     "not a ChiZo state: TypeError(\"Entry.__new__() missing 1 required positional "
     "argument: 'mode'\")"),
    (lambda d: d.update(players="two"),
     "not a ChiZo state: ValueError(\"invalid literal for int() with base 10: 'two'\")"),
    (lambda d: d["tiles"][0].update(strength=-1),
     "not a ChiZo state: Rat: a Creature needs a strength of 0 or more, not -1"),
])  # fmt: skip
def test_a_saved_state_that_is_not_a_chizo_state_is_refused_with_the_reason(change, reason):
    assert refused(DataError, ChizoState.from_dict, broken(change)) == ("bad_state", reason)


def test_a_saved_state_round_trips_and_one_unshown_count_a_pile_is_accepted():
    state = mid_battle()
    data = broken(lambda d: d.update(effect_points="printed", unshown=[0, 0]))
    assert ChizoState.from_dict(data).printed
    assert ChizoState.from_dict(state.to_dict()).to_dict() == state.to_dict()
