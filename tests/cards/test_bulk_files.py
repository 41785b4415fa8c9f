"""The bulk data files (cards/bulk/): which there are, what a file holds, when it is
written anew, the command, the Celery task and the refresher of a web process."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from cards.bulk import refresher, storage
from cards.bulk.catalogue import ALL_CARDS, card_file_name
from cards.bulk.refresh import UnknownBulkFileError, refresh_bulk_files
from cards.bulk.registry import BulkFile, registered
from cards.bulk.tasks import REFRESH_TASK, refresh_bulk_data
from cards.models import Card, CardSet
from cards.vocabulary import GAMES
from config.celery import app as celery_app
from decks.decklists.bulk import NAME as DECKLISTS

pytestmark = pytest.mark.django_db

CARD_FILES = [card_file_name(game) for game in GAMES]
#: Every file the settings name: the catalogue's, then the published decklists'.
ALL_FILES = [*CARD_FILES, ALL_CARDS, DECKLISTS]


@pytest.fixture
def folder(settings: Any, tmp_path: Path) -> Path:
    settings.BULK_DATA_DIR = tmp_path / "bulk-data"
    return Path(settings.BULK_DATA_DIR)


def document(name: str) -> dict[str, Any]:
    record = storage.stored(name)
    assert record is not None
    with gzip.open(storage.directory() / record.file, "rb") as stream:
        loaded: dict[str, Any] = json.load(stream)
    return loaded


def written(outcomes: list[Any]) -> list[str]:
    return [outcome.record.name for outcome in outcomes if outcome.written]


#: The files `other_files` gives: what another app's maker would (decks: its decklists).
OTHER: list[BulkFile] = []


def other_files() -> list[BulkFile]:
    return list(OTHER)


@pytest.fixture
def extra_file(folder: Path, settings: Any) -> Iterator[BulkFile]:
    """A file of another app's, named in the settings as decks would name its decklists."""
    bulk_file = BulkFile(
        name="decklists-test",
        type="decklists",
        description="Published decklists.",
        game=None,
        version=lambda: "1",
        rows=lambda: iter([{"deck": 1}, {"deck": 2}]),
    )
    settings.BULK_DATA_FILES = [*settings.BULK_DATA_FILES, f"{__name__}.other_files"]
    OTHER[:] = [bulk_file]
    yield bulk_file
    OTHER.clear()


def test_every_game_has_a_file_and_one_holds_all_games() -> None:
    names = [bulk_file.name for bulk_file in registered()]

    assert names == ALL_FILES
    assert [f.game for f in registered()] == [*GAMES, None, None]


def test_a_game_s_file_holds_each_of_its_cards_as_the_card_api_gives_it(
    folder: Path, api: APIClient
) -> None:
    refresh_bulk_files()

    body = document("cards-shadowfist")

    cards = Card.objects.filter(game__slug="shadowfist")
    assert body["count"] == len(body["data"]) == cards.count()
    assert {card["id"] for card in body["data"]} == set(cards.values_list("id", flat=True))
    assert {card["game"] for card in body["data"]} == {"shadowfist"}
    for card in body["data"][::10]:
        assert card == api.get(f"/api/v1/cards/{card['id']}/").json()
    sets = api.get("/api/v1/sets/", {"game": "shadowfist"}).json()["results"]
    assert body["sets"] == sets
    assert {key: body[key] for key in ("object", "name", "type", "game")} == {
        "object": "bulk", "name": "cards-shadowfist", "type": "cards", "game": "shadowfist"
    }  # fmt: skip


def test_the_file_of_all_games_holds_every_card_and_set(folder: Path) -> None:
    refresh_bulk_files([ALL_CARDS])

    body = document(ALL_CARDS)

    assert body["game"] is None
    assert body["count"] == Card.objects.count()
    assert [card["game"] for card in body["data"]] == sorted(
        (card["game"] for card in body["data"]), key=list(GAMES).index
    )
    assert len(body["sets"]) == CardSet.objects.count()


def test_the_sidecar_gives_the_sizes_count_and_hash_of_the_file(folder: Path) -> None:
    refresh_bulk_files(["cards-chizo"])

    record = storage.stored("cards-chizo")

    assert record is not None
    data = (folder / record.file).read_bytes()
    assert record.size == len(data)
    assert record.sha256 == hashlib.sha256(data).hexdigest()
    assert record.uncompressed_size == len(gzip.decompress(data))
    assert record.count == Card.objects.filter(game__slug="chizo").count()
    assert sorted(p.name for p in folder.glob("cards-chizo*")) == sorted(
        ["cards-chizo.json", record.file]
    )


def test_an_unchanged_catalogue_leaves_every_file_as_it_is(folder: Path) -> None:
    first = refresh_bulk_files()

    again = refresh_bulk_files()

    assert written(first) == ALL_FILES
    assert written(again) == []
    assert [o.record for o in again] == [o.record for o in first]


def test_a_card_write_makes_its_game_s_file_and_the_file_of_all_games_stale(
    folder: Path,
) -> None:
    refresh_bulk_files()
    before = document("cards-chizo")
    rat = Card.objects.get(game__slug="chizo", slug="rat")
    rat.strength = 9
    rat.save()

    outcomes = refresh_bulk_files()

    assert written(outcomes) == ["cards-chizo", ALL_CARDS]
    after = document("cards-chizo")
    assert after["version"] != before["version"]
    assert next(c for c in after["data"] if c["slug"] == "rat")["strength"] == 9
    assert len(list(folder.glob("cards-chizo.*.json.gz"))) == 1  # the old file is gone


