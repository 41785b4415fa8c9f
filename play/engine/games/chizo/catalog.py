"""A compiled catalogue: the tables the rules read, per tile definition index.

A state refers to a tile definition by its index in ``Catalog.defs`` (``state.kind``
maps each physical tile to one). Every table here is a tuple indexed by that index, so
the hot paths read ``cat.bits[d]`` instead of parsing a definition. A catalogue is
immutable and shared by every clone of a state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from ...core import DataError
from .filters import (
    ACTION_BIT,
    ACTION_REACTION_BIT,
    CREATURE_BIT,
    MODIFIER_BIT,
    PLACED,
    REACTION_BIT,
    TYPE_BITS,
    Filter,
)
from .params import is_modelled, parse_params
from .tiles import CLASS_INDEX, TileDef, as_tile

# Restriction bits (``restriction`` key, ``cannot`` list).
NO_ATTACK: Final = 1
NO_ALLY: Final = 2
NO_DEFEND: Final = 4
NO_MOVE: Final = 8
NO_TARGET: Final = 16
RESTRICTION_BITS: Final[Mapping[str, int]] = {
    "attack": NO_ATTACK,
    "ally": NO_ALLY,
    "be_defender": NO_DEFEND,
    "be_moved": NO_MOVE,
    "be_targeted": NO_TARGET,
}
# Stack kinds, and what a Reaction responds to (a mask of them).
ACTION_STACK: Final = 1
BATTLE_STACK: Final = 2
RESPONDS_BITS: Final[Mapping[str, int]] = {"action": ACTION_STACK, "battle": BATTLE_STACK, "any": 3}
# Conditions of ``stat_bonus``.
ALWAYS: Final = 0
ATTACKING: Final = 1
DEFENDING: Final = 2
_CONDITIONS: Final[Mapping[str, int]] = {
    "always": ALWAYS,
    "attacking": ATTACKING,
    "defending": DEFENDING,
}


class Aura(NamedTuple):
    """A ``stat_aura``: neighbours matching ``affects`` get the values (-1: unset)."""

    set_str: int
    set_int: int
    add_str: int
    add_int: int
    affects: Filter


class Bonus(NamedTuple):
    """A ``stat_bonus`` on the tile itself or on the Modifier's host."""

    dstr: int
    dint: int
    condition: int


class Near(NamedTuple):
    """A ``restriction`` on neighbouring tiles matching ``affects``."""

    flags: int
    affects: Filter


class Lend(NamedTuple):
    """A ``lend_stat`` ability: +amount of a stat (0 STR, 1 INT) to a neighbour."""

    stat: int
    amount: int
    target: Filter
    responds: int


