"""Writes of published decklists: publish, withdraw, like, comment, report, copy.

Every write names who makes it; the rules of who may are here, so the API and the pages
refuse the same things with the same words. A withdrawn decklist takes no likes, comments
or copies. Counters move in the transaction of the row they count, under the decklist's
row lock, so two readers liking at once both count.
"""

from __future__ import annotations

from datetime import timedelta
from math import ceil
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from decks.decklists.models import (
    Decklist,
    DecklistComment,
    DecklistEntry,
    DecklistLike,
    DecklistReport,
)
from decks.decklists.selectors import decklist_for_read, decklist_lines, is_moderator
from decks.formats import FORMATS, validate
from decks.limits import (
    COMMENTS_PER_HOUR,
    MAX_COMMENT_CHARS,
    MAX_REPORT_DETAILS_CHARS,
    MAX_VERSION_NAME_CHARS,
    MAX_WITHDRAW_REASON_CHARS,
    REPORTS_PER_HOUR,
)
from decks.lines import DeckLine
from decks.models import Deck
from decks.selectors import deck_for_write, deck_lines
from decks.services import StaleVersionError, deck_create


class DecklistRefusedError(ValueError):
    """A write the rules refuse, with the field it is about (None: the whole request)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class DecklistForbiddenError(DecklistRefusedError):
    """A write only the owner, the author or a moderator may make (403)."""


class DecklistThrottledError(Exception):
    """Too many comments or reports in the last hour (429), with the whole seconds until
    one more is allowed (Retry-After)."""

    def __init__(self, what: str, limit: int, retry_after: int = 3600) -> None:
        super().__init__(f"at most {limit} {what} an hour; try again later")
        self.limit = limit
        self.retry_after = retry_after


def deck_factions(lines: list[DeckLine], game: str) -> list[str]:
    """The factions (Shadowfist) or classes (ChiZo) its cards belong to, sorted."""
    found = set()
    for line in lines:
        value = line.card.creature_class if game == "chizo" else line.card.faction
        if value:
            found.add(value.strip().lower())
    return sorted(found)


# --- publish and withdraw ---------------------------------------------------------------


@transaction.atomic
def decklist_publish(
    *, user: User, deck_id: int, version_name: str = "", expected_version: int | None = None
) -> Decklist:
    """Freeze the deck as it is now into a new decklist (the deck's next publication).

    Refused: an empty deck, one with errors in its own format (a published list should be
    playable), and a deck unchanged since its last publication."""
    deck = deck_for_write(user=user, deck_id=deck_id, lock=True)
    if expected_version is not None and expected_version != deck.version:
        raise StaleVersionError(deck.version, expected_version)
    version_name = version_name.strip()
    if len(version_name) > MAX_VERSION_NAME_CHARS:
        raise DecklistRefusedError(
            f"a version name has at most {MAX_VERSION_NAME_CHARS} characters", "version_name"
        )
    lines = deck_lines(deck=deck)
    if not lines:
        raise DecklistRefusedError("an empty deck cannot be published", "deck")
    report = validate(lines, [deck.format], game=deck.game.slug)
    if report.errors:
        fmt = FORMATS[deck.format].name if deck.format in FORMATS else deck.format
        first = report.errors[0].message
        raise DecklistRefusedError(
            f"the deck is not valid for {fmt} ({len(report.errors)} problem(s), the first: "
            f"{first}); fix it before publishing",
            "deck",
        )
    last = deck.publications.order_by("-number").first()
    if last is not None and last.deck_version == deck.version:
        raise DecklistRefusedError(
            f"version {deck.version} of this deck is already published (#{last.number}); "
            "change the deck to publish a new version",
            "deck",
        )
    deck.publications.filter(is_latest=True).update(is_latest=False)
    decklist = Decklist.objects.create(
        deck=deck,
        owner=user,
        game=deck.game,
        number=(last.number + 1) if last else 1,
        deck_version=deck.version,
        name=deck.name,
        version_name=version_name,
        description=deck.description,
        format=deck.format,
        factions="".join(f"|{f}" for f in deck_factions(lines, deck.game.slug)) + "|",
        card_total=sum(line.count for line in lines),
        derived_from_id=deck.derived_from_id,
    )
    DecklistEntry.objects.bulk_create(
        DecklistEntry(decklist=decklist, card_id=line.card.id, count=line.count, position=i)
        for i, line in enumerate(lines)
    )
    return decklist


@transaction.atomic
def decklist_withdraw(
    *, user: AbstractBaseUser | AnonymousUser, decklist_id: int, reason: str = ""
) -> Decklist:
    """Unpublish: by its owner, or by a moderator with a reason. It stays readable to
    both (with the reason), and a 404 to everyone else."""
    decklist = _for_write(user, decklist_id)
    if decklist.owner_id != user.pk and not is_moderator(user):
        raise DecklistForbiddenError("only its owner or a moderator can unpublish a decklist")
    reason = reason.strip()
    if len(reason) > MAX_WITHDRAW_REASON_CHARS:
        raise DecklistRefusedError(
            f"a reason has at most {MAX_WITHDRAW_REASON_CHARS} characters", "reason"
        )
    if decklist.owner_id != user.pk and not reason:
        raise DecklistRefusedError("say why the decklist is unpublished", "reason")
    # Withdrawn already: a moderator takes over an owner's withdrawal (else the owner could
    # restore what a moderator unpublished); anything else changes nothing.
    by_owner = decklist.withdrawn_by_id == decklist.owner_id
    if decklist.is_withdrawn and not (by_owner and decklist.owner_id != user.pk):
        return decklist
    decklist.withdrawn_at = decklist.withdrawn_at or timezone.now()
    decklist.withdrawn_by_id = user.pk
    decklist.withdrawn_reason = reason
    decklist.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
    return decklist


@transaction.atomic
def decklist_restore(*, user: AbstractBaseUser | AnonymousUser, decklist_id: int) -> Decklist:
    """Publish a withdrawn decklist again: its owner can undo their own withdrawal, a
    moderator any."""
    decklist = _for_write(user, decklist_id)
    if not decklist.is_withdrawn:
        return decklist
    by_owner = decklist.withdrawn_by_id == decklist.owner_id
    if not is_moderator(user) and not (decklist.owner_id == user.pk and by_owner):
        raise DecklistForbiddenError("a moderator unpublished this decklist; only one can undo it")
    decklist.withdrawn_at = None
    decklist.withdrawn_by = None
    decklist.withdrawn_reason = ""
    decklist.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
    return decklist


def _for_write(user: AbstractBaseUser | AnonymousUser, decklist_id: int) -> Decklist:
    """The decklist as `user` may read it, locked (a 404 when they may not)."""
    decklist_for_read(user=user, decklist_id=decklist_id)
    return Decklist.objects.select_for_update().get(pk=decklist_id)


def _open_for(user: AbstractBaseUser | AnonymousUser, decklist_id: int, action: str) -> Decklist:
    decklist = _for_write(user, decklist_id)
    if decklist.is_withdrawn:
        raise DecklistRefusedError(f"this decklist is unpublished: it cannot be {action}")
    return decklist


# --- likes ------------------------------------------------------------------------------


@transaction.atomic
def decklist_like(*, user: User, decklist_id: int, like: bool = True) -> Decklist:
    """Like (or with `like=False` unlike) a decklist; doing it twice changes nothing."""
    decklist = _open_for(user, decklist_id, "liked")
    if decklist.owner_id == user.pk and like:
        raise DecklistRefusedError("you cannot like your own decklist")
    if like:
        try:
            with transaction.atomic():
                DecklistLike.objects.create(decklist=decklist, user=user)
        except IntegrityError:
            return decklist  # liked already
        change = 1
    else:
        deleted, _ = DecklistLike.objects.filter(decklist=decklist, user=user).delete()
        if not deleted:
            return decklist
        change = -1
    Decklist.objects.filter(pk=decklist.pk).update(like_count=F("like_count") + change)
    decklist.refresh_from_db(fields=["like_count"])
    return decklist


# --- comments ---------------------------------------------------------------------------


def _within_hourly(mine: QuerySet[Any], limit: int, what: str) -> None:
    """Refuse the write when the user already made `limit` of these (`mine`, rows with a
    `created_at`) in the last hour; the wait is until the `limit`-th newest is an hour
    old, when one fewer than the limit remain."""
    now = timezone.now()
    recent = list(
        mine.filter(created_at__gte=now - timedelta(hours=1))
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        frees = recent[limit - 1] + timedelta(hours=1)
        raise DecklistThrottledError(what, limit, max(1, ceil((frees - now).total_seconds())))


@transaction.atomic
def comment_add(*, user: User, decklist_id: int, body: str) -> DecklistComment:
    decklist = _open_for(user, decklist_id, "commented on")
    body = body.strip()
    if not body:
        raise DecklistRefusedError("write something", "body")
    if len(body) > MAX_COMMENT_CHARS:
        raise DecklistRefusedError(
            f"a comment has at most {MAX_COMMENT_CHARS} characters ({len(body)} given)", "body"
        )
    _within_hourly(DecklistComment.objects.filter(author=user), COMMENTS_PER_HOUR, "comments")
    comment = DecklistComment.objects.create(decklist=decklist, author=user, body=body)
    Decklist.objects.filter(pk=decklist.pk).update(comment_count=F("comment_count") + 1)
    return comment


@transaction.atomic
def comment_delete(
    *, user: AbstractBaseUser | AnonymousUser, decklist_id: int, comment_id: int
) -> None:
    """By the comment's author, the decklist's owner or a moderator."""
    decklist = _for_write(user, decklist_id)
    comment = DecklistComment.objects.filter(pk=comment_id, decklist=decklist).first()
    if comment is None:
        raise DecklistRefusedError("no such comment on this decklist", "comment")
    allowed = {comment.author_id, decklist.owner_id}
    if user.pk not in allowed and not is_moderator(user):
        raise DecklistForbiddenError(
            "only the comment's author, the decklist's owner or a moderator can delete it"
        )
    comment.delete()
    Decklist.objects.filter(pk=decklist.pk).update(comment_count=F("comment_count") - 1)


# --- reports ----------------------------------------------------------------------------


@transaction.atomic
def decklist_report(
    *, user: User, decklist_id: int, reason: str, details: str = "", comment_id: int | None = None
) -> DecklistReport:
    decklist = _for_write(user, decklist_id)
    if decklist.owner_id == user.pk:
        raise DecklistRefusedError("unpublish your own decklist instead of reporting it")
    if reason not in DecklistReport.Reason.values:
        known = ", ".join(DecklistReport.Reason.values)
        raise DecklistRefusedError(f"no reason {reason!r}; use one of {known}", "reason")
    details = details.strip()
    if len(details) > MAX_REPORT_DETAILS_CHARS:
        raise DecklistRefusedError(
            f"details have at most {MAX_REPORT_DETAILS_CHARS} characters", "details"
        )
    if comment_id is not None and not decklist.comments.filter(pk=comment_id).exists():
        raise DecklistRefusedError("no such comment on this decklist", "comment")
    _within_hourly(DecklistReport.objects.filter(reporter=user), REPORTS_PER_HOUR, "reports")
    return DecklistReport.objects.create(
        decklist=decklist, comment_id=comment_id, reporter=user, reason=reason, details=details
    )


# --- copy -------------------------------------------------------------------------------


@transaction.atomic
def decklist_copy(*, user: User, decklist_id: int, name: str = "") -> Deck:
    """A new private deck of the user's holding the decklist's cards, derived from it."""
    decklist = _open_for(user, decklist_id, "copied")
    lines = decklist_lines(decklist=decklist)
    deck = deck_create(
        owner=user,
        game=decklist.game,
        name=(name.strip() or f"{decklist.name} (copy)")[:100],
        lines=lines,
        description=decklist.description,
        format=decklist.format if decklist.format in FORMATS else None,
    )
    Deck.objects.filter(pk=deck.pk).update(derived_from=decklist)
    deck.derived_from = decklist
    Decklist.objects.filter(pk=decklist.pk).update(copy_count=F("copy_count") + 1)
    return deck
