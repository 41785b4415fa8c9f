"""Deck lists as players write them: parse, resolve names against the catalogue, export.

Three steps, each pure and total (no step raises on any input):

1. `parse_deck_text(text)` reads lines into `ListLine`s (count, name, edition hint,
   section) and `LineError`s, with no knowledge of the catalogue.
2. `resolve(parsed, NameIndex(cards))` turns names into `CardFacts`, merges a card listed
   on several lines into one `DeckLine` (counts summed, first line kept), and reports
   unknown or ambiguous names with suggestions (`all_errors` adds the parse errors).
3. `export_text` / `export_json` / `export_csv` (decks/listexport.py) write a deck back
   out; the text form is re-importable unchanged.

The accepted syntax is described in docs/decks.md.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.titles import TitleSuggester, clean_text, loose_key, title_key
from cards.vocabulary import CHIZO_TYPES, SHADOWFIST_TYPES
from decks.cardfacts import CardFacts
from decks.formats.rules import DeckLine, Violation
from web.csvcells import unescape_cell

MAX_LINES = 500
MAX_BYTES = 100 * 1024
# The longest list a request or a form may send, checked before the parser reads it; a
# list within it can still pass MAX_BYTES (multi-byte names) and gets the parser's message.
MAX_LIST_CHARS = 100_000
MIN_COUNT = 1
MAX_COUNT = 99
MAX_NAME = 100
MAX_LINE = MAX_NAME + 60  # room for a count, an edition hint and spacing around a name
MAX_SUGGESTIONS = 3

# Section headers on export, and words that are a header on their own when imported.
SECTION_TITLES: dict[str, str] = {
    "Creature": "Creatures",
    "Action": "Actions",
    "Reaction": "Reactions",
    "Action/Reaction": "Actions/Reactions",
    "Item": "Items",
    "Obstacle": "Obstacles",
    "Modifier": "Modifiers",
    "Character": "Characters",
    "Feng Shui Site": "Feng Shui Sites",
    "Site": "Sites",
    "Event": "Events",
    "State": "States",
    "Edge": "Edges",
    "Other": "Other",
}
TYPE_ORDER: dict[str, tuple[str, ...]] = {"chizo": CHIZO_TYPES, "shadowfist": SHADOWFIST_TYPES}
# The columns of export_csv; a list whose first line is this header is read as CSV.
CSV_COLUMNS = ("count", "name", "type", "id")
_SECTION_WORDS = frozenset(
    word.casefold()
    for pair in SECTION_TITLES.items()
    for word in (*pair, "Basic Creatures", "Tiles", "Cards", "Deck", "Stack")
)


# --- values ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListLine:
    """One card line of a list. `literal` is the whole line read as a name with count 1,
    kept when the line began with a bare number ('18 Bronze Men' is a card's title)."""

    line: int
    count: int
    name: str
    edition: str | None = None
    section: str | None = None
    literal: str = ""


@dataclass(frozen=True)
class LineError:
    """A problem with one line (line 0: the list as a whole), with what to do about it."""

    line: int
    code: str
    message: str
    suggestions: list[str] = field(default_factory=list)
    hint: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "code": self.code,
            "message": self.message,
            "suggestions": list(self.suggestions),
            "hint": self.hint,
        }

    def to_violation(self) -> Violation:
        """The same error in the validation report's shape: suggestions go in `cards`."""
        return Violation(
            code=self.code,
            message=self.message,
            cards=list(self.suggestions),
            line=self.line or None,
            hint=self.hint,
        )


@dataclass(frozen=True)
class ParsedList:
    lines: list[ListLine]
    errors: list[LineError]

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class ResolvedList:
    """The deck lines that matched, and the name errors (unknown, ambiguous) found while
    matching. Parse errors stay in `ParsedList.errors`; `all_errors` joins the two."""

    lines: list[DeckLine]
    errors: list[LineError]

    @property
    def ok(self) -> bool:
        return not self.errors


# --- parsing ----------------------------------------------------------------------------------

