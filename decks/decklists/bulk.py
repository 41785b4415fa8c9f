"""The published decklists as a bulk data file (BULK_DATA_FILES; cards/bulk/).

Each record is the decklist list's row (`GET /api/v1/decklists/`) with what a copy needs:
the description as written and the cards in list order (`{card, name, count}`, the card's
id as the card files give it). Every published version is there, each marked `is_latest`;
a withdrawn decklist is not. The file's version is a digest of what the records show
that can change after publishing (which decklists are published, their counters) and of
the record's shape, so a like, a withdrawal or a new publication makes it stale.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from cards.bulk.registry import BulkFile
from decks.api.decklist_serializers import DecklistSummarySerializer
from decks.decklists.models import Decklist, DecklistEntry

NAME = "decklists"
#: Decklists read per query.
CHUNK = 500
_FIELDS = [*DecklistSummarySerializer.Meta.fields, "description", "number", "deck_version",
           "is_latest", "derived_from", "cards"]  # fmt: skip
SHAPE = hashlib.sha256(",".join(_FIELDS).encode()).hexdigest()[:12]


def _published() -> Any:
    return Decklist.objects.filter(withdrawn_at__isnull=True)


def decklists_version() -> str:
    digest = hashlib.sha256(SHAPE.encode())
    counters = (
        _published()
        .order_by("id")
        .values_list("id", "is_latest", "like_count", "copy_count", "comment_count")
    )
    for row in counters.iterator(chunk_size=CHUNK):
        digest.update(repr(row).encode())
    return digest.hexdigest()[:24]


def decklist_rows() -> Iterator[dict[str, Any]]:
    """Every published decklist, oldest first, with its cards."""
    ids = list(_published().order_by("id").values_list("id", flat=True))
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        decklists = {
            d.pk: d for d in Decklist.objects.filter(pk__in=chunk).select_related("owner", "game")
        }
        cards: dict[int, list[dict[str, Any]]] = {}
        entries = DecklistEntry.objects.filter(decklist_id__in=chunk).order_by(
            "decklist_id", "position", "id"
        )
        for decklist_id, card, name, count in entries.values_list(
            "decklist_id", "card_id", "card__name", "count"
        ):
            cards.setdefault(decklist_id, []).append({"card": card, "name": name, "count": count})
        for decklist_id in chunk:
            decklist = decklists.get(decklist_id)
            if decklist is None:
                continue  # deleted since the ids were read
            yield {
                **DecklistSummarySerializer(decklist).data,
                "description": decklist.description,
                "number": decklist.number,
                "deck_version": decklist.deck_version,
                "is_latest": decklist.is_latest,
                "derived_from": decklist.derived_from_id,
                "cards": cards.get(decklist_id, []),
            }


def decklist_files() -> list[BulkFile]:
    return [
        BulkFile(
            name=NAME,
            type="decklists",
            description="Every published decklist of every game (each version, the latest "
            "marked), as the decklist list gives it, with its description and cards.",
            game=None,
            version=decklists_version,
            rows=decklist_rows,
        )
    ]
