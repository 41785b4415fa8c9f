"""Per-game facts of the catalogue, in one place: game slugs, card types, classes, factions."""

from __future__ import annotations

GAMES: dict[str, str] = {
    "chizo": "ChiZo RISING",
    "shadowfist": "Shadowfist",
    "raise": "Raise",
    "chocobo": "Chocobo Party Up!",
}
DECK_GAMES = ("chizo", "shadowfist")

# ChiZo RISING
CHIZO_CLASSES = (
    "Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake",
    "Horse", "Ram", "Monkey", "Rooster", "Dog", "Pig",
)  # fmt: skip
CHIZO_TYPES = ("Creature", "Action", "Reaction", "Action/Reaction", "Item", "Obstacle", "Modifier")
CHIZO_PLACEABLE_TYPES = ("Creature", "Item", "Obstacle", "Modifier")

# Shadowfist
SHADOWFIST_TYPES = ("Character", "Feng Shui Site", "Site", "Event", "State", "Edge", "Other")
SHADOWFIST_RESOURCES: dict[str, str] = {
    "f": "Architects of the Flesh",
    "a": "Ascended",
    "d": "Dragons",
    "e": "Eaters of the Lotus",
    "m": "Four Monarchs",
    "g": "Guiding Hand",
    "j": "Jammers",
    "p": "Purists",
    "s": "Seven Masters",
    "y": "Syndicate",
    "C": "Chi",
    "H": "High Tech",
    "M": "Magic",
}
SHADOWFIST_FACTIONS = (*SHADOWFIST_RESOURCES.values(), "Unaligned")
# Words that are never designators (rules summary, "Designators"), plus articles,
# prepositions and conjunctions.
SHADOWFIST_NON_DESIGNATORS = frozenset(
    [
        "edge",
        "state",
        "site",
        "event",
        "feng",
        "shui",
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
RAISE_SYMBOLS = ("diamond", "gear", "cloud", "hourglass", "bell")

# Chocobo Party Up!
CHOCOBO_TYPES = ("Friend Card",)
