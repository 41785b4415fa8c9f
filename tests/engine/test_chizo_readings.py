"""ChiZo RISING: the rulebook's lines that only a replay used to notice, and the readings
of docs/chizo.md where the rulebook leaves a choice (shared/rules/chizo-rising.txt).

Each test names the lines it checks with the ``rule`` marker; seat 0 ("we") is to act
unless said otherwise.
"""

from __future__ import annotations

import pytest

from play.engine.core import IllegalAction
from play.engine.games.chizo import GAME
from play.engine.games.chizo.grid import cell_at

from .chizo_table import act, at, event_kinds, grid_names, in_hand, legal, names, table

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
    assert cell_at(0, 0) not in state.grid


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



@pytest.mark.rule("chizo-rising.txt", 149, 151)
def test_a_turn_goes_on_while_a_battle_is_its_only_action_and_not_without_a_tile_in_hand() -> None:
    """Our Stack empty, one action left: holding only Happy Rabbit (no Rabbit of ours to
    replace), a Battle is still an action, so the turn goes on; with nothing in hand the
    Battle has no tile to start its stack, so the turn passes."""
    layout = {(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}
    state = board(grid=layout, hands={WE: ["Ox", "Happy Rabbit"]}, stacks={THEY: SPARE})
    act(state, "place", in_hand(state, WE, "Ox"), 0, 1)
    assert (state.active, state.to_act, state.actions_left) == (WE, WE, 1)
    assert options(state, "battle") == [(at(state, 0, 0), at(state, 1, 0))]
    state = board(grid=layout, hands={WE: ["Ox"]}, stacks={THEY: SPARE})
    act(state, "place", in_hand(state, WE, "Ox"), 0, 1)
    assert (state.active, state.to_act) == (THEY, THEY)

# -- rules that no test used to state -----------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 111)
def test_the_three_tiles_already_in_place_must_be_compatible_with_each_other():
    """'all 4 Tiles must be compatible with each other, not just their neighbors!
    Otherwise, the Tiles remain in the game!' The Rooster suits the Rat and both
    Rabbits, but the two Rabbits (diagonal) do not suit each other: no square."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Rabbit", WE)},
                  hands={WE: ["Rooster"]})
    events = act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert "captured" not in event_kinds(events)
    assert state.points(WE) == 0
    assert len(state.grid) == 4


@pytest.mark.rule("chizo-rising.txt", 135)
def test_the_active_players_reaction_to_another_players_tile_is_not_an_action():
    """'Reacting to an ACTION STACK is not an "Action".' We start a stack (one action),
    the opponent reacts, we react to their tile: one action is still left."""
    state = board(hands={WE: ["Bountiful Harvest", "Fortune Cookie"], THEY: ["Lucky Find"]},
                  stacks={WE: SPARE * 2, THEY: SPARE})
    act(state, "action", in_hand(state, WE, "Bountiful Harvest"))
    assert state.actions_left == 1
    act(state, "react", in_hand(state, THEY, "Lucky Find"))
    assert state.to_act == WE
    act(state, "react", in_hand(state, WE, "Fortune Cookie"))
    while state.phase == "react":
        act(state, "pass")
    assert state.phase == "turn"
    assert state.active == WE
    assert state.actions_left == 1
    assert state.actions_taken == 1


@pytest.mark.rule("chizo-rising.txt", 173)
def test_a_third_players_ally_on_the_losing_side_is_captured_too():
    """'If a Battle is lost all ALLIES are captured by the winning side, too!' The
    third player's Ox allies the defending Rat and is captured with it."""
    state = board(3, grid={(-1, 0): ("Grumpy Ox", WE), (0, 0): ("Rat", THEY),
                           (0, -1): ("Rat", WE), (0, 1): ("Ox", THIRD)},
                  attached={(-1, 0): ("Keen Mind", WE)}, hands={WE: ["Dog"]})
    rat, ox = at(state, 0, 0), at(state, 0, 1)
    act(state, "battle", at(state, -1, 0), rat)
    act(state, "ask", at(state, 0, -1))  # our Rat joins at once
    act(state, "stop")
    assert state.to_act == THEY
    act(state, "ask", ox)
    assert state.to_act == THIRD
    act(state, "accept")
    events = act(state, "face_down", in_hand(state, WE, "Dog"))
    result = battle_result(events)
    assert result["winner"] == WE
    assert result["attacker"] == [7, 8]
    assert result["defender"] == [6, 6]
    assert sorted(state.piles[WE]) == sorted([rat, ox])
    assert state.owner[ox] == THIRD  # captured, never changing owner


@pytest.mark.rule("chizo-rising.txt", 189)
def test_a_square_formed_during_a_battle_stack_waits_until_the_stack_has_resolved():
    """'if a Compatible Square is formed during an ACTION STACK or a BATTLE ACTION STACK,
    the square is not removed until it is completely resolved.' Surprise Arrival puts
    the Rooster in and completes a square holding our Attacker: the Battle is still
    fought (and won) with it, and the square is taken afterwards."""
    state = board(grid={**QUARTET_MISSING_ONE, (-1, 1): ("Pig", THEY), (-1, 0): ("Ox", WE)},
                  hands={WE: ["Dog", "Surprise Arrival", "Rooster"]})
    horse, pig = at(state, 0, 1), at(state, -1, 1)
    act(state, "battle", horse, pig)
    act(state, "ask", at(state, -1, 0))
    act(state, "face_down", in_hand(state, WE, "Dog"))
    act(state, "react", in_hand(state, WE, "Surprise Arrival"))
    events = []
    while state.phase == "react":
        events += act(state, "pass")
    events += act(state, "put", in_hand(state, WE, "Rooster"), 1, 1)
    while state.phase == "choice":
        events += act(state, "done")
    assert battle_result(events)["winner"] == WE  # the Horse was still there to fight
    assert pig in state.piles[WE]
    assert state.points(WE) == 5  # the Pig, then the square's four
    kinds = event_kinds(events)
    assert kinds.index("square_formed") < kinds.index("battle_result") < kinds.index("square")


@pytest.mark.rule("chizo-rising.txt", 201)
def test_an_ally_moved_away_is_not_captured_with_the_losing_side():
    """'It can not be captured and its values are not added to the result of the
    BATTLE.' The Defender's Dog is blown away before the result: without it the Rat
    loses, and only the Rat is captured."""
    state = board(grid={(-1, 0): ("Horse", WE), (0, 0): ("Rat", THEY), (0, -1): ("Rat", WE),
                        (0, 1): ("Dog", THEY)},
                  hands={WE: ["Ox", "Gust of Wind"]})
    rat, dog = at(state, 0, 0), at(state, 0, 1)
    act(state, "battle", at(state, -1, 0), rat)
    act(state, "ask", at(state, 0, -1))  # then we have nobody left to ask
    assert state.to_act == THEY
    act(state, "ask", dog)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "react", in_hand(state, WE, "Gust of Wind"))
    events = []
    while state.phase == "react":
        events += act(state, "pass")
    events += act(state, "choose", dog)
    events += act(state, "to", 1, 2)
    result = battle_result(events)
    assert result["winner"] == WE
    assert result["defender"] == [1, 5]
    assert state.piles[WE] == [rat]
    assert grid_names(state)[(1, 2)] == "Dog"


