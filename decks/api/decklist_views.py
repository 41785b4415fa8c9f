"""Published decklists' endpoints. Views parse input, call one service or selector, serialize.

Reads of a published decklist are open to anyone; an unpublished one answers 404 to all
but its owner and the moderators (decks.decklists.selectors). Writes need a signed-in
user, and the services say who may make which.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from cards.vocabulary import DECK_GAMES
from decks import selectors as deck_selectors
from decks.api.decklist_serializers import (
    CardDecklistsSerializer,
    CommentInputSerializer,
    CommentSerializer,
    CopyInputSerializer,
    DecklistExportSerializer,
    DecklistSerializer,
    DecklistSummarySerializer,
    LikeSerializer,
    PublishInputSerializer,
    ReportInputSerializer,
    ReportSerializer,
    WithdrawInputSerializer,
    api_url,
)
from decks.api.preconditions import IF_MATCH, expected_version
from decks.api.serializers import DeckSerializer
from decks.api.views import FormatNotAccept, _deck_response
from decks.cooccurrence import MIN_TOGETHER
from decks.decklists import selectors, services
from decks.decklists.models import Decklist, DecklistComment
from decks.decklists.query import (
    DEFAULT_SORT,
    MAX_QUERY_CHARS,
    SORTS,
    DecklistQueryError,
    query_from_params,
)
from decks.formats import FORMATS
from decks.limits import MAX_CARD_TERMS
from decks.services import StaleVersionError
from web.errors import ApiError
from web.inputs import validated

T = TypeVar("T")

#: How the card page's "often played with" figures are computed, in one sentence.
LIFT_METHOD = (
    "Lift of a card B with this card A: the share of the listed decklists playing A that "
    "also play B, divided by the share of all listed decklists of the game playing B "
    "(together * decklists / (playing * decklists_with_card); 1 is chance, 2 twice as "
    "often); a pair is shown when at least min_together decklists play both and its lift "
    "is above 1, best first. Each deck counts once, by its latest publication."
)

NOT_ALLOWED = OpenApiResponse(
    description="Not yours to change (only its owner or a moderator may), or a session "
    "write without its CSRF token."
)
REFUSED = OpenApiResponse(
    description="Refused by the rules: `detail` says why (`errors[0].field` names the "
    "field, if any)."
)
THROTTLED = OpenApiResponse(
    description="Too many of these in the last hour: wait `Retry-After` seconds."
)


def _refused(error: services.DecklistRefusedError) -> ApiError:
    return ApiError(
        str(error),
        code="refused",
        errors=[{"field": error.field, "message": str(error), "code": "refused"}],
    )


def _query_error(error: DecklistQueryError) -> ApiError:
    return ApiError(
        str(error),
        code="invalid_query",
        errors=[{"field": error.field, "message": str(error), "code": "invalid"}],
    )


def _call(function: Callable[..., T], **kwargs: Any) -> T:
    """Run a decklist service, its refusals as the API's errors."""
    try:
        return function(**kwargs)
    except services.DecklistForbiddenError as error:
        raise ApiError(str(error), code="permission_denied", status_code=403) from None
    except services.DecklistRefusedError as error:
        raise _refused(error) from None
    except services.DecklistThrottledError as error:
        raise Throttled(wait=error.retry_after, detail=str(error)) from None
    except StaleVersionError as error:
        raise ApiError(str(error), code="precondition_failed", status_code=412) from None


def _decklist_response(request: Request, decklist_id: int, status_code: int = 200) -> Response:
    view = selectors.decklist_view(user=request.user, decklist_id=decklist_id)
    return Response(DecklistSerializer(view).data, status=status_code)


def _signed_in(request: Request) -> User:
    # The views' permissions let only a signed-in user write.
    return cast(User, request.user)


# --- reads ----------------------------------------------------------------------------------


