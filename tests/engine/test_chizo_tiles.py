"""Every tile of the shipped ChiZo set (cards/data/chizo/tiles.json), its effect at work.

One test per tile (``TILE_TESTS``); the effect vocabulary is docs/chizo-tiles.md. Seat 0
("we") is to act unless said otherwise; seat 1 is the opponent.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from play.engine.games.chizo.catalog import NO_ALLY, NO_ATTACK, NO_DEFEND, NO_MOVE, NO_TARGET
from play.engine.games.chizo.targets import restrictions, values

from .chizo_data import names as tile_names
from .chizo_table import act, at, event_kinds, grid_names, in_hand, kinds, legal, names, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]
TILE_TESTS: dict[str, Callable[[str], None]] = {}


def covers(*tiles: str) -> Callable[[Callable[[str], None]], Callable[[str], None]]:
    """Register a test function for the named tiles (it receives the tile's name)."""
    def register(test: Callable[[str], None]) -> Callable[[str], None]:
        for name in tiles:
            TILE_TESTS[name] = test
        return test
    return register


def board(**layout):
    """Two players, we to act, spare tiles in both Stacks."""
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return table(2, **layout)


def asks(state):
    return [a.args[0] for a in legal(state) if a.kind == "ask"]


def battle_pairs(state):
    return {a.args for a in legal(state) if a.kind == "battle"}


def result_of(events):
    return next(e.data for e in events if e.kind == "battle_result")


# -- creature variants ----------------------------------------------------------------------


@covers("Grumpy Ox", "Grumpy Tiger", "Grumpy Dragon", "Grumpy Pig", "Grumpy Dog")
def grumpy_cannot_be_an_ally(name):
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): (name, WE),
                        (1, 0): ("Dog", WE)}, hands={WE: ["Ox"]})
    grumpy, dog = at(state, 0, 1), at(state, 1, 0)
    assert restrictions(state, grumpy) & NO_ALLY
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    assert asks(state) == [dog]


@covers("Happy Rabbit", "Happy Monkey", "Happy Rooster", "Happy Horse")
def happy_replaces_a_basic_of_its_class_and_draws_one(name):
    cls = name.split()[1]
    state = board(grid={(0, 0): (cls, WE), (1, 0): (cls, THEY)}, hands={WE: [name]})
    basic = at(state, 0, 0)
    happy = in_hand(state, WE, name)
    assert {a.args[1:] for a in legal(state) if a.kind == "place"} == {(0, 0)}
    act(state, "place", happy, 0, 0)
    assert state.grid[(0, 0)] == happy
    assert state.discards[WE] == [basic]
    assert len(state.hands[WE]) == 1  # drew 1


@covers("Indifferent Snake", "Indifferent Ram", "Indifferent Rat")
def indifferent_replaces_and_takes_no_part(name):
    cls = name.split()[1]
    state = board(grid={(0, 0): (cls, WE), (1, 0): ("Horse", THEY)},
                  hands={WE: [name, "Ox"], THEY: ["Ox"]})
    act(state, "place", in_hand(state, WE, name), 0, 0)
    tile = at(state, 0, 0)
    assert state.cat.compat[state.kind[tile]] == 0  # compatible with no creature
    flags = NO_ATTACK | NO_ALLY | NO_DEFEND
    assert restrictions(state, tile) & flags == flags
    assert not battle_pairs(state)  # it can't attack the Horse
    act(state, "end_turn")
    assert state.to_act == THEY
    assert not battle_pairs(state)


@covers("Helpful Ox", "Helpful Rat", "Helpful Dragon", "Helpful Dog")
def helpful_lends_its_printed_amount_for_a_face_down_tile(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE),
                        (1, 0): (name, THEY)}, hands={WE: ["Ox"], THEY: ["Rat"]})
    rooster, helper = at(state, 0, 0), at(state, 1, 0)
    p = state.cat.params[state.kind[helper]]
    act(state, "battle", at(state, -1, 0), rooster)
    act(state, "stop")  # the defending player does not ask the Helpful creature
    act(state, "face_down", in_hand(state, WE, "Ox"))
    assert state.to_act == THEY
    assert "lend" in kinds(state)
    events = act(state, "lend", helper, in_hand(state, THEY, "Rat"))
    bonus = [p["amount"], 0] if p["stat"] == "str" else [0, p["amount"]]
    assert result_of(events)["defender"] == [3 + bonus[0], 3 + bonus[1]]
    assert names(state, state.discards[THEY]) == ["Rat"]  # the face-down payment
    assert values(state, rooster) == (3, 3)  # "until the stack is finished"