@pytest.mark.rule("chizo-rising.txt", 109, 111)
def test_a_protected_creature_is_still_captured_in_a_square():
    """'takes all of the Tiles in the Square' (109): Paper Talisman keeps the Rat from
    being captured by effects or Battles, not from a completed square."""
    state = board(grid=QUARTET_MISSING_ONE, hands={WE: ["Fortune Cookie", "Paper Talisman",
                                                        "Rooster"]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Fortune Cookie"))
    act(state, "react", in_hand(state, WE, "Paper Talisman"))
    while state.phase == "react":
        act(state, "pass")
    act(state, "choose", rat)
    assert state.protects
    assert state.protects[0][0] == rat
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert rat in state.piles[WE]
    assert state.points(WE) == 4


@pytest.mark.rule("chizo-rising.txt", 191, 193)
def test_a_removed_tile_goes_to_the_discard_pile_of_the_player_who_put_it_into_play():
    """'"remove from play" means placing the Tile into the Discard Pile of the player who
    put it into play' (191); 'The Controller of a Tile may change ... Removed Tiles are
    put into the Discard Pile of the player who put the tile into the game first' (193).
    We remove their Tiger: theirs. They remove their own Rat that we control: theirs."""
    state = board(grid={(0, 0): ("Tiger", THEY), (1, 0): ("Rat", WE)},
                  hands={WE: ["Undue Prejudice"]})
    tiger = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Undue Prejudice"))
    assert state.discards[THEY] == [tiger]
    assert names(state, state.discards[WE]) == []
    state = board(active=THEY, grid={(0, 0): ("Rat", THEY, WE), (1, 0): ("Ox", WE)},
                  hands={THEY: ["Undue Prejudice"]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, THEY, "Undue Prejudice"))
    if state.phase == "choice":  # our Ox neighbours the Rat too
        act(state, "choose", rat)
    assert state.discards[THEY] == [rat]
    assert state.discards[WE] == []
    assert state.ctrl[rat] == THEY


@pytest.mark.rule("chizo-rising.txt", 181)
def test_the_player_whose_item_is_attacked_asks_for_allies():
    """'But you can ask for Allies if you attack an Item or Obstacle or one of your Items
    and Obstacles is attacked.'"""
    state = board(grid={(0, 0): ("Ox", WE), (1, 0): ("Village", THEY), (1, 1): ("Dog", THEY),
                        (2, 0): ("Great Wall", THEY)},
                  hands={WE: ["Rat"]})
    village, dog = at(state, 1, 0), at(state, 1, 1)
    act(state, "battle", at(state, 0, 0), village)
    # We have nobody to ask (the Dog is theirs): the Item's player asks at once.
    assert state.phase == "allies"
    assert state.to_act == THEY
    assert options(state, "ask") == [dog]  # the Great Wall is an Obstacle: no Ally
    act(state, "ask", dog)
    assert state.battle.allies == [(dog, 1)]


@pytest.mark.rule("chizo-rising.txt", 49, 50, 51, 52, 131)
def test_a_reaction_cannot_start_a_stack():
    """'It starts with an Action Tile, and Reaction tiles are placed on top of it' (131);
    a Reaction is 'used in an Action Stack' (51), an Action/Reaction 'may be played as
    either' (52)."""
    state = board(hands={WE: ["Lucky Find", "Fortune Cookie", "Bountiful Harvest"]},
                  stacks={WE: SPARE * 3, THEY: SPARE})
    starters = names(state, options(state, "action"))
    assert sorted(starters) == ["Bountiful Harvest", "Fortune Cookie"]
    with pytest.raises(IllegalAction):
        act(state, "action", in_hand(state, WE, "Lucky Find"))


@pytest.mark.rule("chizo-rising.txt", 151)
def test_any_tile_may_be_laid_face_down_to_start_a_battle():
    """'It doesn't matter which type of Tile is chosen to start; that is why it is played
    face down.' Every type in hand is offered."""
    hand = ["Dog", "Bountiful Harvest", "Lucky Find", "Fortune Cookie", "Village",
            "Great Wall", "Keen Mind"]
    state = board(grid={(0, 0): ("Ox", WE), (1, 0): ("Rabbit", THEY)}, hands={WE: hand})
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    assert state.phase == "face_down"
    assert sorted(names(state, options(state, "face_down"))) == sorted(hand)
    act(state, "face_down", in_hand(state, WE, "Keen Mind"))
    assert state.phase != "face_down"


@pytest.mark.rule("chizo-rising.txt", 201)
def test_an_ally_dismissed_stays_out_of_the_battle_through_a_saved_state():
    """'The Tile is no longer involved in the BATTLE.' Cold Shoulder dismisses our Dog;
    the game, saved and read back while Gust of Wind waits for its choice, still
    leaves the Dog out: 3/3 against the Rooster's 3/3 is a draw."""
    state = board(grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
                  hands={WE: ["Ox", "Gust of Wind"], THEY: ["Cold Shoulder"]})
    dog = at(state, 0, 1)
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", dog)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "pass")  # THEY, for now
    act(state, "react", in_hand(state, WE, "Gust of Wind"))
    # We have nothing more to add: Cold Shoulder resolves, then Gust of Wind waits.
    events = act(state, "react", in_hand(state, THEY, "Cold Shoulder"))
    assert [e.data["tile"] for e in events if e.kind == "ally_dismissed"] == [dog]
    assert state.phase == "choice"
    again = GAME.state_from_dict(state.to_dict())
    assert again.battle.dismissed == [dog]
    events = act(again, "done")
    result = battle_result(events)
    assert result["attacker"] == [3, 3]
    assert result["winner"] is None
