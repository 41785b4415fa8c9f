"""The effects file: Shadowfist card effects as data, one TOML table per card title.

::

    game = "shadowfist"
    format = 1

    [cards."Cinnabar Gate"]
    effect_key = "damage_target"
    trigger = "turn"
    timing = "any"
    target = "attacking_character"
    amount = 1
    at_location = true
    note = "Turn (at any time): 1 damage to an attacker here."

An entry holds the card's ``effect_key``, the key's parameters (``abilities`` and
``toast_it`` among them) and a free ``note`` for its author. This module reads a file
into entries, with the line of each entry and of each of its fields, and checks each
entry against the vocabulary (:mod:`.entries`); matching titles to cards is the
catalogue's part. Files are written by the catalogue too, in :data:`FIELD_ORDER`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .entries import KEY_FIELD, effect_problems

GAME: Final = "shadowfist"
FORMAT: Final = 1
NOTE_FIELD: Final = "note"
#: The top-level fields of a file.
TOP_FIELDS: Final = ("game", "format", "cards")
_LINE_IN_MESSAGE: Final = re.compile(r"\(at line (\d+)")
_BARE_KEY: Final = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")


@dataclass(frozen=True, slots=True)
class Entry:
    """One card's entry as written: its title, key, parameters and note, and where it is
    (the line of its header and of each field; 0 when not known)."""

    title: str
    key: Any
    params: dict[str, Any]
    note: str = ""
    line: int = 0
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, name: str) -> int:
        return self.lines.get(name, self.line) if name else self.line


@dataclass(frozen=True, slots=True)
class FileProblem:
    """One mistake in a file: its line (0 when it has none), the entry's title ("" for
    the file as a whole), what is wrong and advice."""

    line: int
    title: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        entry = f"{self.title!r}: " if self.title else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}{entry}{self.message}{hint}"


def read_effect_file(text: str) -> tuple[list[Entry], list[FileProblem]]:
    """The entries of an effects file, in file order, and the problems of its form (not
    TOML, another game or format, an entry that is not a table). The entries' effects
    are not checked here: :func:`entry_problems` does that."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _LINE_IN_MESSAGE.search(str(error))
        message = str(error).split(" (at line")[0]
        return [], [FileProblem(int(found.group(1)) if found else 0, "", f"not TOML: {message}")]
    except RecursionError:
        return [], [FileProblem(0, "", "not TOML this project reads: nested too deeply")]
    problems = _top_problems(data)
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        return [], [*problems, FileProblem(0, "", "cards must be a table of card titles")]
    places = _places(text)
    entries = []
    for title, body in cards.items():
        line, lines = places.get(title, (0, {}))
        if not isinstance(body, dict):
            problems.append(FileProblem(line, title, "an entry is a table of fields"))
            continue
        note = body.get(NOTE_FIELD, "")
        if not isinstance(note, str):
            problems.append(FileProblem(lines.get(NOTE_FIELD, line), title, "note is text"))
            continue
        params = {k: v for k, v in body.items() if k not in (KEY_FIELD, NOTE_FIELD)}
        entries.append(Entry(title, body.get(KEY_FIELD), params, note, line, lines))
    return entries, problems


def entry_problems(entry: Entry, card_type: str = "") -> list[FileProblem]:
    """What is wrong with an entry's effect (on a card of ``card_type``), each at the
    line of the field it is about."""
    return [
        FileProblem(entry.line_of(problem.param), entry.title, problem.message, problem.hint)
        for problem in effect_problems(entry.key, entry.params, card_type)
    ]


def entry_fields(key: str | None, params: Mapping[str, Any], note: str = "") -> dict[str, Any]:
    """An entry's fields in the order a file is written in (the key, the parameters in
    the vocabulary's order, the note last)."""
    from .vocabulary import FIELD_ORDER  # the vocabulary's words are not needed to read

    fields: dict[str, Any] = {KEY_FIELD: key}
    rank = {name: index for index, name in enumerate(FIELD_ORDER)}
    for name in sorted(params, key=lambda n: (rank.get(n, len(rank)), n)):
        fields[name] = params[name]
    if note:
        fields[NOTE_FIELD] = note
    return fields


def _top_problems(data: Mapping[str, Any]) -> list[FileProblem]:
    problems = []
    game = data.get("game", GAME)
    if game != GAME:
        problems.append(FileProblem(0, "", f"this is an effects file for {game!r}, not {GAME!r}"))
    if data.get("format", FORMAT) != FORMAT:
        problems.append(FileProblem(0, "", f"format {data['format']!r} is not {FORMAT}"))
    for name in sorted(set(data) - set(TOP_FIELDS)):
        problems.append(
            FileProblem(0, "", f"unknown field {name!r}", 'cards go under [cards."Title"]')
        )
    return problems


def _places(text: str) -> dict[str, tuple[int, dict[str, int]]]:
    """Each entry's line and its fields' lines, read line by line (the TOML reader does
    not say where a value was). Entries written as ``[cards."Title"]`` tables or as
    inline tables under ``[cards]`` are found; anything else has no line."""
    places: dict[str, tuple[int, dict[str, int]]] = {}
    current: dict[str, int] | None = None
    in_cards = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            current, in_cards = None, False
            parsed = _one_line(line)
            cards = parsed.get("cards") if parsed else None
            if cards == {}:
                in_cards = True
            elif isinstance(cards, dict) and len(cards) == 1:
                title, body = next(iter(cards.items()))
                if body == {} and title not in places:
                    current = {}
                    places[title] = (number, current)
        elif current is not None:
            name = _field_name(line)
            if name:
                current.setdefault(name, number)
        elif in_cards:
            parsed = _one_line(line)
            if parsed and len(parsed) == 1:
                places.setdefault(next(iter(parsed)), (number, {}))
    return places


def _field_name(line: str) -> str:
    bare = _BARE_KEY.match(line)
    if bare:
        return bare.group(1)
    parsed = _one_line(line)
    return next(iter(parsed)) if parsed and len(parsed) == 1 else ""


def _one_line(line: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(line)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