@covers("Charging Horse", "Prowling Tiger")
def a_bonus_while_attacking(name):
    state = board(grid={(0, 0): (name, WE), (1, 0): ("Rat", THEY)}, hands={WE: ["Ox"]})
    tile = at(state, 0, 0)
    printed = values(state, tile)
    bonus = state.cat.bonus_self[state.kind[tile]]
    act(state, "battle", tile, at(state, 1, 0))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert result_of(events)["attacker"] == [printed[0] + bonus.dstr, printed[1] + bonus.dint]
    assert values(state, tile) == printed  # the Battle is over


@covers("Watchful Dog")
def a_bonus_while_defending(name):
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): (name, THEY)}, hands={WE: ["Ox"]})
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert result_of(events)["defender"] == [2, 5]  # 2/3, +2 INT while the Defender
    assert state.points(THEY) == 0  # 3/3 against 2/5: a draw


@covers("Clever Monkey", "Rice Granary")
def draws_two_when_it_comes_into_play(name):
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: [name]})
    act(state, "place", in_hand(state, WE, name), 1, 0)
    assert len(state.hands[WE]) == 2
    assert len(state.stacks[WE]) == 2


@covers("Sly Snake")
def sly_snake_makes_the_opponent_discard_one_of_their_choice(name):
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: [name], THEY: ["Rat", "Golden Egg"]})
    act(state, "place", in_hand(state, WE, name), 1, 0)
    assert state.phase == "choice"
    assert state.to_act == THEY
    act(state, "choose", in_hand(state, THEY, "Rat"))
    assert names(state, state.discards[THEY]) == ["Rat"]
    assert names(state, state.hands[THEY]) == ["Golden Egg"]
    assert state.to_act == WE


@covers("Lucky Rat", "Lantern Shrine")
def recovers_a_tile_when_it_comes_into_play(name):
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: [name]}, discards={WE: ["Push", "Dog"]})
    act(state, "place", in_hand(state, WE, name), 1, 0)
    assert {a.kind for a in legal(state)} == {"done", "choose"}
    act(state, "choose", state.discards[WE][0])
    assert names(state, state.hands[WE]) == ["Push"]
    assert names(state, state.discards[WE]) == [
        "Dog"]


@covers("Wise Dragon", "Shepherd Ram", "Watchtower", "Training Ground")
def neighbouring_creatures_you_control_get_more(name):
    state = board(grid={(0, 0): ("Ox", WE), (2, 0): ("Ox", THEY), (1, 1): ("Dog", WE)},
                  hands={WE: [name]})
    mine, theirs = at(state, 0, 0), at(state, 2, 0)
    act(state, "place", in_hand(state, WE, name), 1, 0)
    aura = state.cat.aura[state.kind[at(state, 1, 0)]]
    assert values(state, mine) == (5 + aura.add_str, 1 + aura.add_int)
    assert values(state, theirs) == (5, 1)


@covers("Sturdy Ox", "Boulder")
def cannot_be_moved(name):
    state = board(grid={(0, 0): (name, THEY), (1, 0): ("Rat", WE)}, hands={WE: ["Push"]})
    tile, rat = at(state, 0, 0), at(state, 1, 0)
    assert restrictions(state, tile) & NO_MOVE
    act(state, "action", in_hand(state, WE, "Push"))
    assert [a.args[0] for a in legal(state) if a.kind == "choose"] == [rat]


@covers("Hungry Pig")
def hungry_pig_removes_a_neighbouring_item(name):
    state = board(grid={(0, 0): ("Village", THEY), (2, 0): ("Ox", WE)}, hands={WE: [name]})
    village = at(state, 0, 0)
    act(state, "place", in_hand(state, WE, name), 1, 0)
    assert state.discards[THEY] == [village]
    assert (0, 0) not in state.grid


