"""Bulk data endpoints: the list of downloadable files, one file's entry, its download.

Public and read-only, like the rest of the catalogue. A file is listed once it has been
written (cards/bulk/refresh.py). The download is the stored gzip file as it is, sent as
`application/gzip` (an attachment named `<name>.json.gz`) rather than as JSON with
`Content-Encoding: gzip`: no client, proxy or browser then decompresses it on the way
(as Django's FileResponse also avoids), so the bytes received are the bytes of `size`
and of the `ETag` (their SHA-256), whatever the client's Accept-Encoding.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import FileResponse, HttpResponseBase
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.decorators import method_decorator
from django.utils.http import http_date
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api.views import CATALOGUE_CACHE
from cards.bulk import storage
from cards.bulk.registry import BulkFile, find, registered
from web.errors import ApiError

#: The download operation, and the tag its group has on the docs page: each item's
#: `schema` links there, where the file's format is described.
DOWNLOAD_OPERATION = "v1_bulk_data_download"
DOCS_TAG = "v1"
CONTENT_TYPE = "application/json"
CONTENT_ENCODING = "gzip"
SERVED_AS = "application/gzip"

FILE_FORMAT = """A gzip-compressed JSON object: `object` ("bulk"), `name`, `type`, `game`
(null for a file of every game), `generated_at`, `version` (what the file was made from:
for the card files, the catalogue's version stamps and the shape of a card; files of one
version hold the same data), `sets` (each as `GET /api/v1/sets/` gives it), `data` (each
card exactly as `GET /api/v1/cards/{id}/` gives it, by game, name and id) and `count` (the
records in `data`, written after them). `ETag` is the SHA-256 of the bytes served;
`If-None-Match` and `If-Modified-Since` answer 304."""


class BulkDataSerializer(serializers.Serializer[Any]):
    """A downloadable file (the shape of the list's items)."""

    name = serializers.CharField(help_text='e.g. "cards-shadowfist", "all-cards".')
    type = serializers.CharField(help_text='What the file holds: "cards".')
    description = serializers.CharField()
    game = serializers.CharField(allow_null=True, help_text="Its one game; null: every game.")
    updated_at = serializers.DateTimeField(help_text="When the file was written.")
    count = serializers.IntegerField(help_text="Records in its `data`.")
    size = serializers.IntegerField(help_text="Bytes of the download (gzip-compressed).")
    uncompressed_size = serializers.IntegerField(help_text="Bytes of the JSON inside.")
    content_type = serializers.CharField(help_text=f"Of the data inside: {CONTENT_TYPE}.")
    content_encoding = serializers.CharField(help_text=f"Of the file: {CONTENT_ENCODING}.")
    download_uri = serializers.URLField(help_text=f"Served as {SERVED_AS}.")
    schema = serializers.URLField(help_text="Where the file's format is described.")


def _item(request: Request, bulk_file: BulkFile, record: storage.Stored) -> dict[str, Any]:
    download = reverse("bulk-data-download", kwargs={"name": bulk_file.name})
    docs = reverse("api-docs") + f"#/{DOCS_TAG}/{DOWNLOAD_OPERATION}"
    return {
        "name": bulk_file.name,
        "type": bulk_file.type,
        "description": bulk_file.description,
        "game": bulk_file.game,
        "updated_at": record.generated_at,
        "count": record.count,
        "size": record.size,
        "uncompressed_size": record.uncompressed_size,
        "content_type": CONTENT_TYPE,
        "content_encoding": CONTENT_ENCODING,
        "download_uri": request.build_absolute_uri(download),
        "schema": request.build_absolute_uri(docs),
    }


def _items(request: Request, files: Iterable[BulkFile]) -> list[dict[str, Any]]:
    listed = ((bulk_file, storage.stored(bulk_file.name)) for bulk_file in files)
    return [_item(request, f, record) for f, record in listed if record is not None]


def _not_found(name: str) -> ApiError:
    known = ", ".join(f.name for f in registered())
    return ApiError(
        f"no bulk data file is named {name!r} (or it is not written yet); the files: {known}",
        code="not_found",
        status_code=404,
    )


@method_decorator(CATALOGUE_CACHE, name="get")
class BulkDataListView(APIView):
    """The bulk data files: every card of each game, and of all games."""

    permission_classes = [AllowAny]

    @extend_schema(responses=BulkDataSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(BulkDataSerializer(_items(request, registered()), many=True).data)


@method_decorator(CATALOGUE_CACHE, name="get")
class BulkDataDetailView(APIView):
    """One bulk data file's entry."""

    permission_classes = [AllowAny]

    @extend_schema(responses=BulkDataSerializer)
    def get(self, request: Request, name: str) -> Response:
        bulk_file = find(name)
        items = _items(request, [bulk_file]) if bulk_file is not None else []
        if not items:
            raise _not_found(name)
        return Response(BulkDataSerializer(items[0]).data)


class FileOrJsonErrors(BaseContentNegotiation):
    """The file is the answer whatever Accept says (DRF would answer 406 to a client that
    accepts only application/gzip); errors come as JSON."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return next(iter(parsers), None)

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        first = next(iter(renderers))
        return first, first.media_type


@method_decorator(CATALOGUE_CACHE, name="get")
class BulkDataDownloadView(APIView):
    """A bulk data file, as stored."""

    permission_classes = [AllowAny]
    content_negotiation_class = FileOrJsonErrors

    @extend_schema(
        operation_id=DOWNLOAD_OPERATION,
        tags=[DOCS_TAG],
        description=FILE_FORMAT,
        responses={
            (200, SERVED_AS): OpenApiResponse(
                OpenApiTypes.BINARY, description="The file, gzip-compressed JSON."
            ),
            304: OpenApiResponse(description="Not modified since the validators sent."),
        },
    )
    def get(self, request: Request, name: str) -> HttpResponseBase:
        opened = storage.open_stored(name) if find(name) is not None else None
        if opened is None:
            raise _not_found(name)
        record, data = opened
        modified = int(record.generated_at.timestamp())
        # Answered from the record whose file is open: the validators and the bytes sent
        # belong to one version, even while a refresh replaces the file.
        response: HttpResponseBase | None = get_conditional_response(
            request, etag=record.etag, last_modified=modified
        )
        if response is None:
            response = FileResponse(
                data, as_attachment=True, filename=f"{name}.json.gz", content_type=SERVED_AS
            )
        else:
            data.close()
            if response.status_code == 412:  # an If-Match or If-Unmodified-Since failed
                raise ApiError(
                    "the file is not the version named", code="precondition_failed", status_code=412
                )
        response["ETag"] = record.etag
        response["Last-Modified"] = http_date(modified)
        return response
