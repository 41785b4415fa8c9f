"""Reads of the deck builder, with who may see what.

The owner reads and writes; a public deck is readable by anyone and writable by nobody
else; a private deck does not exist for anyone but its owner (404, not 403).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.text import slugify

from cards.models import Card
from cards.search import SearchError
from cards.search.deadline import SearchTimeoutError, search_deadline
from cards.selectors import FilterTermsError, card_list
from decks.analysis import deck_stack
from decks.cardfacts import CardFacts
from decks.catalogue import facts_by_id
from decks.diff import diff_entries
from decks.formats import FORMATS, ValidationReport, formats_for_game, validate
from decks.intake import DeckListError, accept, as_violation, lines_from_text
from decks.lines import DeckLine
from decks.listexport import export_csv, export_json, export_text
from decks.modelling import lines_modelling, modelling_shown
from decks.models import Deck, DeckEntry, DeckVersion
from decks.stats import DEFAULT_TURNS, deck_stats, sample_hand


class NotDeckOwnerError(PermissionDenied):
    """A write to a public deck by someone who does not own it (403)."""


def _visible_to(user: AbstractBaseUser | AnonymousUser) -> Q:
    public = Q(visibility=Deck.Visibility.PUBLIC)
    return public | Q(owner_id=user.pk) if user.is_authenticated else public


def deck_list(*, user: AbstractBaseUser | AnonymousUser, public: bool = False) -> QuerySet[Deck]:
    """The user's own decks, or with `public` every public deck."""
    decks = (
        Deck.objects.select_related("game", "owner")
        .annotate(card_total=Coalesce(Sum("entries__count"), 0))
        .order_by("-updated_at", "-id")  # aggregation drops Meta.ordering
    )
    if public or not user.is_authenticated:
        return decks.filter(visibility=Deck.Visibility.PUBLIC)
    return decks.filter(owner_id=user.pk)


def deck_for_read(*, user: AbstractBaseUser | AnonymousUser, deck_id: int) -> Deck:
    deck = (
        Deck.objects.select_related("game", "owner")
        .prefetch_related("entries__card")
        .filter(_visible_to(user), pk=deck_id)
        .first()
    )
    if deck is None:
        raise Http404("no such deck")
    return deck


def deck_for_write(
    *, user: AbstractBaseUser | AnonymousUser, deck_id: int, lock: bool = False
) -> Deck:
    decks = Deck.objects.select_related("game")
    if lock:
        decks = decks.select_for_update(of=("self",))
    deck = decks.filter(_visible_to(user), pk=deck_id).first()
    if deck is None:
        raise Http404("no such deck")
    if deck.owner_id != user.pk:
        raise NotDeckOwnerError
    return deck


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    return deck.versions.all()


def deck_version(*, deck: Deck, version: int) -> DeckVersion:
    found = deck.versions.filter(version=version).first()
    if found is None:
        raise Http404(f"deck has no version {version}")
    return found


def deck_lines(*, deck: Deck) -> list[DeckLine]:
    """The deck's entries as rule-ready lines, in list order."""
    entries = list(deck.entries.values_list("card_id", "count"))
    facts = facts_by_id(card_id for card_id, _ in entries)
    return [DeckLine(card=facts[card_id], count=count) for card_id, count in entries]


def version_lines(*, version: DeckVersion) -> dict[int, tuple[str, int]]:
    """A saved version's cards: id -> (name, count)."""
    return {e["card"]: (e["name"], e["count"]) for e in version.entries}


# --- what the deck builder pages show ---------------------------------------------------------

MAX_FORMATS = 8  # formats one check judges a deck or a list by
SEARCH_LIMIT = 20
EXPORT_KINDS: dict[str, tuple[str, str]] = {
    "text": ("text/plain", "txt"),
    "json": ("application/json", "json"),
    "csv": ("text/csv", "csv"),
}


@dataclass(frozen=True)
class DeckOverview:
    """One row of "my decks": the deck, its size and its verdict in its own format."""

    deck: Deck
    total: int
    problems: int

    @property
    def valid(self) -> bool:
        return self.problems == 0

    @property
    def format_name(self) -> str:
        known = FORMATS.get(self.deck.format)
        return known.name if known else self.deck.format


