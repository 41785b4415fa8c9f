"""Chocobo Party Up!'s components, loaded from ``data.json``: boards, die, friend cards.

``data.json`` holds the project's stand-in figures (board geometry and die faces are
stand-ins; component counts are the rulebook's), plus an ``engine`` section. It is their
one copy: the catalogue reads it too, by path, and the engine reads none of the Django
app's files.

Spaces are ints: the main board's nodes in file order, then the territory spaces of the
sides in play. A :class:`Layout` is one board with the territory boards of one seating
(which side each seat's territory is on); it holds the adjacency and the tables the
rules and bots read in their hot paths.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

_DATA: Final[dict[str, Any]] = json.loads(
    resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
)
_ENGINE: Final[dict[str, Any]] = _DATA["engine"]
_REAL: Final[dict[str, Any]] = _DATA["components_real"]

# -- friend cards ---------------------------------------------------------------------

#: Friend card kinds in rulebook order; a card's kind is an index into this tuple.
KINDS: Final[tuple[str, ...]] = tuple(_ENGINE["friend_card_order"])
SHIRMA: Final = 0
CROMA: Final = 1
MOGURI: Final = 2
TIFON: Final = 3
GOLEM: Final = 4
KIND_INDEX: Final[Mapping[str, int]] = MappingProxyType({name: i for i, name in enumerate(KINDS)})
DISPLAY: Final[tuple[str, ...]] = tuple(_ENGINE["friend_card_display"][k] for k in KINDS)
KIND_COUNTS: Final[tuple[int, ...]] = tuple(_REAL["friend_cards"][k] for k in KINDS)
#: Card ids run kind by kind: 0-7 Shirma, 8-15 Croma, 16-21 Moguri, 22-26 Tifon, 27-29 Golem.
KIND_OF: Final[tuple[int, ...]] = tuple(k for k, n in enumerate(KIND_COUNTS) for _ in range(n))
CARDS: Final = len(KIND_OF)

# -- pieces and limits ----------------------------------------------------------------

COMPANIONS: Final[int] = _REAL["companion_chocobos"]
TRAIL_TOKENS: Final[int] = _REAL["trail_tokens"]
HAND_LIMIT: Final[int] = _REAL["hand_limit"]
TO_WIN: Final[int] = _REAL["companions_to_win"]
SPACE_LIMIT: Final[int] = _ENGINE["space_limit"]
BIG_WEIGHT: Final[int] = _ENGINE["big_chocobo_weight"]
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = _REAL["territory_boards"]

# -- the die --------------------------------------------------------------------------

_DIE: Final[dict[str, Any]] = _DATA["die_standin"]
#: The six faces by name; a face is an index into this tuple.
FACES: Final[tuple[str, ...]] = tuple(_DIE["faces"])
#: Steps given by each face (its number of symbols).
FACE_STEPS: Final[tuple[int, ...]] = tuple(_DIE["steps"][f] for f in FACES)
#: Whether each face draws a friend card (the chocobo face).
FACE_DRAWS: Final[tuple[bool, ...]] = tuple(f in _DIE["on_roll"] for f in FACES)
#: At this die result or above, a call may only be made from a Spring space.
SPRING_ONLY_FROM: Final = 4

# -- layouts --------------------------------------------------------------------------

_LAYOUTS: Final[dict[str, Any]] = _DATA["layouts"]
#: Per player count: which layout is used (3 and 2 players: the back side).
LAYOUT_FOR: Final[Mapping[int, str]] = MappingProxyType({2: "2-3p", 3: "2-3p", 4: "4p"})
SIDES_CLOCKWISE: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {name: tuple(sides) for name, sides in _ENGINE["sides_clockwise"].items()}
)
DEFAULT_SIDES: Final[Mapping[int, tuple[str, ...]]] = MappingProxyType(
    {int(n): tuple(sides) for n, sides in _ENGINE["default_sides"].items()}
)


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """One board and the territory boards of the seats, as int-indexed tables."""

    name: str
    #: Per seat, the side its territory board is on ("N", "E", "S", "W").
    sides: tuple[str, ...]
    names: tuple[str, ...]
    index: Mapping[str, int]
    adj: tuple[tuple[int, ...], ...]
    spring: tuple[bool, ...]
    trail: tuple[bool, ...]
    #: The spaces with a trail symbol, in index order.
    trail_spaces: tuple[int, ...]
    #: The Spring spaces, in index order.
    spring_spaces: tuple[int, ...]
    #: Per seat, its territory spaces.
    territory: tuple[tuple[int, ...], ...]
    #: Per space, the seat whose territory it is, or -1 on the main board.
    owner: tuple[int, ...]
    #: The 2-player starting space (marked with a star), or -1.
    star: int
    #: Per seat, each space's distance (in steps) to the nearest space of its territory.
    home_dist: tuple[tuple[int, ...], ...]
    #: ``dist[a][b]``: the distance in steps between two spaces.
    dist: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        """The number of spaces."""
        return len(self.names)

    def kind(self, space: int) -> str:
        """ "spring", "trail", "plain" or "territory"."""
        if self.owner[space] >= 0:
            return "territory"
        return "spring" if self.spring[space] else "trail" if self.trail[space] else "plain"


def distances(adj: Sequence[Sequence[int]], sources: Sequence[int]) -> list[int]:
    """Breadth-first distance of every space from the nearest of ``sources`` (-1: none)."""
    dist = [-1] * len(adj)
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    while queue:
        s = queue.popleft()
        for t in adj[s]:
            if dist[t] < 0:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


@lru_cache(maxsize=32)
def layout(name: str, sides: tuple[str, ...]) -> Layout:
    """The layout ``name`` with one territory board per seat on ``sides`` (cached)."""
    data = _LAYOUTS[name]
    territories: dict[str, list[str]] = data["territories"]
    board = [node["id"] for node in data["nodes"]]
    names = board + [space for side in sides for space in territories[side]]
    index = {n: i for i, n in enumerate(names)}
    # Territory spaces of an empty side are not in play: drop them and the links to them.
    adj = tuple(tuple(index[t] for t in data["adjacency"][n] if t in index) for n in names)
    kinds = {node["id"]: node["kind"] for node in data["nodes"]}
    spring = tuple(kinds.get(n) == "spring" for n in names)
    trail = tuple(kinds.get(n) == "trail" for n in names)
    territory = tuple(tuple(index[t] for t in territories[side]) for side in sides)
    owner = [-1] * len(names)
    for seat, spaces in enumerate(territory):
        for s in spaces:
            owner[s] = seat
    star_name = data.get("two_player_star_space")
    return Layout(
        name=name,
        sides=sides,
        names=tuple(names),
        index=MappingProxyType(index),
        adj=adj,
        spring=spring,
        trail=trail,
        trail_spaces=tuple(i for i, t in enumerate(trail) if t),
        spring_spaces=tuple(i for i, t in enumerate(spring) if t),
        territory=territory,
        owner=tuple(owner),
        star=index.get(star_name, -1),
        home_dist=tuple(tuple(distances(adj, list(spaces))) for spaces in territory),
        dist=tuple(tuple(distances(adj, [s])) for s in range(len(names))),
    )


def layout_sides(name: str) -> tuple[str, ...]:
    """The sides a layout has territory slots on, clockwise."""
    return SIDES_CLOCKWISE[name]
