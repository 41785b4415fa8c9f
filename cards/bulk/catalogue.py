"""The catalogue's bulk files: every card of each game, and every card of all games.

A card in a file is exactly what `GET /api/v1/cards/{id}/` answers for it (cards/rows.py,
in the shapes of cards/api/serializers.py); the file also holds its game's sets as
`GET /api/v1/sets/` gives them, so that `import_bulk` can rebuild them. A file's version is
the catalogue version stamps it was read at (cards/versioning.py) and a fingerprint of
those shapes: an edit of a card, or a release that changes what a card shows, makes the
file stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import partial
from typing import Any

from cards import rows
from cards.api.serializers import SERIALIZERS, CardSetSerializer
from cards.bulk.registry import BulkFile
from cards.models import Card, CardSet, CatalogueVersion
from cards.vocabulary import GAMES

#: The type of the card files in the list (`type`).
CARDS = "cards"
ALL_CARDS = "all-cards"
#: Cards read per query: far below SQLite's 32,766 parameters, few round trips.
CHUNK = 500


def card_file_name(game: str) -> str:
    return f"cards-{game}"


def _shape() -> str:
    """A fingerprint of the fields a card and a set show: it changes with the code."""
    fields = {game: serializer.Meta.fields for game, serializer in SERIALIZERS.items()}
    fields["sets"] = CardSetSerializer.Meta.fields
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:12]


SHAPE = _shape()


def _stamps(game: str | None) -> str:
    versions = CatalogueVersion.objects.order_by("game__sort_order", "game__slug")
    if game is not None:
        versions = versions.filter(game__slug=game)
    found = ",".join(
        f"{slug}={stamp:x}" for slug, stamp in versions.values_list("game__slug", "stamp")
    )
    return f"{SHAPE}:{found or 'empty'}"


def card_rows(game: str | None) -> Iterator[dict[str, Any]]:
    """The cards (of one game, or all) in their API shape, by game, name and id."""
    cards = Card.objects.order_by("game__sort_order", "name", "id")
    if game is not None:
        cards = cards.filter(game__slug=game)
    ids = list(cards.values_list("id", flat=True))
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        found = rows.cards_by_id(chunk)
        # A card deleted since the ids were read is left out.
        yield from (found[card_id] for card_id in chunk if card_id in found)


def set_rows(game: str | None) -> dict[str, Any]:
    """The sets (of one game, or all), as the set list of the API gives them."""
    sets = CardSet.objects.select_related("game").order_by(
        "game__sort_order", "release_order", "code"
    )
    if game is not None:
        sets = sets.filter(game__slug=game)
    return {"sets": [dict(item) for item in CardSetSerializer(sets, many=True).data]}


def card_files() -> list[BulkFile]:
    """The catalogue's files: one per game, then one of all games (BULK_DATA_FILES)."""
    files = [
        BulkFile(
            name=card_file_name(game),
            type=CARDS,
            description=f"Every {title} card of the catalogue, each as the card API gives "
            "it, with the game's sets.",
            game=game,
            version=partial(_stamps, game),
            rows=partial(card_rows, game),
            extra=partial(set_rows, game),
        )
        for game, title in GAMES.items()
    ]
    files.append(
        BulkFile(
            name=ALL_CARDS,
            type=CARDS,
            description="Every card of every game of the catalogue, each as the card API "
            "gives it, with every set.",
            game=None,
            version=partial(_stamps, None),
            rows=partial(card_rows, None),
            extra=partial(set_rows, None),
        )
    )
    return files