_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
_MARKDOWN_HEADER = re.compile(r"^#{2,}\s*(.*)$")
_HEADER_COUNT = re.compile(r"\s*(?::\s*)?\(\s*[0-9]+\s*\)\s*:?$")
_COLON_HEADER = re.compile(r"^([^0-9][^:]*?)\s*:\s*([0-9]+)?$")
_PAREN_HEADER = re.compile(r"^([^0-9].*?)\s*\(\s*[0-9]+\s*\)\s*:?$")
_EDITION = re.compile(r"^(.*\S)\s*(?:\(([^()\[\]]*)\)|\[([^\[\]]*)\])$")
_LEADING_COUNT = re.compile(r"^([+-]?[0-9]+)\s*(?:[x\u00d7]\s+|\s+)(.*)$", re.IGNORECASE)
_TRAILING_COUNT = re.compile(
    r"^(?P<name>.*?\S)\s*(?:\s[x\u00d7]\s*(?P<a>[+-]?[0-9]+)|\s(?P<b>[+-]?[0-9]+)\s*[x\u00d7]"
    r"|\(\s*[x\u00d7]\s*(?P<c>[+-]?[0-9]+)\s*\)|\(\s*(?P<d>[+-]?[0-9]+)\s*[x\u00d7]\s*\))$",
    re.IGNORECASE,
)
_COUNT_ONLY = re.compile(r"^[+-]?[0-9]+\s*[x\u00d7]?$", re.IGNORECASE)
_CSV_COUNT = re.compile(r"^[+-]?[0-9]+$")


def parse_deck_text(text: str) -> ParsedList:
    """Read a list as players write it; see the module docstring and docs/decks.md."""
    bound = _whole_list_bound(text)
    if bound is not None:
        return ParsedList([], [bound])
    if _is_csv_export(text):
        return _parse_csv(text)
    lines: list[ListLine] = []
    errors: list[LineError] = []
    section: str | None = None
    for number, raw in enumerate(_split_lines(text), start=1):
        body = _strip_comments(clean_text(raw))
        if not body:
            continue
        if len(body) > MAX_LINE:
            errors.append(_line_too_long(number, len(body)))
            continue
        header = _header(body)
        if header is not None:
            section = header or section
            continue
        parsed = _card_line(number, body, section)
        if isinstance(parsed, LineError):
            errors.append(parsed)
        else:
            lines.append(parsed)
    return ParsedList(lines, errors)


def _is_csv_export(text: str) -> bool:
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return tuple(cell.strip().casefold() for cell in first.split(",")) == CSV_COLUMNS


def _parse_csv(text: str) -> ParsedList:
    """A list as export_csv writes it: the count and the name of each row (ids belong to
    the install that wrote it, types follow from the name)."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    next(reader)
    lines: list[ListLine] = []
    errors: list[LineError] = []
    for row in reader:
        number = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        count = row[0].strip()
        name = clean_text(unescape_cell(row[1])) if len(row) > 1 else ""
        if not _CSV_COUNT.match(count):
            parsed: ListLine | LineError = _count_error(
                number, f"line {number}: count must be {MIN_COUNT} to {MAX_COUNT}"
            )
        else:
            parsed = _checked(number, _int(count), name, None, None, "")
        if isinstance(parsed, LineError):
            errors.append(parsed)
        else:
            lines.append(parsed)
    return ParsedList(lines, errors)


def _split_lines(text: str) -> list[str]:
    """Lines split on \\n, \\r\\n or \\r only, so numbers match what an editor shows."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _whole_list_bound(text: str) -> LineError | None:
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) <= MAX_BYTES else len(text)
    if size > MAX_BYTES:
        return LineError(
            0,
            "too_large",
            f"the list is {size:,} bytes; at most {MAX_BYTES:,} (100 KB) are allowed",
            hint="split the list or remove comments",
        )
    count = len(_split_lines(text))
    if count > MAX_LINES:
        return LineError(
            0,
            "too_many_lines",
            f"the list has {count} lines; at most {MAX_LINES} are allowed",
            hint=f"write at most {MAX_LINES} lines, one per card",
        )
    return None


def _strip_comments(line: str) -> str:
    if line.startswith("//") or (line.startswith("#") and not line.startswith("##")):
        return ""
    return _TRAILING_COMMENT.sub("", line).strip()


def _header(line: str) -> str | None:
    """The section title if `line` is a header ('' for a bare '##'), else None."""
    markdown = _MARKDOWN_HEADER.match(line)
    if markdown:
        return _section_title(markdown.group(1))
    colon = _COLON_HEADER.match(line)
    # 'Evacuation: 2066' is a card: a number after the colon makes a header only for
    # section words ('Creatures: 12').
    if colon and (colon.group(2) is None or colon.group(1).casefold() in _SECTION_WORDS):
        return _section_title(colon.group(1))
    paren = _PAREN_HEADER.match(line)
    if paren:
        return _section_title(paren.group(1))
    if line.casefold() in _SECTION_WORDS:
        return line
    return None


