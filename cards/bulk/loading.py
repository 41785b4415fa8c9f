"""A bulk file of cards read back into the catalogue (`python manage.py import_bulk FILE`).

A fresh install loads a file another install wrote, through the catalogue's one write
path (cards/upsert.py): the games, the file's sets, each card keyed by its game and slug
with its printings keyed by set and source id, and the effects of the games that write
them as data through their history (cards/effects/history.py, checked by the engine's
vocabulary). It adds and updates, never removes, and a second run changes nothing.

A card's JSON is its API shape, so the fields written are those of its game's serializer
(cards/api/serializers.py) but what the database or the engine decides (id, modelling)
and what is written apart (the game, printings, effects). What the API does not show is
not in the file and stays as it is on a card already there: a printing's facts as printed
(Shadowfist errata), an effect's author's note, the effects' history.
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction

from cards.api.serializers import SERIALIZERS
from cards.bulk.catalogue import CARDS
from cards.bulk.storage import OBJECT
from cards.effects.history import (
    EFFECT_FIELDS,
    EFFECT_GAMES,
    Effect,
    EffectRefusedError,
    write_effects,
)
from cards.limits import value_errors
from cards.models import Card, CardSet, Game, Printing
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
from cards.vocabulary import GAMES

#: The most JSON a file may unpack to (a gzip file can hold far more than its size).
MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"
#: Fields of a card's shape not written as columns: the database gives the id, the engine
#: the modelling status; the game and the printings are written as such.
NOT_WRITTEN = frozenset({"id", "game", "printings", "modelling"})
#: A set's fields in the file (the set list's shape) and their JSON types.
SET_FIELDS: dict[str, type] = {
    "code": str, "name": str, "release_order": int, "is_project_set": bool, "description": str,
}  # fmt: skip
#: Fields a card shows as a list, stored as its column holds them.
STORED_AS: dict[str, Callable[[list[str]], str]] = {
    "compatible_classes": Card.join_classes,
    "designators": " ".join,
}


class BulkFormatError(Exception):
    """The file as a whole cannot be read as a bulk file of cards; nothing was imported."""


class RecordError(ValueError):
    """One card cannot be written; it is rejected and the others go on."""


@dataclass
class BulkImport:
    """What an import did, per game; records of no known game are rejected apart."""

    reports: dict[str, LoadReport] = field(default_factory=dict)
    effects: dict[str, int] = field(default_factory=dict)  # effects written, per game
    rejected: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Record:
    spec: CardSpec
    effect: tuple[str | None, dict[str, Any]] | None  # for a game of EFFECT_GAMES
    set_names: dict[str, str]  # the sets its printings name: code -> name


def read_document(path: Path) -> dict[str, Any]:
    """The file's JSON document (gzip-compressed or not), checked to be a bulk file of
    cards."""
    try:
        with path.open("rb") as raw:
            compressed = raw.read(len(GZIP_MAGIC)) == GZIP_MAGIC
        with gzip.open(path, "rb") if compressed else path.open("rb") as stream:
            text = stream.read(MAX_UNCOMPRESSED_BYTES + 1)
    except (OSError, EOFError) as error:  # gzip.BadGzipFile is an OSError
        raise BulkFormatError(f"cannot read {path}: {error}") from error
    if len(text) > MAX_UNCOMPRESSED_BYTES:
        raise BulkFormatError(f"{path} holds more than {MAX_UNCOMPRESSED_BYTES:,} bytes of JSON")
    try:
        document = json.loads(text)
    except ValueError as error:
        raise BulkFormatError(f"{path} is not JSON: {error}") from error
    if not isinstance(document, dict) or document.get("object") != OBJECT:
        raise BulkFormatError(f'{path} is not a bulk file (no "object": "{OBJECT}")')
    if document.get("type") != CARDS:
        raise BulkFormatError(f"{path} holds {document.get('type')!r}, not cards")
    if not isinstance(document.get("data"), list) or not isinstance(document.get("sets", []), list):
        raise BulkFormatError(f'{path}: "data" and "sets" must be lists')
    return document


def import_bulk(path: Path) -> BulkImport:
    """Import the cards of a bulk file, all or nothing but for rejected records."""
    document = read_document(path)
    result = BulkImport()
    by_game: dict[str, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    for number, card in enumerate(document["data"], start=1):
        game = card.get("game") if isinstance(card, dict) else None
        if isinstance(game, str) and game in GAMES:
            by_game[game].append((number, card))
        else:
            result.rejected.append(f"record {number}: no game of the catalogue ({game!r})")
    set_rows = [row for row in document.get("sets", []) if isinstance(row, dict)]
    with transaction.atomic():
        games = ensure_games()
        for slug in GAMES:
            if slug in by_game:
                game_sets = [row for row in set_rows if row.get("game") == slug]
                _import_game(games[slug], game_sets, by_game[slug], path.name, result)
        refresh_modelling(list(result.reports))
    return result


def _import_game(
    game: Game,
    set_rows: list[dict[str, Any]],
    cards: list[tuple[int, dict[str, Any]]],
    source: str,
    result: BulkImport,
) -> None:
    report = result.reports[game.slug] = LoadReport()
    kept_facts = {
        (code, external_id): facts
        for code, external_id, facts in Printing.objects.filter(card_set__game=game).values_list(
            "card_set__code", "external_id", "facts"
        )
    }
    records: list[_Record] = []
    slugs: set[str] = set()
    for number, card in cards:
        try:
            record = _record(game.slug, card, kept_facts)
            if record.spec.slug in slugs:
                raise RecordError(f"slug {record.spec.slug!r} is an earlier record's")
        except RecordError as error:
            report.rejected.append(f"record {number} ({card.get('name')!r}): {error}")
            continue
        slugs.add(record.spec.slug)
        records.append(record)
    sets = {spec.code: upsert_set(game, spec) for spec in _set_specs(set_rows, records)}
    upsert_cards(game, sets, [record.spec for record in records], report)
    if game.slug in EFFECT_GAMES:
        result.effects[game.slug] = _write_effects(game, records, source)


def _record(game: str, card: dict[str, Any], kept_facts: dict[tuple[str, str], Any]) -> _Record:
    fields: dict[str, Any] = {}
    for name in SERIALIZERS[game].Meta.fields:
        if name in NOT_WRITTEN or (game in EFFECT_GAMES and name in EFFECT_FIELDS):
            continue  # an effect of these games is written through its history, below
        if name not in card:
            raise RecordError(f"{name} is missing")
        fields[name] = _column_value(name, card[name])
    problems = value_errors(Card, fields)
    if problems:
        raise RecordError("; ".join(f"{name} {problem}" for name, problem in problems.items()))
    slug = fields.pop("slug")
    if not slug:
        raise RecordError("slug is empty")
    items = _list(card, "printings")
    printings = [_printing(item, kept_facts) for item in items]
    effect = _effect(card) if game in EFFECT_GAMES else None
    set_names = {item["set"]: item["set_name"] for item in items}
    return _Record(CardSpec(slug=slug, fields=fields, printings=printings), effect, set_names)


def _column_value(name: str, value: Any) -> Any:
    if name in STORED_AS:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise RecordError(f"{name} is not a list of strings")
        try:
            value = STORED_AS[name](value)
        except KeyError as error:
            raise RecordError(f"{name}: {error.args[0]!r} is not known") from None
    column = Card._meta.get_field(name)
    assert isinstance(column, models.Field)  # the serializers show columns, not relations
    try:
        return column.to_python(value)
    except ValidationError as error:
        raise RecordError(f"{name}: {' '.join(error.messages)}") from None


def _list(card: dict[str, Any], name: str) -> list[dict[str, Any]]:
    items = card.get(name, [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise RecordError(f"{name} is not a list of objects")
    return items


def _printing(item: dict[str, Any], kept_facts: dict[tuple[str, str], Any]) -> PrintingSpec:
    keys = ("set", "set_name", "rarity", "external_id")
    values = {key: item[key] for key in keys if isinstance(item.get(key), str)}
    if len(values) < len(keys) or not values["set"]:
        raise RecordError("a printing needs set, set_name, rarity and external_id as text")
    problems = value_errors(
        Printing, {"rarity": values["rarity"], "external_id": values["external_id"]}
    )
    problems |= value_errors(CardSet, {"code": values["set"], "name": values["set_name"]})
    if problems:
        raise RecordError("; ".join(f"printing {name} {p}" for name, p in problems.items()))
    return PrintingSpec(
        set_code=values["set"],
        external_id=values["external_id"],
        rarity=values["rarity"],
        # Not in the file (the API does not show them): a printing already there keeps its.
        facts=kept_facts.get((values["set"], values["external_id"]), {}),
    )


def _effect(card: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    key, params = card.get("effect_key"), card.get("effect_params") or {}
    if not (key is None or isinstance(key, str)) or not isinstance(params, dict):
        raise RecordError("effect_key must be text or null and effect_params an object")
    return key, params


def _set_specs(set_rows: list[dict[str, Any]], records: list[_Record]) -> list[SetSpec]:
    """The file's sets of the game, then any set a printing names that they leave out."""
    specs: dict[str, SetSpec] = {}
    for row in set_rows:
        values: dict[str, Any] = {key: row.get(key) for key in SET_FIELDS}
        if not all(isinstance(values[key], kind) for key, kind in SET_FIELDS.items()):
            raise BulkFormatError(f"a set of other fields than the set list's: {row!r}")
        if value_errors(CardSet, values) or not values["code"]:
            raise BulkFormatError(f"a set that does not fit the catalogue: {row!r}")
        specs[values["code"]] = SetSpec(**values)
    for record in records:
        for code, name in record.set_names.items():
            specs.setdefault(code, SetSpec(code=code, name=name))
    return list(specs.values())


def _write_effects(game: Game, records: list[_Record], source: str) -> int:
    cards = {card.slug: card for card in Card.objects.filter(game=game)}
    edits = [
        (cards[record.spec.slug], Effect(key, params, cards[record.spec.slug].effect_note))
        for record in records
        if record.effect is not None and record.spec.slug in cards
        for key, params in [record.effect]
    ]
    try:
        change = write_effects(game, edits, author=None, source=f"bulk file {source}")
    except EffectRefusedError as error:
        raise BulkFormatError(f"an effect the vocabulary refuses: {error}") from None
    return change.revisions.count() if change else 0
