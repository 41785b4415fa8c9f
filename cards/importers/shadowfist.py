"""Importer for the factual Shadowfist card list (one CSV row per printing).

The format is the one of `shadowfist_cards_factual.csv`: card_id, title, subtitle,
card_type, faction_or_category, cost, cost_is_x, requires, provides, fighting,
fighting_is_x, power, body, no_max_db_flag, no_max_kw, unique_kw, limited_kw, rarity,
rarity_short, edition, edition_short, edition_seq. Printings are merged under their
title, compared ignoring case, spacing and quote style; the card's title and facts are
those of its newest printing (errata win), and each printing keeps its title and facts
as printed. The list has no rules text, so imported cards have no effect text and no
effect key; an effect loaded for a card since (``load_effects``) survives a new import.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import Model
from django.utils.text import slugify

from cards.designators import designators_of
from cards.limits import value_errors
from cards.merge import merge_cards
from cards.models import Card, CardSet, Game, Printing
from cards.titles import title_key
from cards.upsert import (
    CardSpec,
    LoadReport,
    PrintingSpec,
    SetSpec,
    ensure_games,
    refresh_modelling,
    upsert_cards,
    upsert_set,
)
from cards.vocabulary import SHADOWFIST_RESOURCES, SHADOWFIST_TYPES

COLUMNS = (
    "card_id", "title", "subtitle", "card_type", "faction_or_category", "cost", "cost_is_x",
    "requires", "provides", "fighting", "fighting_is_x", "power", "body", "no_max_db_flag",
    "no_max_kw", "unique_kw", "limited_kw", "rarity", "rarity_short", "edition",
    "edition_short", "edition_seq",
)  # fmt: skip
MAX_FILE_BYTES = 20 * 1024 * 1024


class ImportFormatError(Exception):
    """The file as a whole is not in the expected format; nothing was imported."""


class RowError(ValueError):
    """One row is malformed; it is rejected and the rest of the file goes on."""


@dataclass(frozen=True)
class Row:
    line: int
    card_id: str
    title: str
    edition: str
    edition_code: str
    edition_seq: int
    rarity: str
    facts: dict[str, Any]


def import_shadowfist(path: Path) -> tuple[LoadReport, LoadReport]:
    """Import the file; returns (card report, printing report), rejected rows in the first."""
    with transaction.atomic():
        game = ensure_games()["shadowfist"]
        known = dict(CardSet.objects.filter(game=game).values_list("name", "code"))
        rows, rejected = read_rows(path, known_editions=known)
        cards_report = LoadReport(rejected=rejected)
        printings_report = LoadReport()
        sets = {spec.code: upsert_set(game, spec) for spec in _edition_specs(rows)}
        set_ids = [card_set.pk for card_set in sets.values()]
        before = _printing_snapshot(set_ids)
        groups = _by_title(rows)
        titles = {key: _newest(printings).title for key, printings in groups.items()}
        slugs = _slugs_for(game, titles, cards_report)
        specs = [_card_spec(slugs[key], printings) for key, printings in groups.items()]
        upsert_cards(game, sets, specs, cards_report)
        refresh_modelling(["shadowfist"])  # cards the file left as they were, too
        _count_printings(before, _printing_snapshot(set_ids), printings_report)
    return cards_report, printings_report


def read_rows(
    path: Path, known_editions: dict[str, str] | None = None
) -> tuple[list[Row], list[str]]:
    """Parse and check every row; malformed rows come back as messages with their line.
    `known_editions` (name -> code) are the editions already in the catalogue."""
    if not path.is_file():
        raise ImportFormatError(f"{path}: no such file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ImportFormatError(f"{path}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            return _read(csv.DictReader(handle), known_editions or {})
    except UnicodeDecodeError as error:
        raise ImportFormatError(f"{path}: not UTF-8 text ({error.reason})") from None
    except csv.Error as error:
        raise ImportFormatError(f"{path}: not a CSV file ({error})") from None


def _read(
    reader: csv.DictReader[str], known_editions: dict[str, str]
) -> tuple[list[Row], list[str]]:
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise ImportFormatError(
            "not a Shadowfist factual card list: missing column(s) " + ", ".join(missing)
        )
    rows: list[Row] = []
    rejected: list[str] = []
    seen_ids: set[str] = set()
    editions = _Editions(known_editions)
    for raw in reader:
        line = reader.line_num
        try:
            row = _parse(raw, line)
            if row.card_id in seen_ids:
                raise RowError(f"duplicate card_id {row.card_id}")
            editions.check(row)
        except RowError as error:
            rejected.append(f"row {line}: {error}")
            continue
        seen_ids.add(row.card_id)
        editions.add(row)
        rows.append(row)
    return rows, rejected


class _Editions:
    """An edition is one name and one code throughout (both are unique in the catalogue):
    the first row, or the catalogue, that pairs them decides."""

    def __init__(self, known: dict[str, str]) -> None:
        self._code_of = {name: (code, "in the catalogue") for name, code in known.items()}
        self._name_of: dict[str, str] = {}

    def check(self, row: Row) -> None:
        code, where = self._code_of.get(row.edition, (row.edition_code, ""))
        if code != row.edition_code:
            raise RowError(
                f"edition {row.edition!r} has the code {code!r} {where}, not {row.edition_code!r}"
            )
        name = self._name_of.get(row.edition_code, row.edition)
        if name != row.edition:
            raise RowError(
                f"edition code {row.edition_code!r} is {name!r} in this list, not {row.edition!r}"
            )

    def add(self, row: Row) -> None:
        self._code_of.setdefault(row.edition, (row.edition_code, "in this list"))
        self._name_of.setdefault(row.edition_code, row.edition)


def _parse(raw: dict[str, str | None], line: int) -> Row:
    if None in raw:
        raise RowError("more fields than columns")
    value = {k: (v or "").strip() for k, v in raw.items() if k is not None}
    if not (value["card_id"].isascii() and value["card_id"].isdigit()):
        raise RowError(f"card_id {value['card_id']!r} is not a number")
    if not value["title"]:
        raise RowError("empty title")
    if value["card_type"] not in SHADOWFIST_TYPES:
        raise RowError(f"unknown card_type {value['card_type']!r}")
    if not value["edition"] or not value["edition_short"]:
        raise RowError("missing edition")
    for codes in ("requires", "provides"):
        unknown = sorted(set(value[codes]) - set(SHADOWFIST_RESOURCES))
        if unknown:
            raise RowError(f"{codes} has unknown resource code(s) {''.join(unknown)!r}")
    faction = value["faction_or_category"]
    facts = {
        "subtitle": value["subtitle"],
        "type": value["card_type"],
        "faction": "" if faction == "Feng Shui Site" else faction,
        "cost": _int(value, "cost"),
        "cost_is_x": _flag(value, "cost_is_x"),
        "requires": value["requires"],
        "provides": value["provides"],
        "fighting": _int(value, "fighting"),
        "fighting_is_x": _flag(value, "fighting_is_x"),
        "power": _int(value, "power"),
        "body": _int(value, "body"),
        # The DB flag misses two No Max cards that the keyword scan finds (see SOURCE.md).
        "is_no_max": _flag(value, "no_max_db_flag") or _flag(value, "no_max_kw"),
        "is_unique": _flag(value, "unique_kw"),
        "is_limited": _flag(value, "limited_kw"),
    }
    _check_limits(value, facts)
    return Row(
        line=line,
        card_id=value["card_id"],
        title=value["title"],
        edition=value["edition"],
        edition_code=value["edition_short"],
        edition_seq=_int(value, "edition_seq") or 0,
        rarity=value["rarity"],
        facts=facts,
    )


# The model fields each column is stored in; their declarations are the limits checked.
_STORED_IN: dict[type[Model], dict[str, str]] = {
    Card: {
        "name": "title",
        "subtitle": "subtitle",
        "type": "card_type",
        "faction": "faction_or_category",
        "cost": "cost",
        "requires": "requires",
        "provides": "provides",
        "fighting": "fighting",
        "power": "power",
        "body": "body",
        "designators": "the designator list (from title and subtitle)",
    },
    Printing: {"external_id": "card_id", "rarity": "rarity"},
    CardSet: {"name": "edition", "code": "edition_short", "release_order": "edition_seq"},
}


def _check_limits(value: dict[str, str], facts: dict[str, Any]) -> None:
    """Refuse a row any of whose values would not fit its column, on any database."""
    stored = {
        Card: {
            **{field: facts[field] for field in _STORED_IN[Card] if field in facts},
            "name": value["title"],
            "designators": " ".join(designators_of(value["title"], facts["subtitle"])),
        },
        Printing: {"external_id": value["card_id"], "rarity": value["rarity"]},
        CardSet: {
            "name": value["edition"],
            "code": value["edition_short"],
            "release_order": _int(value, "edition_seq") or 0,
        },
    }
    for model, values in stored.items():
        for field, problem in value_errors(model, values).items():
            raise RowError(f"{_STORED_IN[model][field]} {problem}")


def _int(value: dict[str, str], column: str) -> int | None:
    text = value[column]
    if text == "":
        return None
    try:
        number = int(text)
    except ValueError:
        raise RowError(f"{column} {text!r} is not a whole number") from None
    if not -1 < number < 1000:
        raise RowError(f"{column} {number} is out of range")
    return number


def _flag(value: dict[str, str], column: str) -> bool:
    text = value[column].upper()
    if text not in ("Y", "N"):
        raise RowError(f"{column} {value[column]!r} is not Y or N")
    return text == "Y"


def _edition_specs(rows: list[Row]) -> list[SetSpec]:
    editions: dict[str, SetSpec] = {}
    for row in rows:
        editions.setdefault(
            row.edition_code,
            SetSpec(code=row.edition_code, name=row.edition, release_order=row.edition_seq),
        )
    return list(editions.values())


def _by_title(rows: list[Row]) -> dict[str, list[Row]]:
    """Printings grouped by title, spelled alike or differing only in case, spacing or
    quote style ('SWAT Team' and 'Swat Team' are one card)."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        groups[title_key(row.title)].append(row)
    return groups


