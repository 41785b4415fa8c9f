"""The search fields: their names and aliases, what kind of match each does, and the
model columns behind them. The compiler turns a kind into a Django lookup; this table is
the one place to add a field or an alias.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import dataclass

from cards.modelling import STATS_ONLY, STATUS_TERMS
from cards.vocabulary import SHADOWFIST_FACTIONS, SHADOWFIST_RESOURCES


class Kind(enum.Enum):
    NUMBER = "number"  # integer column: key:3, key>=3, key!=3 ...
    TEXT = "text"  # case-insensitive substring
    EXACT = "exact"  # the whole value, case-insensitive
    CLASS = "class"  # a ChiZo creature class, checked against the vocabulary
    CLASS_LIST = "class list"  # one item of a comma-separated list of classes
    FACTION = "faction"  # substring, or a faction's name or short name
    WORD_LIST = "word list"  # one word of a space-separated list
    RESOURCES = "resources"  # Shadowfist resource codes, counted, case-sensitive
    SET = "set"  # a printing's set code (exact) or name (substring)
    RARITY = "rarity"  # a printing's rarity, exact
    GAME = "game"  # a game slug or name
    IS = "is"  # a property (a yes/no column, the modelling status), see IS_PROPERTIES
    HAS = "has"  # a filled-in column, see HAS_COLUMNS
    ORDER = "order"  # not a filter: how to sort the results


@dataclass(frozen=True)
class SearchField:
    """One search key. `columns` are Card lookups, or Printing lookups for SET and RARITY."""

    name: str
    kind: Kind
    columns: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    sort: str | None = None  # the Card lookup that `order:<name>` sorts by
    x_flag: str | None = None  # the column saying the number is X (`cost:x`)

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def _number(name: str, column: str, *aliases: str, x_flag: str | None = None) -> SearchField:
    return SearchField(name, Kind.NUMBER, (column,), aliases, sort=column, x_flag=x_flag)


FIELDS: tuple[SearchField, ...] = (
    SearchField("name", Kind.TEXT, ("name",), ("n",), sort="name"),
    SearchField("type", Kind.TEXT, ("type",), ("t",), sort="type"),
    SearchField("subtitle", Kind.TEXT, ("subtitle",), ("sub",), sort="subtitle"),
    SearchField("text", Kind.TEXT, ("effect_text",), ("o", "oracle")),
    SearchField("faction", Kind.FACTION, ("faction",), ("f",), sort="faction"),
    SearchField("class", Kind.CLASS, ("creature_class",), ("c",), sort="creature_class"),
    SearchField("compat", Kind.CLASS_LIST, ("compatible_classes",), ("compatible",)),
    SearchField("element", Kind.EXACT, ("element",), ("el",), sort="element"),
    SearchField("symbol", Kind.EXACT, ("symbol",), ("sym",), sort="symbol"),
    SearchField("designator", Kind.WORD_LIST, ("designators",), ("d",)),
    SearchField("requires", Kind.RESOURCES, ("requires",), ("req",)),
    SearchField("provides", Kind.RESOURCES, ("provides",), ("prov",)),
    SearchField("edition", Kind.SET, ("card_set__code", "card_set__name"), ("e", "set")),
    SearchField("rarity", Kind.RARITY, ("rarity",), ("r",)),
    SearchField("game", Kind.GAME, ("game__slug",), ("g",), sort="game__sort_order"),
    _number("str", "strength", "strength"),
    _number("int", "intelligence", "intelligence"),
    _number("cost", "cost", x_flag="cost_is_x"),
    _number("fighting", "fighting", x_flag="fighting_is_x"),
    _number("power", "power"),
    _number("body", "body"),
    _number("value", "value"),
    _number("points", "points"),
    SearchField("is", Kind.IS),
    SearchField("has", Kind.HAS),
    SearchField("order", Kind.ORDER),
)

_BY_KEY: dict[str, SearchField] = {key: field for field in FIELDS for key in field.keys}

# Keys people bring from Scryfall, pointed at the nearest field here.
_FAMILIAR_KEYS: dict[str, str] = {
    "color": "class",
    "colour": "class",
    "cmc": "cost",
    "mv": "cost",
    "pow": "power",
    "tou": "body",
    "toughness": "body",
    "fight": "fighting",
}

#: A property's condition: (column, value) pairs, any of which holding makes a card have it.
Property = tuple[tuple[str, bool | str], ...]


def _flags(*columns: str) -> Property:
    return tuple((column, True) for column in columns)


def _modelling(status: str) -> Property:
    return (("modelling", status),)


#: The `is:` properties: yes/no columns, and the rules engine's modelling status of a
#: card (cards/modelling.py; Raise and Chocobo components have none).
IS_PROPERTIES: dict[str, Property] = {
    "basic": _flags("is_basic"),
    "nomax": _flags("is_no_max"),
    "no-max": _flags("is_no_max"),
    "unique": _flags("is_unique"),
    "limited": _flags("is_limited"),
    "x": _flags("cost_is_x", "fighting_is_x"),
    **{term: _modelling(status) for status, term in STATUS_TERMS.items()},
    "stats-only": _modelling(STATS_ONLY),
}
HAS_COLUMNS: dict[str, str] = {"effect": "effect_key", "text": "effect_text"}

FACTION_SHORT_NAMES: dict[str, str] = {
    "dragons": "Dragons",
    "lotus": "Eaters of the Lotus",
    "hand": "Guiding Hand",
    "ascended": "Ascended",
    "monarchs": "Four Monarchs",
    "jammers": "Jammers",
    "architects": "Architects of the Flesh",
    "purists": "Purists",
    "masters": "Seven Masters",
    "syndicate": "Syndicate",
    "magic": "Magic",
    "chi": "Chi",
    "tech": "High Tech",
    "unaligned": "Unaligned",
}
# Every way to name a faction, lowercased, to its name as stored.
FACTION_NAMES: dict[str, str] = {
    **{name.lower(): name for name in SHADOWFIST_FACTIONS},
    **FACTION_SHORT_NAMES,
}
RESOURCE_BY_FACTION: dict[str, str] = {
    faction: code for code, faction in SHADOWFIST_RESOURCES.items()
}


def find_field(key: str) -> SearchField | None:
    """The field a key (name or alias, any case) names, if any."""
    return _BY_KEY.get(key.lower())


def canonical_name(key: str) -> str:
    """The field's own name for a key, or the key lowercased when no field has it."""
    field = find_field(key)
    return field.name if field else key.lower()


def suggest_field(key: str) -> str | None:
    """The field name or alias a mistyped key most likely meant, if one is close."""
    key = key.lower()
    if key in _FAMILIAR_KEYS:
        return _FAMILIAR_KEYS[key]
    matches = difflib.get_close_matches(key, list(_BY_KEY), n=1)
    return matches[0] if matches else None


def sortable_keys() -> list[str]:
    """The keys `order:` accepts."""
    return [key for field in FIELDS if field.sort for key in field.keys]


def closest(word: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """The choice closest to `word`, ignoring case, if one is close enough."""
    lowered = {choice.lower(): choice for choice in choices}
    matches = difflib.get_close_matches(word.lower(), list(lowered), n=1)
    return lowered[matches[0]] if matches else None
