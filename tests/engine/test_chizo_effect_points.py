"""ChiZo RISING: points scored by a tile's effect when the Discard Pile holds too few
tiles to show them (rulebook lines 71, 123 and 125; docs/chizo.md, "Points of effects").

The engine's reading ("shown", the default): the points are the tiles that show them.
The other reading ("printed", the setup option ``effect_points``): the effect's number
counts, and the tiles show what they can.
"""

from __future__ import annotations

import pytest

from play.engine.core import SetupError
from play.engine.games.chizo import GAME, goldfish

from .chizo_data import tile_list, typical_stack
from .chizo_table import act, at, event_kinds, in_hand, names, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def board(**layout):
    layout.setdefault("stacks", dict.fromkeys(range(2), SPARE))
    return table(2, **layout)


ROOSTER = {(0, 0): ("Rooster", THEY)}


@pytest.mark.rule("chizo-rising.txt", 71, 123, 125)
def test_effect_points_are_the_tiles_that_can_show_them_by_default():
    """'Each Tile represents one (1) point.' (71) -- 'they are added (or some others from
    the Discard Pile) to the Point Pile to represent the actual score' (123). Golden Egg
    scores 2; with an empty Discard Pile only the Egg itself can show a point."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]})
    events = act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert names(state, state.piles[WE]) == ["Golden Egg"]
    assert state.points(WE) == 1
    assert "scored_unshown" not in event_kinds(events)


@pytest.mark.rule("chizo-rising.txt", 71, 125)
def test_effect_points_take_their_tiles_from_the_discard_pile_while_it_has_any():
    """'If you need more Tiles to show your actual score, pick them from your Discard
    Pile!' (125) Three points (Golden Egg, then Undue Prejudice) with one tile there."""
    state = board(grid={**ROOSTER, (1, 0): ("Tiger", THEY), (2, 0): ("Rat", WE)},
                  hands={WE: ["Golden Egg", "Undue Prejudice"]}, discards={WE: ["Dog"]})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert sorted(names(state, state.piles[WE])) == ["Dog", "Golden Egg"]
    assert state.discards[WE] == []
    tiger = at(state, 1, 0)
    act(state, "action", in_hand(state, WE, "Undue Prejudice"))
    if state.phase == "choice":  # the Rooster neighbours the Tiger too
        act(state, "choose", tiger)
    assert state.points(WE) == 3  # Undue Prejudice shows its own point
    assert names(state, state.discards[THEY]) == ["Tiger"]


@pytest.mark.rule("chizo-rising.txt", 125)
def test_in_the_printed_reading_an_effect_scores_its_number_whatever_the_tiles():
    """The other reading of line 125, a setup option: the score is the effect's number
    and the tiles only show it. The Egg's second point counts with nothing to show it."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, effect_points="printed")
    events = act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert names(state, state.piles[WE]) == ["Golden Egg"]
    assert state.points(WE) == 2
    assert "scored_unshown" in event_kinds(events)
    again = GAME.state_from_dict(state.to_dict())
    assert again.points(WE) == 2
    assert again.printed
    assert again.hash() == state.hash()


@pytest.mark.rule("chizo-rising.txt", 37, 125)
@pytest.mark.parametrize(("reading", "over"), [("shown", False), ("printed", True)])
def test_the_printed_reading_can_reach_twelve_points_where_the_tiles_fall_short(reading, over):
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, effect_points=reading,
                  piles={WE: [("Ox", WE)] * 10})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert state.over is over
    assert state.points(WE) == (12 if over else 11)
    outcome = GAME.outcome(state)
    assert outcome.winners == ((WE,) if over else ())


def test_the_reading_of_effect_points_is_a_setup_option_and_the_default_json_is_unchanged():
    with pytest.raises(SetupError) as refused:
        GAME.new_game({"effect_points": "both"}, 1)
    assert refused.value.code == "bad_effect_points"
    default = GAME.new_game({"players": 2}, 1).to_dict()
    assert "effect_points" not in default
    assert "unshown" not in default
    printed = GAME.new_game({"players": 2, "effect_points": "printed"}, 1).to_dict()
    assert printed["effect_points"] == "printed"
    assert printed["unshown"] == [0, 0]


def test_a_goldfish_names_its_reading_and_the_default_figures_stay_the_engines():
    tiles, stack = tile_list(), typical_stack()
    shown = [goldfish(tiles, stack, seed) for seed in range(30)]
    assert shown == [goldfish(tiles, stack, seed, effect_points="shown") for seed in range(30)]
    assert {r.effect_points for r in shown} == {"shown"}
    printed = [goldfish(tiles, stack, seed, effect_points="printed") for seed in range(30)]
    assert {r.effect_points for r in printed} == {"printed"}
    # Golden Eggs with a short Discard Pile score more: the stack reaches 12 sooner.
    assert sum(r.turn_reached or 31 for r in printed) < sum(r.turn_reached or 31 for r in shown)


@pytest.mark.rule("chizo-rising.txt", 37, 125)
def test_printed_points_no_tile_shows_add_up_and_can_end_the_game():
    """Two Golden Eggs with an empty Discard Pile, printed: each Egg shows one point and
    keeps one no tile shows; the second reaches 12 and ends the game."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg", "Golden Egg"]},
                  effect_points="printed", piles={WE: [("Ox", WE)] * 8})
    first = act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert [e.data for e in first if e.kind == "scored_unshown"] == [{"player": WE, "points": 1}]
    assert state.unshown == [1, 0]
    assert state.points(WE) == 10
    second = act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert state.unshown == [2, 0]
    assert state.points(WE) == 12
    assert state.over
    assert "game_over" in event_kinds(second)