def _newest(printings: list[Row]) -> Row:
    return max(printings, key=lambda r: (r.edition_seq, int(r.card_id)))


def _card_spec(slug: str, printings: list[Row]) -> CardSpec:
    newest = _newest(printings)
    facts = newest.facts
    fields = {
        "name": newest.title,
        **facts,
        "designators": " ".join(designators_of(newest.title, facts["subtitle"])),
        # No effect fields: a new card has none (no rules text in the list), and a card
        # imported again keeps the effect loaded for it since (cards/effects).
    }
    return CardSpec(
        slug=slug,
        fields=fields,
        printings=[
            PrintingSpec(
                set_code=row.edition_code,
                external_id=row.card_id,
                rarity=row.rarity,
                facts={"title": row.title, **row.facts},
            )
            for row in sorted(printings, key=lambda r: int(r.card_id))
        ],
    )


def _slugs_for(game: Game, titles: dict[str, str], report: LoadReport) -> dict[str, str]:
    """A stable slug per title key: a known card's slug, else slugify and de-duplicate.
    Where the catalogue holds several cards for one key (imported before titles were
    merged), the one spelled as `titles` has it, or else the oldest, survives and the
    others are merged into it."""
    existing: dict[str, list[Card]] = defaultdict(list)
    for card in Card.objects.filter(game=game).order_by("id"):
        existing[title_key(card.name)].append(card)
    taken = {card.slug for cards in existing.values() for card in cards}
    slugs: dict[str, str] = {}
    for key, title in sorted(titles.items(), key=lambda item: item[1]):
        known = existing.get(key)
        if known:
            survivor = next((card for card in known if card.name == title), known[0])
            _merge(survivor, [card for card in known if card is not survivor], title, report)
            slugs[key] = survivor.slug
            continue
        base = slugify(title) or "card"
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add(slug)
        slugs[key] = slug
    return slugs


def _merge(survivor: Card, duplicates: list[Card], title: str, report: LoadReport) -> None:
    if not duplicates:
        return
    notes = merge_cards(survivor, duplicates)
    merged = ", ".join(f"{card.name!r} (card {card.pk})" for card in duplicates)
    message = f"{merged} into {title!r} (card {survivor.pk})"
    report.merged.append(": ".join([message, *notes]))
    report.counts["merged"] += len(duplicates)


def _printing_snapshot(set_ids: list[int]) -> dict[tuple[int, str], tuple[Any, ...]]:
    """The printings of the imported editions, to count what an import changed."""
    rows = Printing.objects.filter(card_set_id__in=set_ids).values_list(
        "card_set_id", "external_id", "card_id", "rarity", "facts"
    )
    return {(s, e): (c, r, repr(f)) for s, e, c, r, f in rows}


def _count_printings(
    before: dict[tuple[int, str], tuple[Any, ...]],
    after: dict[tuple[int, str], tuple[Any, ...]],
    report: LoadReport,
) -> None:
    for key, now in after.items():
        if key not in before:
            report.add("created")
        elif before[key] != now:
            report.add("updated")
        else:
            report.add("unchanged")
