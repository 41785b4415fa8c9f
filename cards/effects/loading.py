"""Loading an effects file into the catalogue: every entry checked before anything is
written, every mistake reported with its line, nothing loaded when one is wrong (unless
``partial``), and the load kept as one change of the game's effects (history.py).

The file's form and each entry's effect are the engine's to check (``effect_file``,
``entries``); matching an entry's title to a card is the catalogue's: the same name rules
as a deck list (``cards.titles``), with suggestions for a title not found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.models import User

from cards.effects.history import EFFECT_GAMES, Effect, write_effects
from cards.models import Card, EffectChange, Game
from cards.titles import TitleSuggester, loose_key, title_key
from play.engine.games.shadowfist.effects.effect_file import (
    Entry,
    FileProblem,
    entry_problems,
    read_effect_file,
)

#: The largest effects file read (about 40 times the full Shadowfist list's entries).
MAX_EFFECT_FILE_BYTES = 2_000_000
#: The most entries in one file, and the longest note.
MAX_ENTRIES = 10_000
MAX_NOTE = 2_000
SUGGESTIONS = 3


@dataclass
class Checked:
    """An effects file checked against a game's catalogue: the entries that are right,
    with their cards, and every problem found."""

    good: list[tuple[Card, Effect, Entry]] = field(default_factory=list)
    problems: list[FileProblem] = field(default_factory=list)
    #: Problems of the file as a whole (not TOML, another game): nothing can be loaded.
    fatal: bool = False


@dataclass
class Loaded:
    """What a load did: whether the good entries were loaded, the change written (None
    when nothing was: an error, or every effect already as in the file), the titles of
    the cards whose effect changed, and the check's findings."""

    checked: Checked
    loaded: bool = False
    change: EffectChange | None = None
    written: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> int:
        return len(self.checked.good) - len(self.written) if self.loaded else 0

    @property
    def left_out(self) -> int:
        """The entries with a problem (an entry may have several)."""
        return len({p.title for p in self.checked.problems if p.title})


def check_effect_file(game: Game, text: str) -> Checked:
    """Check every entry of an effects file against ``game``'s catalogue."""
    checked = Checked()
    if game.slug not in EFFECT_GAMES:
        checked.problems.append(FileProblem(0, "", f"{game.name} has no effects files"))
        checked.fatal = True
        return checked
    if len(text.encode("utf-8", "surrogatepass")) > MAX_EFFECT_FILE_BYTES:
        checked.problems.append(
            FileProblem(0, "", f"the file is larger than {MAX_EFFECT_FILE_BYTES:,} bytes")
        )
        checked.fatal = True
        return checked
    entries, problems = read_effect_file(text)
    checked.problems += problems
    if problems and not entries:
        checked.fatal = True
        return checked
    if len(entries) > MAX_ENTRIES:
        checked.problems.append(FileProblem(0, "", f"more than {MAX_ENTRIES:,} entries"))
        checked.fatal = True
        return checked
    titles = _Titles(Card.objects.filter(game=game).select_related("game"))
    seen: dict[int, Entry] = {}
    for entry in entries:
        card, problem = titles.find(entry)
        if card is None:
            checked.problems.append(problem)
            continue
        if card.pk in seen:
            first = seen[card.pk]
            checked.problems.append(
                FileProblem(
                    entry.line,
                    entry.title,
                    f"{card.name!r} has an entry already, at line {first.line}",
                )
            )
            continue
        seen[card.pk] = entry
        wrong = entry_problems(entry, card.type) + _note_problems(entry)
        if wrong:
            checked.problems += wrong
        else:
            checked.good.append((card, Effect(entry.key, entry.params, entry.note), entry))
    checked.problems.sort(key=lambda problem: problem.line)
    return checked


def load_effect_file(
    game: Game,
    text: str,
    *,
    source: str,
    author: User | None = None,
    partial: bool = False,
) -> Loaded:
    """Check the file, then write its effects in one change when nothing is wrong (or,
    with ``partial``, the entries that are right when the file itself could be read)."""
    checked = check_effect_file(game, text)
    if checked.fatal or (checked.problems and not partial):
        return Loaded(checked)
    written = [card.name for card, effect, _ in checked.good if Effect.of(card) != effect]
    edits = [(card, effect) for card, effect, _ in checked.good]
    change = write_effects(game, edits, author=author, source=source)
    return Loaded(checked, loaded=True, change=change, written=written)


def _note_problems(entry: Entry) -> list[FileProblem]:
    if len(entry.note) > MAX_NOTE:
        return [
            FileProblem(
                entry.line_of("note"),
                entry.title,
                f"the note is {len(entry.note):,} characters; at most {MAX_NOTE:,}",
            )
        ]
    if "\x00" in entry.note:
        return [FileProblem(entry.line_of("note"), entry.title, "the note holds a NUL character")]
    return []


class _Titles:
    """A game's cards by title, as a deck list matches them: the same name in any case,
    quotes and spacing, else the same letters and digits when only one card has them."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.by_title: dict[str, list[Card]] = {}
        self.by_loose: dict[str, list[Card]] = {}
        for card in cards:
            self.by_title.setdefault(title_key(card.name), []).append(card)
            self.by_loose.setdefault(loose_key(card.name), []).append(card)
        self.suggester = TitleSuggester(self.by_title)

    def find(self, entry: Entry) -> tuple[Card | None, FileProblem]:
        found = self.by_title.get(title_key(entry.title)) or self.by_loose.get(
            loose_key(entry.title), []
        )
        if len(found) == 1:
            return found[0], FileProblem(0, "", "")
        if found:
            several = ", ".join(sorted(f"{c.name!r} ({c.subtitle or c.type})" for c in found))
            return None, FileProblem(entry.line, entry.title, f"names several cards: {several}")
        close = self.suggester.suggest(title_key(entry.title)[:200], SUGGESTIONS)
        names = [card.name for key in close for card in self.by_title[key]]
        hint = "did you mean " + " or ".join(repr(n) for n in names) + "?" if names else ""
        return None, FileProblem(entry.line, entry.title, "no card has this title", hint)
