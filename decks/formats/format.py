"""A deck format: a game, size bounds and a tuple of rules from the vocabulary.

Size bounds are fields rather than a declared rule so that a format can be instantiated
with a minimum of its own (`Format(..., min_size=50)` or `fmt.with_min_size(50)`): the
Shadowfist rules set no minimum, and a league or a playgroup may want one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from decks.formats.rules import DeckLine, Noun, Rule, SameGame, SizeBounds, Violation, noun_for


@dataclass(frozen=True)
class Format:
    slug: str
    name: str
    game: str
    rules: tuple[Rule, ...] = ()
    min_size: int | None = None
    max_size: int | None = None
    players: str = ""
    description: str = ""

    @property
    def noun(self) -> Noun:
        return noun_for(self.game)

    def all_rules(self) -> tuple[Rule, ...]:
        """The declared rules, after the size bounds when there are any."""
        if self.min_size is None and self.max_size is None:
            return self.rules
        return (SizeBounds(self.min_size, self.max_size, self.noun), *self.rules)

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        """Every violation of this format by `lines`, each tagged with the format's slug.

        A card of another game is reported once and left out of the other rules: the fix
        is to remove it, and counting it would muddle the size and copy figures.
        """
        same_game = SameGame(self.game)
        found = same_game.check(lines)
        own = [entry for entry in lines if entry.card.game == self.game]
        for rule in self.all_rules():
            found += rule.check(own)
        return [dataclasses.replace(v, format=self.slug) for v in found]

    def with_min_size(self, min_size: int | None) -> Format:
        """This format with another minimum size (None: no minimum)."""
        return dataclasses.replace(self, min_size=min_size)

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "name": self.name,
            "game": self.game,
            "players": self.players,
            "min_size": self.min_size,
            "max_size": self.max_size,
            "rules": [rule.describe() for rule in self.all_rules()],
            "description": self.description,
        }
