"""Helpers of the per-tile tests (test_chizo_tiles*.py): a registry of tile tests."""

from __future__ import annotations

from collections.abc import Callable

from .chizo_table import legal, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]
TILE_TESTS: dict[str, Callable[[str], None]] = {}


def covers(*tiles: str) -> Callable[[Callable[[str], None]], Callable[[str], None]]:
    """Register a test function for the named tiles (it receives the tile's name)."""
    def register(test: Callable[[str], None]) -> Callable[[str], None]:
        for name in tiles:
            TILE_TESTS[name] = test
        return test
    return register


def board(**layout):
    """Two players, we to act, spare tiles in both Stacks."""
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return table(2, **layout)


def asks(state):
    """The creatures that may be asked to ally now."""
    return [a.args[0] for a in legal(state) if a.kind == "ask"]


def battle_pairs(state):
    """(attacker, defender) of every Battle that may be announced now."""
    return {a.args for a in legal(state) if a.kind == "battle"}


def result_of(events):
    """The data of the Battle's result among the events."""
    return next(e.data for e in events if e.kind == "battle_result")




def run(name: str) -> None:
    """Run the test registered for a tile."""
    assert name in TILE_TESTS, f"no test shows {name}'s effect"
    TILE_TESTS[name](name)
