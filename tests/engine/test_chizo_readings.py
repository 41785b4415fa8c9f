"""ChiZo RISING: the rulebook's lines that only a replay used to notice, and the readings
of docs/chizo.md where the rulebook leaves a choice (shared/rules/chizo-rising.txt).

Each test names the lines it checks with the ``rule`` marker; seat 0 ("we") is to act
unless said otherwise.
"""

from __future__ import annotations

import pytest

from play.engine.core import IllegalAction

from .chizo_table import act, at, grid_names, in_hand, legal, table

WE, THEY, THIRD = 0, 1, 2
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def board(players=2, **layout):
    layout.setdefault("stacks", dict.fromkeys(range(players), SPARE))
    return table(players, **layout)


def options(state, kind):
    """The first arguments of the legal actions of one kind."""
    return [a.args[0] if len(a.args) == 1 else a.args for a in legal(state) if a.kind == kind]


def battle_result(events):
    return next(e.data for e in events if e.kind == "battle_result")


# -- readings: modifiers, Long Leap, a Battle with an empty hand ----------------------------

QUARTET_MISSING_ONE = {(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE)}


@pytest.mark.rule("chizo-rising.txt", 109, 191, 193, 195)
def test_a_modifier_on_a_creature_captured_in_a_square_goes_to_its_owners_discard_pile():
    """'they score one point for each Creature captured' (109): the Modifier is no
    creature and is not captured. It does not move to the Point Pile with its host
    either (195 speaks of moves in the playing area): it is removed from play, into the
    Discard Pile of the player who put it into play (191, 193) -- here the opponent's."""
    state = board(grid=QUARTET_MISSING_ONE, attached={(0, 0): ("Keen Mind", THEY)},
                  hands={WE: ["Rooster"]})
    mind = state.att[at(state, 0, 0)]
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert state.points(WE) == 4
    assert mind not in state.piles[WE]
    assert state.discards[THEY] == [mind]
    assert state.ctrl[mind] == THEY
    assert not state.att


@pytest.mark.rule("chizo-rising.txt", 119, 191, 193, 195)
def test_a_modifier_on_a_creature_captured_in_a_battle_goes_to_its_owners_discard_pile():
    """'Every Creature defeated in a Battle is considered to be "captured"' (119): the
    Rabbit is; its Jade Armor is removed from play, to the opponent's Discard Pile."""
    state = board(grid={(0, 0): ("Ox", WE), (1, 0): ("Rabbit", THEY), (1, 1): ("Rat", WE)},
                  attached={(1, 0): ("Jade Armor", THEY)}, hands={WE: ["Dog"]})
    rabbit = at(state, 1, 0)
    armor = state.att[rabbit]
    act(state, "battle", at(state, 0, 0), rabbit)
    act(state, "ask", at(state, 1, 1))
    events = act(state, "face_down", in_hand(state, WE, "Dog"))
    result = battle_result(events)
    assert result["winner"] == WE
    assert result["defender"] == [3, 5]  # the Armor counted while the Rabbit defended
    assert state.piles[WE] == [rabbit]
    assert state.discards[THEY] == [armor]


@pytest.mark.rule("chizo-rising.txt", 203, 205, 207)
def test_long_leap_jumps_out_of_a_tile_boxed_in_on_all_sides():
    """'A player may only use their effects for jumping over, pulling, or pushing Tiles in
    this setting' (203): a jump passes over tiles and lands on a free space within its
    reach, so a creature with no Empty Space around it can still leap out; Push, which
    moves through Empty Spaces one by one, cannot move it."""
    ring = {(x, y): ("Ox", THEY) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)}
    state = board(grid={**ring, (0, 0): ("Horse", WE)}, hands={WE: ["Long Leap", "Push"]})
    horse = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Long Leap"))
    while state.phase == "react":  # we could add Push: we do not
        act(state, "pass")
    act(state, "choose", horse)
    cells = {tuple(a.args) for a in legal(state) if a.kind == "to"}
    assert (2, 0) in cells
    assert (3, 3) in cells
    assert (-3, 0) in cells
    assert (4, 0) not in cells
    assert (1, 0) not in cells
    act(state, "to", 3, 0)
    assert grid_names(state)[(3, 0)] == "Horse"
    assert (0, 0) not in state.grid


@pytest.mark.rule("chizo-rising.txt", 203, 207)
def test_push_cannot_move_a_tile_with_no_empty_space_around_it():
    ring = {(x, y): ("Ox", THEY) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)}
    state = board(grid={**ring, (0, 0): ("Horse", WE)}, hands={WE: ["Push"]})
    horse = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Push"))
    movable = options(state, "choose")
    assert horse not in movable
    assert at(state, 1, 1) in movable  # a corner of the ring has Empty Spaces


@pytest.mark.rule("chizo-rising.txt", 149, 151)
def test_a_battle_cannot_be_announced_with_an_empty_hand():
    """'The first Tile to start the BATTLE ACTION STACK is played face down by the
    Attacker' (151): with no tile in hand there is no Battle Action Stack to start, so
    the Battle cannot be announced; one tile, any tile, is enough."""
    layout = {(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}
    state = board(grid=layout, hands={WE: []})
    assert "battle" not in {a.kind for a in legal(state)}
    with pytest.raises(IllegalAction):
        act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    state = board(grid=layout, hands={WE: ["Great Wall"]})
    assert options(state, "battle") == [(at(state, 0, 0), at(state, 1, 0))]
