"""Deck builder endpoints. Views parse input, call one service or selector, serialize."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Game
from decks import selectors, services
from decks.analysis import answer_fields
from decks.api.preconditions import IF_MATCH, expected_version
from decks.api.serializers import (
    DECK_DIFF,
    DeckChangeSerializer,
    DeckExportSerializer,
    DeckInputSerializer,
    DeckSerializer,
    DeckStatsSerializer,
    DeckSummarySerializer,
    DeckVersionSerializer,
    ListValidateInputSerializer,
    SampleHandSerializer,
    ValidationReportSerializer,
)
from decks.formats import default_format, validate
from decks.intake import DeckListError, Intake, accept, lines_from_entries, lines_from_text
from decks.lines import DeckLine
from decks.models import Deck
from decks.stats import DEFAULT_TURNS, MAX_TURNS
from play.engine.core.rng import MAX_SEED
from web.errors import ApiError
from web.inputs import validated
from web.numbers import MAX_ID
from web.params import ID_SCHEMA, bool_param, int_param, int_schema


def _intake(game: str, data: dict[str, Any]) -> Intake | None:
    if "list" in data:
        return lines_from_text(game=game, text=data["list"])
    if "entries" in data:
        return lines_from_entries(game=game, entries=data["entries"])
    return None


def _lines(game: str, data: dict[str, Any]) -> list[DeckLine] | None:
    intake = _intake(game, data)
    if intake is None:
        return None
    try:
        return accept(intake, save_matched=data.get("save_matched", False))
    except DeckListError as error:
        raise ApiError(
            f"the list has {len(error.errors)} error(s); nothing was saved",
            code="invalid_list",
            errors=error.errors,
        ) from None


def _field_error(error: services.DeckFieldError) -> ApiError:
    return ApiError(
        str(error),
        code="invalid",
        errors=[{"field": error.field, "message": str(error), "code": "invalid"}],
    )


def _deck_response(deck: Deck, status_code: int = 200) -> Response:
    fresh = selectors.deck_for_read(user=deck.owner, deck_id=deck.pk)
    response = Response(DeckSerializer(fresh).data, status=status_code)
    response["ETag"] = fresh.etag
    return response


def _etag(*codes: int) -> OpenApiParameter:
    return OpenApiParameter(
        "ETag",
        str,
        OpenApiParameter.HEADER,
        response=list(codes),
        description="The deck's version, for If-Match.",
    )


#: A public deck is readable by anyone, signed in or not; a private one answers 404 to all
#: but its owner (decks.selectors); writes need a signed-in user.
PUBLIC_READS = [IsAuthenticatedOrReadOnly]

NOT_YOURS = OpenApiResponse(
    description="A public deck that is not yours, or a session write without its CSRF token."
)


def _format_slugs(raw: str | list[str] | None, game: str) -> list[str]:
    if not raw:
        return [default_format(game).slug]
    items = raw.split(",") if isinstance(raw, str) else raw
    return [item.strip() for item in items if item.strip()][: selectors.MAX_FORMATS]


class DeckListCreateView(generics.GenericAPIView[Deck]):
    """Your decks (or every public deck with `?public=true`); create a deck."""

    serializer_class = DeckSummarySerializer

    def get_queryset(self) -> QuerySet[Deck]:
        public = bool_param(self.request, "public")
        return selectors.deck_list(user=self.request.user, public=public)

    @extend_schema(
        parameters=[
            OpenApiParameter("public", OpenApiTypes.BOOL, description="Everyone's public decks.")
        ],
        responses=DeckSummarySerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(DeckSummarySerializer(page, many=True).data)

    @extend_schema(
        request=DeckInputSerializer, responses={201: DeckSerializer}, parameters=[_etag(201)]
    )
    def post(self, request: Request) -> Response:
        data = validated(DeckInputSerializer, request.data)
        game = Game.objects.get(slug=data["game"])
        lines = _lines(game.slug, data) or []
        try:
            deck = services.deck_create(
                # IsAuthenticated lets only a signed-in user post here.
                owner=cast(User, request.user),
                game=game,
                name=data["name"],
                description=data.get("description", ""),
                format=data.get("format"),
                visibility=data.get("visibility", Deck.Visibility.PRIVATE),
                lines=lines,
            )
        except services.DeckFieldError as error:
            raise _field_error(error) from None
        return _deck_response(deck, status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    """Read, change (PUT replaces, PATCH changes some fields) or delete a deck.

    Writes honour If-Match with the deck's ETag: a stale write answers 412 and changes
    nothing.
    """

    permission_classes = PUBLIC_READS

    @extend_schema(responses=DeckSerializer, parameters=[_etag(200)])
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_read(user=request.user, deck_id=pk)
        response = Response(DeckSerializer(deck).data)
        response["ETag"] = deck.etag
        return response

    @extend_schema(
        request=DeckChangeSerializer,
        responses={200: DeckSerializer, 403: NOT_YOURS},
        parameters=[IF_MATCH, _etag(200)],
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._write(request, pk, partial=False)

    @extend_schema(
        request=DeckChangeSerializer,
        responses={200: DeckSerializer, 403: NOT_YOURS},
        parameters=[IF_MATCH, _etag(200)],
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._write(request, pk, partial=True)

    @extend_schema(responses={204: None, 403: NOT_YOURS}, parameters=[IF_MATCH])
    def delete(self, request: Request, pk: int) -> Response:
        version = expected_version(request, pk)
        self._call(services.deck_delete, deck_id=pk, user=request.user, expected_version=version)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _write(self, request: Request, pk: int, *, partial: bool) -> Response:
        deck = selectors.deck_for_write(user=request.user, deck_id=pk)
        version = expected_version(request, pk)
        data = validated(DeckChangeSerializer, request.data, partial=partial)
        if data.get("game", deck.game.slug) != deck.game.slug:
            raise ApiError(
                "a deck's game cannot change",
                code="invalid",
                errors=[{"field": "game", "message": "cannot change", "code": "invalid"}],
            )
        lines = _lines(deck.game.slug, data)
        if not partial and lines is None:
            lines = []
        changes = services.DeckChanges(
            name=data.get("name"),
            description=data.get("description", None if partial else ""),
            format=data.get("format"),
            visibility=data.get("visibility"),
            lines=lines,
        )
        deck = self._call(
            services.deck_update,
            deck_id=pk,
            user=request.user,
            changes=changes,
            expected_version=version,
        )
        return _deck_response(deck)

    @staticmethod
    def _call(function: Any, **kwargs: Any) -> Any:
        try:
            return function(**kwargs)
        except services.StaleVersionError as error:
            raise ApiError(str(error), code="precondition_failed", status_code=412) from None
        except services.DeckFieldError as error:
            raise _field_error(error) from None


def _readable(request: Request, pk: int) -> Deck:
    return selectors.deck_for_read(user=request.user, deck_id=pk)


class DeckValidateView(APIView):
    """Check a saved deck against one or more formats (default: the deck's own)."""

    permission_classes = PUBLIC_READS

    @extend_schema(
        parameters=[
            OpenApiParameter("format", str, description="Comma-separated format slugs."),
            OpenApiParameter(
                "min_size", int_schema(0, 1000), description="An optional minimum deck size."
            ),
        ],
        responses=ValidationReportSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        deck = _readable(request, pk)
        slugs = _format_slugs(request.query_params.get("format"), deck.game.slug)
        if not request.query_params.get("format"):
            slugs = [deck.format]
        minimum = int_param(request, "min_size", default=-1, low=0, high=1000)
        lines = selectors.deck_lines(deck=deck)
        report = validate(
            lines,
            slugs,
            game=deck.game.slug,
            min_sizes=dict.fromkeys(slugs, minimum) if minimum >= 0 else None,
        )
        return Response({**report.to_dict(), **answer_fields(deck.game.slug, lines)})


class FormatNotAccept(BaseContentNegotiation):
    """`?format=` chooses the export's type, not Accept: a client that accepts only
    text/csv gets its CSV (DRF would answer 406), and errors come as JSON."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return next(iter(parsers), None)

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        first = next(iter(renderers))
        return first, first.media_type


class DeckExportView(APIView):
    """The deck as text (re-importable), JSON or CSV."""

    permission_classes = PUBLIC_READS

    content_negotiation_class = FormatNotAccept

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=list(selectors.EXPORT_KINDS))],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): DeckExportSerializer,
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        kind = request.query_params.get("format", "text")
        try:
            export = selectors.deck_export(user=request.user, deck_id=pk, kind=kind)
        except selectors.UnknownExportError as error:
            raise ApiError(
                str(error),
                code="invalid",
                errors=[{"field": "format", "message": "unknown export format", "code": "invalid"}],
            ) from None
        response = HttpResponse(export.body, content_type=export.content_type)
        response["Content-Disposition"] = f'inline; filename="{export.filename}"'
        return response


class DeckStatsView(APIView):
    """Counts, curves, resources and exact draw odds."""

    permission_classes = PUBLIC_READS

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "turns", int_schema(1, MAX_TURNS), description="Turns in the odds table."
            )
        ],
        responses=DeckStatsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        turns = int_param(request, "turns", default=DEFAULT_TURNS, low=1, high=MAX_TURNS)
        figures = selectors.deck_statistics(user=request.user, deck_id=pk, turns=turns)
        return Response(figures.stats)


class DeckSampleHandView(APIView):
    """A seeded sample opening hand (the same seed gives the same hand)."""

    permission_classes = PUBLIC_READS

    @extend_schema(
        parameters=[OpenApiParameter("seed", int_schema(0, MAX_SEED - 1))],
        responses=SampleHandSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        seed = int_param(request, "seed", default=0, low=0, high=MAX_SEED - 1)
        hand = selectors.deck_sample_hand(user=request.user, deck_id=pk, seed=seed)
        return Response(
            {"seed": seed, "hand": [{"card": c.id, "name": c.name, "type": c.type} for c in hand]}
        )


class DeckHistoryView(APIView):
    """Every saved version of the deck, newest first."""

    permission_classes = PUBLIC_READS

    @extend_schema(responses=DeckVersionSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        deck = _readable(request, pk)
        versions = selectors.deck_versions(deck=deck)
        return Response(DeckVersionSerializer(versions, many=True).data)


class DeckDiffView(APIView):
    """Changes between two versions (`from`, `to`; default: previous and current) or
    between this deck and another one readable by you (`other`)."""

    permission_classes = PUBLIC_READS

    @extend_schema(
        parameters=[
            OpenApiParameter("from", ID_SCHEMA, description="A version."),
            OpenApiParameter("to", ID_SCHEMA, description="A version."),
            OpenApiParameter(
                "other",
                ID_SCHEMA,
                description="Another deck's id (then `from` and `to` are not used).",
            ),
        ],
        responses=DECK_DIFF,
    )
    def get(self, request: Request, pk: int) -> Response:
        # Every parameter is checked, also those that `other` makes unused.
        end = int_param(request, "to", default=0, low=1, high=MAX_ID) or None
        start = int_param(request, "from", default=0, low=1, high=MAX_ID) or None
        other = int_param(request, "other", default=0, low=1, high=MAX_ID)
        if other:
            changes = selectors.decks_diff(user=request.user, deck_id=pk, other_id=other)
            return Response({"deck": pk, "other": other, "changes": changes})
        diff = selectors.deck_diff(user=request.user, deck_id=pk, start=start, end=end)
        return Response({"from": diff.start, "to": diff.end, "changes": diff.changes})


class ListValidateView(APIView):
    """Validate a list against formats without saving it; open to anyone."""

    permission_classes = [AllowAny]

    @extend_schema(request=ListValidateInputSerializer, responses=ValidationReportSerializer)
    def post(self, request: Request) -> Response:
        data = validated(ListValidateInputSerializer, request.data)
        game = data["game"]
        check = selectors.list_check(
            game=game,
            text=data["list"],
            formats=_format_slugs(data.get("formats"), game),
            min_sizes=data.get("min_sizes"),
        )
        assert check.report is not None  # a list of formats always gets a report
        return Response({**check.report.to_dict(), **answer_fields(game, check.lines)})