@covers("Proud Rooster", "Lucky Charm", "Temple Bell")
def cannot_be_chosen_by_the_effects_of_opponents(name):
    rooster = "Proud Rooster" if name == "Proud Rooster" else "Rooster"
    grid = {(0, 0): (rooster, WE), (5, 5): ("Rooster", THEY)}
    attached = {(0, 0): ("Lucky Charm", WE)} if name == "Lucky Charm" else {}
    if name == "Temple Bell":
        grid[(1, 0)] = ("Temple Bell", WE)
    state = table(2, active=THEY, grid=grid, attached=attached,
                  hands={THEY: ["Toasted", "Swift Feet"]}, stacks={WE: SPARE, THEY: SPARE})
    ours, theirs = at(state, 0, 0), at(state, 5, 5)
    assert restrictions(state, ours) & NO_TARGET
    act(state, "action", in_hand(state, THEY, "Swift Feet"))
    act(state, "react", in_hand(state, THEY, "Toasted"))  # on their own stack
    # Toasted may only take their own Rooster: ours can't be chosen by their effects.
    assert state.piles[THEY] == [theirs]
    assert ours in state.pos


# -- Actions -------------------------------------------------------------------------------


@covers("Golden Egg")
def golden_egg_scores_two_with_a_rooster_in_play(name):
    state = board(grid={(0, 0): ("Rooster", THEY)}, hands={WE: [name]}, discards={WE: ["Rat"]})
    act(state, "action", in_hand(state, WE, name))
    assert sorted(names(state, state.piles[WE])) == ["Golden Egg", "Rat"]


@covers("Undue Prejudice")
def undue_prejudice_removes_a_creature_next_to_an_incompatible_one(name):
    state = board(grid={(0, 0): ("Tiger", THEY), (1, 0): ("Snake", THEY), (0, 1): ("Rat", WE)},
                  hands={WE: [name]})
    tiger = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))  # only the Tiger neighbours a Rat
    assert state.discards[THEY] == [tiger]
    assert names(state, state.piles[WE]) == ["Undue Prejudice"]


@covers("Pit Trap")
def pit_trap_captures_a_creature_next_to_an_obstacle(name):
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Great Wall", WE), (5, 0): ("Ox", THEY)},
                  hands={WE: [name]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    assert state.piles[WE] == [rat]
    assert names(state, state.discards[WE]) == ["Pit Trap"]


@covers("Silver Tongue")
def silver_tongue_takes_control_of_a_neighbouring_basic_creature(name):
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Ox", WE), (0, 1): ("Grumpy Dog", THEY)},
                  hands={WE: [name]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    assert state.ctrl[rat] == WE
    assert state.owner[rat] == THEY


@covers("Bountiful Harvest", "Fortune Cookie")
def draws_tiles(name):
    state = board(hands={WE: [name]}, stacks={WE: SPARE, THEY: SPARE})
    count = state.cat.params[state.kind[in_hand(state, WE, name)]]["count"]
    act(state, "action", in_hand(state, WE, name))
    assert len(state.hands[WE]) == count


@covers("Swift Feet")
def swift_feet_gives_two_more_actions(name):
    state = board(hands={WE: [name]})
    act(state, "action", in_hand(state, WE, name))
    assert state.actions_left == 3
    assert state.to_act == WE


@covers("Reinforcements")
def reinforcements_puts_up_to_two_creatures_into_play(name):
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: [name, "Rat", "Dog", "Village"]})
    act(state, "action", in_hand(state, WE, name))
    puts = {a.args[0] for a in legal(state) if a.kind == "put"}
    assert names(state, sorted(puts)) == ["Rat", "Dog"]  # creatures only
    act(state, "put", in_hand(state, WE, "Rat"), 1, 0)
    act(state, "put", in_hand(state, WE, "Dog"), -1, 0)
    assert grid_names(state) == {(0, 0): "Ox", (1, 0): "Rat", (-1, 0): "Dog"}
    assert state.actions_left == 1  # putting into play is not an action


