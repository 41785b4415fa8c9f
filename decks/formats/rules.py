"""The rule vocabulary that every deck format is declared in.

A rule is a small frozen dataclass with `check(lines) -> list[Violation]`; it reports every
breach it finds, never only the first. Predicates over a card (`HasFlag`, `TypeIs`, ...)
are data too, so a format reads as a declaration and can describe itself.

Counting: a card listed on several lines counts once with the total, reported at its first
line. Copy limits count *titles*, so reprints spelled differently in the catalogue
(`SWAT Team` / `Swat Team`) share one limit. Lines with a count below 1 are ignored.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cards.titles import loose_key, title_key
from cards.vocabulary import GAMES, SHADOWFIST_RULE_NON_DESIGNATORS
from decks.cardfacts import CardFacts

# DeckLine(card, count, line=None) is the app's one deck-line class; decks.formats
# re-exports it.
from decks.lines import DeckLine as DeckLine


@dataclass(frozen=True)
class Violation:
    """One breach of a rule, explained: what, which cards, where, and how to fix it."""

    code: str
    message: str
    cards: list[str]
    line: int | None
    hint: str
    format: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "cards": list(self.cards),
            "line": self.line,
            "hint": self.hint,
            "format": self.format,
        }


@dataclass(frozen=True, slots=True)
class Noun:
    """What the pieces of a deck are called: ChiZo has tiles, Shadowfist has cards."""

    one: str
    many: str

    def count(self, n: int) -> str:
        """`n` with the noun: '1 tile', '4 tiles'."""
        return f"{n} {self.one if n == 1 else self.many}"


TILE = Noun("tile", "tiles")
CARD = Noun("card", "cards")
NOUNS: dict[str, Noun] = {"chizo": TILE}


def noun_for(game: str) -> Noun:
    return NOUNS.get(game, CARD)


def game_name(game: str) -> str:
    return GAMES.get(game, game)


# --- counting ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tally:
    """The total of one card (or one title) over all the lines that list it."""

    card: CardFacts
    count: int
    line: int | None
    names: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The name as listed, with any other spellings of the same title."""
        return " / ".join(self.names) if self.names else self.card.name

    @property
    def all_names(self) -> list[str]:
        return list(self.names) if self.names else [self.card.name]


def _tally(lines: Iterable[DeckLine], key: Callable[[CardFacts], object]) -> list[Tally]:
    """Totals per key in order of first appearance; the first card and line stand for all."""
    totals: dict[object, Tally] = {}
    for entry in lines:
        if entry.count < 1:
            continue
        k = key(entry.card)
        seen = totals.get(k)
        if seen is None:
            totals[k] = Tally(entry.card, entry.count, entry.line, (entry.card.name,))
            continue
        names = seen.names
        if entry.card.name not in names:
            names = (*names, entry.card.name)
        line = _first(seen.line, entry.line)
        totals[k] = Tally(seen.card, seen.count + entry.count, line, names)
    return list(totals.values())


