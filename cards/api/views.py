"""Catalogue endpoints: public, read-only, cacheable."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards import rows, selectors
from cards.api.caching import catalogue_cached
from cards.api.filters import filter_schema_parameters, filter_terms
from cards.api.serializers import (
    CARD_SCHEMA,
    CardSerializer,
    CardSetSerializer,
    GameSerializer,
)
from cards.models import Card, CardSet, Game
from cards.search import SearchError
from cards.search.deadline import SearchTimeoutError, search_deadline
from web.errors import ApiError
from web.pagination import BoundedPageNumberPagination

CATALOGUE_CACHE = cache_control(public=True, max_age=300)
MAX_QUERY_LENGTH = 500


@method_decorator(CATALOGUE_CACHE, name="get")
class GameListView(generics.ListAPIView[Game]):
    """The games of the catalogue."""

    permission_classes = [AllowAny]
    serializer_class = GameSerializer
    pagination_class = None

    def get_queryset(self) -> QuerySet[Game]:
        return selectors.game_list()


@method_decorator(CATALOGUE_CACHE, name="get")
@extend_schema_view(
    get=extend_schema(
        parameters=[OpenApiParameter("game", str, description="Only the sets of this game.")]
    )
)
class CardSetListView(generics.ListAPIView[CardSet]):
    """Editions (Shadowfist) and sets (other games)."""

    permission_classes = [AllowAny]
    serializer_class = CardSetSerializer
    filter_backends: list[Any] = []

    def get_queryset(self) -> QuerySet[CardSet]:
        return selectors.card_set_list(game=self.request.query_params.get("game") or None)


@method_decorator(CATALOGUE_CACHE, name="get")
@method_decorator(catalogue_cached, name="get")
@extend_schema_view(
    get=extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                {"type": "string", "maxLength": MAX_QUERY_LENGTH},
                description='Search query, e.g. `t:creature c:rat str>=2 or o:"draw 2"` '
                "(see the README for the language).",
            ),
            OpenApiParameter(
                "ordering",
                OpenApiTypes.STR,
                description="Comma-separated sort keys, '-' for descending: "
                + ", ".join(selectors.SORT_KEYS),
            ),
            *filter_schema_parameters(),
        ],
        responses={
            200: CARD_SCHEMA,
            503: OpenApiResponse(
                description="The search ran longer than its bound (`SEARCH_TIMEOUT_MS`) "
                "and was stopped."
            ),
        },
    )
)
class CardListView(generics.ListAPIView[Card]):
    """Search and filter the catalogue."""

    permission_classes = [AllowAny]
    serializer_class = CardSerializer  # the documented shapes; answers come from cards.rows
    queryset = Card.objects.all()  # for the schema's model only
    filter_backends: list[Any] = []

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # The page is read (its ids with the total, then its cards with their printings)
        # inside the search's time bound; the query is checked before the page, as ever.
        paginator = self.paginator
        assert isinstance(paginator, BoundedPageNumberPagination)
        try:
            with search_deadline():
                query = self.page_query()
                page = paginator.paginate_rows(
                    lambda offset, limit: rows.card_page(query, offset=offset, limit=limit),
                    request,
                    view=self,
                )
        except SearchTimeoutError as error:
            raise ApiError(
                str(error),
                code="search_timeout",
                status_code=503,
                errors=[{"field": "q", "message": str(error), "code": "search_timeout"}],
            ) from None
        return self.get_paginated_response(page)

    def page_query(self) -> rows.PageQuery:
        params = self.request.query_params
        query = params.get("q", "")
        terms = filter_terms(params)
        if len(query) > MAX_QUERY_LENGTH:
            raise ApiError(
                f"the query has {len(query)} characters; at most {MAX_QUERY_LENGTH} are allowed",
                code="invalid_query",
                errors=[{"field": "q", "message": "too long", "code": "max_length"}],
            )
        try:
            return rows.page_query(q=query, ordering=params.get("ordering", ""), filters=terms)
        except SearchError as error:
            raise ApiError(
                str(error),
                code="invalid_query",
                errors=[
                    {
                        "field": "q",
                        "message": error.message,
                        "column": error.column,
                        "hint": error.hint,
                        "code": "invalid_query",
                    }
                ],
            ) from None
        except selectors.FilterTermsError as error:
            raise ApiError(
                str(error),
                code="invalid_filter",
                errors=[{"field": "filters", "message": str(error), "code": "invalid"}],
            ) from None
        except selectors.OrderingError as error:
            raise ApiError(
                str(error),
                code="invalid_ordering",
                errors=[{"field": "ordering", "message": str(error), "code": "invalid"}],
            ) from None


@method_decorator(CATALOGUE_CACHE, name="get")
@method_decorator(catalogue_cached, name="get")
@extend_schema_view(get=extend_schema(responses=CARD_SCHEMA))
class CardDetailView(generics.RetrieveAPIView[Card]):
    """One card with all its fields and printings."""

    permission_classes = [AllowAny]
    serializer_class = CardSerializer  # the documented shapes; answers come from cards.rows
    queryset = Card.objects.all()  # for the schema's model only

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        card = rows.card_detail(kwargs["pk"])
        if card is None:
            raise NotFound()
        return Response(card)
