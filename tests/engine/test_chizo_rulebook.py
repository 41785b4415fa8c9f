"""Every example of the ChiZo RISING rulebook (shared/rules/chizo-rising.txt), quoted.

Seat 0 is the rulebook's "Player 1" ("you"), seat 1 "Player 2", seat 2 "Player 3".
"""

from __future__ import annotations

import pytest

from play.engine.games.chizo.grid import cell_at, xy
from play.engine.games.chizo.targets import compatible, values

from .chizo_table import act, at, event_kinds, grid_names, in_hand, kinds, legal, names, table

P1, P2, P3 = 0, 1, 2
SPARE = ["Ox", "Ox", "Ox"]  # tiles left in the stacks, so nobody runs dry


@pytest.mark.rule("chizo-rising.txt", 72, 137, 139, 143)
def test_golden_egg_answered_by_toasted_steals_the_rooster_and_golden_egg_fizzles():
    """'As an Action, Player 2 played "Golden Egg" to get some points. You react by
    putting "Toasted" on the ACTION STACK and covering the 1st Tile. Player 2 "passes"
    on adding another Tile on "Toasted" because they do not have anything appropriate in
    their hand to react. You were the last who added a Tile to the ACTION STACK. The
    Action Stack is over because you "pass" on placing another Tile. Now the ACTION STACK
    resolves top to bottom. "Toasted" steals the Rooster and you score a Point. Now
    "Golden Egg" comes into effect, but because there is no more "Rooster" in play, it
    has no target and is put into the Discard Pile.'"""
    state = table(2, active=P2, grid={(0, 0): ("Rooster", P2), (1, 0): ("Horse", P1)},
                  hands={P1: ["Toasted", "Lucky Find"], P2: ["Golden Egg", "Lucky Find"]},
                  discards={P2: ["Rat"]}, stacks={P1: SPARE, P2: SPARE})
    rooster = at(state, 0, 0)
    act(state, "action", in_hand(state, P2, "Golden Egg"))
    assert state.phase == "react"
    assert state.to_act == P1
    act(state, "react", in_hand(state, P1, "Toasted"))
    assert state.to_act == P2  # asked whether to cover "Toasted"
    act(state, "pass")
    assert state.to_act == P1  # back to the player who added the last tile
    events = act(state, "pass")
    assert event_kinds(events)[:5] == ["passed", "resolving", "captured", "resolving", "fizzled"]
    assert state.piles[P1] == [rooster]
    assert state.points(P1) == 1
    assert state.owner[rooster] == P2  # "Tiles never change ownership!"
    assert names(state, state.discards[P2]) == ["Rat", "Golden Egg"]
    assert names(state, state.discards[P1]) == ["Toasted"]
    assert state.points(P2) == 0


@pytest.mark.rule("chizo-rising.txt", 123, 125)
def test_golden_egg_unanswered_scores_two_with_a_tile_from_the_discard_pile():
    """Had it resolved: 'If you score by a Special Effect, add the Tile that caused the
    effect to your Point Pile. If you need more Tiles to show your actual score, pick
    them from your Discard Pile!'"""
    state = table(2, active=P2, grid={(0, 0): ("Rooster", P2)},
                  hands={P2: ["Golden Egg"]}, discards={P2: ["Rat"]},
                  stacks={P1: SPARE, P2: SPARE})
    act(state, "action", in_hand(state, P2, "Golden Egg"))
    assert sorted(names(state, state.piles[P2])) == ["Golden Egg", "Rat"]
    assert grid_names(state) == {(0, 0): "Rooster"}  # "Choose a Rooster": it stays


def feather_flurry_table():
    """P2's Horse attacks P1's Rooster, helped by P2's Dog: 5 STR / 7 INT beat 3 / 3."""
    return table(2, active=P2,
                 grid={(0, 0): ("Rooster", P1), (1, 0): ("Horse", P2), (0, 1): ("Dog", P2)},
                 hands={P1: ["Feather Flurry"], P2: ["Rat"]},
                 stacks={P1: SPARE, P2: SPARE})


def announce_horse_against_rooster(state):
    act(state, "battle", at(state, 1, 0), at(state, 0, 0))
    act(state, "ask", at(state, 0, 1))  # P2's Dog joins at once
    act(state, "face_down", in_hand(state, P2, "Rat"))


