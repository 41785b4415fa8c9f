"""Reading a card's ``effect_key`` and ``effect_params`` into a checked :class:`EffectSpec`.

The vocabulary is the starter set's (docs/shadowfist-effects.md): 22
keys, each with its parameters, the triggers it may have and the targets it may name.
A key the engine does not know makes the card a *blank* (reported, never silently
treated as implemented); a known key with malformed parameters is a data error that
names the card and the parameter, because a shipped card must never half-work.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..card_types import PLAYED_TYPES

# -- keyword abilities as bits (a character's abilities are one int) -----------------

GUTS: Final = 1
TACTICS: Final = 2
SUPERLEAP: Final = 4
STEALTH: Final = 8
ASSASSINATE: Final = 16
AMBUSH: Final = 32
ABILITY_BITS: Final[dict[str, int]] = {
    "guts": GUTS,
    "tactics": TACTICS,
    "superleap": SUPERLEAP,
    "stealth": STEALTH,
    "assassinate": ASSASSINATE,
    "ambush": AMBUSH,
}
ABILITY_NAMES: Final[tuple[tuple[int, str], ...]] = tuple((b, n) for n, b in ABILITY_BITS.items())

# -- triggers, timings, targets -------------------------------------------------------

PLAY: Final = "play"
STATIC: Final = "static"
TURN: Final = "turn"
ESTABLISHING: Final = "establishing"
ATTACK_HIT: Final = "attack_hit"
TRIGGERS: Final = (PLAY, STATIC, TURN, ESTABLISHING, ATTACK_HIT)
MAIN: Final = "main"
ANY: Final = "any"

#: Targets that are chosen (a card, an event or a player) ...
CHOSEN_TARGETS: Final = frozenset(
    {
        "character",
        "your_character",
        "opponent_character",
        "attacking_character",
        "state_or_edge",
        "event",
        "opponent",
    }
)
#: ... and those that are not: the card itself, its host, or a continuously checked group.
UNCHOSEN_TARGETS: Final = frozenset({"", "self", "host", "your_characters", "your_sites"})
CHARACTER_TARGETS: Final = frozenset(
    {
        "character",
        "your_character",
        "opponent_character",
        "attacking_character",
    }
)
ATTACH_TO: Final = frozenset({"your_character", "opponent_character", "your_site"})
#: The values of the enumerated parameters (the vocabulary reference lists them from here).
TIMINGS: Final = (MAIN, ANY)
DURATIONS: Final = ("turn",)
SCOPES: Final = ("all_characters", "opponent_characters")
CONDITIONS: Final = ("attacking",)
RECYCLE_FROM: Final = ("smoked_pile",)
RECYCLE_TO: Final = ("hand",)


class EffectError(ValueError):
    """Malformed effect parameters of a known key: the message names the problem and
    ``param`` the parameter it is about ("" when it is about the key as a whole)."""

    param: str

    def __init__(self, message: str, param: str = "") -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One card's effect, checked and typed. Fields a key does not use keep defaults."""

    key: str
    trigger: str = ""
    timing: str = MAIN
    target: str = ""
    amount: int = 0
    #: ``heal`` with ``amount: "all"``.
    heal_all: bool = False
    count: int = 0
    scope: str = ""
    at_location: bool = False
    max_cost: int | None = None
    max_fighting: int | None = None
    designator: str = ""
    duration: str = ""
    attach_to: str = ""
    condition: str = ""
    card_type: str = ""
    #: ``grant_ability``: the keyword bits and the Toughness it grants.
    grants: int = 0
    grant_toughness: int = 0

    @property
    def chosen(self) -> bool:
        """Whether a target is chosen when the card is played or the ability declared."""
        return self.target in CHOSEN_TARGETS


@dataclass(frozen=True, slots=True)
class KeyRule:
    """What one key accepts: its own parameters, triggers and targets."""

    params: frozenset[str]
    required: frozenset[str]
    triggers: frozenset[str]
    targets: frozenset[str]


def _rule(params: str, required: str, triggers: str, targets: str) -> KeyRule:
    return KeyRule(
        frozenset(params.split()),
        frozenset(required.split()),
        frozenset(triggers.split()),
        frozenset(targets.split()) | {""},
    )


