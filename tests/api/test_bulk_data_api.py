"""The bulk data endpoints: the list, one file's entry, and the download with its
validators (ETag, Last-Modified, 304), open to anyone and to other origins."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.utils.http import http_date
from rest_framework.test import APIClient

from cards.api.bulk import DOCS_TAG, DOWNLOAD_OPERATION
from cards.bulk import storage
from cards.bulk.refresh import refresh_bulk_files
from cards.bulk.registry import BulkFile
from cards.models import Card

pytestmark = pytest.mark.django_db

ITEM_FIELDS = {
    "name", "type", "description", "game", "updated_at", "count", "size", "uncompressed_size",
    "content_type", "content_encoding", "download_uri", "schema",
}  # fmt: skip
ERROR_SHAPE = {"status", "code", "detail", "errors"}


@pytest.fixture
def written(settings: Any, tmp_path: Path) -> None:
    settings.BULK_DATA_DIR = tmp_path / "bulk-data"
    refresh_bulk_files()


def download(api: APIClient, name: str, **headers: str) -> Any:
    return api.get(f"/api/v1/bulk-data/{name}.json.gz", **headers)


def body_of(response: Any) -> bytes:
    return b"".join(response.streaming_content)


def test_the_list_names_every_file_with_its_facts(api: APIClient, written: None) -> None:
    response = api.get("/api/v1/bulk-data/")

    assert response.status_code == 200
    items = {item["name"]: item for item in response.json()}
    assert list(items) == [
        "cards-chizo", "cards-shadowfist", "cards-raise", "cards-chocobo", "all-cards",
        "decklists",
    ]  # fmt: skip
    assert all(set(item) == ITEM_FIELDS for item in items.values())
    shadowfist = items["cards-shadowfist"]
    record = storage.stored("cards-shadowfist")
    assert record is not None
    assert shadowfist["game"] == "shadowfist"
    assert items["all-cards"]["game"] is None
    assert shadowfist["type"] == "cards"
    assert (shadowfist["content_type"], shadowfist["content_encoding"]) == (
        "application/json", "gzip"
    )  # fmt: skip
    assert (shadowfist["size"], shadowfist["uncompressed_size"]) == (
        record.size, record.uncompressed_size
    )  # fmt: skip
    assert shadowfist["count"] == Card.objects.filter(game__slug="shadowfist").count()
    assert shadowfist["updated_at"] == record.generated_at.isoformat().replace("+00:00", "Z")
    assert shadowfist["download_uri"] == (
        "http://testserver/api/v1/bulk-data/cards-shadowfist.json.gz"
    )
    assert shadowfist["schema"] == f"http://testserver/api/docs/#/{DOCS_TAG}/{DOWNLOAD_OPERATION}"


def test_the_schema_link_leads_to_the_download_s_description_of_the_file(
    api: APIClient,
) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    operation = schema["paths"]["/api/v1/bulk-data/{name}.json.gz"]["get"]

    assert operation["operationId"] == DOWNLOAD_OPERATION
    assert operation["tags"] == [DOCS_TAG]
    assert '"bulk"' in operation["description"]
    assert list(operation["responses"]["200"]["content"]) == ["application/gzip"]
    assert "/api/v1/bulk-data/" in schema["paths"]
    assert "/api/v1/bulk-data/{name}/" in schema["paths"]


def test_a_file_never_written_is_not_listed(api: APIClient, settings: Any, tmp_path: Path) -> None:
    settings.BULK_DATA_DIR = tmp_path / "empty"

    assert api.get("/api/v1/bulk-data/").json() == []
    assert api.get("/api/v1/bulk-data/cards-chizo/").status_code == 404
    assert download(api, "cards-chizo").status_code == 404


def test_one_file_s_entry_is_its_item_of_the_list(api: APIClient, written: None) -> None:
    listed = api.get("/api/v1/bulk-data/").json()

    entry = api.get("/api/v1/bulk-data/cards-raise/")

    assert entry.status_code == 200
    assert entry.json() == next(item for item in listed if item["name"] == "cards-raise")


def test_the_download_is_the_stored_gzip_file_with_its_validators(
    api: APIClient, written: None
) -> None:
    response = download(api, "cards-chizo")

    assert response.status_code == 200
    data = body_of(response)
    record = storage.stored("cards-chizo")
    assert record is not None
    assert response["Content-Type"] == "application/gzip"
    assert "Content-Encoding" not in response
    assert response["Content-Disposition"] == 'attachment; filename="cards-chizo.json.gz"'
    assert response["ETag"] == f'"{hashlib.sha256(data).hexdigest()}"'
    assert response["Last-Modified"] == http_date(record.generated_at.timestamp())
    assert int(response["Content-Length"]) == len(data) == record.size
    assert "public" in response["Cache-Control"]
    content = json.loads(gzip.decompress(data))
    assert content["count"] == len(content["data"]) == Card.objects.filter(
        game__slug="chizo"
    ).count()


def test_a_matching_etag_or_an_unchanged_date_answers_304(api: APIClient, written: None) -> None:
    first = download(api, "cards-chizo")

    by_etag = download(api, "cards-chizo", HTTP_IF_NONE_MATCH=first["ETag"])
    by_date = download(api, "cards-chizo", HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    other = download(api, "cards-chizo", HTTP_IF_NONE_MATCH='"0123"')

    assert (by_etag.status_code, by_date.status_code, other.status_code) == (304, 304, 200)
    assert by_etag["ETag"] == first["ETag"]
    assert by_etag.content == b""


def test_a_written_file_gets_a_new_etag(api: APIClient, written: None) -> None:
    first = download(api, "cards-chizo")
    rat = Card.objects.get(game__slug="chizo", slug="rat")
    rat.intelligence = 8
    rat.save()
    refresh_bulk_files()

    again = download(api, "cards-chizo", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    rows = json.loads(gzip.decompress(body_of(again)))["data"]
    assert next(row for row in rows if row["slug"] == "rat")["intelligence"] == 8


def test_a_failed_if_match_answers_412_in_the_error_shape(api: APIClient, written: None) -> None:
    response = download(api, "cards-chizo", HTTP_IF_MATCH='"0123"')

    assert response.status_code == 412
    assert set(response.json()) == ERROR_SHAPE


def test_a_client_that_accepts_only_gzip_gets_the_file(api: APIClient, written: None) -> None:
    response = download(api, "cards-chizo", HTTP_ACCEPT="application/gzip")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"


def test_a_head_request_gets_the_headers(api: APIClient, written: None) -> None:
    response = api.head("/api/v1/bulk-data/cards-chizo.json.gz")

    assert response.status_code == 200
    assert response["ETag"].startswith('"')


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/bulk-data/cards-magic.json.gz",
        "/api/v1/bulk-data/cards-magic/",
        "/api/v1/bulk-data/cards%2Echizo.json.gz",
        "/api/v1/bulk-data/cards-chizo.json",
    ],
)
def test_an_unknown_file_answers_404_in_the_error_shape(
    api: APIClient, written: None, url: str
) -> None:
    response = api.get(url)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == ERROR_SHAPE


def never_written() -> list[BulkFile]:
    return [BulkFile("decklists-test", "decklists", "d", None, lambda: "1", list)]


def test_a_file_not_written_yet_answers_404(
    api: APIClient, written: None, settings: Any
) -> None:
    settings.BULK_DATA_FILES = [*settings.BULK_DATA_FILES, f"{__name__}.never_written"]

    response = download(api, "decklists-test")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert "decklists-test" not in [item["name"] for item in api.get("/api/v1/bulk-data/").json()]


def test_another_origin_may_list_and_download(api: APIClient, written: None) -> None:
    origin = {"HTTP_ORIGIN": "https://elsewhere.example"}

    listed = api.get("/api/v1/bulk-data/", **origin)
    fetched = download(api, "all-cards", **origin)

    assert listed["Access-Control-Allow-Origin"] == fetched["Access-Control-Allow-Origin"] == "*"
    exposed = {h.strip() for h in fetched["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Last-Modified", "Content-Disposition"} <= exposed


def test_an_invalid_token_is_refused_even_here(api: APIClient, written: None) -> None:
    response = download(api, "cards-chizo", HTTP_AUTHORIZATION="Token " + "0" * 40)

    assert response.status_code == 401
