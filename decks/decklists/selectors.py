"""Reads of published decklists, with who may see what.

A published decklist is readable by anyone, signed in or not. An unpublished (withdrawn)
one is readable by its owner and the moderators only: a 404 to everyone else, as a
private deck is. The browser, the card pages and the co-occurrence figures take each
deck's latest publication that is still published ("listed").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils.text import slugify

from cards.models import Card
from cards.vocabulary import DECK_GAMES
from decks.catalogue import facts_by_id, name_index
from decks.cooccurrence import Pairing, often_played_with
from decks.decklists.models import Decklist, DecklistComment, DecklistEntry, DecklistLike
from decks.decklists.query import CardTerm, DecklistQuery, DecklistQueryError
from decks.formats import FORMATS, ValidationReport, validate
from decks.lines import DeckLine
from decks.listexport import export_csv, export_json, export_text
from decks.models import Deck
from decks.selectors import EXPORT_KINDS, DeckExport, UnknownExportError

#: Decklists one card page lists (the count says how many there are in all).
CARD_PAGE_DECKLISTS = 10
#: Cards the "often played with" list shows.
PLAYED_WITH_LIMIT = 12
#: Ancestors a decklist page shows of its family (copied from, copied from…).
FAMILY_DEPTH = 5


def is_moderator(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(user.is_authenticated and getattr(user, "is_staff", False))


def _readable(user: AbstractBaseUser | AnonymousUser) -> Q:
    if is_moderator(user):
        return Q()
    published = Q(withdrawn_at__isnull=True)
    return published | Q(owner_id=user.pk) if user.is_authenticated else published


def listed() -> QuerySet[Decklist]:
    """Every deck's latest publication that is still published."""
    return Decklist.objects.filter(is_latest=True, withdrawn_at__isnull=True)


def decklist_for_read(*, user: AbstractBaseUser | AnonymousUser, decklist_id: int) -> Decklist:
    found = (
        Decklist.objects.select_related("game", "owner", "derived_from", "withdrawn_by")
        .filter(_readable(user), pk=decklist_id)
        .first()
    )
    if found is None:
        raise Http404("no such decklist")
    return found


def decklist_lines(*, decklist: Decklist) -> list[DeckLine]:
    entries = list(decklist.entries.values_list("card_id", "count"))
    facts = facts_by_id(card_id for card_id, _ in entries)
    return [DeckLine(card=facts[card_id], count=count) for card_id, count in entries]


# --- the browser --------------------------------------------------------------------------

_LOOKUPS = {">=": "gte", "<=": "lte", ">": "gt", "<": "lt", "=": "exact"}
_ORDER = {
    "newest": ("-published_at", "-id"),
    "likes": ("-like_count", "-published_at", "-id"),
    "copies": ("-copy_count", "-published_at", "-id"),
}


def card_ids_named(term: CardTerm, game: str | None) -> list[int]:
    """The cards a term's name stands for (every printing sharing the title, in the given
    game or any deck game); DecklistQueryError with suggestions when there is none."""
    games = [game] if game else list(DECK_GAMES)
    ids: list[int] = []
    for slug in games:
        found = name_index(slug).lookup(term.name, suggest=False)
        ids += [card.id for card in found.candidates or ([found.card] if found.card else [])]
    if ids:
        return ids
    suggestions = [name for slug in games for name in name_index(slug).suggest(term.name, 3)]
    hint = f"; did you mean {' or '.join(repr(s) for s in suggestions[:3])}?" if suggestions else ""
    raise DecklistQueryError("card", f"no card named {term.name!r}{hint}")


def _card_filter(term: CardTerm, ids: list[int]) -> Q:
    """Decklists playing the card `count op n` times (absent counts as 0)."""
    entries = DecklistEntry.objects.filter(decklist=OuterRef("pk"), card_id__in=ids)
    if not term.zero_matches:
        lookup = {f"count__{_LOOKUPS[term.op]}": term.count}
        return Q(Exists(entries.filter(**lookup)))
    # A deck without the card matches, so exclude the decks whose count does not hold.
    failing = entries.exclude(**{f"count__{_LOOKUPS[term.op]}": term.count})
    return ~Q(Exists(failing))