@pytest.mark.rule("chizo-rising.txt", 147, 151, 153, 155, 157, 199)
def test_feather_flurry_ends_the_battle_before_the_face_down_tile():
    """'Player 2 declared his "Horse" the ATTACKER and your Rooster the DEFENDER. Player
    2 started the BATTLE ACTION STACK with the Tile face down to show that the BATTLE is
    an ACTION. You react by playing "Feather Flurry". Player 2 passes ... In many cases
    (like here) the BATTLE is over before you reach the face down Tile because of
    powerful Reactions that have already been resolved. These BATTLES are over and the
    rest of the Tiles are discarded.'"""
    state = feather_flurry_table()
    rooster = at(state, 0, 0)
    announce_horse_against_rooster(state)
    assert state.to_act == P1
    assert state.stack_kind == 2
    events = act(state, "react", in_hand(state, P1, "Feather Flurry"))
    assert "battle_ended" in event_kinds(events)
    assert "battle_result" not in event_kinds(events)
    assert state.grid[cell_at(0, 0)] == rooster
    assert state.points(P2) == 0
    assert names(state, state.discards[P2]) == ["Rat"]  # the face-down tile, unresolved
    assert names(state, state.discards[P1]) == ["Feather Flurry"]
    assert state.battle is None
    assert not state.stack


@pytest.mark.rule("chizo-rising.txt", 153, 157, 163)
def test_without_feather_flurry_the_horse_and_its_ally_capture_the_rooster():
    """The same Battle worked down to the face-down tile: "the actual values of STR and
    INT of both sides involved in the BATTLE show the result"."""
    state = feather_flurry_table()
    rooster = at(state, 0, 0)
    announce_horse_against_rooster(state)
    events = act(state, "pass")
    result = next(e for e in events if e.kind == "battle_result")
    assert result.data["attacker"] == [5, 7]
    assert result.data["defender"] == [3, 3]
    assert state.piles[P2] == [rooster]


@pytest.mark.rule("chizo-rising.txt", 203, 205)
def test_push_played_as_an_action_moves_the_ram_and_the_rabbit_up_to_three_empty_spaces():
    """'Example: "PUSH", played as an Action, may move the "Ram" and the "Rabbit" up to
    three empty spaces.' -- 'An Empty Space is every free neighboring space including
    the diagonal corners.'"""
    state = table(2, grid={(0, 0): ("Ram", P1), (1, 0): ("Rabbit", P2), (0, 1): ("Ox", P1)},
                  hands={P1: ["Push"]}, stacks={P1: SPARE, P2: SPARE})
    ram, rabbit = at(state, 0, 0), at(state, 1, 0)
    act(state, "action", in_hand(state, P1, "Push"))
    assert state.phase == "choice"
    act(state, "choose", ram)
    destinations = {a.args for a in legal(state)}
    assert (3, 3) in destinations  # three diagonal steps
    assert (-3, 0) in destinations
    assert (0, -3) in destinations
    assert (4, 0) not in destinations
    assert (0, 4) not in destinations
    act(state, "to", 3, 3)
    act(state, "choose", rabbit)
    act(state, "to", -2, -1)
    assert xy(state.pos[ram]) == (3, 3)
    assert xy(state.pos[rabbit]) == (-2, -1)
    assert state.phase == "turn"
    assert state.actions_left == 1


@pytest.mark.rule("chizo-rising.txt", 119, 161, 171, 173, 175, 177, 181)
def test_horse_and_dog_beat_the_rat_with_str_5_and_int_7():
    """'If you choose your "Horse" to be the Attacker and the "Rat" of Player 3 to be the
    Defender, you can pick your "Dog" as an ALLY in that BATTLE. Player 3 is on its own.
    The "Boulder" is an Obstacle which can not be an Ally. Player 2 can not be asked for
    help. The "Tiger" is not neighboring the DEFENDER (Rat). Result: You win the BATTLE.
    Your STR of 5 and INT of 7 (added together) are both higher than the two values of
    the Rat. You score one point by capturing the "Rat" of Player 3.'"""
    state = table(3, active=P1, stacks=dict.fromkeys((P1, P2, P3), SPARE), hands={P1: ["Ox"]},
                  grid={(0, 0): ("Rat", P3), (-1, 0): ("Horse", P1), (0, 1): ("Dog", P1),
                        (1, 0): ("Boulder", P2), (2, 0): ("Tiger", P2)})
    rat, horse, dog = at(state, 0, 0), at(state, -1, 0), at(state, 0, 1)
    act(state, "battle", horse, rat)
    assert state.phase == "allies"
    assert state.to_act == P1
    assert [a.args for a in legal(state) if a.kind == "ask"] == [(dog,)]  # no Boulder
    act(state, "ask", dog)
    # "Player 3 is on its own": the Defender's side has nobody to ask, so it is skipped.
    assert state.phase == "face_down"
    assert state.to_act == P1
    events = act(state, "face_down", in_hand(state, P1, "Ox"))
    result = next(e for e in events if e.kind == "battle_result")
    assert result.data["attacker"] == [5, 7]
    assert values(state, horse) == (3, 3)
    assert result.data["defender"] == [1, 5]
    assert state.piles[P1] == [rat]
    assert state.owner[rat] == P3
    assert at(state, 1, 0)
    assert at(state, 2, 0)