_DAMAGE_LIKE: Final = "play turn"
#: The vocabulary: key -> its rule (docs/shadowfist-effects.md).
KEYS: Final[dict[str, KeyRule]] = {
    "vanilla": _rule("", "", "", ""),
    "ability": _rule("", "", "static", "self"),
    "fighting_bonus": _rule(
        "amount target duration attach_to condition",
        "amount target",
        "play static",
        "your_character character opponent_character host your_characters",
    ),
    "grant_ability": _rule(
        "abilities target duration attach_to",
        "abilities target",
        "play static",
        "your_character character host",
    ),
    "damage_target": _rule(
        "amount target at_location max_cost max_fighting",
        "amount target",
        _DAMAGE_LIKE,
        "character your_character opponent_character attacking_character",
    ),
    "damage_each": _rule("amount scope", "amount scope", _DAMAGE_LIKE, ""),
    "heal": _rule(
        "amount target at_location", "amount target", _DAMAGE_LIKE, "your_character character"
    ),
    "smoke_target": _rule(
        "target max_cost max_fighting at_location",
        "target",
        _DAMAGE_LIKE,
        "character opponent_character state_or_edge",
    ),
    "toast_target": _rule(
        "target max_cost max_fighting at_location",
        "target",
        _DAMAGE_LIKE,
        "character opponent_character",
    ),
    "return_to_hand": _rule(
        "target max_cost max_fighting at_location",
        "target",
        _DAMAGE_LIKE,
        "character opponent_character your_character",
    ),
    "take_control": _rule(
        "target max_cost max_fighting", "target", _DAMAGE_LIKE, "opponent_character"
    ),
    "turn_target": _rule(
        "target max_cost max_fighting at_location",
        "target",
        _DAMAGE_LIKE,
        "character opponent_character attacking_character",
    ),
    "unturn": _rule("target", "target", _DAMAGE_LIKE, "your_character character"),
    "gain_power": _rule("amount", "amount", "play turn establishing attack_hit", ""),
    "steal_power": _rule("amount target", "amount target", _DAMAGE_LIKE, "opponent"),
    "draw": _rule("count", "count", "play turn establishing attack_hit", ""),
    "force_discard": _rule("count target", "count target", _DAMAGE_LIKE, "opponent"),
    "cancel_event": _rule("target", "target", "play", "event"),
    "recycle": _rule("from card_type max_cost to", "card_type max_cost", _DAMAGE_LIKE, ""),
    "site_body_bonus": _rule("amount target attach_to", "amount", "static", "host your_sites"),
    "site_power_bonus": _rule("amount target designator", "amount", "static", "your_sites"),
    "cost_reduction": _rule("amount card_type", "amount card_type", "static", ""),
}
#: Parameters any key may carry beside its own.
COMMON: Final = frozenset({"abilities", "toast_it", "trigger", "timing"})
CARD_TYPES: Final = PLAYED_TYPES


def parse_abilities(values: Any) -> tuple[int, int]:
    """``["toughness:1", "ambush"]`` -> (ability bits, Toughness)."""
    if not isinstance(values, list | tuple):
        raise EffectError(f"abilities must be a list of strings, not {values!r}")
    bits = toughness = 0
    for value in values:
        name, _, number = str(value).partition(":")
        if name == "toughness":
            if not number.isdigit():
                raise EffectError(f"toughness needs a value, e.g. 'toughness:1', not {value!r}")
            toughness += int(number)
        elif name in ABILITY_BITS and not number:
            bits |= ABILITY_BITS[name]
        else:
            raise EffectError(f"unknown ability {value!r}")
    return bits, toughness


def parse_effect(key: str, params: Mapping[str, Any]) -> EffectSpec:
    """The checked spec of a known key; raises :class:`EffectError` naming the problem."""
    rule = KEYS[key]
    unknown = set(params) - rule.params - COMMON
    if unknown:
        name = sorted(unknown)[0]
        raise EffectError(f"{key} has no parameter {name!r}", name)
    missing = rule.required - set(params)
    if missing:
        raise EffectError(f"{key} needs the parameter {sorted(missing)[0]!r}")
    for name, value in params.items():
        check_value(key, name, value)
    # What is left: the defaults, and the parameters that depend on one another.
    trigger = _text(params, "trigger", "static" if key == "ability" else "")
    _check_trigger(key, rule, trigger)
    target = _text(params, "target", "")  # checked with the parameters given
    timing = _text(params, "timing", ANY if trigger == PLAY else MAIN)
    grants, grant_toughness = (0, 0)
    if key == "grant_ability":
        grants, grant_toughness = parse_abilities(params["abilities"])
    amount, heal_all = _amount(key, params)
    attach_to = _text(params, "attach_to", "")
    if target == "host" and not attach_to and key != "site_body_bonus":
        raise EffectError(f"{key} on its host needs attach_to", "attach_to")
    duration = _text(params, "duration", "")
    if key in ("fighting_bonus", "grant_ability") and trigger == PLAY and duration != "turn":
        raise EffectError(
            f"a played {key} lasts until the end of the turn: duration 'turn'", "duration"
        )
    scope = _text(params, "scope", "")
    return EffectSpec(
        key=key,
        trigger=trigger,
        timing=timing,
        target=target,
        amount=amount,
        heal_all=heal_all,
        count=_int(params, "count", 0),
        scope=scope,
        at_location=_flag(params, "at_location"),
        max_cost=_opt_int(params, "max_cost"),
        max_fighting=_opt_int(params, "max_fighting"),
        designator=_text(params, "designator", ""),
        duration=duration,
        attach_to=attach_to,
        condition=_text(params, "condition", ""),
        card_type=_text(params, "card_type", ""),
        grants=grants,
        grant_toughness=grant_toughness,
    )


