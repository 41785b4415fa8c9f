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

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from play.engine.core import DataError, Event
from play.engine.games.chizo import Catalog, ChizoState, TileDef, basic_tiles
from play.engine.games.chizo import catalog as compiled
from play.engine.games.chizo.catalog import ALWAYS, ATTACKING, Bonus, catalog_for, sub_catalog
from play.engine.games.chizo.effects.base import Bank
from play.engine.games.chizo.filters import PLACED
from play.engine.games.chizo.params import _int, _one_of
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.state import Frame
from play.engine.games.chizo.tiles import CLASS_INDEX

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


# -- the compiled catalogue (catalog.py) ------------------------------------------------------

RAT, HORSE = CLASS_INDEX["Rat"], CLASS_INDEX["Horse"]
CREATURE: dict[str, Any] = {"kind": "creature"}


def _tile(
    name: str,
    kind: str,
    key: str = "vanilla",
    cls: str | None = None,
    printed: tuple[int, int] | None = None,
    allies: tuple[str, ...] = (),
    **params: Any,
) -> TileDef:
    strength, intelligence = printed or (None, None)
    return TileDef(name, name, kind, cls, False, strength, intelligence, allies, key, params)


#: Made-up tiles, one of each shape the catalogue compiles; the first one's effect key is
#: unknown (unmodelled), so every table keeps its default for it.
ODD_TILES = [
    _tile("Moon Rat", "Creature", "teleport_everything", "Rat", (2, 2), ("Horse",)),
    _tile("Fog Stone", "Item", "stat_aura", printed=(1, 1), mode="set", int=0, affects=CREATURE),
    _tile("Lead Stone", "Item", "stat_aura", printed=(1, 1), mode="set", str=0, affects=CREATURE),
    _tile("Lamp", "Item", "stat_aura", printed=(1, 1), mode="add", str=1, affects=CREATURE),
    _tile("Wise Mule", "Creature", "stat_bonus", "Horse", (5, 5),
          int=2, condition="always", scope="self"),
    _tile("Heavy Yoke", "Modifier", "stat_bonus", str=-1, condition="attacking", scope="host"),
    _tile("Kind Horse", "Creature", "lend_stat", "Horse", (3, 3), ("Rat",),
          stat="int", amount=2, target=CREATURE, responds_to="any"),
    _tile("Quick Dodge", "Reaction", "cancel_tile"),
    _tile("Pebble", "Item", printed=(0, 0)),
    _tile("Weak Rat", "Creature", cls="Rat", printed=(0, 4), allies=("Horse",)),
]  # fmt: skip


def test_each_tiles_figures_and_effects_are_compiled_into_the_catalogue() -> None:
    """Printed values (none: 0), class, what a Reaction responds to (``any`` unless
    said), the stat auras (``set`` leaves an unnamed stat alone: -1), bonuses, lent values,
    a Modifier's hosts (any tile in play unless said), and which tiles can bring a STR to
    0: an aura lowering or setting its neighbours' STR to 0 (1), a creature printed at STR
    0 or a bonus lowering it (2). Compatibility is each creature on the other's list."""
    cat = Catalog(ODD_TILES)
    order = [t.name for t in ODD_TILES]
    figures = {
        t.name: (cat.cls[d], cat.strength[d], cat.intelligence[d], cat.responds[d],
                 cat.enters[d], cat.replaces[d], cat.lowers[d])
        for d, t in enumerate(ODD_TILES)
    }  # fmt: skip
    assert figures == {
        "Moon Rat": (RAT, 2, 2, 0, False, -1, 0),
        "Fog Stone": (-1, 1, 1, 0, False, -1, 0),
        "Lead Stone": (-1, 1, 1, 0, False, -1, 1),
        "Lamp": (-1, 1, 1, 0, False, -1, 0),
        "Wise Mule": (HORSE, 5, 5, 0, False, -1, 0),
        "Heavy Yoke": (-1, 0, 0, 0, False, -1, 2),
        "Kind Horse": (HORSE, 3, 3, 0, False, -1, 0),
        "Quick Dodge": (-1, 0, 0, 3, False, -1, 0),
        "Pebble": (-1, 0, 0, 0, False, -1, 0),
        "Weak Rat": (RAT, 0, 4, 0, False, -1, 2),
    }
    auras = {order[d]: a[:4] for d, a in enumerate(cat.aura) if a is not None}
    assert auras == {
        "Fog Stone": (-1, 0, 0, 0),
        "Lead Stone": (0, -1, 0, 0),
        "Lamp": (-1, -1, 1, 0),
    }
    bonuses = {
        order[d]: pair for d, pair in enumerate(zip(cat.bonus_self, cat.bonus_host, strict=True))
        if pair != (None, None)
    }  # fmt: skip
    assert bonuses == {
        "Wise Mule": (Bonus(0, 2, ALWAYS), None),
        "Heavy Yoke": (None, Bonus(-1, 0, ATTACKING)),
    }
    lends = {order[d]: (x.stat, x.amount, x.responds) for d, x in enumerate(cat.lend) if x}
    assert lends == {"Kind Horse": (1, 2, 3)}
    hosts = {order[d]: f for d, f in enumerate(cat.attach) if f is not None}
    assert hosts == {"Heavy Yoke": PLACED}
    allies = {order[d]: {order[e] for e in range(len(order)) if m >> e & 1}
              for d, m in enumerate(cat.compat) if m}  # fmt: skip
    assert allies == {
        "Moon Rat": {"Kind Horse"},
        "Kind Horse": {"Moon Rat", "Weak Rat"},
        "Weak Rat": {"Kind Horse"},
    }
    assert (cat.hazard, cat.any_aura, cat.any_near, cat.any_lend) == (True, True, False, True)