@pytest.mark.rule("chizo-rising.txt", 111, 113, 115)
def test_a_tiger_is_compatible_with_monkeys_but_not_with_another_tiger():
    """'The "Tiger" is compatible with your "Monkey" and the "Monkey" of your opponent,
    but not with another "Tiger". No points! The Tiles remain in the Game Area, but you
    should prepare for BATTLE.'"""
    state = table(2, grid={(0, 0): ("Tiger", P1), (1, 0): ("Monkey", P1),
                           (0, 1): ("Monkey", P2)},
                  hands={P1: ["Tiger", "Rat"]}, stacks={P1: SPARE, P2: SPARE})
    tiger, monkey, theirs = at(state, 0, 0), at(state, 1, 0), at(state, 0, 1)
    assert compatible(state, tiger, monkey)
    assert compatible(state, tiger, theirs)
    act(state, "place", in_hand(state, P1, "Tiger"), 1, 1)
    assert not compatible(state, tiger, at(state, 1, 1))
    assert state.points(P1) == 0
    assert len(state.grid) == 4
    assert "battle" in kinds(state)  # "prepare for BATTLE" (the Rat goes face down)


@pytest.mark.rule("chizo-rising.txt", 109, 111)
def test_a_square_of_four_compatible_creatures_is_taken_whoever_controls_them():
    """'To complete a square, all 4 Tiles must be compatible with each other, not just
    their neighbors!' ... 'Regardless of who controls the Tiles, they score one point
    for each Creature captured.'"""
    state = table(2, grid={(0, 0): ("Tiger", P1), (1, 0): ("Monkey", P2),
                           (0, 1): ("Snake", P2)},
                  hands={P1: ["Pig"]}, stacks={P1: SPARE, P2: SPARE})
    act(state, "place", in_hand(state, P1, "Pig"), 1, 1)
    assert state.points(P1) == 4
    assert not state.grid


@pytest.mark.rule("chizo-rising.txt", 119, 123, 127, 191)
def test_the_three_player_scoring_example_comes_to_six_points_of_three_owners():
    """'Example (3 players, you are Player 1): You already have six (6) points. You
    captured a "Rat" and two "Dragons" of yours. You captured a "Rat" of Player 3, a
    "Dragon" of Player 2 and scored with the effect of "Undue Prejudice".' The last two
    catches are played here: a Dragon of yours that Player 2 controls, then Undue
    Prejudice (whose own tile shows its point)."""
    state = table(3, active=P1, stacks=dict.fromkeys((P1, P2, P3), SPARE),
                  piles={P1: [("Rat", P1), ("Dragon", P1), ("Rat", P3), ("Dragon", P2)]},
                  grid={(0, 0): ("Dragon", P1, P2), (1, 0): ("Horse", P1), (0, 1): ("Dog", P1),
                        (5, 5): ("Tiger", P3), (6, 5): ("Rabbit", P3)},
                  hands={P1: ["Rice Granary", "Undue Prejudice"]})
    dragon, tiger = at(state, 0, 0), at(state, 5, 5)
    act(state, "battle", at(state, 1, 0), dragon)
    act(state, "ask", at(state, 0, 1))
    act(state, "face_down", in_hand(state, P1, "Rice Granary"))
    assert state.points(P1) == 5
    assert state.piles[P1][-1] == dragon
    act(state, "action", in_hand(state, P1, "Undue Prejudice"))
    act(state, "choose", tiger)  # the Tiger and the Rabbit both qualify
    assert state.points(P1) == 6
    pile = state.piles[P1]
    assert sorted(names(state, pile)) == ["Dragon", "Dragon", "Dragon", "Rat", "Rat",
                                          "Undue Prejudice"]
    owners = [state.owner[u] for u in pile]
    assert owners.count(P1) == 4
    assert owners.count(P2) == 1
    assert owners.count(P3) == 1
    assert names(state, state.discards[P3]) == ["Tiger"]  # removed, not captured
