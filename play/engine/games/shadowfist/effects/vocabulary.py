"""The effect vocabulary in plain words, beside the rules that check it (``spec``).

The reference page and docs/shadowfist-effects.md are drawn from this module and from
``spec``'s tables (each key's parameters, required parameters, triggers and targets, the
values of the enumerated parameters), so what a player reads is what the validator
accepts: a test fails when a key, parameter, trigger, target or ability of ``spec`` has
no words here, or words here name something ``spec`` does not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..card_types import PLAYED_TYPES
from .spec import (
    ABILITY_BITS,
    ATTACH_TO,
    CONDITIONS,
    DURATIONS,
    KEYS,
    RECYCLE_FROM,
    RECYCLE_TO,
    SCOPES,
    TIMINGS,
    TRIGGERS,
)

#: The order of an entry's fields in a written file and in the reference.
FIELD_ORDER: Final = (
    "effect_key", "trigger", "timing", "target", "amount", "count", "scope", "abilities",
    "attach_to", "duration", "condition", "at_location", "max_cost", "max_fighting",
    "designator", "card_type", "from", "to", "toast_it", "note",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ParamDoc:
    """One parameter: the kind of value it takes (the allowed values when enumerated) and
    what it means."""

    kind: str
    meaning: str
    values: tuple[str, ...] = ()


def _one_of(values: tuple[str, ...] | frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(values)) if isinstance(values, frozenset) else values


#: Every parameter any key takes, and the common ones.
PARAMS: Final[dict[str, ParamDoc]] = {
    "trigger": ParamDoc("text", "When the effect happens (see Triggers).", TRIGGERS),
    "timing": ParamDoc(
        "text",
        "When a play or turn effect may be used: `main`, only as a new action in your own "
        "main shot; `any`, whenever you could act, in response too (the latest effect "
        "resolves first). Default: `any` for a played effect, else `main`.",
        TIMINGS,
    ),
    "target": ParamDoc("text", "What the effect is done to (see Targets).", ()),
    "amount": ParamDoc(
        "whole number",
        "How much: damage, Fighting, Body or Power. Negative only for a Fighting penalty; "
        "`heal` also takes `\"all\"`.",
    ),
    "count": ParamDoc("whole number from 0", "How many cards."),
    "scope": ParamDoc("text", "Which characters `damage_each` hits.", SCOPES),
    "abilities": ParamDoc(
        "list of abilities",
        "Keyword abilities (see Keyword abilities), e.g. `[\"toughness:1\", \"ambush\"]`. On "
        "a character: the abilities it always has. With `grant_ability`: the abilities it gives.",
    ),
    "attach_to": ParamDoc(
        "text",
        "A state's host: what it may be played on. Its effect applies to the host while "
        "it is attached; if the host leaves play the state goes to its owner's smoked pile. "
        "A state stays under the control of the player who played it.",
        _one_of(ATTACH_TO),
    ),
    "duration": ParamDoc(
        "text", "How long a played effect lasts: `turn`, until the end of the turn.", DURATIONS
    ),
    "condition": ParamDoc(
        "text", "`attacking`: the bonus applies only while the character attacks.", CONDITIONS
    ),
    "at_location": ParamDoc(
        "true or false", "The target must be at this card's location (its site's column)."
    ),
    "max_cost": ParamDoc("whole number from 0", "The target's printed cost is at most this."),
    "max_fighting": ParamDoc("whole number from 0", "The target's Fighting is at most this."),
    "designator": ParamDoc("text", "Only sites with this designator, e.g. `Temple`."),
    "card_type": ParamDoc("text", "A card type.", PLAYED_TYPES),
    "from": ParamDoc("text", "Where `recycle` takes a card from.", RECYCLE_FROM),
    "to": ParamDoc("text", "Where `recycle` puts it.", RECYCLE_TO),
    "toast_it": ParamDoc(
        "true or false",
        "Toast It: whenever the card would go to the smoked pile it goes to the discard pile "
        "instead, and cannot come back.",
    ),
}


@dataclass(frozen=True, slots=True)
class KeyDoc:
    """What one key does, in plain words."""

    meaning: str


KEY_DOCS: Final[dict[str, KeyDoc]] = {
    "vanilla": KeyDoc("No effect: the card plays by its printed figures (a card without text)."),
    "ability": KeyDoc("The character has only the keyword abilities listed in `abilities`."),
    "fighting_bonus": KeyDoc(
        "The target's Fighting changes by `amount` (never below 0). With `condition: "
        "\"attacking\"` only while that character attacks. Played: until the end of the "
        "turn; on a state or edge: while it is in play."
    ),
    "grant_ability": KeyDoc(
        "The target has the abilities listed in `abilities`. Toughness from several "
        "sources adds up. Played: until the end of the turn; on a state: while attached."
    ),
    "damage_target": KeyDoc(
        "Inflict `amount` non-combat damage on one target character; Toughness reduces it."
    ),
    "damage_each": KeyDoc(
        "Inflict `amount` damage on every character in `scope` when it resolves; nothing "
        "is targeted."
    ),
    "heal": KeyDoc("Remove `amount` damage (or all of it) from the target character."),
    "smoke_target": KeyDoc(
        "The target goes to its owner's smoked pile, and the states attached to it too."
    ),
    "toast_target": KeyDoc(
        "The target goes to its owner's discard pile: it provides no resources and cannot "
        "come back. States attached to it are smoked."
    ),
    "return_to_hand": KeyDoc(
        "The target character goes to its owner's hand without its damage; states "
        "attached to it are smoked."
    ),
    "take_control": KeyDoc(
        "You control the target character for good (its owner does not change). It moves "
        "to a location of yours and keeps its damage, turned state and states."
    ),
    "turn_target": KeyDoc(
        "Turn the target character (one already turned is not affected). A turned "
        "character cannot attack nor change location to intercept."
    ),
    "unturn": KeyDoc("Unturn the target character; an attacker stays in its attack."),
    "gain_power": KeyDoc("Add `amount` Power to your pool."),
    "steal_power": KeyDoc(
        "The target opponent loses up to `amount` Power and you gain as much as they lost."
    ),
    "draw": KeyDoc(
        "Draw `count` cards (your hand may go above six; if your deck runs out, draw what "
        "is left)."
    ),
    "force_discard": KeyDoc(
        "The target opponent discards `count` cards of their choice (all, if they have fewer)."
    ),
    "cancel_event": KeyDoc(
        "The target event is cancelled: no effect, its costs stay paid, it goes to its "
        "owner's smoked pile."
    ),
    "recycle": KeyDoc(
        "Put a card of `card_type` costing at most `max_cost` from your smoked pile into "
        "your hand (you choose it when it resolves; nothing if there is none)."
    ),
    "site_body_bonus": KeyDoc(
        "The site's Body goes up by `amount`; losing the bonus never smokes, seizes or "
        "burns a site by itself."
    ),
    "site_power_bonus": KeyDoc(
        "Each of your sites (with `designator`, if given) generates `amount` more Power "
        "when you generate Power."
    ),
    "cost_reduction": KeyDoc(
        "Cards of `card_type` that you play cost `amount` less Power, down to 0; resource "
        "requirements do not change."
    ),
}

TRIGGER_DOCS: Final[dict[str, str]] = {
    "play": (
        "An event: the effect of playing it. Any other card: once, when you play it from "
        "your hand (not when it is seized, taken over or returns from a pile)."
    ),
    "static": "Holds while the card is in play (a state: while it is attached).",
    "turn": (
        "You turn this unturned card to get the effect; the turn is the cost, and stays "
        "paid if the effect is cancelled."
    ),
    "establishing": (
        "In your establishing shot, when you generate Power (not if you skip generating it)."
    ),
    "attack_hit": (
        "Each time this character inflicts combat damage on the target of its attack, at "
        "most once per attack, even if the same combat smokes it."
    ),
}

TARGET_DOCS: Final[dict[str, str]] = {
    "self": "this card",
    "host": "the card this state is attached to (or this site, for its own bonus)",
    "character": "any character in play",
    "your_character": "a character you control",
    "opponent_character": "a character an opponent controls",
    "attacking_character": "a character in the attack now being resolved",
    "state_or_edge": "a state or an edge in play",
    "event": "an event played and not yet resolved",
    "opponent": "another player",
    "your_characters": "every character you control (not targeted; checked continuously)",
    "your_sites": "every site you control (not targeted; checked continuously)",
}

#: How the engine applies each keyword ability (``toughness`` takes a value: toughness:N).
ABILITY_DOCS: Final[dict[str, str]] = {
    "toughness": (
        "`toughness:N`: each time this character would take damage from any source, combat "
        "or not, that damage is reduced by N (to no less than 0). Several Toughness values "
        "add up."
    ),
    "guts": (
        "Damage does not lower this character's Fighting, so it inflicts its full Fighting "
        "while damaged. It is still smoked when its damage reaches its Fighting."
    ),
    "tactics": (
        "Changing location to intercept does not turn it. Like any character that changes "
        "location, it must be unturned to do so; it still moves to the target's location, "
        "and it stays unturned afterwards."
    ),
    "superleap": "When it attacks, only characters with Superleap may intercept it.",
    "stealth": (
        "When it attacks, only characters already at the target's location may intercept "
        "it; no character may change location to intercept it."
    ),
    "assassinate": "When it attacks a character (not a site), it cannot be intercepted.",
    "ambush": (
        "In combat it inflicts its damage first. If that damage smokes an opponent without "
        "Ambush, that opponent inflicts no damage. Two characters with Ambush inflict "
        "damage at the same time."
    ),
}


#: How effects are read when they resolve: the engine's readings where the rules summary
#: is short (titles and words, in the reference's order).
READINGS: Final[tuple[tuple[str, str], ...]] = (
    (
        "When cards are played",
        "Characters, states, edges and sites are played in your main shot; an event when "
        "its `timing` allows (`any` by default). A chosen target is chosen when the card is "
        "played or the ability declared.",
    ),
    (
        "Gone targets",
        "Targets are checked again when the effect resolves. A target that has left play or "
        "no longer fits (it changed controller, moved away from an `at_location` site, is "
        "now above `max_cost`) is left alone; costs stay paid (Power, resources, turning). "
        "After an event resolves or is cancelled it goes to its owner's smoked pile, or to "
        "the discard pile with Toast It.",
    ),
    (
        "Damage and smoking",
        "Damage lowers Fighting: a character is smoked as soon as it has at least 1 damage "
        "and its damage is equal to or greater than its Fighting before damage (printed "
        "Fighting plus modifiers). Fighting never goes below 0; a Fighting modifier alone "
        "never smokes a character without damage. To heal is to remove damage.",
    ),
)


def key_params(key: str) -> tuple[str, ...]:
    """A key's own parameters in the reference's order."""
    return tuple(name for name in FIELD_ORDER if name in KEYS[key].params)


def allowed_values(key: str, name: str) -> tuple[str, ...]:
    """The values a parameter may take with this key (targets and triggers depend on the
    key; "" stands for leaving the parameter out), or () when any value of its kind goes."""
    rule = KEYS[key]
    if name == "target":
        return tuple(sorted(t for t in rule.targets if t))
    if name == "trigger":
        return tuple(t for t in TRIGGERS if t in rule.triggers)
    return PARAMS[name].values


def ability_names() -> tuple[str, ...]:
    """Every keyword ability an ``abilities`` list may name."""
    return ("toughness", *ABILITY_BITS)
