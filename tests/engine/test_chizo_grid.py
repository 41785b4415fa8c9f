"""The playing area's geometry and small tables around it (play/engine/games/chizo/grid.py).

Covers movement by Empty Spaces as the bots ask it (``can_reach``: walking around tiles
or jumping over them, within a number of spaces, and agreeing with ``reachable``), the
words of a target filter (``Filter.describe``) and what a parsed one holds, the side a
tile fights on in a Battle (``Battle.side_of``) and the effect key the default basic
creatures carry.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

import pytest

from play.engine.core import DataError
from play.engine.games.chizo import GAME, basic_tiles, tile_from_dict
from play.engine.games.chizo import grid as area
from play.engine.games.chizo.filters import (
    ACTION_BIT,
    CREATURE_BIT,
    MODIFIER_BIT,
    OPPONENT,
    PLACED_BITS,
    YOU,
    Filter,
    parse_filter,
)
from play.engine.games.chizo.grid import DX, LIMIT, Cell, adjacent, cell_at, neighbours, on_area, xy
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.state import ATTACKER_SIDE, DEFENDER_SIDE, Battle
from play.engine.games.chizo.zones import move_on_grid, remove_from_play

from .chizo_data import tile_list
from .chizo_table import act, in_hand, legal

EMPTY_SPACE = 203  # "An Empty Space is every free neighboring space including the diagonal..."
PUSH = 205  # "may move the "Ram" and the "Rabbit" up to three empty spaces"


XY = tuple[int, int]


def tiles(*cells: XY) -> dict[Cell, int]:
    """A grid with a tile (uid = its index) on each cell, given as (x, y)."""
    return {cell_at(*cell): uid for uid, cell in enumerate(cells)}


# The movement functions with cells as (x, y), as the rulebook's examples read.
def can_reach(grid: Mapping[Cell, int], start: XY, goal: XY, spaces: int, jump: bool) -> bool:
    return area.can_reach(grid, cell_at(*start), cell_at(*goal), spaces, jump)


def can_leave(grid: Mapping[Cell, int], start: XY, spaces: int, jump: bool) -> bool:
    return area.can_leave(grid, cell_at(*start), spaces, jump)


def reachable(grid: Mapping[Cell, int], start: XY, spaces: int, jump: bool) -> list[XY]:
    return [xy(cell) for cell in area.reachable(grid, cell_at(*start), spaces, jump)]


# -- cells as ints ------------------------------------------------------------------------


def test_a_cell_gives_back_its_coordinates_to_the_edge_of_the_area() -> None:
    edges = [-LIMIT, -LIMIT + 1, -2, -1, 0, 1, 2, LIMIT - 1, LIMIT]
    for x in edges:
        for y in edges:
            assert on_area(x, y)
            assert xy(cell_at(x, y)) == (x, y)
    assert not on_area(LIMIT + 1, 0)
    assert not on_area(0, -LIMIT - 1)


def test_cells_sort_as_their_coordinates_do() -> None:
    """Lists of cells come out in (x, y) order, as they did when cells were tuples: the
    order of placements, destinations and the frontier is part of what a seed replays."""
    edges = [-LIMIT, -3, -1, 0, 1, 3, LIMIT]
    coordinates = [(x, y) for x in edges for y in edges]
    assert [xy(c) for c in sorted(cell_at(x, y) for x, y in coordinates)] == sorted(coordinates)


def test_neighbours_are_the_four_orthogonal_cells() -> None:
    for x, y in ((0, 0), (-5, 7), (LIMIT - 1, -LIMIT + 1)):
        cell = cell_at(x, y)
        assert [xy(n) for n in neighbours(cell)] == [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        assert all(adjacent(cell, n) and adjacent(n, cell) for n in neighbours(cell))
        assert not adjacent(cell, cell_at(x + 1, y + 1))
        assert not adjacent(cell, cell)
        assert not adjacent(cell, cell + 2 * DX)
        assert not adjacent(cell, cell_at(x, y + 2))


def test_a_state_with_a_tile_off_the_area_is_refused() -> None:
    """A saved state names cells by (x, y); one past the area's edge could not be told from
    another cell, so reading it fails with the cell named."""
    state = position(1, tiles=tile_list(), goldfish=True, grid={(0, 0): ("Rat", 0)})
    data = state.to_dict()
    assert GAME.state_from_dict(data).grid == state.grid
    data["grid"][0][1] = LIMIT + 1
    with pytest.raises(DataError, match=rf"cell \(0, {LIMIT + 1}\) is off the area"):
        GAME.state_from_dict(data)


class CountingGrid(Mapping[Cell, int]):
    """A grid that counts how often the search asks whether a cell holds a tile."""

    def __init__(self, grid: dict[Cell, int]) -> None:
        self.grid = grid
        self.lookups = 0

    def __getitem__(self, cell: Cell) -> int:
        return self.grid[cell]

    def __contains__(self, cell: object) -> bool:
        self.lookups += 1
        return cell in self.grid

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.grid)

    def __len__(self) -> int:
        return len(self.grid)


# -- can_reach: walking by Empty Spaces ------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE, PUSH)
def test_a_walking_tile_reaches_a_diagonal_corner_two_spaces_away() -> None:
    """Two diagonal steps over free spaces reach (2, -2); one space is not enough."""
    grid = tiles((0, 0))
    assert can_reach(grid, (0, 0), (2, -2), 2, False)
    assert can_reach(grid, (0, 0), (-2, 2), 2, False)
    assert can_reach(grid, (0, 0), (2, 0), 3, False)
    assert not can_reach(grid, (0, 0), (2, -2), 1, False)


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_a_walking_tile_reaches_each_of_the_eight_cells_around_in_one_space() -> None:
    """Every free neighbouring space, the diagonal corners included, is one step."""
    start = (4, -3)
    grid = tiles(start)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        assert can_reach(grid, start, (4 + dx, -3 + dy), 1, False)


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE, PUSH)
def test_a_walking_tile_three_spaces_from_its_goal_needs_all_three_steps() -> None:
    """A move of three spaces reaches a cell three steps away in a straight line."""
    grid = tiles((0, 0), (0, 1))
    assert can_reach(grid, (0, 0), (0, -3), 3, False)
    assert can_reach(grid, (0, 0), (3, 3), 3, False)
    assert not can_reach(grid, (0, 0), (0, -3), 2, False)


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_a_walking_tile_cannot_pass_through_a_wall_of_tiles() -> None:
    """Walking goes by free spaces only: a wall of three tiles between start and goal
    blocks a move of two or three spaces (going around it takes four)."""
    grid = tiles((0, 0), (1, -1), (1, 0), (1, 1))
    assert not can_reach(grid, (0, 0), (2, 0), 2, False)
    assert not can_reach(grid, (0, 0), (2, 0), 3, False)
    assert can_reach(grid, (0, 0), (2, 0), 4, False)


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_a_walled_in_tile_cannot_walk_anywhere() -> None:
    """A tile with all eight spaces around it taken has no Empty Space to start from."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    grid = tiles((0, 0), *ring)
    assert not can_reach(grid, (0, 0), (2, 0), 3, False)
    assert not can_reach(grid, (0, 0), (0, -2), 2, False)
    assert not can_reach(grid, (0, 0), (-2, -2), 5, False)


