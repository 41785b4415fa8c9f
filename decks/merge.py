"""Decks when the catalogue merges two cards into one (cards.merge.card_merge).

A deck holding either card holds the survivor; a deck holding both holds the survivor
once with the two counts summed (at most 99, the bound of an entry) where the first of
them stood. Saved versions are rewritten the same way, so a deck's history keys on one
card too; the deck's version number stays, as for any other change to the catalogue.
"""

from __future__ import annotations

from typing import Any

from cards.models import Card
from decks.models import DeckEntry, DeckVersion
from decks.textlist import MAX_COUNT


def move_deck_references(
    sender: Any, *, survivor: Card, duplicates: list[Card], **kwargs: Any
) -> str:
    ids = {card.pk for card in duplicates}
    entries = _move_entries(survivor, ids)
    versions = _rewrite_versions(survivor, ids)
    if not entries and not versions:
        return ""
    moved = _many(entries, "deck entry", "deck entries")
    rewritten = _many(versions, "saved deck version", "saved deck versions")
    return f"{moved} and {rewritten} moved"


def _many(n: int, one: str, several: str) -> str:
    return f"{n} {one if n == 1 else several}"


def _move_entries(survivor: Card, ids: set[int]) -> int:
    moved = list(DeckEntry.objects.select_for_update().filter(card_id__in=ids).order_by("id"))
    for entry in moved:
        kept = DeckEntry.objects.filter(deck_id=entry.deck_id, card_id=survivor.pk).first()
        if kept is None:
            entry.card_id = survivor.pk
            entry.save(update_fields=["card"])
            continue
        kept.count = min(kept.count + entry.count, MAX_COUNT)
        kept.position = min(kept.position, entry.position)
        entry.delete()
        kept.save(update_fields=["count", "position"])
    return len(moved)


def _rewrite_versions(survivor: Card, ids: set[int]) -> int:
    """Versions are JSON (no join to cards), so each of the game's is read once."""
    rewritten = 0
    versions = DeckVersion.objects.filter(deck__game_id=survivor.game_id).only("id", "entries")
    for version in versions.iterator():
        if not any(entry["card"] in ids for entry in version.entries):
            continue
        version.entries = _merged(version.entries, survivor.pk, ids)
        version.save(update_fields=["entries"])
        rewritten += 1
    return rewritten


def _merged(entries: list[dict[str, Any]], survivor: int, ids: set[int]) -> list[dict[str, Any]]:
    by_card: dict[int, dict[str, Any]] = {}
    for entry in entries:
        card = survivor if entry["card"] in ids else entry["card"]
        if card in by_card:
            total = by_card[card]["count"] + entry["count"]
            by_card[card]["count"] = min(total, MAX_COUNT)
        else:
            by_card[card] = {**entry, "card": card}
    return list(by_card.values())
