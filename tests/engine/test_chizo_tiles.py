"""Every tile of the shipped ChiZo set (cards/data/chizo/tiles.json), its effect at work:
the creatures (basic ones and variants), Items, Obstacles and Modifiers. The tiles used
in Action Stacks are in test_chizo_tiles_stack.py.

One test per tile (registered with ``covers``); the effect vocabulary is
docs/chizo-tiles.md. Seat 0 ("we") is to act unless said otherwise; seat 1 is the
opponent.
"""

from __future__ import annotations

import pytest

from play.engine.games.chizo.catalog import NO_ALLY, NO_ATTACK, NO_DEFEND, NO_MOVE, NO_TARGET
from play.engine.games.chizo.grid import cell_at
from play.engine.games.chizo.targets import restrictions, values

from .chizo_data import names as tile_names
from .chizo_table import act, at, event_kinds, in_hand, kinds, legal, names, table
from .chizo_tilecase import SPARE, THEY, WE, asks, battle_pairs, board, covers, result_of, run

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
    assert state.grid[cell_at(0, 0)] == happy
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
    assert cell_at(0, 0) not in state.grid


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


def test_a_river_stops_the_creatures_on_each_of_its_four_sides_from_attacking() -> None:
    """Our Horses east, west, north and south of their River each have a Rat of theirs
    to attack, and none of them may: "can't attack" reaches every neighbour."""
    sides = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    grid = {(0, 0): ("River", THEY)}
    grid |= dict.fromkeys(sides, ("Horse", WE))
    grid |= {(2 * x, 2 * y): ("Rat", THEY) for x, y in sides}
    state = board(grid=grid, hands={WE: ["Ox"]})
    assert not battle_pairs(state)
    for x, y in sides:
        assert restrictions(state, at(state, x, y)) & NO_ATTACK


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


def test_a_tiles_own_restrictions_and_its_modifiers_add_up() -> None:
    """Their Indifferent Ram (can't attack, ally or be the Defender) wearing Heavy Chains
    (can't attack or ally) still can't be the Defender; our Horse wearing Lucky Charm
    (can't be chosen by their effects) may still attack: only their Rat."""
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Indifferent Ram", THEY),
                        (-1, 0): ("Rat", THEY)},
                  attached={(0, 0): ("Lucky Charm", WE), (1, 0): ("Heavy Chains", THEY)},
                  hands={WE: ["Ox"]})
    ram = at(state, 1, 0)
    assert restrictions(state, ram) & (NO_ATTACK | NO_ALLY | NO_DEFEND) == (
        NO_ATTACK | NO_ALLY | NO_DEFEND)
    assert battle_pairs(state) == {(at(state, 0, 0), at(state, -1, 0))}


@covers("Iron Shoes")
def iron_shoes_keep_a_tile_in_place(name):
    state = board(grid={(0, 0): ("Village", WE), (1, 0): ("Rat", WE)}, hands={WE: [name, "Push"]})
    village, rat = at(state, 0, 0), at(state, 1, 0)
    act(state, "attach", in_hand(state, WE, name), village)  # any tile in play
    act(state, "action", in_hand(state, WE, "Push"))
    assert [a.args[0] for a in legal(state) if a.kind == "choose"] == [rat]


@pytest.mark.rule("chizo-rising.txt", 197)
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


@pytest.mark.rule("chizo-rising.txt", 195)
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


PLAYED_IN_THE_AREA = [n for kind in ("Creature", "Item", "Obstacle", "Modifier")
                      for n in tile_names(kind)]


@pytest.mark.parametrize("name", PLAYED_IN_THE_AREA)
def test_each_creature_item_obstacle_and_modifier_does_what_its_effect_says(name):
    run(name)


def test_every_tile_of_the_set_is_modelled():
    from play.engine.games.chizo import Catalog

    from .chizo_data import tile_list

    assert Catalog(tile_list()).unmodelled() == []