def test_a_tile_cannot_move_onto_a_taken_cell_or_stay_where_it_is() -> None:
    """The goal must be a free cell other than the tile's own, walking or jumping."""
    grid = tiles((0, 0), (1, 0), (3, 0))
    for jump in (False, True):
        assert not can_reach(grid, (0, 0), (1, 0), 3, jump)
        assert not can_reach(grid, (0, 0), (3, 0), 3, jump)
        assert not can_reach(grid, (0, 0), (0, 0), 3, jump)


@pytest.mark.rule("chizo-rising.txt", PUSH)
def test_a_cell_farther_than_the_spaces_allowed_is_out_of_reach() -> None:
    """Neither walking nor jumping goes beyond ``spaces`` steps, even on an empty plane."""
    grid = tiles((5, 2))
    for jump in (False, True):
        assert not can_reach(grid, (5, 2), (8, 2), 2, jump)
        assert not can_reach(grid, (5, 2), (5, -1), 2, jump)
        assert not can_reach(grid, (5, 2), (3, 5), 2, jump)


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE, PUSH)
def test_reach_is_measured_from_where_the_tile_stands() -> None:
    """Away from the origin, a cell exactly ``spaces`` steps off (in x, in y, diagonally)
    is in reach and is measured from the tile's own cell."""
    start = (5, 2)
    grid = tiles(start)
    for jump in (False, True):
        assert can_reach(grid, start, (6, 3), 1, jump)
        assert can_reach(grid, start, (6, 2), 1, jump)
        assert can_reach(grid, start, (5, 3), 1, jump)
        assert can_reach(grid, start, (7, 0), 2, jump)
        assert can_reach(grid, (-3, 6), (-5, 4), 2, jump)


