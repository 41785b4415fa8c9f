"""ChiZo RISING: points scored by a tile's effect when the Discard Pile holds too few
tiles to show them (rulebook lines 71, 123 and 125; docs/chizo.md, "Points of effects").

The engine's reading ("shown", the default): the points are the tiles that show them.
The other reading ("printed", the setup option ``effect_points``): the effect's number
counts, and the tiles show what they can.
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Event, SetupError
from play.engine.games.chizo import GAME, ChizoState, goldfish
from play.engine.games.chizo.grid import xy
from play.engine.games.chizo.scenario import position

from .chizo_data import tile_list, typical_stack
from .chizo_table import act, at, event_kinds, in_hand, names, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def board(**layout):
    layout.setdefault("stacks", dict.fromkeys(range(2), SPARE))
    return table(2, **layout)


ROOSTER = {(0, 0): ("Rooster", THEY)}

#: Made-up tiles: a creature that scores when it enters play next to a Rooster (no
#: shipped creature scores by its own effect), and an Action worth 4 points.
MADE_UP = [
    {
        "id": "Proud Hen", "name": "Proud Hen", "type": "Creature",
        "creature_class": "Rooster", "is_basic": False, "strength": 2, "intelligence": 2,
        "compatible_classes": [], "effect_key": "score_points",
        "effect_params": {
            "points": 1, "when": "enters_play",
            "target": {"kind": "creature", "class": "Rooster", "adjacent_to": "source"},
        },
    },
    {
        "id": "Windfall", "name": "Windfall", "type": "Action", "creature_class": "",
        "is_basic": False, "strength": None, "intelligence": None, "compatible_classes": [],
        "effect_key": "score_points", "effect_params": {"points": 4},
    },
]  # fmt: skip
ROWS = [*tile_list(), *MADE_UP]


def made_up_board(**layout: Any) -> ChizoState:
    """Two players with the project's tiles and the made-up ones."""
    layout.setdefault("stacks", dict.fromkeys(range(2), SPARE))
    return position(2, tiles=ROWS, **layout)


def in_hand_of_discard(state: ChizoState, name: str) -> int:
    """The uid of the lowest copy of ``name`` in our Discard Pile."""
    return min(u for u in state.discards[WE] if state.name(u) == name)


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


@pytest.mark.rule("chizo-rising.txt", 125)
def test_a_creature_scoring_as_it_enters_play_takes_its_point_from_the_discard_pile() -> None:
    """A creature's own effect is no stack tile: Proud Hen placed next to a Rooster scores
    its point with a tile of the Discard Pile and stays in play; placed elsewhere its
    target ("next to this tile") is missing and the effect does not resolve."""
    state = made_up_board(grid=ROOSTER, hands={WE: ["Proud Hen", "Proud Hen"]},
                          discards={WE: ["Dog"]})
    hen = in_hand(state, WE, "Proud Hen")
    events = act(state, "place", hen, 1, 0)
    assert names(state, state.piles[WE]) == ["Dog"]
    assert xy(state.pos[hen]) == (1, 0)
    assert "fizzled" not in event_kinds(events)
    far = made_up_board(grid={**ROOSTER, (0, 1): ("Ox", THEY)},
                        hands={WE: ["Proud Hen"]}, discards={WE: ["Dog"]})
    events = act(far, "place", in_hand(far, WE, "Proud Hen"), 0, 2)
    assert "fizzled" in event_kinds(events)
    assert far.piles[WE] == []