def test_force_writes_even_the_current_files(folder: Path) -> None:
    refresh_bulk_files()

    assert written(refresh_bulk_files(["cards-raise"], force=True)) == ["cards-raise"]


def test_a_file_whose_data_went_missing_is_written_again(folder: Path) -> None:
    refresh_bulk_files(["cards-raise"])
    record = storage.stored("cards-raise")
    assert record is not None
    (folder / record.file).unlink()

    assert written(refresh_bulk_files(["cards-raise"])) == ["cards-raise"]


def test_a_failed_write_keeps_the_file_before_it(folder: Path, extra_file: BulkFile) -> None:
    refresh_bulk_files([extra_file.name])
    before = storage.stored(extra_file.name)

    def broken() -> Iterator[dict[str, Any]]:
        yield {"deck": 1}
        raise RuntimeError("the database went away")

    OTHER[:] = [dataclasses.replace(extra_file, version=lambda: "2", rows=broken)]

    with pytest.raises(RuntimeError):
        refresh_bulk_files([extra_file.name])

    assert storage.stored(extra_file.name) == before
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_another_app_s_file_is_written_from_its_registration(
    folder: Path, extra_file: BulkFile
) -> None:
    refresh_bulk_files([extra_file.name])

    body = document(extra_file.name)

    assert body["data"] == [{"deck": 1}, {"deck": 2}]
    assert (body["type"], body["count"], body["version"]) == ("decklists", 2, "1")


@pytest.mark.parametrize("name", ["Cards", "cards_x", "-x", "x-", "a" * 65, "x.json"])
def test_a_file_name_must_be_lower_case_words_joined_by_hyphens(
    extra_file: BulkFile, name: str
) -> None:
    OTHER[:] = [dataclasses.replace(extra_file, name=name)]

    with pytest.raises(ImproperlyConfigured, match="lower-case"):
        registered()


def test_two_files_cannot_share_a_name(extra_file: BulkFile) -> None:
    OTHER[:] = [dataclasses.replace(extra_file, name="cards-chizo")]

    with pytest.raises(ImproperlyConfigured, match="two bulk files are named 'cards-chizo'"):
        registered()


def test_another_app_s_file_is_listed_after_the_catalogue_s(extra_file: BulkFile) -> None:
    assert [f.name for f in registered()] == [*ALL_FILES, extra_file.name]


def test_an_unknown_name_is_refused_with_the_names_there_are(folder: Path) -> None:
    with pytest.raises(UnknownBulkFileError, match="cards-shadowfist"):
        refresh_bulk_files(["cards-magic"])
    with pytest.raises(CommandError, match="no bulk file is named 'cards-magic'"):
        call_command("bulk_data", "--name", "cards-magic")


def test_the_command_says_what_it_wrote_and_what_was_current(folder: Path) -> None:
    first, again, forced = io.StringIO(), io.StringIO(), io.StringIO()

    call_command("bulk_data", stdout=first)
    call_command("bulk_data", stdout=again)
    call_command("bulk_data", "--force", "--name", "cards-chocobo", stdout=forced)

    chocobo = Card.objects.filter(game__slug="chocobo").count()
    assert first.getvalue().splitlines()[3].startswith(
        f"cards-chocobo: written ({chocobo} records, "
    )
    assert len(first.getvalue().splitlines()) == len(registered())
    assert all(": current (" in line for line in again.getvalue().splitlines())
    assert forced.getvalue().startswith("cards-chocobo: written")


def test_loading_the_catalogue_writes_the_files_a_fresh_install_serves(folder: Path) -> None:
    out = io.StringIO()

    call_command("load_catalogue", stdout=out)
    call_command("load_catalogue", stdout=out)

    lines = out.getvalue().splitlines()
    assert f"bulk data: {', '.join(ALL_FILES)}" in lines
    assert lines[-1] == "bulk data: all current"
    assert all(storage.stored(name) is not None for name in ALL_FILES)


def test_the_task_writes_only_the_stale_files(folder: Path) -> None:
    assert refresh_bulk_data() == ALL_FILES
    assert refresh_bulk_data() == []

    Card.objects.get(game__slug="raise", slug="point-card-9").save()

    assert refresh_bulk_data() == ["cards-raise", ALL_CARDS]


def test_celery_beat_runs_the_task_at_the_configured_interval(settings: Any) -> None:
    entry = next(
        e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == REFRESH_TASK
    )

    assert entry["schedule"] == float(settings.BULK_DATA_REFRESH_SECONDS) == 3600.0
    assert REFRESH_TASK in celery_app.tasks


def test_the_refresher_of_a_web_process_writes_the_stale_files(folder: Path) -> None:
    assert refresher.refresh_pass() == ALL_FILES
    assert refresher.refresh_pass() == []


def test_a_failed_refresher_pass_is_logged_and_tried_again(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder.parent.mkdir(exist_ok=True)
    folder.write_text("a file where the folder should be")

    with caplog.at_level(logging.ERROR, logger="cards.bulk.refresher"):
        assert refresher.refresh_pass() is None

    assert "refreshing the bulk data failed" in caplog.text


def test_the_refresher_runs_only_without_a_broker(settings: Any) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/15"

    assert refresher.start_refresher() is None