def _section_title(title: str) -> str:
    """'Creatures (12):' -> 'Creatures'."""
    return _HEADER_COUNT.sub("", title).rstrip(": ").strip()


def _card_line(number: int, body: str, section: str | None) -> ListLine | LineError:
    if _COUNT_ONLY.match(body):
        return _missing_name(number)
    after, body = _take_trailing_count(body)
    edition, body = _take_edition(body)
    if after is None:
        after, body = _take_trailing_count(body)
    before, name, literal = _take_leading_count(body)
    if before is not None and after is not None:
        return _count_error(number, f"line {number}: two counts ({before} and x{after})")
    count = before if before is not None else (after if after is not None else 1)
    return _checked(number, count, name, edition, section, literal)


def _checked(
    number: int, count: int, name: str, edition: str | None, section: str | None, literal: str
) -> ListLine | LineError:
    if not name:
        return _missing_name(number)
    if not MIN_COUNT <= count <= MAX_COUNT:
        return _count_error(number, f"line {number}: count must be {MIN_COUNT} to {MAX_COUNT}")
    if len(name) > MAX_NAME:
        return LineError(
            number,
            "name_too_long",
            f"line {number}: the name is {len(name)} characters; at most {MAX_NAME} are allowed",
            hint=f"card names are at most {MAX_NAME} characters",
        )
    return ListLine(number, count, name, edition, section, literal)


def _line_too_long(number: int, length: int) -> LineError:
    # Checked before any pattern runs, so no line can make the parser slow.
    return LineError(
        number,
        "name_too_long",
        f"line {number}: the line is {length:,} characters; a card name is at most {MAX_NAME}",
        hint=f"card names are at most {MAX_NAME} characters",
    )


def _missing_name(number: int) -> LineError:
    return LineError(
        number,
        "missing_name",
        f"line {number}: a count with no card name",
        hint="write the card's name after the count",
    )


def _count_error(number: int, message: str) -> LineError:
    return LineError(
        number, "bad_count", message, hint=f"write one count from {MIN_COUNT} to {MAX_COUNT}"
    )


def _take_edition(body: str) -> tuple[str | None, str]:
    """A trailing '(L/S)' or '[Nw]'. Digits alone in round brackets are not an edition."""
    match = _EDITION.match(body)
    if not match:
        return None, body
    hint = (match.group(2) if match.group(2) is not None else match.group(3)).strip()
    if not hint or (match.group(2) is not None and hint.isdigit()):
        return None, body
    return hint, match.group(1)


def _take_trailing_count(body: str) -> tuple[int | None, str]:
    match = _TRAILING_COUNT.match(body)
    if not match:
        return None, body
    digits = next(match.group(g) for g in "abcd" if match.group(g) is not None)
    return _int(digits), match.group("name")


def _take_leading_count(body: str) -> tuple[int | None, str, str]:
    """(count, name, literal); literal is `body` when the count was a bare number."""
    match = _LEADING_COUNT.match(body)
    if not match:
        return None, body.strip(), ""
    bare = re.match(r"^[0-9]+\s", body) is not None
    literal = body if bare and len(body) <= MAX_NAME else ""
    return _int(match.group(1)), match.group(2).strip(), literal


def _int(digits: str) -> int:
    # Counts are bounded to 1..99 later; a huge number only needs to stay out of range,
    # and Python refuses to convert over 4,300 digits.
    digits = digits.lstrip("+")
    if len(digits.lstrip("-")) > 6:
        return -1 if digits.startswith("-") else MAX_COUNT + 1
    return int(digits)


# --- names ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lookup:
    """What a name resolved to: one card, several (ambiguous), or none (with suggestions)."""

    card: CardFacts | None
    candidates: list[CardFacts] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return self.card is None and len(self.candidates) > 1


