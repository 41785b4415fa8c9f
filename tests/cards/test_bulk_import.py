"""A bulk file read back into an empty catalogue (`import_bulk`): the same cards, sets,
printings and effects, card for card as the API shows them."""

from __future__ import annotations

import gzip
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from cards import rows
from cards.bulk import storage
from cards.bulk.loading import BulkFormatError, import_bulk
from cards.bulk.refresh import refresh_bulk_files
from cards.importers.shadowfist import import_shadowfist
from cards.models import Card, CardSet, Printing
from cards.versioning import one_bump

pytestmark = pytest.mark.django_db

REAL_FILE = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"


@pytest.fixture
def folder(settings: Any, tmp_path: Path) -> Path:
    settings.BULK_DATA_DIR = tmp_path / "bulk-data"
    return Path(settings.BULK_DATA_DIR)


def written_file(name: str) -> Path:
    refresh_bulk_files([name])
    record = storage.stored(name)
    assert record is not None
    return storage.directory() / record.file


def catalogue(games: list[str] | None = None) -> dict[tuple[str, str], dict[str, Any]]:
    """Every card as the API shows it, but its id, by game and slug."""
    cards = Card.objects.all() if games is None else Card.objects.filter(game__slug__in=games)
    shown = rows.cards_by_id(list(cards.values_list("id", flat=True)))
    return {
        (card["game"], card["slug"]): {k: v for k, v in card.items() if k != "id"}
        for card in shown.values()
    }


def sets(games: list[str] | None = None) -> list[tuple[Any, ...]]:
    found = CardSet.objects.all() if games is None else CardSet.objects.filter(game__slug__in=games)
    fields = ("game__slug", "code", "name", "release_order", "is_project_set", "description")
    return sorted(found.values_list(*fields))


def counts(games: list[str] | None = None) -> Counter[tuple[str, str]]:
    cards = Card.objects.all() if games is None else Card.objects.filter(game__slug__in=games)
    return Counter(cards.values_list("game__slug", "type"))


def wipe(games: list[str] | None = None) -> None:
    cards = Card.objects.all() if games is None else Card.objects.filter(game__slug__in=games)
    with one_bump():
        cards.delete()
        (CardSet.objects.all() if games is None else CardSet.objects.filter(
            game__slug__in=games
        )).delete()  # fmt: skip
    assert not cards.exists()


def test_the_shipped_catalogue_comes_back_from_the_file_of_all_games(folder: Path) -> None:
    path = written_file("all-cards")
    before, before_sets, before_counts = catalogue(), sets(), counts()
    with_effects = Card.objects.filter(game__slug="shadowfist", effect_key__isnull=False).count()
    wipe()

    result = import_bulk(path)

    assert counts() == before_counts
    assert sets() == before_sets
    assert catalogue() == before
    assert {game: report.counts["created"] for game, report in result.reports.items()} == {
        game: sum(n for (g, _type), n in before_counts.items() if g == game)
        for game in ("chizo", "shadowfist", "raise", "chocobo")
    }
    assert result.effects == {"shadowfist": with_effects}
    assert with_effects > 0
    assert result.rejected == []


def test_a_second_import_changes_nothing(folder: Path) -> None:
    path = written_file("all-cards")

    result = import_bulk(path)

    assert {report.counts["unchanged"] for report in result.reports.values()} != {0}
    assert all(set(report.counts) == {"unchanged"} for report in result.reports.values())
    assert result.effects == {"shadowfist": 0}


def test_one_game_s_file_brings_back_that_game_only(folder: Path) -> None:
    path = written_file("cards-chizo")
    before, others = catalogue(["chizo"]), catalogue(["shadowfist", "raise", "chocobo"])
    wipe(["chizo"])

    result = import_bulk(path)

    assert list(result.reports) == ["chizo"]
    assert catalogue(["chizo"]) == before
    assert catalogue(["shadowfist", "raise", "chocobo"]) == others


