"""Turning what a user sends (a text list or card ids with counts) into deck lines.

Errors are collected per line or per entry, never only the first. A list with errors is
refused whole unless the caller asks to keep the lines that matched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from decks.catalogue import facts_by_id, name_index
from decks.formats import Violation
from decks.lines import DeckLine
from decks.textlist import MAX_COUNT, all_errors, parse_deck_text, resolve


@dataclass
class Intake:
    lines: list[DeckLine]
    errors: list[dict[str, Any]] = field(default_factory=list)


class DeckListError(ValueError):
    """The list has errors and nothing was saved."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(f"the list has {len(errors)} error(s)")
        self.errors = errors


def lines_from_text(*, game: str, text: str) -> Intake:
    parsed = parse_deck_text(text)
    resolved = resolve(parsed, name_index(game))
    errors = all_errors(parsed, resolved)
    # The index's facts are current: it is rebuilt whenever the game's catalogue version
    # stamp changes (decks/catalogue.py), so they are not read again here.
    return Intake(lines=list(resolved.lines), errors=[e.to_dict() for e in errors])


def lines_from_entries(*, game: str, entries: Sequence[dict[str, int]]) -> Intake:
    facts = facts_by_id(entry["card"] for entry in entries)
    lines: dict[int, DeckLine] = {}
    errors: list[dict[str, Any]] = []
    for index, entry in enumerate(entries):
        card = facts.get(entry["card"])
        if card is None or card.game != game:
            errors.append(
                {
                    "code": "unknown_card",
                    "message": f"entries[{index}]: no card with id {entry['card']} in {game}",
                    "line": None,
                    "entry": index,
                    "suggestions": [],
                    "hint": "",
                }
            )
            continue
        earlier = lines.get(card.id)
        count = entry["count"] + (earlier.count if earlier else 0)
        lines[card.id] = DeckLine(card=card, count=count, line=None)
    return Intake(lines=list(lines.values()), errors=errors)


def accept(intake: Intake, *, save_matched: bool) -> list[DeckLine]:
    """The lines to save, or DeckListError. Counts summed over repeated lines stay bounded."""
    errors = list(intake.errors)
    for line in intake.lines:
        if line.count > MAX_COUNT:
            errors.append(
                {
                    "code": "count_out_of_range",
                    "message": f"{line.card.name}: {line.count} copies in all; "
                    f"a count runs from 1 to {MAX_COUNT}",
                    "line": line.line,
                    "suggestions": [],
                    "hint": f"at most {MAX_COUNT} copies",
                }
            )
    if errors and not save_matched:
        raise DeckListError(errors)
    return [line for line in intake.lines if line.count <= MAX_COUNT]


def as_violation(error: dict[str, Any]) -> Violation:
    """A line error in the validation report's shape: suggestions go in `cards`."""
    return Violation(
        code=error["code"],
        message=error["message"],
        cards=list(error["suggestions"]),
        line=error["line"] or None,
        hint=error["hint"],
    )