class DecklistListView(generics.GenericAPIView[Decklist]):
    """The listed decklists (each deck's latest publication still published), searched."""

    permission_classes = [AllowAny]
    serializer_class = DecklistSummarySerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                {"type": "string", "maxLength": MAX_QUERY_CHARS},
                description='The search language, e.g. `card:"Golden Egg">=2 faction:dragons '
                "author:alice since:2026-01-01 words` (a card term may end in `>=n`, `<=n`, "
                "`>n`, `<n`, `=n`; `=0` excludes; other words search the name and the "
                "description). The named parameters add to it.",
            ),
            # Plain strings: the search reads them (an unknown game, format or card, a
            # malformed date answers 400 naming the parameter; an empty one is no filter).
            OpenApiParameter("game", str, description=f"One of {', '.join(DECK_GAMES)}."),
            OpenApiParameter(
                "format", str, description=f"A format slug: {', '.join(sorted(FORMATS))}."
            ),
            OpenApiParameter(
                "faction", str, description="A faction (Shadowfist) or class (ChiZo) it plays."
            ),
            OpenApiParameter("author", str, description="A username."),
            OpenApiParameter("since", str, description="Published on or after YYYY-MM-DD."),
            OpenApiParameter("until", str, description="Published on or before YYYY-MM-DD."),
            OpenApiParameter(
                "card",
                {"type": "array", "items": {"type": "string"}},
                description="A card played, as `NAME` (at least one) or with a count: "
                f"`Golden Egg>=2`, `Golden Egg=0`, `Dog<2`; repeat for several cards (at "
                f"most {MAX_CARD_TERMS} in one search, with those of `q`).",
            ),
            OpenApiParameter(
                "sort", str, description=f"{', '.join(SORTS)} (default {DEFAULT_SORT})."
            ),
        ],
        responses={200: DecklistSummarySerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        try:
            query = query_from_params(dict(request.query_params.lists()))
            found = selectors.decklist_search(query)
        except DecklistQueryError as error:
            raise _query_error(error) from None
        page = self.paginate_queryset(found)
        return self.get_paginated_response(DecklistSummarySerializer(page, many=True).data)


class DecklistDetailView(APIView):
    """A decklist as published, with its validity, counters, family and export links."""

    permission_classes = [AllowAny]

    @extend_schema(responses=DecklistSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _decklist_response(request, pk)


class DecklistExportView(APIView):
    """The decklist as text (imports into a deck as it is), JSON or CSV."""

    permission_classes = [AllowAny]
    content_negotiation_class = FormatNotAccept

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind", str, enum=list(deck_selectors.EXPORT_KINDS), description="Default: text."
            )
        ],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): DecklistExportSerializer,
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        kind = request.query_params.get("kind", "text")
        try:
            export = selectors.decklist_export(user=request.user, decklist_id=pk, kind=kind)
        except deck_selectors.UnknownExportError as error:
            raise ApiError(
                str(error),
                code="invalid",
                errors=[{"field": "kind", "message": "unknown export kind", "code": "invalid"}],
            ) from None
        response = HttpResponse(export.body, content_type=export.content_type)
        response["Content-Disposition"] = f'inline; filename="{export.filename}"'
        return response


class CardDecklistsView(APIView):
    """How the listed decklists of a card's game play it, and the cards played with it
    more often than chance would say."""

    permission_classes = [AllowAny]

    @extend_schema(responses=CardDecklistsSerializer)
    def get(self, request: Request, pk: int) -> Response:
        card = get_object_or_404(Card.objects.select_related("game"), pk=pk)
        seen = selectors.card_in_decklists(card=card)
        body = {
            "card": card.pk,
            "name": card.name,
            "game": card.game.slug,
            "decklists": seen.decklists,
            "playing": seen.playing,
            "recent": DecklistSummarySerializer(seen.recent, many=True).data,
            "played_with": seen.rows(),
            "min_together": MIN_TOGETHER,
            "method": LIFT_METHOD,
        }
        return Response(body)


# --- the owner's and the moderators' writes -------------------------------------------------


class DeckPublishView(APIView):
    """Publish the deck as it is now: a new decklist, frozen. Honours If-Match."""

    @extend_schema(
        request=PublishInputSerializer,
        responses={201: DecklistSerializer, 400: REFUSED, 403: NOT_ALLOWED},
        parameters=[
            IF_MATCH,
            OpenApiParameter(
                "Location",
                str,
                OpenApiParameter.HEADER,
                response=[201],
                description="The new decklist's API URL.",
            ),
        ],
    )
    def post(self, request: Request, pk: int) -> Response:
        version = expected_version(request, pk)
        data = validated(PublishInputSerializer, request.data)
        decklist = _call(
            services.decklist_publish,
            user=_signed_in(request),
            deck_id=pk,
            version_name=data.get("version_name", ""),
            expected_version=version,
        )
        response = _decklist_response(request, decklist.pk, status.HTTP_201_CREATED)
        response["Location"] = api_url(decklist.pk)
        return response