# -- can_reach: jumping -----------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_a_jumping_tile_passes_over_tiles_in_its_way() -> None:
    """Jumping reaches a free cell behind a wall (or a ring) that walking cannot pass."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    grid = tiles((0, 0), *ring)
    assert can_reach(grid, (0, 0), (2, 0), 2, True)
    assert can_reach(grid, (0, 0), (-2, 2), 2, True)
    assert not can_reach(grid, (0, 0), (2, 0), 2, False)


#: A made-up Action that moves one of our creatures 2 spaces and names no ``jump``.
SHOVE = {
    "id": "Shove", "name": "Shove", "type": "Action", "creature_class": "", "is_basic": False,
    "strength": None, "intelligence": None, "compatible_classes": [],
    "effect_key": "move_tiles",
    "effect_params": {"count": 1, "spaces": 2, "target": {"kind": "creature", "controller": "you"}},
}  # fmt: skip


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_a_move_that_names_no_jump_walks() -> None:
    """Shove names no ``jump``, so it moves as ``jump: false`` does: our Rat, ringed by
    their Oxen but for the space east of it, walks out through that gap, 2 spaces at
    most, and cannot land behind the ring."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) not in ((0, 0), (1, 0))]
    state = position(
        2,
        tiles=[*tile_list(), SHOVE],
        grid={(0, 0): ("Rat", 0), **dict.fromkeys(ring, ("Ox", 1))},
        hands={0: ["Shove"]},
        stacks={0: ["Ox"], 1: ["Ox"]},
    )
    rat = state.grid[cell_at(0, 0)]
    act(state, "action", in_hand(state, 0, "Shove"))
    act(state, "choose", rat)
    goals = {a.args for a in legal(state) if a.kind == "to"}
    assert goals == {(1, 0), (2, -1), (2, 0), (2, 1)}


# -- can_reach agrees with reachable -----------------------------------------------------

LAYOUTS: dict[str, list[XY]] = {
    "open plane": [(0, 0)],
    "wall to the east": [(0, 0), (1, -1), (1, 0), (1, 1)],
    "corridor": [(0, 0), (-1, 1), (0, 1), (1, 1), (2, 1), (-1, -1), (0, -1), (1, -1), (2, -1)],
    "ring with a gap": [(0, 0), (-1, -1), (0, -1), (1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)],
    "pocket": [(0, 0), (2, 0), (2, 1), (2, -1), (3, 1), (3, -1), (4, 0), (4, 1), (4, -1)],
}


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE, PUSH)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_can_reach_answers_as_the_destinations_of_a_move(layout: str) -> None:
    """For every cell near the tile, ``can_reach`` says yes exactly when ``reachable`` (the
    destinations a move effect offers) lists it, walking and jumping, 1 to 3 spaces."""
    grid = tiles(*LAYOUTS[layout])
    start = (0, 0)
    for jump in (False, True):
        for spaces in (1, 2, 3):
            offered = set(reachable(grid, start, spaces, jump))
            for x in range(-4, 5):
                for y in range(-4, 5):
                    assert can_reach(grid, start, (x, y), spaces, jump) == ((x, y) in offered), (
                        layout,
                        jump,
                        spaces,
                        (x, y),
                    )