def decklist_search(query: DecklistQuery) -> QuerySet[Decklist]:
    """The listed decklists the query finds, in its order; DecklistQueryError for a game,
    format or card that does not exist."""
    found = listed().select_related("game", "owner")
    if query.game:
        if query.game not in DECK_GAMES:
            raise DecklistQueryError(
                "game", f"no decklists of {query.game!r}; use chizo or shadowfist"
            )
        found = found.filter(game__slug=query.game)
    if query.format:
        if query.format not in FORMATS:
            known = ", ".join(sorted(FORMATS))
            raise DecklistQueryError("format", f"no format {query.format!r}; use one of {known}")
        found = found.filter(format=query.format)
    for faction in query.factions:
        found = found.filter(factions__contains=f"|{faction}|")
    if query.author:
        found = found.filter(owner__username__iexact=query.author)
    if query.since:
        found = found.filter(published_at__date__gte=query.since)
    if query.until:
        found = found.filter(published_at__date__lte=query.until)
    for word in query.words:
        found = found.filter(Q(name__icontains=word) | Q(description__icontains=word))
    for term in query.cards:
        found = found.filter(_card_filter(term, card_ids_named(term, query.game)))
    return found.order_by(*_ORDER[query.sort])


# --- one decklist -------------------------------------------------------------------------


@dataclass(frozen=True)
class DecklistView:
    """Everything a decklist's page and its API answer show."""

    decklist: Decklist
    lines: list[DeckLine]
    report: ValidationReport
    #: The deck's other publications, newest first (this one included, marked).
    publications: list[Decklist]
    #: Copied from, copied from… (nearest first), readable ones only.
    ancestors: list[Decklist]
    #: Listed decklists whose deck was copied from this one.
    variants: list[Decklist]
    liked: bool
    can_withdraw: bool
    is_owner: bool
    is_moderator: bool

    @property
    def newest(self) -> Decklist | None:
        """The deck's latest publication when it is not this one."""
        latest = self.publications[0] if self.publications else None
        return latest if latest and latest.pk != self.decklist.pk else None

    @property
    def format_name(self) -> str:
        known = FORMATS.get(self.decklist.format)
        return known.name if known else self.decklist.format


def decklist_view(*, user: AbstractBaseUser | AnonymousUser, decklist_id: int) -> DecklistView:
    decklist = decklist_for_read(user=user, decklist_id=decklist_id)
    lines = decklist_lines(decklist=decklist)
    readable = _readable(user)
    publications = (
        list(Decklist.objects.filter(readable, deck_id=decklist.deck_id).order_by("-number"))
        if decklist.deck_id
        else [decklist]
    )
    ancestors: list[Decklist] = []
    parent = decklist.derived_from
    while parent is not None and len(ancestors) < FAMILY_DEPTH:
        if not Decklist.objects.filter(readable, pk=parent.pk).exists():
            break
        ancestors.append(parent)
        parent = parent.derived_from
    variants = list(
        listed()
        .filter(derived_from=decklist)
        .select_related("owner", "game")
        .order_by("-published_at", "-id")
    )
    owner = decklist.owner_id == user.pk
    return DecklistView(
        decklist=decklist,
        lines=lines,
        report=validate(lines, [decklist.format], game=decklist.game.slug),
        publications=publications,
        ancestors=ancestors,
        variants=variants,
        liked=bool(
            user.is_authenticated
            and DecklistLike.objects.filter(decklist=decklist, user_id=user.pk).exists()
        ),
        can_withdraw=owner or is_moderator(user),
        is_owner=owner,
        is_moderator=is_moderator(user),
    )


@dataclass(frozen=True)
class DeckFamily:
    """A working deck's publications and the decklist it was copied from, as far as the
    reader may see them."""

    publications: list[Decklist]
    derived_from: Decklist | None

    @property
    def latest(self) -> Decklist | None:
        return self.publications[0] if self.publications else None


def deck_family(*, user: AbstractBaseUser | AnonymousUser, deck: Deck) -> DeckFamily:
    readable = _readable(user)
    publications = list(deck.publications.filter(readable).order_by("-number"))
    parent = None
    if deck.derived_from_id is not None:
        parent = (
            Decklist.objects.select_related("owner")
            .filter(readable, pk=deck.derived_from_id)
            .first()
        )
    return DeckFamily(publications, parent)


def decklist_comments(*, decklist: Decklist) -> QuerySet[DecklistComment]:
    return decklist.comments.select_related("author").order_by("created_at", "id")