class Catalog:
    """The tile definitions of a game and the tables compiled from them."""

    __slots__ = (
        "_rows",
        "allies",
        "any_aura",
        "any_lend",
        "any_near",
        "any_targets_restricted",
        "attach",
        "aura",
        "basic",
        "bits",
        "bonus_host",
        "bonus_self",
        "cls",
        "compat",
        "defs",
        "enters",
        "hazard",
        "index",
        "intelligence",
        "key",
        "lend",
        "lowers",
        "modelled",
        "near",
        "params",
        "placed",
        "replaces",
        "responds",
        "restrict_host",
        "restrict_self",
        "starts",
        "strength",
    )  # fmt: skip

    def __init__(
        self,
        tiles: Sequence[TileDef | Mapping[str, Any]],
        parsed: Sequence[dict[str, Any]] | None = None,
    ) -> None:
        defs = tuple(as_tile(t) for t in tiles)
        index: dict[int | str, int] = {}
        for d, tile in enumerate(defs):
            if tile.id in index:
                raise DataError("bad_tile", f"two tiles have the id {tile.id!r}")
            index[tile.id] = d
        self.defs = defs
        self._rows: tuple[dict[str, Any], ...] | None = None
        self.index: Mapping[int | str, int] = index
        params = list(parsed) if parsed is not None else [parse_params(t) for t in defs]
        self.params: tuple[dict[str, Any], ...] = tuple(params)
        self.key = tuple(t.effect_key for t in defs)
        self.modelled = tuple(is_modelled(t.effect_key) for t in defs)
        self.bits = tuple(TYPE_BITS[t.type] for t in defs)
        self.cls = tuple(CLASS_INDEX[t.creature_class] if t.creature_class else -1 for t in defs)
        self.allies = tuple(sum(1 << CLASS_INDEX[c] for c in t.compatible) for t in defs)
        self.basic = tuple(t.basic for t in defs)
        self.strength = tuple(t.strength or 0 for t in defs)
        self.intelligence = tuple(t.intelligence or 0 for t in defs)
        self.placed = tuple(t.placed for t in defs)
        self.starts = tuple(b & (ACTION_BIT | ACTION_REACTION_BIT) != 0 for b in self.bits)
        self.compat = tuple(self._compat_mask(d) for d in range(len(defs)))
        self._compile_effects()

    def _compat_mask(self, d: int) -> int:
        """Bit e set when creatures d and e are compatible, each on the other's list."""
        if self.cls[d] < 0:
            return 0
        mask = 0
        for e, cls in enumerate(self.cls):
            if cls >= 0 and self.allies[d] >> cls & 1 and self.allies[e] >> self.cls[d] & 1:
                mask |= 1 << e
        return mask

    def _compile_effects(self) -> None:
        n = len(self.defs)
        responds, enters, replaces = [0] * n, [False] * n, [-1] * n
        attach: list[Filter | None] = [None] * n
        aura: list[Aura | None] = [None] * n
        bonus_self: list[Bonus | None] = [None] * n
        bonus_host: list[Bonus | None] = [None] * n
        restrict_self, restrict_host = [0] * n, [0] * n
        near: list[Near | None] = [None] * n
        lend: list[Lend | None] = [None] * n
        hazard = False
        #: 1: lowers its neighbours' STR (aura); 2: its own (or its host's) may be 0.
        lowers = [0] * n
        for d, tile in enumerate(self.defs):
            p, key, bits = self.params[d], self.key[d], self.bits[d]
            # A printed STR of 0 is a figure, not an effect: modelled or not, it counts.
            if bits & CREATURE_BIT and tile.strength == 0:
                lowers[d] = 2
            if not self.modelled[d]:
                continue
            if bits & (REACTION_BIT | ACTION_REACTION_BIT):
                responds[d] = RESPONDS_BITS[p.get("responds_to", "any")]
            enters[d] = p.get("when") == "enters_play"
            replaces[d] = CLASS_INDEX[p["replaces"]] if "replaces" in p else -1
            if bits & MODIFIER_BIT:
                attach[d] = p.get("attach_to", PLACED)
            if key == "stat_aura":
                a = aura[d] = _aura(p)
                if a.add_str < 0 or a.set_str == 0:
                    lowers[d] = 1
            elif key == "stat_bonus":
                b = Bonus(p.get("str", 0), p.get("int", 0), _CONDITIONS[p["condition"]])
                (bonus_host if p["scope"] == "host" else bonus_self)[d] = b
                if b.dstr < 0:
                    lowers[d] = 2
            elif key == "restriction":
                flags = sum(RESTRICTION_BITS[c] for c in p["cannot"])
                if p["scope"] == "self":
                    restrict_self[d] = flags
                elif p["scope"] == "host":
                    restrict_host[d] = flags
                else:
                    near[d] = Near(flags, p["affects"])
            elif key == "lend_stat":
                stat = 0 if p["stat"] == "str" else 1
                lend[d] = Lend(
                    stat, p["amount"], p["target"], RESPONDS_BITS[p.get("responds_to", "battle")]
                )
            elif key == "modify_stats":
                hazard |= p.get("str", 0) < 0
        self.responds, self.enters, self.replaces = tuple(responds), tuple(enters), tuple(replaces)
        self.attach, self.aura, self.near, self.lend = (
            tuple(attach),
            tuple(aura),
            tuple(near),
            tuple(lend),
        )
        self.bonus_self, self.bonus_host = tuple(bonus_self), tuple(bonus_host)
        self.restrict_self, self.restrict_host = tuple(restrict_self), tuple(restrict_host)
        #: Whether some tile can bring a creature's STR to 0 (else STR is never checked).
        self.hazard = hazard or any(lowers)
        self.lowers = tuple(lowers)
        self.any_aura = any(a is not None for a in aura)
        self.any_near = any(r is not None for r in near)
        self.any_lend = any(x is not None for x in lend)
        self.any_targets_restricted = any(
            f & NO_TARGET for f in restrict_self + restrict_host
        ) or any(r is not None and r.flags & NO_TARGET for r in near)

    def unmodelled(self) -> list[int | str]:
        """Ids of the tiles whose effect key the engine does not implement."""
        return [t.id for d, t in enumerate(self.defs) if not self.modelled[d]]

    def name(self, d: int) -> str:
        """The name of definition ``d``."""
        return self.defs[d].name

    def to_list(self) -> list[dict[str, Any]]:
        """The definitions as catalogue rows (for a state's JSON). Built once: the rows
        are copied, their ``effect_params`` shared (treat them as read-only)."""
        rows = self._rows
        if rows is None:
            rows = self._rows = tuple(t.to_dict() for t in self.defs)
        return [dict(row) for row in rows]