@pytest.mark.rule("chizo-rising.txt", EMPTY_SPACE)
def test_can_leave_agrees_with_reachable_whichever_cells_around_are_taken() -> None:
    """A tile may be chosen to move exactly when it has a destination: ``can_leave`` says
    yes when ``reachable`` lists a cell, for every way of taking the eight cells around
    (walking), and for a jump with one free cell left anywhere within its reach."""
    start = (0, 0)
    ring = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    for taken in range(2**8):
        grid = tiles(start, *(cell for i, cell in enumerate(ring) if taken >> i & 1))
        for spaces in (1, 2):
            assert can_leave(grid, start, spaces, False) == bool(
                reachable(grid, start, spaces, False)
            ), (taken, spaces)
    spaces = 2
    around = [
        (dx, dy)
        for dx in range(-spaces, spaces + 1)
        for dy in range(-spaces, spaces + 1)
        if (dx, dy) != (0, 0)
    ]
    for free in around:
        grid = tiles(start, *(cell for cell in around if cell != free))
        assert reachable(grid, start, spaces, True) == [free]
        assert can_leave(grid, start, spaces, True), free
    assert not can_leave(tiles(start, *around), start, spaces, True)


def test_the_walking_search_looks_at_each_cell_a_bounded_number_of_times() -> None:
    """A long walk towards a walled-off goal stays cheap: every cell within reach is asked
    about at most once from each of its eight neighbours (no path is walked twice)."""
    spaces = 8
    goal = (spaces, 0)
    ring = [(goal[0] + dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    grid = CountingGrid(tiles((0, 0), *ring))
    assert not can_reach(grid, (0, 0), goal, spaces, False)
    assert grid.lookups <= 8 * (2 * spaces + 1) ** 2


# -- small tables ----------------------------------------------------------------------


def test_a_filter_of_no_named_kind_is_described_as_a_tile() -> None:
    """A filter whose type set is none of the named kinds is worded "tile"."""
    assert Filter(kinds=ACTION_BIT).describe() == "tile"
    assert Filter(kinds=CREATURE_BIT | MODIFIER_BIT, controller=YOU).describe() == (
        "tile you control"
    )
    assert parse_filter({"kind": "any"}, "target").describe() == "any"


def test_a_parsed_filter_holds_the_defaults_for_the_fields_it_leaves_out() -> None:
    """A field the tile data leaves out restricts nothing: the parsed filter equals the
    one built with that field at its default (any class, any controller, not only basic
    creatures, no neighbour asked for, no role in a Battle)."""
    cases = [
        ({"kind": "creature"}, Filter(kinds=CREATURE_BIT)),
        ({"kind": "any", "class": "Rat"}, Filter(cls=0)),
        ({"kind": "placed", "controller": "opponent", "basic": True},
         Filter(kinds=PLACED_BITS, controller=OPPONENT, basic=True)),
        ({"kind": "creature", "adjacent_to": "source"},
         Filter(kinds=CREATURE_BIT, adjacent="source")),
        ({"kind": "creature", "battle_role": "ally"}, Filter(kinds=CREATURE_BIT, role="ally")),
    ]  # fmt: skip
    for spec, expected in cases:
        assert parse_filter(spec, "target") == expected, spec


def test_a_tile_outside_the_battle_fights_on_no_side() -> None:
    """``side_of`` is -1 for a tile not in the Battle and for a dismissed ally."""
    battle = Battle(attacker=10, defender=20, announcer=0, defending=1, players=2)
    battle.allies = [(30, ATTACKER_SIDE), (40, DEFENDER_SIDE)]
    battle.dismissed = [40]
    assert battle.side_of(10) == ATTACKER_SIDE
    assert battle.side_of(20) == DEFENDER_SIDE
    assert battle.side_of(30) == ATTACKER_SIDE
    assert battle.side_of(40) == -1
    assert battle.side_of(99) == -1


def test_the_default_basic_creatures_carry_the_basic_effect_key() -> None:
    """The twelve basic creatures of a setup without tiles are saved with the effect key
    ``basic``, as a catalogue row marked basic reads (docs/chizo-tiles.md)."""
    assert {t.effect_key for t in basic_tiles()} == {"basic"}
    rows = GAME.new_game({"players": 2}, 1).to_dict()["tiles"]
    assert len(rows) == 12
    for row in rows:
        assert row["effect_key"] == "basic"
        bare = {k: v for k, v in row.items() if k != "effect_key"}
        assert tile_from_dict(bare).effect_key == row["effect_key"]


# -- the frontier brought up to date --------------------------------------------------------


def test_the_frontier_brought_up_to_date_is_the_one_worked_out_afresh() -> None:
    """Tiles put on free cells of the frontier, taken off anywhere and moved away, in
    random order: after each change the frontier worked out from the one before equals
    :func:`frontier` of the grid (the same cells in the same order), including the
    emptied area (the origin) and a lone tile anywhere."""
    rng = random.Random(7)
    for _ in range(200):
        grid: dict[Cell, int] = {}
        free = area.frontier(grid)
        for uid in range(rng.randrange(1, 30)):
            roll = rng.random()
            if grid and roll < 0.25:  # a tile leaves
                cell = rng.choice(sorted(grid))
                del grid[cell]
                free = area.frontier_after_leave(free, grid, cell)
            elif grid and roll < 0.4:  # a tile moves to a free cell around, as by walking
                start = rng.choice(sorted(grid))
                goal = start + rng.choice(area.KING) * rng.randrange(1, 3)
                if goal in grid:
                    continue
                tile = grid.pop(start)
                free = area.frontier_after_leave(free, grid, start)
                grid[goal] = tile
                free = area.frontier_after_put(free, grid, goal)
            else:  # a tile placed on the frontier
                cell = rng.choice(free)
                grid[cell] = uid
                free = area.frontier_after_put(free, grid, cell)
            assert free == area.frontier(grid), sorted(xy(c) for c in grid)


def test_a_state_keeps_its_frontier_up_to_date_through_placing_moving_and_leaving() -> None:
    """Once worked out, a state's frontier is brought up to date by each change of the
    grid (not dropped to be worked out again): after a placement, a move by Push and a
    tile leaving play it is still there, a new list each time, equal to the frontier
    worked out afresh."""
    state = position(
        1,
        tiles=tile_list(),
        goldfish=True,
        grid={(0, 0): ("Ram", 0), (1, 0): ("Rabbit", 0)},
        hands={0: ["Ox", "Push"]},
        stacks={0: ["Ox", "Ox", "Ox"]},
    )
    before = area.free_cells(state)
    act(state, "place", in_hand(state, 0, "Ox"), 0, 1)
    assert state.free is not None
    assert state.free is not before
    assert state.free == area.frontier(state.grid)
    before = state.free
    move_on_grid(state, state.grid[cell_at(0, 1)], cell_at(-1, 2))
    assert state.free is not None
    assert state.free is not before
    assert state.free == area.frontier(state.grid)
    before = state.free
    remove_from_play(state, state.grid[cell_at(1, 0)], None, why="test")
    assert state.free is not None
    assert state.free is not before
    assert state.free == area.frontier(state.grid)