def decklist_export(
    *, user: AbstractBaseUser | AnonymousUser, decklist_id: int, kind: str
) -> DeckExport:
    """The decklist as text, JSON or CSV: the deck builder's formats, so a download
    imports into a deck as it is."""
    decklist = decklist_for_read(user=user, decklist_id=decklist_id)
    if kind not in EXPORT_KINDS:
        raise UnknownExportError(kind)
    lines = decklist_lines(decklist=decklist)
    game = decklist.game.slug
    if kind == "json":
        body = json.dumps(
            {
                "name": decklist.name,
                "game": game,
                "format": decklist.format,
                "author": decklist.owner.username,
                "published_at": decklist.published_at.isoformat(),
                "cards": export_json(lines),
            }
        )
    elif kind == "csv":
        body = export_csv(lines)
    else:
        body = export_text(lines, game=game)
    content_type, extension = EXPORT_KINDS[kind]
    stem = f"decklist-{decklist.pk}-{slugify(decklist.name)[:40] or 'deck'}"
    return DeckExport(body.encode("utf-8"), f"{content_type}; charset=utf-8", f"{stem}.{extension}")


# --- cards seen through decklists -----------------------------------------------------------


@dataclass(frozen=True)
class CardInDecklists:
    """How the listed decklists of a card's game play it."""

    card: Card
    #: Listed decklists of the card's game, and those playing the card.
    decklists: int
    playing: int
    recent: list[Decklist]
    played_with: list[Pairing]
    names: dict[int, str]

    def rows(self) -> list[dict[str, Any]]:
        """The "often played with" pairs as JSON-ready rows, with the counts behind each."""
        return [
            {
                "card": pairing.card,
                "name": self.names.get(pairing.card, ""),
                "together": pairing.together,
                "decklists_with_card": pairing.with_card,
                "lift": round(pairing.lift, 2),
            }
            for pairing in self.played_with
        ]


def card_in_decklists(*, card: Card, limit: int = CARD_PAGE_DECKLISTS) -> CardInDecklists:
    """The listed decklists playing `card` (the newest `limit`) and the cards played with
    it more than chance would explain: lift over a minimum support (decks/cooccurrence)."""
    pool = listed().filter(game_id=card.game_id)
    playing = pool.filter(entries__card_id=card.pk)
    total = pool.count()
    with_a = playing.count()
    counts: dict[int, tuple[int, int]] = {}
    if with_a:
        together = dict(
            DecklistEntry.objects.filter(decklist__in=playing)
            .exclude(card_id=card.pk)
            .values("card_id")
            .annotate(n=Count("decklist_id"))
            .values_list("card_id", "n")
        )
        overall = dict(
            DecklistEntry.objects.filter(decklist__in=pool, card_id__in=list(together))
            .values("card_id")
            .annotate(n=Count("decklist_id"))
            .values_list("card_id", "n")
        )
        # Each count is its own query: a decklist published or withdrawn between them
        # could make them disagree by one, so each is raised to what the others imply.
        counts = {b: (max(overall.get(b, 0), n), n) for b, n in together.items()}
        with_a = max([with_a, *together.values()])
    total = max([total, with_a, *(n_b for n_b, _ in counts.values())])
    pairings = often_played_with(
        decks=total, with_a=with_a, counts=counts, card=card.pk, limit=PLAYED_WITH_LIMIT
    )
    names = dict(Card.objects.filter(pk__in=[p.card for p in pairings]).values_list("pk", "name"))
    recent = list(playing.select_related("owner", "game").order_by("-published_at", "-id")[:limit])
    return CardInDecklists(card, total, with_a, recent, pairings, names)


#: Cards offered as swaps on a decklist.
SWAP_SUGGESTIONS = 8


def swap_suggestions(*, decklist: Decklist, limit: int = SWAP_SUGGESTIONS) -> list[Card]:
    """Cards the decklist does not play that the decklists most like it do: each other
    listed decklist of its game votes for its cards with its Jaccard similarity to this
    one (shared cards ÷ cards of either), so near neighbours count most."""
    own = set(decklist.entries.values_list("card_id", flat=True))
    others: dict[int, set[int]] = {}
    rows = DecklistEntry.objects.filter(
        decklist__in=listed().filter(game_id=decklist.game_id).exclude(pk=decklist.pk)
    ).values_list("decklist_id", "card_id")
    for other, card in rows:
        others.setdefault(other, set()).add(card)
    votes: dict[int, float] = {}
    for cards in others.values():
        shared = len(own & cards)
        if not shared:
            continue
        weight = shared / len(own | cards)
        for card in cards - own:
            votes[card] = votes.get(card, 0.0) + weight
    best = sorted(votes, key=lambda card: (-votes[card], card))[:limit]
    found = Card.objects.in_bulk(best)
    return [found[card] for card in best if card in found]