FENCE = _tile("Fence", "Item", "restriction", printed=(1, 1),
              cannot=["attack"], scope="neighbours", affects=CREATURE)  # fmt: skip
VEIL = _tile("Veil", "Item", "restriction", printed=(1, 1),
             cannot=["be_targeted"], scope="neighbours", affects=CREATURE)  # fmt: skip
SAP = _tile("Sap", "Action", "modify_stats", str=-1, duration="turn", target=CREATURE)
INSIGHT = _tile("Insight", "Action", "modify_stats", int=1, duration="turn", target=CREATURE)


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        (basic_tiles(), (False, False, False, False, False)),
        ([FENCE], (False, False, True, False, False)),
        ([VEIL], (False, False, True, False, True)),
        ([SAP, INSIGHT], (True, False, False, False, False)),
        ([INSIGHT], (False, False, False, False, False)),
    ],
)
def test_the_catalogue_says_which_effects_a_game_can_meet(
    tiles: list[TileDef], expected: tuple[bool, ...]
) -> None:
    """Whether some tile can bring a creature's STR to 0 (a change of STR below 0), and
    whether any has an aura, a neighbours' restriction, a lent value, a ``be_targeted``
    restriction: the rules skip what a game can never meet."""
    cat = Catalog(tiles)
    flags = (cat.hazard, cat.any_aura, cat.any_near, cat.any_lend, cat.any_targets_restricted)
    assert flags == expected


def test_a_tile_list_is_compiled_once_and_equal_rows_share_a_catalogue() -> None:
    """``catalog_for`` compiles a list once; rows equal to another list's (key order
    aside) get its catalogue; a sub-catalogue is built once per catalogue and list of
    definitions, from the parameters the catalogue parsed."""
    defs = basic_tiles()
    assert catalog_for(defs) is catalog_for(defs)
    rows = [t.to_dict() for t in defs]
    reordered = [dict(reversed(row.items())) for row in rows]
    full = catalog_for(rows)
    assert catalog_for(reordered) is full
    sub = sub_catalog(full, (3, 0))
    assert sub_catalog(full, (3, 0)) is sub
    assert sub.defs == (full.defs[3], full.defs[0])
    assert sub.params[0] is full.params[3]
    other = Catalog(defs[::-1])
    assert sub_catalog(other, (3, 0)).defs == (other.defs[3], other.defs[0])


@pytest.mark.parametrize(("cache", "size"), [("lists", 32), ("rows", 64), ("subsets", 256)])
def test_each_catalogue_cache_is_emptied_when_full(cache: str, size: int) -> None:
    """The caches are bounded: ``catalog_for`` keeps 32 lists and 64 catalogues by their
    rows, ``sub_catalog`` 256 sub-catalogues; the next one empties the cache first."""
    for memo in (compiled._CACHE, compiled._BY_JSON, compiled._SUBSETS):
        memo.clear()
    rat = basic_tiles()[0]
    lists = [[rat] for _ in range(size + 1)]
    rows = [[{**rat.to_dict(), "id": k}] for k in range(size + 1)]
    full = Catalog(basic_tiles())
    used = list(itertools.permutations(range(12), 3))
    make: Callable[[int], Catalog] = {
        "lists": lambda k: catalog_for(lists[k]),
        "rows": lambda k: catalog_for(list(rows[k])),
        "subsets": lambda k: sub_catalog(full, used[k]),
    }[cache]
    first = make(0)
    for k in range(1, size):
        make(k)
    assert make(0) is first  # full: still kept
    make(size)
    assert make(0) is not first  # emptied, then compiled again
