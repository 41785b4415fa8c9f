"""Deck lists written back out: text (re-importable unchanged by decks/textlist.py), JSON and
CSV, one line per card in the game's type order."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from cards.titles import clean_text, title_key
from decks.cardfacts import CardFacts
from decks.formats.rules import DeckLine, tally_cards
from decks.textlist import CSV_COLUMNS, SECTION_TITLES, TYPE_ORDER
from web.csvcells import escape_cell


def _ordered(lines: Iterable[DeckLine], game: str | None = None) -> list[DeckLine]:
    """One line per card, grouped by type in the game's order, then by name."""
    merged = [DeckLine(t.card, t.count, t.line) for t in tally_cards(lines)]
    return sorted(merged, key=lambda e: _rank(e.card, game or e.card.game))


def _rank(card: CardFacts, game: str) -> tuple[int, str, str, str, int]:
    order = TYPE_ORDER.get(game, ())
    position = order.index(card.type) if card.type in order else len(order)
    return (position, card.type, title_key(card.name), card.name, card.id)


def export_text(lines: Sequence[DeckLine], *, game: str) -> str:
    """`count name` lines under a 'Types (n)' header per type, in the game's type order.

    Re-importable unchanged: export → parse → resolve → export gives the same text.
    """
    groups: dict[str, list[DeckLine]] = {}
    for entry in _ordered(lines, game):
        groups.setdefault(entry.card.type, []).append(entry)
    blocks = []
    for card_type, entries in groups.items():
        title = SECTION_TITLES.get(card_type, card_type) or "Cards"
        body = "\n".join(f"{e.count} {clean_text(e.card.name)}" for e in entries)
        blocks.append(f"{title} ({sum(e.count for e in entries)})\n{body}")
    return "\n\n".join(blocks) + "\n" if blocks else ""


def export_json(lines: Sequence[DeckLine]) -> list[dict[str, Any]]:
    """One object per card: count, name, type, id."""
    return [
        {"count": e.count, "name": e.card.name, "type": e.card.type, "id": e.card.id}
        for e in _ordered(lines)
    ]


def export_csv(lines: Sequence[DeckLine]) -> str:
    """CSV with a header row, columns count,name,type,id (RFC 4180 line endings); a text
    cell a spreadsheet would run as a formula is escaped (web/csvcells.py). The
    parser reads it back as a list (`parse_deck_text`)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in export_json(lines):
        writer.writerow(
            [row["count"], escape_cell(row["name"]), escape_cell(row["type"]), row["id"]]
        )
    return out.getvalue()