def _first(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


def tally_cards(lines: Iterable[DeckLine]) -> list[Tally]:
    """Totals per catalogue card."""
    return _tally(lines, lambda card: (card.game, card.id))


def tally_titles(lines: Iterable[DeckLine]) -> list[Tally]:
    """Totals per title: case, accents, spaces and punctuation do not make a new title."""
    return _tally(lines, lambda card: (card.game, loose_key(card.name) or title_key(card.name)))


def total_count(lines: Iterable[DeckLine]) -> int:
    return sum(entry.count for entry in lines if entry.count > 0)


def _at_line(line: int | None) -> str:
    return "" if line is None else f" (line {line})"


def _by_line(violations: list[Violation]) -> list[Violation]:
    """Report in list order; cards without a line (added by id) go last, by name."""
    return sorted(violations, key=lambda v: (v.line is None, v.line or 0, v.cards))


# --- predicates over a card --------------------------------------------------------------


class CardPredicate(Protocol):
    def __call__(self, card: CardFacts) -> bool: ...

    def describe(self) -> str:
        """A plural noun phrase: 'basic creatures', 'cards of type Other'."""
        ...


@dataclass(frozen=True, slots=True)
class HasFlag:
    """Cards whose boolean fact `flag` is set (`is_basic`, `is_no_max`, ...)."""

    flag: str
    label: str

    def __call__(self, card: CardFacts) -> bool:
        return bool(getattr(card, self.flag, False))

    def describe(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class TypeIs:
    type: str

    def __call__(self, card: CardFacts) -> bool:
        return card.type == self.type

    def describe(self) -> str:
        return f"cards of type {self.type}"


@dataclass(frozen=True, slots=True)
class NameHasWord:
    """Cards whose title or subtitle has `word` (any case, also as a plural)."""

    word: str
    label: str

    def __call__(self, card: CardFacts) -> bool:
        pattern = _word_pattern(self.word)
        return bool(pattern.search(card.name) or pattern.search(card.subtitle))

    def describe(self) -> str:
        return self.label


@functools.cache
def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(word)}s?\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TitleIs:
    title: str

    def __call__(self, card: CardFacts) -> bool:
        return title_key(card.name) == title_key(self.title)

    def describe(self) -> str:
        return self.title


@dataclass(frozen=True, slots=True)
class AnyOf:
    """Cards that any of `predicates` holds for; `reason` names the one that does."""

    predicates: tuple[CardPredicate, ...]

    def __call__(self, card: CardFacts) -> bool:
        return any(p(card) for p in self.predicates)

    def describe(self) -> str:
        return _join_or([p.describe() for p in self.predicates])

    def reason(self, card: CardFacts) -> str:
        """Why `card` matches, as a plural noun phrase; '' when it is named outright."""
        match = next((p for p in self.predicates if p(card)), None)
        return "" if match is None or isinstance(match, TitleIs) else match.describe()


def _join_or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# --- rules --------------------------------------------------------------------------------


class Rule(Protocol):
    def check(self, lines: Sequence[DeckLine]) -> list[Violation]: ...

    def describe(self) -> str: ...


@dataclass(frozen=True, slots=True)
class SizeBounds:
    """At least `min` and at most `max` pieces in the deck (either may be None)."""

    min: int | None = None
    max: int | None = None
    noun: Noun = CARD

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        total = total_count(lines)
        if self.min is not None and total < self.min:
            return [self._too_few(total, self.min)]
        if self.max is not None and total > self.max:
            return [self._too_many(total, self.max)]
        return []

    def _too_few(self, total: int, bound: int) -> Violation:
        return Violation(
            code="too_few_cards",
            message=f"Deck has {self.noun.count(total)}; at least {bound} are required",
            cards=[],
            line=None,
            hint=f"add {self.noun.count(bound - total)} to reach {bound}",
        )

    def _too_many(self, total: int, bound: int) -> Violation:
        return Violation(
            code="too_many_cards",
            message=f"Deck has {self.noun.count(total)}; at most {bound} are allowed",
            cards=[],
            line=None,
            hint=f"remove {self.noun.count(total - bound)} to get down to {bound}",
        )

    def describe(self) -> str:
        if self.min is not None and self.max is not None:
            return f"{self.min} to {self.max} {self.noun.many}"
        if self.min is not None:
            return f"at least {self.noun.count(self.min)}"
        if self.max is not None:
            return f"at most {self.noun.count(self.max)}"
        return f"any number of {self.noun.many}"


@dataclass(frozen=True, slots=True)
class MaxCopies:
    """At most `limit` copies of a title, except titles `exempt` holds for."""

    limit: int
    exempt: CardPredicate | None = None
    noun: Noun = CARD

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        found = [
            self._violation(t)
            for t in tally_titles(lines)
            if t.count > self.limit and not (self.exempt and self.exempt(t.card))
        ]
        return _by_line(found)

    def _violation(self, tally: Tally) -> Violation:
        allowed = "at most 1 is allowed" if self.limit == 1 else f"at most {self.limit} are allowed"
        return Violation(
            code="too_many_copies",
            message=f"Deck has {tally.count} copies of {tally.name}; {allowed}"
            + _at_line(tally.line),
            cards=tally.all_names,
            line=tally.line,
            hint=f"remove {tally.count - self.limit} {tally.name}",
        )

    def describe(self) -> str:
        copies = "1 copy" if self.limit == 1 else f"{self.limit} copies"
        text = f"at most {copies} of any {self.noun.one}"
        return f"{text} except {self.exempt.describe()}" if self.exempt else text


@dataclass(frozen=True, slots=True)
class Singleton:
    """One copy of each title, with no exceptions."""

    noun: Noun = CARD

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        return MaxCopies(1, None, self.noun).check(lines)

    def describe(self) -> str:
        return f"one copy of each {self.noun.one}, no exceptions"


# Words the Shadowfist rules say are never designators (compared case-insensitively).
NOT_DESIGNATORS = SHADOWFIST_RULE_NON_DESIGNATORS


@dataclass(frozen=True, slots=True)
class MinSharing:
    """At least `minimum` pieces sharing one value of `attribute`, not counting `excluded`.

    `attribute` names a CardFacts field: a tuple (designators: a card shares each of its
    values) or a string (faction, creature_class). Values compare case-insensitively.
    """

    minimum: int
    attribute: str = "designators"
    label: str = "designator"
    excluded: frozenset[str] = field(default_factory=frozenset)
    noun: Noun = CARD

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        shares = self.shares(lines)
        best, count = max(shares.items(), key=lambda kv: kv[1], default=("", 0))
        if count >= self.minimum:
            return []
        return [self._violation(best, count, lines)]

    def shares(self, lines: Sequence[DeckLine]) -> dict[str, int]:
        """How many pieces carry each value, keyed by its first spelling, largest first."""
        spelled: dict[str, str] = {}
        counts: dict[str, int] = {}
        excluded = {word.casefold() for word in self.excluded}
        for tally in tally_cards(lines):
            for value in self._values(tally.card):
                key = value.casefold()
                if key in excluded:
                    continue
                spelled.setdefault(key, value)
                counts[key] = counts.get(key, 0) + tally.count
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return {spelled[key]: n for key, n in ranked}

    def _values(self, card: CardFacts) -> set[str]:
        raw = getattr(card, self.attribute, ())
        values = [raw] if isinstance(raw, str) else list(raw or ())
        return {v for v in values if isinstance(v, str) and v.strip()}

    def _violation(self, best: str, count: int, lines: Sequence[DeckLine]) -> Violation:
        if count == 0:
            message = f"no {self.noun.many} share a {self.label}; at least {self.minimum} must"
            hint = f"build around one {self.label}: {self.minimum} {self.noun.many} sharing it"
            cards: list[str] = []
        else:
            verb = "shares" if count == 1 else "share"
            message = (
                f"only {self.noun.count(count)} {verb} a {self.label} ({best}); "
                f"at least {self.minimum} must"
            )
            hint = f"add {self.noun.count(self.minimum - count)} with the {self.label} {best}"
            cards = [t.name for t in tally_cards(lines) if best.casefold() in self._keys(t.card)]
        return Violation("not_enough_sharing", message, cards, None, hint)

    def _keys(self, card: CardFacts) -> set[str]:
        return {v.casefold() for v in self._values(card)}

    def describe(self) -> str:
        return f"at least {self.noun.count(self.minimum)} sharing one {self.label}"


@dataclass(frozen=True, slots=True)
class NeverLegal:
    """Cards that no deck of the format may hold, whatever their count."""

    banned: AnyOf
    noun: Noun = CARD

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        return _by_line([self._violation(t) for t in tally_cards(lines) if self.banned(t.card)])

    def _violation(self, tally: Tally) -> Violation:
        reason = self.banned.reason(tally.card)
        because = f", as {reason} never are" if reason else ""
        return Violation(
            code="card_not_legal",
            message=f"{tally.name} is never legal{because}{_at_line(tally.line)}",
            cards=[tally.name],
            line=tally.line,
            hint=f"remove {tally.count} {tally.name}",
        )

    def describe(self) -> str:
        return f"never legal: {self.banned.describe()}"


@dataclass(frozen=True, slots=True)
class SameGame:
    """Every card belongs to `game`. Formats apply it before, and apart from, their rules."""

    game: str

    def check(self, lines: Sequence[DeckLine]) -> list[Violation]:
        return _by_line([self._violation(t) for t in tally_cards(self.foreign(lines))])

    def foreign(self, lines: Sequence[DeckLine]) -> list[DeckLine]:
        return [entry for entry in lines if entry.card.game != self.game]

    def _violation(self, tally: Tally) -> Violation:
        theirs = f"{game_name(tally.card.game)} {noun_for(tally.card.game).one}"
        ours = f"{game_name(self.game)} {noun_for(self.game).one}"
        return Violation(
            code="wrong_game",
            message=f"{tally.name} is a {theirs}, not a {ours}{_at_line(tally.line)}",
            cards=[tally.name],
            line=tally.line,
            hint=f"remove {tally.count} {tally.name}",
        )

    def describe(self) -> str:
        return f"only {game_name(self.game)} {noun_for(self.game).many}"