@covers("Clear the Path")
def clear_the_path_removes_an_item_or_obstacle(name):
    state = board(grid={(0, 0): ("Boulder", THEY), (1, 0): ("Ox", WE)}, hands={WE: [name]})
    boulder = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    assert state.discards[THEY] == [boulder]


@covers("Call of the Clan")
def call_of_the_clan_searches_the_stack_for_a_basic_creature(name):
    state = board(hands={WE: [name]}, stacks={WE: ["Rat", "Push", "Dog"], THEY: SPARE})
    act(state, "action", in_hand(state, WE, name))
    assert {state.name(a.args[0]) for a in legal(state) if a.kind == "choose"} == {"Rat", "Dog"}
    dog = next(a.args[0] for a in legal(state) if a.kind == "choose" and state.name(a.args[0])
               == "Dog")
    act(state, "choose", dog)
    assert names(state, state.hands[WE]) == ["Dog"]
    assert sorted(names(state, state.stacks[WE])) == ["Push", "Rat"]


@covers("Remembrance")
def remembrance_recovers_up_to_two(name):
    state = board(hands={WE: [name]}, discards={WE: ["Rat", "Dog", "Push"]})
    act(state, "action", in_hand(state, WE, name))
    act(state, "choose", state.discards[WE][0])
    act(state, "choose", state.discards[WE][0])
    assert names(state, state.hands[WE]) == ["Rat", "Dog"]
    assert names(state, state.discards[WE]) == ["Push", "Remembrance"]


@covers("Tax Collector")
def tax_collector_makes_them_discard_two(name):
    state = board(hands={WE: [name], THEY: ["Rat", "Dog", "Push"]})
    act(state, "action", in_hand(state, WE, name))
    act(state, "pass")  # they hold Push, an Action/Reaction, so they are asked first
    assert state.to_act == THEY
    assert state.phase == "choice"
    act(state, "choose", in_hand(state, THEY, "Push"))
    act(state, "choose", in_hand(state, THEY, "Dog"))
    assert names(state, state.hands[THEY]) == ["Rat"]
    assert names(state, state.discards[THEY]) == ["Push", "Dog"]


@covers("War Drums", "Battle Cry")
def a_creature_you_control_gets_more_until_the_end_of_the_turn(name):
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rat", THEY)},
                  hands={WE: ["Battle Cry" if name == "Battle Cry" else name]})
    rat = at(state, 0, 0)
    p = state.cat.params[state.kind[in_hand(state, WE, name)]]
    act(state, "action", in_hand(state, WE, name))
    assert values(state, rat) == (1 + p.get("str", 0), 5 + p.get("int", 0))
    act(state, "end_turn")
    assert values(state, rat) == (1, 5)


