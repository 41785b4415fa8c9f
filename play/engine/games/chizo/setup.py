"""Setting up a game: the setup dict, the stacks, hands of 5, the starting player.

Setup (every key optional but as noted)::

    {"players": 2 | 3 | 4, "teams": false,      # 2-vs-2 needs "players": 4
     "goldfish": false,                         # true: one player, no opponent
     "tiles": [tile, ...],                      # TileDef objects or catalogue rows
     "stacks": [[tile id, ...], ...],           # one list per seat, or one for every seat
     "first_player": seat, "max_turns": n,
     "effect_points": "shown" | "printed"}     # see docs/chizo.md, "Points of effects"

Without ``tiles`` the game has the twelve basic creatures; without ``stacks`` each seat
plays three of each. "First, every Player shuffles their STACK" (from the state's rng,
seat by seat); each draws a hand of 5; then, unless ``first_player`` is given, the rng
draws the starting player (the rulebook does not say who starts).

``effect_points`` picks the reading of points scored by a tile's effect when the Discard
Pile holds too few tiles to show them: ``"shown"`` (the default) scores only what tiles
can show, ``"printed"`` scores the effect's number and lets the tiles show what they can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...core import DataError, Rng, SetupError
from .catalog import Catalog, catalog_for, sub_catalog
from .events import Events
from .flow import settle
from .state import ChizoState
from .tiles import GOLDFISH_MAX_TURNS, HAND_SIZE, TileDef, basic_tiles, default_stack
from .turn import start_turn
from .zones import draw

SETUP_KEYS: Final = frozenset(
    {
        "players",
        "teams",
        "goldfish",
        "tiles",
        "stacks",
        "first_player",
        "max_turns",
        "effect_points",
    }
)
#: The readings of points scored by an effect (docs/chizo.md, "Points of effects").
EFFECT_POINTS: Final = ("shown", "printed")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
_BASICS: Final[list[TileDef]] = basic_tiles()


@dataclass(frozen=True, slots=True)
class Setup:
    """A checked setup."""

    catalog: Catalog
    players: int
    teams: bool
    goldfish: bool
    stacks: tuple[tuple[int, ...], ...]
    first: int | None
    max_turns: int | None
    printed: bool = False


_PARSED: Final[dict[int, tuple[Mapping[str, Any], tuple[object, ...], Setup]]] = {}


def parse_setup(setup: Mapping[str, Any] | None) -> Setup:
    """Check a setup dict and resolve its tiles and stacks.

    Batch simulations start thousands of games from one setup dict: the result is kept
    for the dict (and the very tile and stack lists it holds) and reused. Like the
    catalogue cache, this assumes a setup is not changed in place between games.
    """
    if setup is None:
        return _parse(setup)
    parts = tuple(setup.values())
    hit = _PARSED.get(id(setup))
    if (
        hit is not None
        and hit[0] is setup
        and len(hit[1]) == len(parts)
        and all(a is b for a, b in zip(hit[1], parts, strict=True))
    ):
        return hit[2]
    parsed = _parse(setup)
    if len(_PARSED) >= 32:
        _PARSED.clear()
    _PARSED[id(setup)] = (setup, parts, parsed)
    return parsed


def _parse(setup: Mapping[str, Any] | None) -> Setup:
    setup = setup or {}
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise SetupError(
            "unknown_option",
            f"ChiZo has no setup option {sorted(unknown)[0]!r}; "
            f"options: {', '.join(sorted(SETUP_KEYS))}",
        )
    goldfish = _flag(setup, "goldfish")
    teams = _flag(setup, "teams")
    players = setup.get("players", 1 if goldfish else 2)
    if goldfish:
        if players != 1 or teams:
            raise SetupError("bad_player_count", "a goldfish game has one player and no teams")
    elif (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not (MIN_PLAYERS <= players <= MAX_PLAYERS)
    ):
        raise SetupError("bad_player_count", f"ChiZo is for 2 to 4 players, not {players!r}")
    if teams and players != 4:
        raise SetupError("bad_teams", "team play is 2 on 2: it needs 4 players")
    full = _catalog(setup.get("tiles"))
    stacks = _stacks(setup.get("stacks"), players, full)
    used = tuple(sorted({d for stack in stacks for d in stack}))
    catalog = sub_catalog(full, used)
    renumber = {d: i for i, d in enumerate(used)}
    stacks = tuple(tuple(renumber[d] for d in stack) for stack in stacks)
    first = setup.get("first_player")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise SetupError("bad_first_player", f"first_player is a seat from 0 to {players - 1}")
    max_turns = setup.get("max_turns", GOLDFISH_MAX_TURNS if goldfish else None)
    if max_turns is not None and (
        isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1
    ):
        raise SetupError("bad_max_turns", "max_turns is a number of turns, 1 or more")
    effect_points = setup.get("effect_points", EFFECT_POINTS[0])
    if effect_points not in EFFECT_POINTS:
        raise SetupError(
            "bad_effect_points",
            f"effect_points is {' or '.join(map(repr, EFFECT_POINTS))}, not {effect_points!r}",
        )
    printed = effect_points == "printed"
    return Setup(catalog, players, teams, goldfish, stacks, first, max_turns, printed)


def _flag(setup: Mapping[str, Any], key: str) -> bool:
    value = setup.get(key, False)
    if not isinstance(value, bool):
        raise SetupError(f"bad_{key}", f"{key} is true or false, not {value!r}")
    return value


def _catalog(tiles: Any) -> Catalog:
    if tiles is None:
        return catalog_for(_BASICS)
    if not isinstance(tiles, Sequence) or isinstance(tiles, str) or not tiles:
        raise SetupError("bad_tiles", "tiles is a non-empty list of tile definitions")
    try:
        return catalog_for(tiles)
    except DataError as exc:
        raise SetupError(exc.code, exc.reason) from exc


def _stacks(stacks: Any, players: int, catalog: Catalog) -> tuple[tuple[int, ...], ...]:
    if stacks is None:
        stacks = [default_stack()]
    if (
        not isinstance(stacks, Sequence)
        or isinstance(stacks, str)
        or len(stacks) not in (1, players)
    ):
        raise SetupError(
            "bad_stacks",
            f"stacks is one list of tile ids per seat ({players}), or one list for every seat",
        )
    if len(stacks) == 1:
        stacks = list(stacks) * players
    found = []
    for seat, stack in enumerate(stacks):
        if not isinstance(stack, Sequence) or isinstance(stack, str):
            raise SetupError("bad_stacks", f"the stack of seat {seat} is a list of tile ids")
        odd = [tile for tile in stack if isinstance(tile, bool) or not isinstance(tile, str | int)]
        if odd:
            raise SetupError(
                "bad_stacks", f"the stack of seat {seat} lists tile ids, not {odd[0]!r:.40}"
            )
        try:
            found.append(tuple(catalog.index[tile] for tile in stack))
        except KeyError as exc:
            raise SetupError(
                "unknown_tile",
                f"the stack of seat {seat} names tile {exc.args[0]!r}"
                ", which is not among the setup's tiles",
            ) from None
    return tuple(found)


def new_state(setup: Mapping[str, Any] | None, seed: int, out: Events = None) -> ChizoState:
    """A game ready for its first decision."""
    s = parse_setup(setup)
    rng = Rng(seed)
    kind = tuple(d for stack in s.stacks for d in stack)
    owner = tuple(seat for seat, stack in enumerate(s.stacks) for _ in stack)
    state = ChizoState(s.catalog, s.players, s.teams, s.goldfish, kind, owner, rng)
    state.max_turns = s.max_turns
    state.printed = s.printed
    uid = 0
    for seat, stack in enumerate(s.stacks):
        tiles = list(range(uid, uid + len(stack)))
        uid += len(stack)
        rng.shuffle(tiles)
        state.stacks[seat] = tiles
    for seat in range(s.players):
        draw(state, seat, HAND_SIZE, out)
    first = s.first
    if first is None:
        first = rng.below(s.players) if s.players > 1 else 0
    start_turn(state, first, out)
    settle(state, out)
    return state
