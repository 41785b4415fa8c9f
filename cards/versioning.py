"""The catalogue's version per game (``CatalogueVersion``, a row made with its game): a
new stamp at every write of a card, a printing or a set, read by the caches of catalogue
reads (the deck builder's name index, the API's cached answers) to know they are current.

Signals catch every single write, the admin's included (a queryset ``update()`` sends none:
catalogue code writes rows one by one or deletes them, which do). A bulk writer wraps its
rows in ``one_bump()``: the games it touched get one new stamp, at the end, in its
transaction, instead of one per row.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.models import Q
from django.db.models.signals import post_delete, post_save

from cards.models import Card, CardSet, CatalogueVersion, Game, Printing, new_stamp

_batch = threading.local()


def catalogue_version(game: str) -> int | None:
    """The version stamp of a game's catalogue (by slug); None for a game not there."""
    found = CatalogueVersion.objects.filter(game__slug=game).values_list("stamp", flat=True)
    return next(iter(found), None)


def catalogue_versions() -> tuple[tuple[int, int], ...]:
    """Every game's stamp, as (game id, stamp) pairs in game order: one read of a small
    table, for what stands on the whole catalogue (a search across games)."""
    return tuple(CatalogueVersion.objects.order_by("game_id").values_list("game_id", "stamp"))


@contextmanager
def one_bump() -> Iterator[None]:
    """Writes inside give each game they touch one new stamp, when the block ends without
    an error (an error rolls the writes back: nothing to stamp). Nests: the outermost
    block stamps. Use inside the writer's transaction."""
    if getattr(_batch, "pending", None) is not None:
        yield
        return
    _batch.pending = pending = _Pending()
    try:
        yield
    except BaseException:
        _batch.pending = None
        raise
    _batch.pending = None
    pending.bump()


class _Pending:
    """The games touched so far, by id or through a set's id (a printing knows its set)."""

    def __init__(self) -> None:
        self.games: set[int] = set()
        self.sets: set[int] = set()

    def bump(self) -> None:
        if not (self.games or self.sets):
            return
        CatalogueVersion.objects.filter(
            Q(game_id__in=self.games) | Q(game__sets__pk__in=self.sets)
        ).update(stamp=new_stamp())


def _touched(*, game: int | None = None, card_set: int | None = None) -> None:
    pending = getattr(_batch, "pending", None)
    target = pending if pending is not None else _Pending()
    if game is not None:
        target.games.add(game)
    if card_set is not None:
        target.sets.add(card_set)
    if pending is None:
        target.bump()


def _card_written(sender: Any, instance: Card, **kwargs: Any) -> None:
    _touched(game=instance.game_id)


def _set_written(sender: Any, instance: CardSet, **kwargs: Any) -> None:
    _touched(game=instance.game_id)


def _printing_written(sender: Any, instance: Printing, **kwargs: Any) -> None:
    _touched(card_set=instance.card_set_id)


def _game_saved(sender: Any, instance: Game, created: bool, **kwargs: Any) -> None:
    if created:
        CatalogueVersion.objects.get_or_create(game=instance)


def connect() -> None:
    """Connect the signals (the app's ``ready``)."""
    post_save.connect(_game_saved, sender=Game, dispatch_uid="cards.version.game")
    for when, signal in (("saved", post_save), ("deleted", post_delete)):
        signal.connect(_card_written, sender=Card, dispatch_uid=f"cards.version.card.{when}")
        signal.connect(_set_written, sender=CardSet, dispatch_uid=f"cards.version.set.{when}")
        signal.connect(
            _printing_written, sender=Printing, dispatch_uid=f"cards.version.printing.{when}"
        )
