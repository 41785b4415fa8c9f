"""Shadowfist card definitions: frozen values read from catalogue-shaped dicts.

The engine never reads the Django app's files: card definitions come in through the
setup as plain dicts shaped like the catalogue API's Shadowfist cards (name, subtitle,
type, faction, cost, cost_is_x, requires, provides, fighting, fighting_is_x, power,
body, designators, is_unique, is_limited, is_no_max, effect_key, effect_params; the
starter file's ``unique``/``limited``/``no_max`` spellings are read too), and
:func:`card_from_dict` turns each into a :class:`CardDef`. Designators are given, never
worked out here: the catalogue owns that rule (cards/designators.py) and the starter
file carries them.

Imported real cards have no rules text and ``effect_key`` null. Characters and sites
play fully with their printed stats, costs and resources. Events, states and edges
whose effect is not modelled are *blanks*: they can be played (paying their cost) and
do nothing, and :func:`unmodelled_cards` lists them, so that no result pretends they
were implemented. Cards with an X cost or X Fighting (X read as 0) and cards the engine
cannot play at all (type "Other", a site without Body) are listed there too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from ...core import BLANK, MODELLED, STATS_ONLY, DataError
from .card_types import (
    CHARACTER,
    EDGE,
    EVENT,
    FENG_SHUI,
    OTHER,
    RESOURCE_CODES,
    SITE,
    STATE,
    TYPES,
)
from .effects.spec import (
    ATTACK_HIT,
    ESTABLISHING,
    KEYS,
    PLAY,
    STATIC,
    TURN,
    EffectError,
    EffectSpec,
    parse_abilities,
    parse_effect,
)

# The type names live in card_types (read from data.json); modules import them from here.
__all__ = ["CHARACTER", "EDGE", "EVENT", "FENG_SHUI", "OTHER", "SITE", "STATE", "TYPES"]

_CODES: Final = RESOURCE_CODES


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card title as the engine plays it. Derived flags are computed once, here."""

    id: int | str
    name: str
    type: str
    subtitle: str = ""
    faction: str = ""
    cost: int = 0
    cost_is_x: bool = False
    requires: str = ""
    provides: str = ""
    fighting: int = 0
    fighting_is_x: bool = False
    power: int = 0
    body: int = 0
    designators: tuple[str, ...] = ()
    unique: bool = False
    limited: bool = False
    no_max: bool = False
    toast_it: bool = False
    #: The card's own keyword abilities (bits) and Toughness (``abilities`` parameter).
    abilities: int = 0
    toughness: int = 0
    effect_key: str | None = None
    #: The parameters as given, canonical JSON (kept for round trips and views).
    effect_params: str = "{}"
    effect_text: str | None = None
    #: The effect the engine runs, or ``None`` (no effect, or a blank).
    effect: EffectSpec | None = None
    #: Why the card is not fully modelled ("" when it is).
    unmodelled: str = ""
    # -- derived ---------------------------------------------------------------------
    is_character: bool = field(init=False)
    is_site: bool = field(init=False)
    is_fs: bool = field(init=False)
    playable: bool = field(init=False)
    #: The resource requirement as (code, count) pairs.
    needs: tuple[tuple[str, int], ...] = field(init=False)
    #: An event playable at any time (in response), or only in your main shot.
    any_event: bool = field(init=False)
    #: A "turn" ability, and one usable at any time.
    turn_ability: bool = field(init=False)
    any_ability: bool = field(init=False)
    #: A continuous effect on the controller's cards or plays (not on a host).
    aura: bool = field(init=False)

    def __post_init__(self) -> None:
        spec = self.effect
        put = object.__setattr__
        put(self, "is_character", self.type == CHARACTER)
        put(self, "is_fs", self.type == FENG_SHUI)
        put(self, "is_site", self.type in (FENG_SHUI, SITE))
        put(self, "playable", self.type != OTHER and not (self.is_site and self.body <= 0))
        put(self, "needs", tuple((c, self.requires.count(c)) for c in sorted(set(self.requires))))
        put(self, "any_event", self.type == EVENT and spec is not None and spec.timing == "any")
        put(self, "turn_ability", spec is not None and spec.trigger == TURN)
        put(self, "any_ability", spec is not None and spec.trigger == TURN and spec.timing == "any")
        put(
            self,
            "aura",
            spec is not None
            and spec.trigger == STATIC
            and (
                spec.target in ("your_characters", "your_sites")
                or spec.key in ("cost_reduction", "site_power_bonus")
            ),
        )

    @property
    def blank(self) -> bool:
        """An event, state or edge played without its (unmodelled) effect."""
        return (
            self.type in (EVENT, STATE, EDGE)
            and self.effect is None
            and (self.effect_key != "vanilla")
        )