@covers("Long Leap")
def long_leap_jumps_over_tiles(name):
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Ox", THEY), (2, 0): ("Ox", THEY)},
                  hands={WE: [name]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    act(state, "choose", rat)  # "up to": "done" is the other choice
    assert (3, 0) in {a.args for a in legal(state)}  # over both Oxen
    act(state, "to", 3, 0)
    assert state.pos[rat] == (3, 0)


# -- Action/Reactions ----------------------------------------------------------------------


@covers("Push")
def push_as_a_reaction_splits_the_attacker_from_the_defender(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    rooster = at(state, 0, 0)
    act(state, "battle", at(state, -1, 0), rooster)
    act(state, "stop")
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "react", in_hand(state, THEY, name))
    act(state, "choose", rooster)
    act(state, "to", 3, 3)
    events = act(state, "done")
    assert result_of(events)["winner"] is None  # "no longer neighbors": a draw
    assert state.pos[rooster] == (3, 3)
    assert state.points(WE) == 0


def own_stack(hand, **layout):
    """We start a stack with Swift Feet and may react to it with ``hand``'s Reactions."""
    state = board(hands={WE: ["Swift Feet", *hand]}, **layout)
    act(state, "action", in_hand(state, WE, "Swift Feet"))
    assert state.phase == "react"
    assert state.to_act == WE
    return state


@covers("Gust of Wind")
def gust_of_wind_moves_a_tile_two_empty_spaces(name):
    state = board(grid={(0, 0): ("Rat", WE)}, hands={WE: [name]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    act(state, "choose", rat)
    assert max(max(abs(x), abs(y)) for x, y in (a.args for a in legal(state))) == 2
    act(state, "to", -2, 2)
    assert state.pos[rat] == (-2, 2)


@covers("Sidestep")
def sidestep_moves_a_creature_of_ours_one_empty_space(name):
    state = own_stack([name], grid={(0, 0): ("Rat", WE), (1, 0): ("Ox", THEY)})
    rat = at(state, 0, 0)
    act(state, "react", in_hand(state, WE, name))  # nothing more to add: it resolves
    act(state, "choose", rat)
    assert {a.args for a in legal(state)} == {(-1, -1), (0, -1), (1, -1), (-1, 0), (-1, 1),
                                              (0, 1), (1, 1)}
    act(state, "to", -1, 1)
    assert state.pos[rat] == (-1, 1)


@covers("Second Thoughts")
def second_thoughts_returns_a_creature_to_its_owners_hand(name):
    state = board(grid={(0, 0): ("Rabbit", THEY), (1, 0): ("Great Wall", WE)},
                  attached={(0, 0): ("Keen Mind", THEY)}, hands={WE: [name]})
    rabbit = at(state, 0, 0)
    mod = state.att[rabbit]
    act(state, "action", in_hand(state, WE, name))
    assert rabbit in state.hands[THEY]
    assert state.discards[THEY] == [mod]


@covers("Rabbit Hole")
def rabbit_hole_returns_a_rabbit_we_control_to_its_owner(name):
    state = own_stack([name], grid={(0, 0): ("Rabbit", THEY, WE), (1, 0): ("Rabbit", THEY)})
    ours, theirs = at(state, 0, 0), at(state, 1, 0)
    act(state, "react", in_hand(state, WE, name))
    assert ours in state.hands[THEY]
    assert theirs in state.pos


@covers("Surprise Arrival")
def surprise_arrival_puts_a_creature_into_play(name):
    state = own_stack([name, "Rat", "Village"], grid={(0, 0): ("Ox", WE)})
    act(state, "react", in_hand(state, WE, name))
    assert {a.kind for a in legal(state)} == {"done", "put"}
    assert {state.name(a.args[0]) for a in legal(state) if a.kind == "put"} == {"Rat"}
    act(state, "put", in_hand(state, WE, "Rat"), 0, 1)
    assert grid_names(state)[(0, 1)] == "Rat"
    assert state.actions_left == 3


@covers("Firecracker")
def firecracker_takes_two_str_and_str_zero_removes(name):
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Ox", THEY)}, hands={WE: [name]})
    rat, ox = at(state, 0, 0), at(state, 1, 0)
    act(state, "action", in_hand(state, WE, name))
    act(state, "choose", ox)
    assert values(state, ox) == (3, 1)
    act(state, "end_turn")
    assert values(state, ox) == (5, 1)  # "until the end of the turn"
    state = board(grid={(0, 0): ("Rat", THEY)}, hands={WE: [name]})
    rat = at(state, 0, 0)
    events = act(state, "action", in_hand(state, WE, name))
    assert "removed" in event_kinds(events)
    assert state.discards[THEY] == [rat]


@covers("Smoke Screen")
def smoke_screen_takes_two_int(name):
    state = board(grid={(0, 0): ("Rat", THEY)}, hands={WE: [name]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, name))
    assert values(state, rat) == (1, 3)


@covers("Cleansing Rain")
def cleansing_rain_removes_an_attached_modifier(name):
    state = board(grid={(0, 0): ("Rat", THEY)}, attached={(0, 0): ("Keen Mind", THEY)},
                  hands={WE: [name]})
    rat = at(state, 0, 0)
    mod = state.att[rat]
    assert values(state, rat) == (1, 7)
    act(state, "action", in_hand(state, WE, name))
    assert state.discards[THEY] == [mod]
    assert rat in state.pos
    assert values(state, rat) == (1, 5)


# -- Reactions -----------------------------------------------------------------------------


def their_stack(grid, ours, theirs=("Swift Feet",), **extra):
    """They are to act with an Action (Swift Feet by default) in hand; we hold ``ours``."""
    return table(2, active=THEY, grid=grid, hands={WE: list(ours), THEY: list(theirs)},
                  stacks={WE: SPARE, THEY: SPARE}, **extra)


@covers("Toasted")
def toasted_captures_a_rooster(name):
    state = their_stack({(0, 0): ("Rooster", THEY)}, [name])
    rooster = at(state, 0, 0)
    act(state, "action", in_hand(state, THEY, "Swift Feet"))
    act(state, "react", in_hand(state, WE, name))
    assert state.piles[WE] == [rooster]


@covers("Bad Omen")
def bad_omen_cancels_the_tile_beneath_but_not_a_face_down_one(name):
    state = their_stack({}, [name])
    act(state, "action", in_hand(state, THEY, "Swift Feet"))
    events = act(state, "react", in_hand(state, WE, name))
    assert "cancelled" in event_kinds(events)
    assert state.actions_left == 1
    battle = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
                   hands={WE: ["Ox"], THEY: [name]})
    act(battle, "battle", at(battle, 0, 0), at(battle, 1, 0))
    act(battle, "face_down", in_hand(battle, WE, "Ox"))
    events = act(battle, "react", in_hand(battle, THEY, name))
    assert "fizzled" in event_kinds(events)
    assert "battle_result" in event_kinds(events)


@covers("Cold Shoulder")
def cold_shoulder_dismisses_an_ally(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    rooster = at(state, 0, 0)
    act(state, "battle", at(state, -1, 0), rooster)
    act(state, "ask", at(state, 0, 1))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, name))
    assert result_of(events)["attacker"] == [3, 3]  # the Dog no longer counts
    assert rooster in state.pos
    assert at(state, 0, 1)


@covers("Iron Will", "Surge of Courage")
def a_creature_of_ours_in_the_battle_gets_more_until_the_stack_ends(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    rooster = at(state, 0, 0)
    p = state.cat.params[state.kind[in_hand(state, THEY, name)]]
    act(state, "battle", at(state, -1, 0), rooster)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, name))
    assert result_of(events)["defender"] == [3 + p["str"], 3 + p["int"]]
    assert values(state, rooster) == (3, 3)


