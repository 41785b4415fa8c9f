"""The effect vocabulary's parameters: which keys exist, what each takes, and checks.

Each key of docs/chizo-tiles.md has a schema here. :func:`parse_params` checks a tile's
parameters against its key's schema and returns them parsed (filters compiled), so the
effects never re-read raw dicts. A key not listed here is *unmodelled*: the tile keeps
no effect and :func:`..catalog.Catalog.unmodelled` reports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...core import BLANK, MODELLED, STATS_ONLY, DataError
from ...core.wording import a_or_an
from .filters import parse_filter
from .tiles import (
    ACTION,
    ACTION_REACTION,
    CLASS_INDEX,
    CREATURE,
    MODIFIER,
    REACTION,
    TileDef,
)

Check = Callable[[Any, str], Any]

#: Keys whose effect is static (applies while the tile is in play; no Action Stack).
STATIC_KEYS: Final = frozenset({"basic", "vanilla", "stat_bonus", "stat_aura", "restriction"})
#: A creature's ability, used as a Reaction (paid with a face-down tile).
ABILITY_KEYS: Final = frozenset({"lend_stat"})

DURATIONS: Final = ("stack", "turn", "permanent")
RESTRICTIONS: Final = ("attack", "ally", "be_defender", "be_moved", "be_targeted")
RESPONDS: Final = ("any", "battle", "action")


def _int(low: int | None = None) -> Check:
    def check(value: Any, where: str) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
        ):
            floor = "" if low is None else f" of {low} or more"
            raise DataError("bad_tile", f"{where}: expected an int{floor}, not {value!r}")
        return value

    return check


def _opt_int(value: Any, where: str) -> int | None:
    return None if value is None else _int()(value, where)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataError("bad_tile", f"{where}: expected true or false, not {value!r}")
    return value


def _one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> str:
        if value not in choices:
            raise DataError("bad_tile", f"{where}: expected one of {', '.join(choices)}")
        return str(value)

    return check


def _cannot(value: Any, where: str) -> tuple[str, ...]:
    if (
        not isinstance(value, list | tuple)
        or not value
        or any(v not in RESTRICTIONS for v in value)
    ):
        raise DataError("bad_tile", f"{where}: a list of {', '.join(RESTRICTIONS)}")
    return tuple(value)


_FILTER: Final[Check] = parse_filter
_N = _int(1)

#: key -> {param: (check, required)}. Shared params (when, replaces, responds_to,
#: attach_to) are checked by :func:`parse_params` for every key.
SCHEMAS: Final[Mapping[str, Mapping[str, tuple[Check, bool]]]] = {
    "basic": {},
    "vanilla": {},
    "capture_target": {"target": (_FILTER, True)},
    "remove_target": {"target": (_FILTER, True), "score": (_int(0), False)},
    "score_points": {"points": (_N, True), "target": (_FILTER, False)},
    "take_control": {"target": (_FILTER, True)},
    "return_to_hand": {"target": (_FILTER, True)},
    "move_tiles": {
        "count": (_N, True),
        "spaces": (_N, True),
        "jump": (_bool, False),
        "target": (_FILTER, True),
    },
    "modify_stats": {
        "str": (_int(), False),
        "int": (_int(), False),
        "duration": (_one_of("stack", "turn"), True),
        "target": (_FILTER, True),
    },
    "draw": {"count": (_N, True)},
    "force_discard": {"count": (_N, True)},
    "recover": {"count": (_N, True), "filter": (_FILTER, True)},
    "search_stack": {"count": (_N, True), "filter": (_FILTER, True)},
    "extra_actions": {"count": (_N, True)},
    "put_into_play": {"count": (_N, True), "filter": (_FILTER, True)},
    "cancel_tile": {},
    "end_battle": {"target": (_FILTER, False)},
    "dismiss_ally": {"target": (_FILTER, True)},
    "protect": {"duration": (_one_of(*DURATIONS), True), "target": (_FILTER, True)},
    "lend_stat": {
        "stat": (_one_of("str", "int"), True),
        "amount": (_N, True),
        "target": (_FILTER, True),
    },
    "stat_bonus": {
        "str": (_int(), False),
        "int": (_int(), False),
        "condition": (_one_of("always", "attacking", "defending"), True),
        "scope": (_one_of("self", "host"), True),
    },
    "stat_aura": {
        "str": (_opt_int, False),
        "int": (_opt_int, False),
        "mode": (_one_of("add", "set"), True),
        "affects": (_FILTER, True),
    },
    "restriction": {
        "cannot": (_cannot, True),
        "scope": (_one_of("self", "neighbours", "host"), True),
        "affects": (_FILTER, False),
    },
}
SHARED: Final[Mapping[str, Check]] = {
    "when": _one_of("enters_play"),
    "replaces": _one_of(*CLASS_INDEX),
    "responds_to": _one_of(*RESPONDS),
    "attach_to": _FILTER,
}

#: Which keys a tile of each type may carry (besides unmodelled ones).
_STACK_TYPES: Final = frozenset({ACTION, REACTION, ACTION_REACTION})


def is_modelled(key: str) -> bool:
    """Whether the engine implements the effect key."""
    return key in SCHEMAS


def modelling(tile: TileDef) -> tuple[str, str]:
    """How completely the engine plays the tile (a status of ``core.MODELLING``) and why
    when not fully: a tile whose effect is not implemented plays without it, a creature
    then by its printed STR and INT (stats only), any other tile as a blank."""
    if is_modelled(tile.effect_key):
        return MODELLED, ""
    if tile.type == CREATURE:
        return STATS_ONLY, f"effect {tile.effect_key!r} not modelled: plays by its STR and INT"
    return BLANK, f"effect {tile.effect_key!r} not modelled: played without it"


def parse_params(tile: TileDef) -> dict[str, Any]:
    """The tile's parameters checked against its key's schema, filters compiled.

    Raises :class:`DataError` ("bad_tile") with the tile's name and what is wrong. An
    unmodelled key's parameters are returned unchecked (they are never used).
    """
    key, raw = tile.effect_key, tile.effect_params
    if key not in SCHEMAS:
        return dict(raw)
    schema = SCHEMAS[key]
    where = f"{tile.name} ({key})"
    parsed: dict[str, Any] = {}
    for name, value in raw.items():
        if name in schema:
            parsed[name] = schema[name][0](value, f"{where} {name}")
        elif name in SHARED:
            parsed[name] = SHARED[name](value, f"{where} {name}")
        else:
            raise DataError("bad_tile", f"{where}: unknown parameter {name!r}")
    missing = [n for n, (_, required) in schema.items() if required and n not in parsed]
    if missing:
        raise DataError("bad_tile", f"{where}: missing parameter {missing[0]!r}")
    _check_fits_type(tile, parsed, where)
    return parsed


def _check_fits_type(tile: TileDef, params: Mapping[str, Any], where: str) -> None:
    """Refuse an effect that a tile of this type could never use."""
    key, kind = tile.effect_key, tile.type
    if kind in _STACK_TYPES:
        if key in STATIC_KEYS - {"vanilla"} or key in ABILITY_KEYS:
            raise DataError(
                "bad_tile", f"{where}: {a_or_an(kind)} tile needs an effect that resolves"
            )
        if key == "extra_actions" and kind != ACTION:
            raise DataError("bad_tile", f"{where}: extra actions are for Action tiles only")
    elif kind == MODIFIER:
        if key not in ("vanilla", "stat_bonus", "restriction") or (
            key != "vanilla" and params.get("scope") != "host"
        ):
            raise DataError("bad_tile", f"{where}: a Modifier's effect applies to its host")
    else:
        if key in ABILITY_KEYS and kind != CREATURE:
            raise DataError("bad_tile", f"{where}: only creatures lend their values")
        if key not in STATIC_KEYS | ABILITY_KEYS and params.get("when") != "enters_play":
            raise DataError(
                "bad_tile", f"{where}: {a_or_an(kind)}'s effect needs when: enters_play"
            )
        if params.get("scope") == "host":
            raise DataError("bad_tile", f"{where}: only Modifiers have a host")
        if "replaces" in params and (kind != CREATURE or params["replaces"] != tile.creature_class):
            raise DataError("bad_tile", f"{where}: a creature replaces one of its own class")
    if key == "restriction" and params.get("scope") == "neighbours" and "affects" not in params:
        raise DataError("bad_tile", f"{where}: a neighbours restriction needs 'affects'")