def card_from_dict(data: Mapping[str, Any], default_id: int | str = 0) -> CardDef:
    """Read one catalogue-shaped card dict; ``default_id`` when it has no ``id``.

    Raises :class:`DataError` (code ``bad_card``) naming the card and the field.
    """
    if not isinstance(data, Mapping):
        raise DataError("bad_card", f"a card is a dict of its fields, not {data!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DataError("bad_card", f"a card needs a name: {dict(data)!r}"[:200])
    try:
        return _read(data, name, default_id)
    except (EffectError, TypeError, ValueError) as exc:
        raise DataError("bad_card", f"card {name!r}: {exc}") from exc


def _read(data: Mapping[str, Any], name: str, default_id: int | str) -> CardDef:
    kind = str(data.get("type") or "")
    if kind not in TYPES:
        raise ValueError(f"unknown type {kind!r}; a Shadowfist card is one of {', '.join(TYPES)}")
    subtitle = str(data.get("subtitle") or "")
    card_id = data.get("id", default_id)
    if isinstance(card_id, bool) or not isinstance(card_id, int | str):
        raise ValueError(f"id must be an int or a string, not {card_id!r}")
    params = data.get("effect_params") or {}
    if not isinstance(params, Mapping):
        raise ValueError(f"effect_params must be a dict, not {params!r}")
    key = data.get("effect_key")
    if key is not None and not isinstance(key, str):
        raise ValueError(f"effect_key must be a string or null, not {key!r}")
    abilities, toughness = parse_abilities(params["abilities"]) if "abilities" in params else (0, 0)
    toast_it = params.get("toast_it", False)
    if not isinstance(toast_it, bool):
        raise ValueError(f"toast_it must be true or false, not {toast_it!r}")
    effect = parse_effect(key, params) if key in KEYS and key != "vanilla" else None
    cost_is_x, fighting_is_x = _flag(data, "cost_is_x"), _flag(data, "fighting_is_x")
    body = _num(data, "body")
    reason = _unmodelled_reason(kind, body, key, effect, cost_is_x or fighting_is_x)
    if reason and not reason.startswith("X"):
        effect = None  # a blank: its effect, if any, is not run
    text = data.get("effect_text")
    return CardDef(
        id=card_id,
        name=name,
        type=kind,
        subtitle=subtitle,
        faction=str(data.get("faction") or ""),
        cost=_num(data, "cost"),
        cost_is_x=cost_is_x,
        requires=_codes(data, "requires"),
        provides=_codes(data, "provides"),
        fighting=_num(data, "fighting"),
        fighting_is_x=fighting_is_x,
        power=_num(data, "power"),
        body=body,
        designators=_designators(data),
        unique=_flag(data, "is_unique", "unique"),
        limited=_flag(data, "is_limited", "limited"),
        no_max=_flag(data, "is_no_max", "no_max"),
        toast_it=toast_it,
        abilities=abilities,
        toughness=toughness,
        effect_key=key,
        effect_params=json.dumps(dict(params), sort_keys=True, separators=(",", ":"))
        if params
        else "{}",
        effect_text=text if isinstance(text, str) else None,
        effect=effect,
        unmodelled=reason,
    )


def _unmodelled_reason(
    kind: str, body: int, key: str | None, spec: EffectSpec | None, has_x: bool
) -> str:
    """Why a card is not fully modelled, or "" (checked in this order)."""
    if kind == OTHER:
        return "type Other: the engine cannot play it"
    if kind in (FENG_SHUI, SITE) and body <= 0:
        return "a site without Body: the engine cannot play it"
    if kind in (EVENT, STATE, EDGE) and key is None:
        return "no effect key: played as a blank"
    if key is not None and key not in KEYS:
        return f"unknown effect key {key!r}: played as a blank"
    if spec is not None and not runs_on(kind, spec):
        return f"{spec.key} with trigger {spec.trigger!r} on a {kind}: played as a blank"
    if has_x:
        return "X cost or X Fighting, read as 0"
    return ""


def runs_on(kind: str, spec: EffectSpec) -> bool:
    """Whether the engine runs this key with this trigger on this type of card."""
    trigger = spec.trigger
    if kind == EVENT:
        return trigger == PLAY
    if spec.key == "ability":
        return kind == CHARACTER
    if trigger == STATIC:
        if spec.attach_to:
            return kind == STATE
        # Not on a host (the spec refuses target "host" without attach_to): a bonus.
        return spec.key in ("fighting_bonus", "site_body_bonus", "site_power_bonus",
                            "cost_reduction")  # fmt: skip
    if trigger == ATTACK_HIT:
        return kind == CHARACTER  # gain_power or draw: the only keys the spec allows on it
    if trigger == ESTABLISHING:
        return True  # gain_power or draw, on any card in play
    if trigger == PLAY:
        # Played from hand into play: the effect happens at once, so nothing that lasts
        # "until the end of the turn" and nothing that answers an event.
        return spec.key not in ("cancel_event", "fighting_bonus", "grant_ability")
    return trigger == TURN


def card_to_dict(card: CardDef) -> dict[str, Any]:
    """The card as catalogue-shaped JSON (what :func:`card_from_dict` reads back)."""
    data = dict(_card_items(card))
    # Fresh list and dict on every call: a caller changing them changes nothing here.
    data["designators"] = list(card.designators)
    data["effect_params"] = json.loads(card.effect_params)
    return data


@lru_cache(maxsize=8192)
def _card_items(card: CardDef) -> tuple[tuple[str, Any], ...]:
    """The card's scalar fields, built once per card (states write their card table
    into every ``to_dict``, and so into every hash)."""
    return (
        ("id", card.id),
        ("name", card.name),
        ("subtitle", card.subtitle),
        ("type", card.type),
        ("faction", card.faction),
        ("cost", card.cost),
        ("cost_is_x", card.cost_is_x),
        ("requires", card.requires),
        ("provides", card.provides),
        ("fighting", card.fighting),
        ("fighting_is_x", card.fighting_is_x),
        ("power", card.power),
        ("body", card.body),
        ("is_unique", card.unique),
        ("is_limited", card.limited),
        ("is_no_max", card.no_max),
        ("effect_key", card.effect_key),
        ("effect_text", card.effect_text),
    )


def modelling(card: CardDef) -> tuple[str, str]:
    """How completely the engine plays the card (a status of ``core.MODELLING``) and why
    when not fully. A character or site whose rules text is not known or not modelled
    plays by its printed figures (stats only; every imported real card without an effect
    key); an event, state or edge whose effect does not run is a blank, as is a card the
    engine cannot play at all; X read as 0 makes a card stats only."""
    kind = card.type
    if kind == OTHER or (kind in (FENG_SHUI, SITE) and card.body <= 0):
        return BLANK, card.unmodelled
    # Its effect runs, or the card is known to have none ("vanilla").
    runs = card.effect is not None or card.effect_key == "vanilla"
    if not runs:
        if kind in (CHARACTER, FENG_SHUI, SITE):
            return STATS_ONLY, card.unmodelled or NO_TEXT
        return BLANK, card.unmodelled
    if card.cost_is_x or card.fighting_is_x:
        return STATS_ONLY, card.unmodelled
    return MODELLED, ""


#: Why a character or site without an effect key is stats only.
NO_TEXT: Final = "its rules text is not known: it plays by its printed figures"


def unmodelled_cards(cards: Iterable[CardDef | Mapping[str, Any]]) -> list[CardDef]:
    """The cards whose effects (or some stats) the engine does not model, in input order.

    Blanks (events, states, edges without a modelled effect), cards with X cost or X
    Fighting, and cards that cannot be played at all. Characters and sites without an
    effect key are not listed: they play fully by their printed stats.
    """
    found = []
    for index, item in enumerate(cards):
        card = item if isinstance(item, CardDef) else card_from_dict(item, index)
        if card.unmodelled:
            found.append(card)
    return found


def _num(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if value is None or value == "":
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1000:
        raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
    return value


def _flag(data: Mapping[str, Any], *names: str) -> bool:
    for name in names:
        if name in data and data[name] is not None:
            value = data[name]
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false, not {value!r}")
            return value
    return False


def _codes(data: Mapping[str, Any], name: str) -> str:
    value = str(data.get(name) or "")
    if not value:
        return value
    unknown = set(value) - _CODES
    if unknown:
        raise ValueError(f"{name} has unknown resource code(s) {''.join(sorted(unknown))!r}")
    return value


def _designators(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The designators as given: the catalogue works them out (cards/designators.py)."""
    value = data.get("designators")
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ValueError(f"designators must be a list of words, not {value!r}")
