"""Every tile of the shipped ChiZo set used in Action Stacks, its effect at work: the
Actions, Action/Reactions and Reactions (the others: test_chizo_tiles.py).

One test per tile (registered with ``covers``); the effect vocabulary is
docs/chizo-tiles.md. Seat 0 ("we") is to act unless said otherwise; seat 1 is the
opponent.
"""

from __future__ import annotations

import pytest

from play.engine.games.chizo.grid import xy
from play.engine.games.chizo.targets import values

from .chizo_data import names as tile_names
from .chizo_table import act, at, event_kinds, grid_names, in_hand, legal, names, table
from .chizo_tilecase import SPARE, THEY, WE, board, covers, result_of, run

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
    assert xy(state.pos[rat]) == (3, 0)


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
    assert xy(state.pos[rooster]) == (3, 3)
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
    assert xy(state.pos[rat]) == (-2, 2)


@covers("Sidestep")
def sidestep_moves_a_creature_of_ours_one_empty_space(name):
    state = own_stack([name], grid={(0, 0): ("Rat", WE), (1, 0): ("Ox", THEY)})
    rat = at(state, 0, 0)
    act(state, "react", in_hand(state, WE, name))  # nothing more to add: it resolves
    act(state, "choose", rat)
    assert {a.args for a in legal(state)} == {(-1, -1), (0, -1), (1, -1), (-1, 0), (-1, 1),
                                              (0, 1), (1, 1)}
    act(state, "to", -1, 1)
    assert xy(state.pos[rat]) == (-1, 1)


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


STACK_TILES = [n for kind in ("Action", "Action/Reaction", "Reaction") for n in tile_names(kind)]


@pytest.mark.parametrize("name", STACK_TILES)
def test_each_action_and_reaction_does_what_its_effect_says(name):
    run(name)