@pytest.mark.rule("chizo-rising.txt", 37, 125)
def test_points_after_the_twelfth_are_not_taken_from_the_discard_pile() -> None:
    """At 11 points Golden Egg's own tile is the twelfth: the game is over, and its
    second point takes no tile from the Discard Pile."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, discards={WE: ["Dog"]},
                  piles={WE: [("Ox", WE)] * 11})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert state.over
    assert len(state.piles[WE]) == 12
    assert names(state, state.discards[WE]) == ["Dog"]


@pytest.mark.rule("chizo-rising.txt", 125)
def test_printed_points_beyond_a_mixed_discard_pile_count_without_a_choice() -> None:
    """Windfall's 4 points, printed, with a Rat and a Dog in the Discard Pile: its own
    tile and both discards show three, without asking which; the fourth counts unshown."""
    state = made_up_board(hands={WE: ["Windfall"]}, discards={WE: ["Rat", "Dog"]},
                          effect_points="printed")
    events = act(state, "action", in_hand(state, WE, "Windfall"))
    assert state.phase == "turn"
    assert sorted(names(state, state.piles[WE])) == ["Dog", "Rat", "Windfall"]
    assert [e.data for e in events if e.kind == "scored_unshown"] == [{"player": WE, "points": 1}]
    assert state.points(WE) == 4


@pytest.mark.rule("chizo-rising.txt", 37, 125)
def test_a_game_won_by_the_tile_picked_from_the_discard_pile_round_trips_through_json() -> None:
    """The twelfth point is a tile we pick from the Discard Pile (two kinds there, one
    point to show): the game ends on that choice and its saved state reads back the same."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, discards={WE: ["Dog", "Rat", "Rat"]},
                  piles={WE: [("Ox", WE)] * 10})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    assert state.phase == "choice"
    act(state, "choose", in_hand_of_discard(state, "Dog"))
    assert state.over
    assert state.points(WE) == 12
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


@pytest.mark.rule("chizo-rising.txt", 125)
def test_a_state_saved_without_the_reading_scores_only_its_tiles() -> None:
    """A state saved in the default reading has no ``effect_points`` nor ``unshown``: read
    back, it is in the default reading and its points are its tiles."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, piles={WE: [("Ox", WE)] * 3})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    data = state.to_dict()
    assert "unshown" not in data
    again = GAME.state_from_dict(data)
    assert not again.printed
    assert again.unshown == [0, 0]
    assert [again.points(s) for s in (WE, THEY)] == [4, 0]


@pytest.mark.rule("chizo-rising.txt", 37, 125)
def test_a_game_won_by_a_creature_put_into_play_round_trips_through_json() -> None:
    """Reinforcements puts Proud Hen next to a Rooster at 11 points: the Hen's point
    ends the game before the second put, and the saved state reads back the same."""
    state = made_up_board(grid=ROOSTER, hands={WE: ["Reinforcements", "Proud Hen", "Dog"]},
                          discards={WE: ["Ox"]}, piles={WE: [("Ox", WE)] * 11})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    act(state, "put", in_hand(state, WE, "Proud Hen"), 1, 0)
    assert state.over
    assert state.points(WE) == 12
    assert names(state, state.hands[WE]) == ["Dog"]
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


@pytest.mark.rule("chizo-rising.txt", 125)
def test_in_the_printed_reading_points_all_shown_by_tiles_leave_none_unshown() -> None:
    """Windfall (4 points) in the printed reading with three Oxen in our Discard Pile: the
    tile and the three Oxen show the four points, so no point is scored unshown (and the
    log says nothing of one)."""
    state = made_up_board(hands={WE: ["Windfall"]}, discards={WE: ["Ox", "Ox", "Ox"]},
                          effect_points="printed")
    events = act(state, "action", in_hand(state, WE, "Windfall"))
    assert event_kinds(events).count("scored") == 4
    assert "scored_unshown" not in event_kinds(events)
    assert state.unshown == [0, 0]
    assert state.points(WE) == 4


@pytest.mark.rule("chizo-rising.txt", 37, 123, 125)
def test_the_log_names_each_tile_that_shows_a_point_and_the_end_of_the_game() -> None:
    """Golden Egg at ten points with a Dog in our Discard Pile: the log names the Egg and
    then the Dog as they go to our Point Pile, and the game's end at twelve points."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, discards={WE: ["Dog"]},
                  piles={WE: [("Ox", WE)] * 10})
    egg, dog = in_hand(state, WE, "Golden Egg"), state.discards[WE][0]
    events = act(state, "action", egg)
    assert [e for e in events if e.kind in ("scored", "game_over")] == [
        Event("scored", {"player": WE, "tile": egg, "name": "Golden Egg"}),
        Event("scored", {"player": WE, "tile": dog, "name": "Dog"}),
        Event("game_over", {"reason": "points", "points": [12, 0]}),
    ]
    assert state.over