def check_value(key: str, name: str, value: Any) -> None:
    """Check one parameter of a known key on its own (its type and, for the enumerated
    ones, its value); raises :class:`EffectError` naming it. A parameter the key does not
    take is not checked here (:func:`parse_effect` refuses it)."""
    try:
        _check_value(key, name, value)
    except EffectError as error:
        error.param = name
        raise


def _check_value(key: str, name: str, value: Any) -> None:
    if name == "trigger":
        _check_trigger(key, KEYS[key], _as_text(name, value))
    elif name == "target":
        _check_target(key, KEYS[key], _as_text(name, value))
    elif name == "amount":
        _amount(key, {name: value})
    elif name == "count":
        _as_count(name, value)
    elif name in ("max_cost", "max_fighting"):
        _opt_int({name: value}, name)  # null: no limit
    elif name in ("at_location", "toast_it"):
        _flag({name: value}, name)
    elif name == "abilities":
        parse_abilities(value)
    elif name == "designator":
        _as_text(name, value)
    elif name in _CHOICES:
        _choice(name, value)


def _check_trigger(key: str, rule: KeyRule, trigger: str) -> None:
    """Reached with a trigger given (through check_value, which names the parameter) or
    with the key's default, which only a key that must have one can lack."""
    if rule.triggers and trigger not in rule.triggers:
        raise EffectError(f"{key} cannot have trigger {trigger!r}", "trigger")
    if not rule.triggers and trigger:
        raise EffectError(f"{key} has no trigger")


def _check_target(key: str, rule: KeyRule, target: str) -> None:
    """Reached with a target given only (no target, "", fits every key): check_value
    names the parameter."""
    if target not in rule.targets:
        raise EffectError(f"{key} cannot target {target!r}")


def _choice(name: str, value: Any) -> str:
    text = _as_text(name, value)
    allowed, message = _CHOICES[name]
    if text not in allowed:
        raise EffectError(message.format(value=text))
    return text


#: The enumerated parameters: their values and the refusal of any other.
_CHOICES: Final[dict[str, tuple[Collection[str], str]]] = {
    "timing": (TIMINGS, "timing is 'main' or 'any', not {value!r}"),
    "attach_to": (ATTACH_TO, "attach_to is one of " + str(sorted(ATTACH_TO)) + ", not {value!r}"),
    "duration": (DURATIONS, "duration is 'turn', not {value!r}"),
    "scope": (SCOPES, "damage_each scope is all_characters or opponent_characters: {value!r}"),
    "condition": (CONDITIONS, "condition is 'attacking', not {value!r}"),
    "card_type": (CARD_TYPES, "unknown card_type {value!r}"),
    "from": (RECYCLE_FROM, "recycle takes cards from the smoked_pile, not {value!r}"),
    "to": (RECYCLE_TO, "recycle puts the card into the hand, not {value!r}"),
}


def _amount(key: str, params: Mapping[str, Any]) -> tuple[int, bool]:
    value = params.get("amount", 0)
    if key == "heal" and value == "all":
        return 0, True
    if isinstance(value, bool) or not isinstance(value, int):
        raise EffectError(f"amount must be a whole number, not {value!r}")
    if value < 0 and key != "fighting_bonus":
        raise EffectError(f"{key} amount cannot be negative")
    return value, False


def _text(params: Mapping[str, Any], name: str, default: str) -> str:
    return _as_text(name, params.get(name, default))


def _as_text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise EffectError(f"{name} must be a string, not {value!r}")
    return value


def _int(params: Mapping[str, Any], name: str, default: int) -> int:
    return _as_count(name, params.get(name, default))


def _as_count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EffectError(f"{name} must be a whole number from 0, not {value!r}")
    return value


def _opt_int(params: Mapping[str, Any], name: str) -> int | None:
    value = params.get(name)
    return None if value is None else _as_count(name, value)


def _flag(params: Mapping[str, Any], name: str) -> bool:
    value = params.get(name, False)
    if not isinstance(value, bool):
        raise EffectError(f"{name} must be true or false, not {value!r}")
    return value