@covers("Snake Bite")
def snake_bite_weakens_an_opponent_in_the_battle(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, name))
    assert result_of(events)["attacker"] == [1, 3]


@covers("Paper Talisman")
def paper_talisman_protects_from_capture(name):
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    rat = at(state, 0, 0)
    act(state, "battle", at(state, -1, 0), rat)
    act(state, "ask", at(state, 0, 1))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, name))
    assert result_of(events)["winner"] == WE
    assert rat in state.pos
    assert state.points(WE) == 0


@covers("Lucky Find")
def lucky_find_draws_two_even_on_our_own_stack(name):
    state = board(hands={WE: ["Swift Feet", name]})
    act(state, "action", in_hand(state, WE, "Swift Feet"))
    assert state.to_act == WE
    assert state.phase == "react"
    act(state, "react", in_hand(state, WE, name))
    assert len(state.hands[WE]) == 2
    assert state.actions_left == 3


@covers("Feather Flurry")
def feather_flurry_ends_a_battle_against_our_rooster(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE)},
                  hands={WE: ["Ox"], THEY: [name]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, name))
    assert "battle_ended" in event_kinds(events)
    assert "battle_result" not in event_kinds(events)


# -- Items and Obstacles -------------------------------------------------------------------


@covers("Village")
def village_sets_neighbouring_creatures_to_str_3(name):
    state = board(grid={(0, 0): ("Ox", THEY), (2, 0): ("Rat", WE), (0, 1): ("Dog", WE)},
                  attached={(2, 0): ("Wild Strength", WE)}, hands={WE: [name]})
    ox, rat, dog = at(state, 0, 0), at(state, 2, 0), at(state, 0, 1)
    act(state, "place", in_hand(state, WE, name), 1, 0)
    assert values(state, ox) == (3, 1)  # "a Village (STR 3) weakens an Ox"
    assert values(state, rat) == (5, 5)  # set 3, then Wild Strength's +2
    assert values(state, dog) == (2, 4)  # not a neighbour


