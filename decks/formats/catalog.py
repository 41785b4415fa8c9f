"""The deck formats, declared as data over the rule vocabulary (decks/formats/rules.py).

Readings (docs/decks.md):
- ChiZo Stack ("Game Material"): 30 to 60 tiles, at most 3 of any tile, basic creatures
  unlimited.
- Shadowfist Final Brawl and Who's the Big Man Now? have the same deck rules (they differ
  in the table: multiplayer or duel): at most 5 copies of a title except No Max cards, no
  minimum size (one can be set per format), and cards that are never legal.
- One Hundred Names: one copy of each title, No Max cards included.
- Comrades in Arms: the Final Brawl rules plus at least 23 cards sharing one designator.
"""

from __future__ import annotations

from decks.formats.format import Format
from decks.formats.rules import (
    NOT_DESIGNATORS,
    AnyOf,
    HasFlag,
    MaxCopies,
    MinSharing,
    NameHasWord,
    NeverLegal,
    Singleton,
    TitleIs,
    TypeIs,
    noun_for,
)

TILES = noun_for("chizo")
CARDS = noun_for("shadowfist")

# Cards no Shadowfist format allows: the one card of type Other (a promo), tokens, and the
# promo "Burned for Victory", a marker for the pile rather than a card to play.
SHADOWFIST_NEVER_LEGAL = NeverLegal(
    AnyOf((TypeIs("Other"), NameHasWord("Token", "tokens"), TitleIs("Burned for Victory"))),
    CARDS,
)
FIVE_EXCEPT_NO_MAX = MaxCopies(5, HasFlag("is_no_max", "No Max cards"), CARDS)

STACK = Format(
    slug="stack",
    name="Stack",
    game="chizo",
    rules=(MaxCopies(3, HasFlag("is_basic", "basic creatures"), TILES),),
    min_size=30,
    max_size=60,
    players="2-4",
    description="The ChiZo RISING stack: 30 to 60 tiles, at most 3 of any tile except "
    "basic creatures.",
)
FINAL_BRAWL = Format(
    slug="final-brawl",
    name="Final Brawl",
    game="shadowfist",
    rules=(FIVE_EXCEPT_NO_MAX, SHADOWFIST_NEVER_LEGAL),
    min_size=None,
    players="multiplayer",
    description="Shadowfist multiplayer: at most 5 copies of a title except No Max cards.",
)
BIG_MAN = Format(
    slug="big-man",
    name="Who's the Big Man Now?",
    game="shadowfist",
    rules=(FIVE_EXCEPT_NO_MAX, SHADOWFIST_NEVER_LEGAL),
    min_size=None,
    players="duel",
    description="Shadowfist duel: the Final Brawl deck rules at a table of two.",
)
HUNDRED_NAMES = Format(
    slug="hundred-names",
    name="One Hundred Names",
    game="shadowfist",
    rules=(Singleton(CARDS), SHADOWFIST_NEVER_LEGAL),
    min_size=None,
    players="multiplayer",
    description="Shadowfist singleton: one copy of each title, No Max cards included.",
)
COMRADES_IN_ARMS = Format(
    slug="comrades-in-arms",
    name="Comrades in Arms",
    game="shadowfist",
    rules=(
        FIVE_EXCEPT_NO_MAX,
        SHADOWFIST_NEVER_LEGAL,
        MinSharing(23, "designators", "designator", NOT_DESIGNATORS, CARDS),
    ),
    min_size=None,
    players="multiplayer",
    description="The Final Brawl rules, and at least 23 cards sharing one designator.",
)

FORMATS: dict[str, Format] = {
    f.slug: f for f in (STACK, FINAL_BRAWL, BIG_MAN, HUNDRED_NAMES, COMRADES_IN_ARMS)
}
DEFAULT_FORMATS: dict[str, str] = {"chizo": "stack", "shadowfist": "final-brawl"}


def formats_for_game(game: str) -> list[Format]:
    """The formats of `game` in declaration order ([] for games without decks)."""
    return [f for f in FORMATS.values() if f.game == game]


def default_format(game: str) -> Format:
    """The game's standard format; ValueError for a game that has no decks."""
    slug = DEFAULT_FORMATS.get(game)
    if slug is None:
        raise ValueError(f"{game!r} has no deck formats; decks exist for chizo and shadowfist")
    return FORMATS[slug]
