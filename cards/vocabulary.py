"""Per-game facts of the catalogue, in one place: game slugs, card types, classes, factions.

The facts the rules engine also needs (ChiZo classes and tile types, Shadowfist card
types and resource codes, Raise symbols) are read from the engine's data files, their one copy.
"""

from __future__ import annotations

from cards.gamedata import game_json

_CHIZO = game_json("chizo")
_SHADOWFIST = game_json("shadowfist")

GAMES: dict[str, str] = {
    "chizo": "ChiZo RISING",
    "shadowfist": "Shadowfist",
    "raise": "Raise",
    "chocobo": "Chocobo Party Up!",
}
DECK_GAMES = ("chizo", "shadowfist")

# ChiZo RISING
CHIZO_CLASSES: tuple[str, ...] = tuple(_CHIZO["zodiac_order"])
CHIZO_TYPES: tuple[str, ...] = tuple(_CHIZO["types"])
CHIZO_PLACEABLE_TYPES = ("Creature", "Item", "Obstacle", "Modifier")

# Shadowfist
SHADOWFIST_TYPES: tuple[str, ...] = tuple(_SHADOWFIST["types"])
SHADOWFIST_SITE_TYPES: tuple[str, ...] = tuple(_SHADOWFIST["site_types"])
#: Resource codes of the factual card list's legend: factions, then the three talents.
SHADOWFIST_RESOURCES: dict[str, str] = dict(_SHADOWFIST["resources"])
SHADOWFIST_FACTIONS = (*SHADOWFIST_RESOURCES.values(), "Unaligned")
# Words that are never designators (rules summary, "Designators"): the rules' own list,
# then articles, prepositions and conjunctions.
SHADOWFIST_RULE_NON_DESIGNATORS = frozenset(["edge", "state", "site", "event", "feng", "shui"])
SHADOWFIST_NON_DESIGNATORS = SHADOWFIST_RULE_NON_DESIGNATORS | frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "into",
        "onto",
        "upon",
        "over",
        "under",
        "and",
        "or",
        "but",
        "nor",
        "so",
        "yet",
        "as",
        "than",
    ]
)

# Raise
RAISE_TYPES = ("Number Card", "Point Card")
RAISE_SYMBOLS: tuple[str, ...] = tuple(game_json("raise_")["symbols"])

# Chocobo Party Up!
CHOCOBO_TYPES = ("Friend Card",)