@covers("Bamboo Thicket")
def bamboo_thicket_lowers_str_and_a_rat_beside_it_leaves_play(name):
    state = board(grid={(0, 0): (name, THEY), (2, 0): ("Ox", WE)}, hands={WE: ["Rat"]})
    events = act(state, "place", in_hand(state, WE, "Rat"), 1, 0)
    assert "removed" in event_kinds(events)
    assert names(state, state.discards[WE]) == ["Rat"]
    assert values(state, at(state, 2, 0)) == (5, 1)  # not a neighbour of the Thicket
    assert state.points(THEY) == 0  # "It is not considered captured."


@covers("Fog Bank")
def fog_bank_lowers_int(name):
    state = board(grid={(0, 0): (name, THEY), (1, 0): ("Rat", WE)})
    assert values(state, at(state, 1, 0)) == (1, 4)


@covers("River")
def neighbours_of_a_river_cannot_attack(name):
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}, hands={WE: ["Ox"]})
    assert battle_pairs(state) == {(at(state, 0, 0), at(state, 1, 0))}
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY), (-1, 0): (name, THEY)},
                  hands={WE: ["Ox"]})
    assert restrictions(state, at(state, 0, 0)) & NO_ATTACK
    assert not battle_pairs(state)


@covers("Thornbush")
def neighbours_of_a_thornbush_cannot_ally(name):
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE),
                        (1, 1): (name, THEY)}, hands={WE: ["Ox"]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    assert not asks(state)
    assert state.phase == "face_down"


@covers("Great Wall")
def an_obstacle_can_be_attacked_and_captured_but_never_attacks(name):
    state = board(grid={(0, 0): (name, THEY), (-1, 0): ("Grumpy Ox", WE),
                        (0, 1): ("Happy Horse", WE)}, hands={WE: ["Ox"]})
    wall = at(state, 0, 0)
    assert restrictions(state, wall) == 0
    act(state, "battle", at(state, -1, 0), wall)
    act(state, "ask", at(state, 0, 1))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert result_of(events)["attacker"] == [10, 4]
    assert state.piles[WE] == [wall]
    # Items and Obstacles "can neither be chosen to be the ATTACKER ... nor be used as an
    # Ally": an Obstacle of ours next to an opponent gives no Battle.
    state = board(grid={(0, 0): (name, WE), (1, 0): ("Rat", THEY)}, hands={WE: ["Ox"]})
    assert not battle_pairs(state)


# -- Modifiers -----------------------------------------------------------------------------


@covers("Wild Strength", "Keen Mind", "Withering Curse")
def a_modifier_changes_its_hosts_values(name):
    state = board(grid={(0, 0): ("Ox", THEY), (1, 0): ("Horse", WE)}, hands={WE: [name]})
    horse = at(state, 1, 0)
    assert {a.args[1] for a in legal(state) if a.kind == "attach"} == {at(state, 0, 0), horse}
    act(state, "attach", in_hand(state, WE, name), horse)
    bonus = state.cat.bonus_host[state.kind[state.att[horse]]]
    assert values(state, horse) == (3 + bonus.dstr, 3 + bonus.dint)
    assert state.actions_left == 1


@covers("Jade Armor")
def jade_armor_helps_its_host_while_defending(name):
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE)},
                  attached={(0, 0): (name, THEY)}, hands={WE: ["Ox"]})
    rooster = at(state, 0, 0)
    assert values(state, rooster) == (3, 3)
    act(state, "battle", at(state, -1, 0), rooster)
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert result_of(events)["defender"] == [4, 4]


@covers("Spurs")
def spurs_go_on_a_creature_we_control_and_help_it_attack(name):
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Horse", WE)}, hands={WE: [name, "Ox"]})
    horse = at(state, 1, 0)
    assert {a.args[1] for a in legal(state) if a.kind == "attach"} == {horse}
    act(state, "attach", in_hand(state, WE, name), horse)
    act(state, "battle", horse, at(state, 0, 0))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert result_of(events)["attacker"] == [5, 3]