class DecklistWithdrawView(APIView):
    """Unpublish: its owner (reason optional) or a moderator (with a reason)."""

    @extend_schema(
        request=WithdrawInputSerializer,
        responses={200: DecklistSerializer, 400: REFUSED, 403: NOT_ALLOWED},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = validated(WithdrawInputSerializer, request.data)
        _call(
            services.decklist_withdraw,
            user=request.user,
            decklist_id=pk,
            reason=data.get("reason", ""),
        )
        return _decklist_response(request, pk)


class DecklistRestoreView(APIView):
    """Publish again: its owner after their own withdrawal, a moderator after any."""

    @extend_schema(request=None, responses={200: DecklistSerializer, 403: NOT_ALLOWED})
    def post(self, request: Request, pk: int) -> Response:
        _call(services.decklist_restore, user=request.user, decklist_id=pk)
        return _decklist_response(request, pk)


# --- the readers' writes --------------------------------------------------------------------


class DecklistLikeView(APIView):
    """PUT likes the decklist, DELETE takes the like back; either twice changes nothing."""

    @extend_schema(request=None, responses={200: LikeSerializer, 400: REFUSED})
    def put(self, request: Request, pk: int) -> Response:
        return self._like(request, pk, like=True)

    @extend_schema(request=None, responses={200: LikeSerializer, 400: REFUSED})
    def delete(self, request: Request, pk: int) -> Response:
        return self._like(request, pk, like=False)

    @staticmethod
    def _like(request: Request, pk: int, *, like: bool) -> Response:
        decklist = _call(
            services.decklist_like, user=_signed_in(request), decklist_id=pk, like=like
        )
        return Response({"like_count": decklist.like_count, "liked": like})


class DecklistCommentsView(generics.GenericAPIView[DecklistComment]):
    """The comments, oldest first (anyone who may read the decklist); comment on it."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = CommentSerializer

    @extend_schema(responses={200: CommentSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        decklist = selectors.decklist_for_read(user=request.user, decklist_id=pk)
        page = self.paginate_queryset(selectors.decklist_comments(decklist=decklist))
        context = {"user": request.user, "owner_id": decklist.owner_id}
        return self.get_paginated_response(CommentSerializer(page, many=True, context=context).data)

    @extend_schema(
        request=CommentInputSerializer,
        responses={201: CommentSerializer, 400: REFUSED, 429: THROTTLED},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = validated(CommentInputSerializer, request.data)
        comment = _call(
            services.comment_add, user=_signed_in(request), decklist_id=pk, body=data["body"]
        )
        context = {"user": request.user, "owner_id": comment.decklist.owner_id}
        return Response(CommentSerializer(comment, context=context).data, status=201)


class DecklistCommentView(APIView):
    """Delete a comment: its author, the decklist's owner or a moderator."""

    @extend_schema(responses={204: None, 403: NOT_ALLOWED})
    def delete(self, request: Request, pk: int, comment_id: int) -> Response:
        try:
            services.comment_delete(user=request.user, decklist_id=pk, comment_id=comment_id)
        except services.DecklistForbiddenError as error:
            raise ApiError(str(error), code="permission_denied", status_code=403) from None
        except services.DecklistRefusedError as error:
            # The comment the path names is not there (any more): no such resource.
            raise NotFound(str(error)) from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class DecklistReportView(APIView):
    """Report a decklist, or one of its comments, to the moderators."""

    @extend_schema(
        request=ReportInputSerializer,
        responses={201: ReportSerializer, 400: REFUSED, 429: THROTTLED},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = validated(ReportInputSerializer, request.data)
        report = _call(
            services.decklist_report,
            user=_signed_in(request),
            decklist_id=pk,
            reason=data["reason"],
            details=data.get("details", ""),
            comment_id=data.get("comment"),
        )
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


class DecklistCopyView(APIView):
    """A new private deck of yours holding the decklist's cards, derived from it."""

    @extend_schema(
        request=CopyInputSerializer,
        responses={201: DeckSerializer, 400: REFUSED},
        parameters=[
            OpenApiParameter(
                "Location",
                str,
                OpenApiParameter.HEADER,
                response=[201],
                description="The new deck's API URL.",
            ),
            OpenApiParameter(
                "ETag",
                str,
                OpenApiParameter.HEADER,
                response=[201],
                description="The new deck's version, for If-Match.",
            ),
        ],
    )
    def post(self, request: Request, pk: int) -> Response:
        data = validated(CopyInputSerializer, request.data)
        deck = _call(
            services.decklist_copy,
            user=_signed_in(request),
            decklist_id=pk,
            name=data.get("name", ""),
        )
        response = _deck_response(deck, status.HTTP_201_CREATED)
        response["Location"] = reverse("deck-detail", args=[deck.pk])
        return response
