"""Every problem of one card's effect, for an author: the checks :func:`spec.parse_effect`
makes, gathered instead of stopping at the first, each naming the parameter it is about
and, for a misspelt name, the closest right one.

A card's effect is its ``effect_key`` and ``effect_params`` (the vocabulary:
docs/shadowfist-effects.md). Given the card's type, the checks also refuse an effect the
engine would not run on that type (it would play as a blank) and keyword abilities on a
card that is not a character.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..card_types import CHARACTER, TYPES
from ..cards import runs_on
from .spec import COMMON, KEYS, EffectError, check_value, parse_effect
from .vocabulary import PARAMS, ability_names, allowed_values

#: The name of the key in an entry (beside its parameters).
KEY_FIELD: Final = "effect_key"
#: The largest number and the longest word a parameter may hold.
MAX_NUMBER: Final = 999
MAX_TEXT: Final = 100


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an effect: the parameter it is about ("" for the entry as a
    whole, ``effect_key`` for the key), what is wrong, and advice ("did you mean ...")."""

    param: str
    message: str
    hint: str = ""


def effect_problems(key: Any, params: Mapping[str, Any], card_type: str = "") -> list[Problem]:
    """What is wrong with the effect ``key`` with ``params`` (on a card of ``card_type``,
    when given); an empty list when the engine reads it and runs it as written."""
    if key is None:
        return [Problem(KEY_FIELD, f"an entry needs its {KEY_FIELD}", _NO_KEY_HINT)]
    if not isinstance(key, str):
        return [Problem(KEY_FIELD, f"{KEY_FIELD} must be a string, not {key!r}")]
    if key not in KEYS:
        return [Problem(KEY_FIELD, f"unknown effect key {key!r}", _did_you_mean(key, KEYS))]
    rule = KEYS[key]
    allowed = rule.params | COMMON
    problems = [
        Problem(name, f"{key} has no parameter {name!r}", _did_you_mean(name, allowed))
        for name in sorted(set(params) - allowed)
    ]
    problems += [
        Problem("", f"{key} needs the parameter {name!r}")
        for name in sorted(rule.required - set(params))
    ]
    for name in sorted(set(params) & allowed):
        try:
            _check_size(name, params[name])
            check_value(key, name, params[name])
        except EffectError as error:
            problems.append(Problem(name, str(error), _value_hint(key, name, params[name])))
    if problems:
        return problems
    try:
        spec = parse_effect(key, params)
    except EffectError as error:
        return [Problem(error.param, str(error))]
    if card_type:
        problems += _type_problems(key, params, card_type, spec)
    return problems


def _type_problems(key: str, params: Mapping[str, Any], card_type: str, spec: Any) -> list[Problem]:
    if card_type not in TYPES:
        return [Problem("", f"unknown card type {card_type!r}")]
    problems = []
    if key != "vanilla" and not runs_on(card_type, spec):
        problems.append(
            Problem(
                "trigger" if "trigger" in params else KEY_FIELD,
                f"the engine does not run {key} with trigger {spec.trigger!r} on a "
                f"{card_type}: the card would play as a blank",
            )
        )
    if "abilities" in params and key != "grant_ability" and card_type != CHARACTER:
        problems.append(
            Problem(
                "abilities",
                f"only characters have keyword abilities of their own, not a {card_type}",
                "a state, edge or event gives them to a character with grant_ability",
            )
        )
    return problems


def _check_size(name: str, value: Any) -> None:
    """Numbers and words a card could print: an effect is stored and compared as JSON."""
    values = value if isinstance(value, list) else [value]
    for one in values:
        if isinstance(one, int) and not isinstance(one, bool) and abs(one) > MAX_NUMBER:
            raise EffectError(f"{name} is at most {MAX_NUMBER} either way, not {one}")
        if isinstance(one, str) and (len(one) > MAX_TEXT or "\x00" in one):
            raise EffectError(f"{name} is a word of at most {MAX_TEXT} characters")
    if len(values) > MAX_TEXT:
        raise EffectError(f"{name} lists at most {MAX_TEXT} values")


def _value_hint(key: str, name: str, value: Any) -> str:
    """The values that would do, or the closest to a misspelt one."""
    if name == "abilities" and isinstance(value, list | tuple):
        known = ability_names()
        for one in value:
            word = str(one).partition(":")[0]
            if word not in known:
                return _did_you_mean(word, known) or "abilities: " + ", ".join(known)
        return ""
    allowed = [v for v in allowed_values(key, name) if v] if name in PARAMS else []
    if not allowed:
        return ""
    close = _did_you_mean(value, allowed) if isinstance(value, str) else ""
    return close or f"{key} takes {name} " + " or ".join(repr(v) for v in allowed)


_NO_KEY_HINT: Final = (
    "'vanilla' for a card without rules text, 'ability' for keyword abilities only"
)


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, sorted(choices), n=1)
    return f"did you mean {close[0]!r}?" if close else ""