class NameIndex:
    """Card names as players write them, resolved to catalogue cards.

    A name matches exactly (any case, straight or curly quotes, any spacing, punctuation
    kept), else by its letters and digits alone when that is unambiguous. Where several
    cards share the key, an edition hint the card was printed in narrows them, then the
    exact spelling; what remains is ambiguous.
    """

    def __init__(self, cards: Iterable[CardFacts]) -> None:
        self._by_title: dict[str, list[CardFacts]] = {}
        self._by_loose: dict[str, list[CardFacts]] = {}
        seen: set[tuple[str, int]] = set()
        for card in cards:
            if (card.game, card.id) in seen:
                continue
            seen.add((card.game, card.id))
            self._by_title.setdefault(title_key(card.name), []).append(card)
            self._by_loose.setdefault(loose_key(card.name), []).append(card)
        self._suggester = TitleSuggester(self._by_title)

    def lookup(self, name: str, edition: str | None = None, *, suggest: bool = True) -> Lookup:
        """The card `name` (with an optional edition hint) stands for; suggestions for
        an unknown name unless `suggest` is False."""
        candidates = self._by_title.get(title_key(name)) or self._by_loose.get(loose_key(name))
        if not candidates:
            return Lookup(None, [], self.suggest(name) if suggest else [])
        narrowed = _narrow(candidates, name, edition)
        if len(narrowed) == 1:
            return Lookup(narrowed[0], narrowed)
        return Lookup(None, narrowed)

    def get(self, name: str, edition: str | None = None) -> CardFacts | None:
        return self.lookup(name, edition).card

    def suggest(self, name: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """Close names: by similarity, then by prefix, then by shared words."""
        keys = self._suggester.suggest(title_key(name)[:MAX_NAME], limit)
        names = [card.name for k in keys for card in self._by_title[k]]
        return list(dict.fromkeys(names))[:limit]


def _narrow(candidates: list[CardFacts], name: str, edition: str | None) -> list[CardFacts]:
    """Keep the candidates printed in `edition`, then the one spelled exactly as `name`."""
    if len(candidates) > 1 and edition:
        wanted = _edition_key(edition)
        printed = [c for c in candidates if wanted in {_edition_key(e) for e in c.editions}]
        candidates = printed or candidates
    if len(candidates) > 1:
        spelled = clean_text(name)
        exact = [c for c in candidates if clean_text(c.name) == spelled]
        candidates = exact or candidates
    return candidates


def _edition_key(code: str) -> str:
    return loose_key(code) or title_key(code)


# --- resolving ------------------------------------------------------------------------------


def resolve(parsed: ParsedList, index: NameIndex) -> ResolvedList:
    """Match every line's name; merge repeats into one DeckLine (summed, first line).

    The errors returned are the name errors only, in line order; never raises."""
    errors: list[LineError] = []
    merged: dict[tuple[str, int], DeckLine] = {}
    for entry in parsed.lines:
        card, count, error = _resolve_line(entry, index)
        if card is None:
            if error is not None:
                errors.append(error)
            continue
        key = (card.game, card.id)
        if key in merged:
            count += merged[key].count
        merged[key] = DeckLine(card, count, merged[key].line if key in merged else entry.line)
    return ResolvedList(list(merged.values()), errors)


def all_errors(parsed: ParsedList, resolved: ResolvedList) -> list[LineError]:
    """Every error of a list, parse and name errors together, in line order."""
    return sorted([*parsed.errors, *resolved.errors], key=lambda e: e.line)


def _resolve_line(
    entry: ListLine, index: NameIndex
) -> tuple[CardFacts | None, int, LineError | None]:
    found = index.lookup(entry.name, entry.edition, suggest=False)
    if found.card is not None:
        return found.card, entry.count, None
    if found.ambiguous:
        return None, 0, _ambiguous(entry, found.candidates)
    if entry.literal:
        whole = index.lookup(entry.literal, entry.edition, suggest=False)
        if whole.card is not None:  # '18 Bronze Men' is one card, not 18 of 'Bronze Men'
            return whole.card, 1, None
    return None, 0, _unknown(entry, index.suggest(entry.name))


def _unknown(entry: ListLine, suggestions: list[str]) -> LineError:
    message = f"line {entry.line}: no card named {_quote(entry.name)}"
    hint = "check the spelling against the catalogue"
    if suggestions:
        hint = f"did you mean {_or(suggestions)}?"
        message += f"; {hint}"
    return LineError(entry.line, "unknown_card", message, suggestions, hint)


def _ambiguous(entry: ListLine, candidates: list[CardFacts]) -> LineError:
    names = list(dict.fromkeys(card.name for card in candidates))
    return LineError(
        entry.line,
        "ambiguous",
        f"line {entry.line}: {_quote(entry.name)} could be {_or(names)}",
        names,
        "write the name exactly as printed, or add an edition in brackets",
    )


def _quote(name: str) -> str:
    return f"'{name}'"


def _or(names: Sequence[str]) -> str:
    quoted = [_quote(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