def _aura(p: Mapping[str, Any]) -> Aura:
    s, i = p.get("str"), p.get("int")
    if p["mode"] == "set":
        return Aura(-1 if s is None else s, -1 if i is None else i, 0, 0, p["affects"])
    return Aura(-1, -1, s or 0, i or 0, p["affects"])


_CACHE: Final[dict[int, tuple[object, Catalog]]] = {}
_SUBSETS: Final[dict[tuple[int, tuple[int, ...]], Catalog]] = {}
#: Catalogues read from JSON (a state's saved rows), by their canonical text.
_BY_JSON: Final[dict[str, Catalog]] = {}


def _json_key(tiles: Sequence[TileDef | Mapping[str, Any]]) -> str | None:
    """The canonical JSON of a list of catalogue rows (None if it holds TileDefs)."""
    if not all(isinstance(t, Mapping) for t in tiles):
        return None
    try:
        return json.dumps(list(tiles), sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def catalog_for(tiles: Sequence[TileDef | Mapping[str, Any]]) -> Catalog:
    """The compiled catalogue of a tile list, cached by the list object's identity.

    Batch simulations set up thousands of games from one setup dict; compiling its tile
    list once saves a millisecond a game. The cache keeps the list alive, so an id is
    never reused while cached; a caller must not mutate a list it has passed before.
    """
    hit = _CACHE.get(id(tiles))
    if hit is not None and hit[0] is tiles:
        return hit[1]
    key = _json_key(tiles)
    catalog = _BY_JSON.get(key) if key is not None else None
    if catalog is None:
        catalog = Catalog(tiles)
        if key is not None:
            if len(_BY_JSON) >= 64:
                _BY_JSON.clear()
            _BY_JSON[key] = catalog
    if len(_CACHE) >= 32:
        _CACHE.clear()
        _SUBSETS.clear()
    _CACHE[id(tiles)] = (tiles, catalog)
    return catalog


def sub_catalog(full: Catalog, used: tuple[int, ...]) -> Catalog:
    """The catalogue of the definitions ``used`` (indexes into ``full``), in that order.

    A game keeps only the tiles of its stacks: its JSON stays small and the "is there
    any tile that ..." flags (``hazard``, ``any_aura``...) say what the game can meet,
    so the fast paths skip what never happens. Cached while ``full`` is cached.
    """
    key = (id(full), used)
    found = _SUBSETS.get(key)
    if found is None:
        if len(_SUBSETS) >= 256:
            _SUBSETS.clear()
        found = _SUBSETS[key] = Catalog(
            [full.defs[d] for d in used], [full.params[d] for d in used]
        )
    return found