def deck_overviews(*, user: AbstractBaseUser | AnonymousUser) -> list[DeckOverview]:
    """The user's decks, each validated against its format, in four queries in all."""
    decks = list(deck_list(user=user))
    rows = DeckEntry.objects.filter(deck__in=decks).order_by("deck_id", "position", "id")
    entries = list(rows.values_list("deck_id", "card_id", "count"))
    facts = facts_by_id(card_id for _, card_id, _ in entries)
    lines: dict[int, list[DeckLine]] = {}
    for deck_id, card_id, count in entries:
        lines.setdefault(deck_id, []).append(DeckLine(card=facts[card_id], count=count))
    overviews = []
    for deck in decks:
        own = lines.get(deck.pk, [])
        report = validate(own, [deck.format], game=deck.game.slug)
        overviews.append(DeckOverview(deck, sum(line.count for line in own), len(report.errors)))
    return overviews


@dataclass(frozen=True)
class CardSearch:
    """Cards of a deck's game found by a catalogue query (the first `limit` of `total`)."""

    query: str
    cards: list[Card]
    total: int = 0
    error: str = ""


def card_search_for(*, deck: Deck, query: str, limit: int = SEARCH_LIMIT) -> CardSearch:
    """The catalogue query language over the deck's game only; a malformed query, or one
    that runs past the search time bound, gives its message instead of cards."""
    if not query.strip():
        return CardSearch(query, [])
    try:
        with search_deadline():
            found = card_list(
                queryset=Card.objects.all(), q=query, filters=f"game:{deck.game.slug}"
            )
            cards = list(found[:limit])
            total = len(cards) if len(cards) < limit else found.count()
    except (SearchError, FilterTermsError, SearchTimeoutError) as error:
        return CardSearch(query, [], 0, str(error))
    return CardSearch(query, cards, total)


def deck_card_search(
    *, user: AbstractBaseUser | AnonymousUser, deck_id: int, query: str
) -> tuple[Deck, CardSearch]:
    deck = deck_for_read(user=user, deck_id=deck_id)
    return deck, card_search_for(deck=deck, query=query)


@dataclass(frozen=True)
class DeckWorkbench:
    """Everything the deck page shows: the deck, its lines, the validation report against
    the chosen formats, whether the reader may edit, and an optional card search."""

    deck: Deck
    lines: list[DeckLine]
    formats: list[str]
    report: ValidationReport
    can_edit: bool
    search: CardSearch
    #: The stack analysis with its warnings (decks/analysis.py); None but for ChiZo.
    stack: dict[str, Any] | None
    #: How completely the engine plays its cards (decks/modelling.py); None: no cards.
    modelling: dict[str, Any] | None


def chosen_formats(deck: Deck, slugs: Sequence[str]) -> list[str]:
    """The slugs that are formats of the deck's game (at most 8); none: the deck's own."""
    known = {f.slug for f in formats_for_game(deck.game.slug)}
    chosen = [slug for slug in dict.fromkeys(slugs) if slug in known][:MAX_FORMATS]
    return chosen or [deck.format]


def deck_workbench(
    *,
    user: AbstractBaseUser | AnonymousUser,
    deck_id: int,
    formats: Sequence[str] = (),
    query: str = "",
) -> DeckWorkbench:
    deck = deck_for_read(user=user, deck_id=deck_id)
    lines = deck_lines(deck=deck)
    slugs = chosen_formats(deck, formats)
    return DeckWorkbench(
        deck=deck,
        lines=lines,
        formats=slugs,
        report=validate(lines, slugs, game=deck.game.slug),
        can_edit=deck.owner_id == user.pk,
        search=card_search_for(deck=deck, query=query),
        stack=deck_stack(deck.game.slug, lines),
        modelling=deck_page_modelling(deck.game.slug, lines),
    )


def deck_page_modelling(game: str, lines: Sequence[DeckLine]) -> dict[str, Any] | None:
    """The deck page's words on how completely the engine plays the deck's cards."""
    if not lines:
        return None
    return modelling_shown(lines_modelling(game, lines))


@dataclass(frozen=True)
class ListCheck:
    """A pasted list read without saving: its line errors (exactly those a save would
    refuse), the lines that matched and, when asked, their verdict in the formats."""

    game: str
    errors: list[dict[str, Any]]
    lines: list[DeckLine]
    report: ValidationReport | None

    @property
    def total(self) -> int:
        return sum(line.count for line in self.lines)


def list_check(
    *,
    game: str,
    text: str,
    formats: Sequence[str] | None = None,
    min_sizes: Mapping[str, int | None] | None = None,
) -> ListCheck:
    """Parse and resolve `text` for `game`; validate the matched lines against `formats`
    (empty: the game's standard format; None: no verdict, as when the list is to be added
    to a deck). The report carries the line errors too, so it is valid only for a list a
    save would take whole."""
    intake = lines_from_text(game=game, text=text)
    try:
        accept(intake, save_matched=False)
        errors: list[dict[str, Any]] = []
    except DeckListError as error:
        errors = sorted(error.errors, key=lambda e: e["line"] or 0)
    report = None
    if formats is not None:
        list_errors = [as_violation(error) for error in errors]
        report = validate(
            intake.lines, formats, game=game, min_sizes=min_sizes, list_errors=list_errors
        )
    return ListCheck(game, errors, intake.lines, report)


