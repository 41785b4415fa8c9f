"""ChiZo RISING: the helpers the effect handlers share (``effects/base.py``) and the
parameter checks of the tile data (``params.py``).

Banking a special effect's points (rulebook line 125, docs/chizo.md "Banking
special-effect points"): the tile that caused the effect goes to the Point Pile, then
its player picks the other tiles from the Discard Pile, one choice per tile definition;
there is no choice when the pile holds only copies of one tile or no more tiles than
points are left. A choice of one of a few words in the tile data (``_one_of``) refuses
any other word with a reason that lists them, and a number (``_int``) anything but an int
from its floor on, with a reason that names the floor.
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import DataError, Event
from play.engine.games.chizo import ChizoState
from play.engine.games.chizo.effects.base import Bank
from play.engine.games.chizo.params import _int, _one_of
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.state import Frame

from .chizo_data import tile_list
from .chizo_table import act, in_hand, legal, names, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]
ROOSTER = {(0, 0): ("Rooster", THEY)}
#: A made-up Action that scores 3 points with no target: two tiles to pick after itself.
HOARD = {
    "id": "Golden Hoard",
    "name": "Golden Hoard",
    "type": "Action",
    "effect_key": "score_points",
    "effect_params": {"points": 3},
}


def board(**layout: Any) -> ChizoState:
    """Two players, we to act, spare tiles in both Stacks."""
    layout.setdefault("stacks", dict.fromkeys(range(2), SPARE))
    return table(2, **layout)


def choices(state: ChizoState) -> list[str]:
    """The names of the tiles the player may choose now (none outside a choice)."""
    return sorted(names(state, [a.args[0] for a in legal(state) if a.kind == "choose"]))


def scored(events: list[Event]) -> list[str]:
    """The names of the tiles the events put in a Point Pile, in order."""
    return [e.data["name"] for e in events if e.kind == "scored"]


def golden_egg(discard: list[str]) -> ChizoState:
    """We have played Golden Egg (2 points) on a Rooster with ``discard`` as our pile."""
    state = board(grid=ROOSTER, hands={WE: ["Golden Egg"]}, discards={WE: discard})
    act(state, "action", in_hand(state, WE, "Golden Egg"))
    return state


@pytest.mark.rule("chizo-rising.txt", "125.4", "125.5")
def test_effect_points_beyond_the_tile_itself_are_picked_from_two_different_discards():
    """The Egg shows its first point; the second is a tile the player picks among the
    two different tiles of the Discard Pile, and then the effect is done."""
    state = golden_egg(["Dog", "Ox"])
    assert names(state, state.piles[WE]) == ["Golden Egg"]
    assert state.phase == "choice"
    assert state.to_act == WE
    assert choices(state) == ["Dog", "Ox"]
    ox = next(u for u in state.discards[WE] if state.name(u) == "Ox")
    events = act(state, "choose", ox)
    assert scored(events) == ["Ox"]
    assert names(state, state.piles[WE]) == ["Golden Egg", "Ox"]
    assert names(state, state.discards[WE]) == ["Dog"]
    assert state.points(WE) == 2
    assert state.frames == []
    assert state.phase != "choice"
    assert choices(state) == []


@pytest.mark.rule("chizo-rising.txt", "125.5")
def test_once_the_points_are_shown_the_rest_of_the_discard_pile_is_not_offered():
    """Three different tiles in the Discard Pile, one point left to show: after the one
    pick the effect is done, the other two stay in the Discard Pile."""
    state = golden_egg(["Dog", "Ox", "Rat"])
    assert choices(state) == ["Dog", "Ox", "Rat"]
    dog = next(u for u in state.discards[WE] if state.name(u) == "Dog")
    act(state, "choose", dog)
    assert state.points(WE) == 2
    assert sorted(names(state, state.discards[WE])) == ["Ox", "Rat"]
    assert state.frames == []
    assert choices(state) == []
    assert state.to_act == WE  # our turn goes on: one action left


@pytest.mark.rule("chizo-rising.txt", "125.5")
def test_when_only_copies_of_one_tile_are_left_the_last_point_is_banked_at_once():
    """Three points with Dog, Ox, Ox discarded: the tile shows one, the player picks Dog,
    and the last point is one of the two Oxen, taken without asking (copies are
    interchangeable)."""
    state = position(
        2,
        tiles=[*tile_list(), HOARD],
        hands={WE: ["Golden Hoard"]},
        discards={WE: ["Dog", "Ox", "Ox"]},
        stacks=dict.fromkeys(range(2), SPARE),
    )
    act(state, "action", in_hand(state, WE, "Golden Hoard"))
    assert names(state, state.piles[WE]) == ["Golden Hoard"]
    assert choices(state) == ["Dog", "Ox"]  # one Ox stands for both
    dog = next(u for u in state.discards[WE] if state.name(u) == "Dog")
    events = act(state, "choose", dog)
    assert scored(events) == ["Dog", "Ox"]
    assert names(state, state.piles[WE]) == ["Golden Hoard", "Dog", "Ox"]
    assert names(state, state.discards[WE]) == ["Ox"]
    assert state.points(WE) == 3
    assert state.frames == []
    assert choices(state) == []


def pending_bank(discard: list[str], left: int) -> tuple[ChizoState, Frame]:
    """A position with a banking frame on top (``left`` points still to show) that has
    not run yet."""
    state = board(hands={WE: ["Golden Egg"]}, discards={WE: discard})
    frame = Frame("_bank", WE, in_hand(state, WE, "Golden Egg"), left=left)
    state.frames.append(frame)
    return state, frame


@pytest.mark.rule("chizo-rising.txt", "125.5")
def test_a_discard_pile_of_no_more_tiles_than_points_left_is_banked_without_a_choice():
    """Two different tiles and two points to show: both go, there is nothing to pick.
    (Play never starts a bank so; the handler's rule is checked directly.)"""
    state, frame = pending_bank(["Dog", "Ox"], left=2)
    out: list[Event] = []
    Bank().run(state, frame, out)
    assert state.frames == []
    assert not frame.wait
    assert sorted(scored(out)) == ["Dog", "Ox"]
    assert sorted(names(state, state.piles[WE])) == ["Dog", "Ox"]
    assert state.discards[WE] == []


def test_a_bank_left_over_by_a_finished_game_ends_without_banking_or_waiting():
    """Once the game is over nothing more is scored and nobody is asked to choose."""
    state, frame = pending_bank(["Dog", "Ox"], left=1)
    state.over = True
    out: list[Event] = []
    Bank().run(state, frame, out)
    assert state.frames == []
    assert not frame.wait
    assert out == []
    assert state.piles[WE] == []
    assert len(state.discards[WE]) == 2


def test_one_of_accepts_its_words_and_returns_them():
    check = _one_of("stack", "turn")
    assert check("stack", "Odd (modify_stats) duration") == "stack"
    assert check("turn", "Odd (modify_stats) duration") == "turn"


@pytest.mark.parametrize("value", ["forever", "", None, 1])
def test_one_of_refuses_any_other_value_with_the_words_it_accepts(value: Any):
    check = _one_of("stack", "turn")
    with pytest.raises(DataError) as refused:
        check(value, "Odd (modify_stats) duration")
    assert refused.value.code == "bad_tile"
    assert refused.value.reason == "Odd (modify_stats) duration: expected one of stack, turn"


@pytest.mark.parametrize(("low", "value"), [(None, -3), (None, 0), (0, 0), (1, 1), (1, 7)])
def test_an_int_check_accepts_the_ints_from_its_floor_on(low: int | None, value: int) -> None:
    assert _int(low)(value, "Odd (draw) count") == value


@pytest.mark.parametrize(("low", "value", "expected"), [
    (None, "2", "an int, not '2'"),
    (None, True, "an int, not True"),
    (0, -1, "an int of 0 or more, not -1"),
    (1, 0, "an int of 1 or more, not 0"),
    (1, 1.0, "an int of 1 or more, not 1.0"),
])  # fmt: skip
def test_an_int_check_refuses_anything_else_naming_its_floor(
    low: int | None, value: Any, expected: str
) -> None:
    with pytest.raises(DataError) as refused:
        _int(low)(value, "Odd (draw) count")
    assert refused.value.code == "bad_tile"
    assert refused.value.reason == f"Odd (draw) count: expected {expected}"