@pytest.mark.skipif(not REAL_FILE.exists(), reason="the real Shadowfist card list is not present")
def test_the_real_shadowfist_list_comes_back_with_the_same_counts(folder: Path) -> None:
    import_shadowfist(REAL_FILE)
    path = written_file("cards-shadowfist")
    before, before_sets, before_counts = (
        catalogue(["shadowfist"]), sets(["shadowfist"]), counts(["shadowfist"])
    )  # fmt: skip
    printings = Printing.objects.filter(card__game__slug="shadowfist").count()
    wipe(["shadowfist"])

    result = import_bulk(path)

    assert counts(["shadowfist"]) == before_counts
    assert sum(before_counts.values()) > 2000
    assert Printing.objects.filter(card__game__slug="shadowfist").count() == printings
    assert sets(["shadowfist"]) == before_sets
    assert catalogue(["shadowfist"]) == before
    assert result.reports["shadowfist"].rejected == []


def test_a_printing_s_facts_as_printed_stay_when_a_file_is_imported_over_them(
    folder: Path,
) -> None:
    card = Card.objects.get(game__slug="shadowfist", slug="armored-delivery-van")
    printing = card.printings.get()
    printing.facts = {"title": "Armored Delivery Van", "cost": 1}
    printing.save()

    import_bulk(written_file("cards-shadowfist"))

    printing.refresh_from_db()
    assert printing.facts == {"title": "Armored Delivery Van", "cost": 1}


def bulk_json(tmp_path: Path, data: list[Any], **header: Any) -> Path:
    document = {"object": "bulk", "type": "cards", "sets": [], "data": data, **header}
    path = tmp_path / "cards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    return path


def test_the_command_imports_and_prints_counts_and_each_rejected_record(
    folder: Path, tmp_path: Path, api: APIClient
) -> None:
    rat = api.get("/api/v1/cards/", {"q": '!"Rat"'}).json()["results"][0]
    new = rat | {"name": "Rat Two", "slug": "rat-two"}
    bad = rat | {"name": "Bad Rat", "slug": "bad-rat", "strength": "strong"}
    lost = {"name": "Nowhere", "game": "magic"}
    twice = new | {"name": "Rat Two Again"}
    out, err = io.StringIO(), io.StringIO()
    path = bulk_json(tmp_path, [new, bad, lost, twice])

    call_command("import_bulk", str(path), stdout=out, stderr=err)

    assert "chizo: 1 created, 0 updated, 0 unchanged, 2 rejected" in out.getvalue()
    assert "rejected record 3: no game of the catalogue ('magic')" in err.getvalue()
    assert "rejected chizo record 2 ('Bad Rat'): strength" in err.getvalue()
    assert "rejected chizo record 4 ('Rat Two Again'): slug 'rat-two' is an earlier" in (
        err.getvalue()
    )
    assert Card.objects.get(game__slug="chizo", slug="rat-two").strength == rat["strength"]
    assert out.getvalue().splitlines()[-1].startswith("bulk data: ")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "is not JSON"),
        (b'{"object": "list", "data": []}', "is not a bulk file"),
        (b'{"object": "bulk", "type": "decklists", "data": []}', "not cards"),
        (b'{"object": "bulk", "type": "cards", "data": {}}', "must be lists"),
        (b"\x1f\x8b broken gzip", "cannot read"),
    ],
)
def test_a_file_that_is_not_a_bulk_file_of_cards_is_refused(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(content)

    with pytest.raises(BulkFormatError, match=message):
        import_bulk(path)
    with pytest.raises(CommandError, match=message):
        call_command("import_bulk", str(path))


def test_an_effect_the_vocabulary_refuses_imports_nothing(tmp_path: Path, api: APIClient) -> None:
    card = api.get("/api/v1/cards/", {"q": "game:shadowfist has:effect"}).json()["results"][0]
    refused = card | {"slug": "odd-one", "name": "Odd One", "effect_key": "no_such_effect"}

    with pytest.raises(BulkFormatError, match="vocabulary refuses"):
        import_bulk(bulk_json(tmp_path, [refused]))

    assert not Card.objects.filter(slug="odd-one").exists()