@dataclass(frozen=True)
class DeckStatistics:
    deck: Deck
    stats: dict[str, Any]
    seed: int | None
    hand: list[CardFacts]


def deck_statistics(
    *,
    user: AbstractBaseUser | AnonymousUser,
    deck_id: int,
    turns: int = DEFAULT_TURNS,
    seed: int | None = None,
) -> DeckStatistics:
    """Counts, curves and draw odds by turn `turns`, and with a `seed` its sample hand."""
    deck = deck_for_read(user=user, deck_id=deck_id)
    lines = deck_lines(deck=deck)
    game = deck.game.slug
    hand = [] if seed is None else sample_hand(lines, game=game, seed=seed)
    return DeckStatistics(deck, deck_stats(lines, game=game, turns=turns), seed, hand)


def deck_sample_hand(
    *, user: AbstractBaseUser | AnonymousUser, deck_id: int, seed: int
) -> list[CardFacts]:
    """The opening hand of `seed`: the same deck and seed always give the same hand."""
    deck = deck_for_read(user=user, deck_id=deck_id)
    return sample_hand(deck_lines(deck=deck), game=deck.game.slug, seed=seed)


@dataclass(frozen=True)
class DeckDiff:
    """The changes between two versions of a deck, `start` to `end`."""

    deck: Deck
    start: int
    end: int
    changes: list[dict[str, Any]]


def deck_diff(
    *,
    user: AbstractBaseUser | AnonymousUser,
    deck_id: int,
    start: int | None = None,
    end: int | None = None,
) -> DeckDiff:
    """By default the previous version against the latest. A version the deck never had
    is a 404."""
    deck = deck_for_read(user=user, deck_id=deck_id)
    end = deck.version if end is None else end
    start = max(1, end - 1) if start is None else start
    before = version_lines(version=deck_version(deck=deck, version=start))
    after = version_lines(version=deck_version(deck=deck, version=end))
    return DeckDiff(deck, start, end, diff_entries(before, after))


def decks_diff(
    *, user: AbstractBaseUser | AnonymousUser, deck_id: int, other_id: int
) -> list[dict[str, Any]]:
    """The changes from one deck's current cards to another's, both readable by `user`."""
    deck = deck_for_read(user=user, deck_id=deck_id)
    other = deck_for_read(user=user, deck_id=other_id)
    return diff_entries(_current(deck), _current(other))


def _current(deck: Deck) -> dict[int, tuple[str, int]]:
    return {e.card_id: (e.card.name, e.count) for e in deck.entries.all()}


class UnknownExportError(ValueError):
    """An export kind that is not one of EXPORT_KINDS."""

    def __init__(self, kind: str) -> None:
        *others, last = EXPORT_KINDS
        super().__init__(f"cannot export as {kind!r}; use {', '.join(others)} or {last}")
        self.kind = kind


@dataclass(frozen=True)
class DeckExport:
    body: bytes
    content_type: str
    filename: str


def deck_export(*, user: AbstractBaseUser | AnonymousUser, deck_id: int, kind: str) -> DeckExport:
    """The deck as re-importable text, JSON or CSV, for the API and the download alike:
    UTF-8 bytes, compact JSON, and a file name that says which deck it is. A deck the
    user cannot read is a 404 before an unknown `kind` is UnknownExportError."""
    deck = deck_for_read(user=user, deck_id=deck_id)
    if kind not in EXPORT_KINDS:
        raise UnknownExportError(kind)
    lines = deck_lines(deck=deck)
    if kind == "json":
        cards = export_json(lines)
        body = json.dumps({"name": deck.name, "game": deck.game.slug, "cards": cards})
    elif kind == "csv":
        body = export_csv(lines)
    else:
        body = export_text(lines, game=deck.game.slug)
    content_type, extension = EXPORT_KINDS[kind]
    return DeckExport(
        body.encode("utf-8"),
        f"{content_type}; charset=utf-8",
        f"{_file_stem(deck)}.{extension}",
    )


def _file_stem(deck: Deck) -> str:
    return f"deck-{deck.pk}-{slugify(deck.name)[:40] or 'deck'}"