@covers("Heavy Chains")
def heavy_chains_stop_attacking_and_allying(name):
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Horse", WE)}, hands={WE: [name, "Ox"]})
    horse = at(state, 1, 0)
    assert battle_pairs(state)
    act(state, "attach", in_hand(state, WE, name), horse)
    assert restrictions(state, horse) & (NO_ATTACK | NO_ALLY) == NO_ATTACK | NO_ALLY
    assert not battle_pairs(state)


@covers("Iron Shoes")
def iron_shoes_keep_a_tile_in_place(name):
    state = board(grid={(0, 0): ("Village", WE), (1, 0): ("Rat", WE)}, hands={WE: [name, "Push"]})
    village, rat = at(state, 0, 0), at(state, 1, 0)
    act(state, "attach", in_hand(state, WE, name), village)  # any tile in play
    act(state, "action", in_hand(state, WE, "Push"))
    assert [a.args[0] for a in legal(state) if a.kind == "choose"] == [rat]


def test_a_second_attached_tile_removes_the_first():
    """'Only one Tile can be attached to another Tile. Each attached Tile is removed from
    play if another Tile comes into play and is going to be attached to the same Tile!'"""
    state = board(grid={(0, 0): ("Horse", WE)}, attached={(0, 0): ("Keen Mind", WE)},
                  hands={WE: ["Wild Strength"]})
    horse = at(state, 0, 0)
    old = state.att[horse]
    act(state, "attach", in_hand(state, WE, "Wild Strength"), horse)
    assert state.discards[WE] == [old]
    assert values(state, horse) == (5, 3)


def test_an_attached_tile_moves_with_its_host_and_leaves_play_with_it():
    """'If something causes the Tile to move, then the tile attached to it moves as
    well.'"""
    state = board(grid={(0, 0): ("Horse", WE)}, attached={(0, 0): ("Keen Mind", WE)},
                  hands={WE: ["Gust of Wind", "Second Thoughts"]})
    horse = at(state, 0, 0)
    mod = state.att[horse]
    act(state, "action", in_hand(state, WE, "Gust of Wind"))
    act(state, "pass")  # we hold an Action/Reaction, so we are asked first
    act(state, "choose", horse)
    act(state, "to", 2, 2)
    assert state.att[horse] == mod
    assert values(state, horse) == (3, 5)
    act(state, "action", in_hand(state, WE, "Second Thoughts"))
    assert horse in state.hands[WE]
    assert state.discards[WE][-2:] == [mod, state.discards[WE][-1]]


# -- the basic creatures ---------------------------------------------------------------------


QUARTETS = [["Rat", "Rabbit", "Horse", "Rooster"], ["Ox", "Dragon", "Ram", "Dog"],
            ["Tiger", "Snake", "Monkey", "Pig"]]


@covers(*[c for q in QUARTETS for c in q])
def a_basic_creature_completes_a_square_with_its_quartet(name):
    quartet = next(q for q in QUARTETS if name in q)
    others = [c for c in quartet if c != name]
    state = board(grid={(0, 0): (others[0], WE), (1, 0): (others[1], THEY),
                        (0, 1): (others[2], WE)}, hands={WE: [name, name]})
    act(state, "place", in_hand(state, WE, name), 1, 1)
    assert state.points(WE) == 4
    assert not state.grid
    # and not beside another of its own class ("not with another Tiger")
    state = board(grid={(0, 0): (others[0], WE), (1, 0): (name, THEY), (0, 1): (others[2], WE)},
                  hands={WE: [name]})
    act(state, "place", in_hand(state, WE, name), 1, 1)
    assert state.points(WE) == 0
    assert len(state.grid) == 4


# -- every tile is covered -------------------------------------------------------------------


@pytest.mark.parametrize("name", tile_names())
def test_each_tile_of_the_set_does_what_its_effect_says(name):
    assert name in TILE_TESTS, f"no test shows {name}'s effect"
    TILE_TESTS[name](name)


def test_every_tile_of_the_set_is_modelled():
    from play.engine.games.chizo import Catalog

    from .chizo_data import tile_list

    assert Catalog(tile_list()).unmodelled() == []
