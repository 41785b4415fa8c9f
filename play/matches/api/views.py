"""Matches over REST. Views parse input, call one service, serialize."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from play.engine.core import Action, EngineError
from play.matches import selectors
from play.matches import services as matches
from play.matches.api import serializers as inputs
from play.matches.api.errors import seats_error
from play.matches.api.serializers import MatchReplaySerializer, MatchViewSerializer
from play.matches.models import Match
from play.matches.setups import SeatsError
from web.authrequest import signed_in
from web.errors import ApiError
from web.inputs import validated
from web.limits import WriteRateThrottle
from web.params import bool_param


def _rule_error(error: matches.MatchRuleError) -> ApiError:
    return ApiError(error.reason, code=error.code)


STALE_SEQ = OpenApiResponse(description="`seq` is not the match's current step (`stale_seq`).")
def _view(match: Match, status_code: int = 200) -> Response:
    return Response(selectors.match_view(matches.load(match)), status=status_code)


def _moved(move: Callable[[], Match]) -> Response:
    """The match's view after an action, undo or advance: a stale `seq` answers 409, a
    move the rules refuse 400 with their code and reason."""
    try:
        match = move()
    except matches.StaleSeqError as error:
        raise ApiError(str(error), code="stale_seq", status_code=409) from None
    except matches.MatchRuleError as error:
        raise _rule_error(error) from None
    return _view(match)


class MatchSummarySerializer(serializers.ModelSerializer[Match]):
    class Meta:
        model = Match
        fields = ["id", "game", "mode", "seats", "seq", "is_over", "created_at", "updated_at"]


class MatchListCreateView(generics.GenericAPIView[Match]):
    """Your matches; start a match (goldfish, against bots, or hotseat)."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "match_create"
    serializer_class = MatchSummarySerializer

    def get_queryset(self) -> QuerySet[Match]:
        return Match.objects.filter(owner_id=self.request.user.pk)

    @extend_schema(operation_id="v1_matches_list", responses=MatchSummarySerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(MatchSummarySerializer(page, many=True).data)

    @extend_schema(request=inputs.MatchCreateSerializer, responses={201: MatchViewSerializer})
    def post(self, request: Request) -> Response:
        data = validated(inputs.MatchCreateSerializer, request.data)
        try:
            match = matches.match_start(
                user=signed_in(request),
                game=data["game"],
                mode=data["mode"],
                seats=data["seats"],
                seed=data.get("seed"),
                test_anyway=data["test_anyway"],
                opposition=data.get("opposition"),
            )
        except SeatsError as error:
            raise seats_error(error) from None
        except matches.MatchRuleError as error:
            raise _rule_error(error) from None
        return _view(match, status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """The match as the requesting player sees it, with the actions they may take."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MatchViewSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _view(matches.match_for(user=signed_in(request), match_id=pk))


class MatchActionView(APIView):
    """Take an action (by `action_id` from the view's legal actions, or the action itself).

    An illegal action answers 400 with the engine's code and reason; an action chosen on
    an older step answers 409. Bots then move until a human is to act, or until the
    request's budget of bot decisions is spent (`bots_pending`: see `advance/`).
    """

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "match_action"

    @extend_schema(
        request=inputs.ActionInputSerializer,
        responses={200: MatchViewSerializer, 409: STALE_SEQ},
    )
    def post(self, request: Request, pk: int) -> Response:
        matches.match_for(user=signed_in(request), match_id=pk)  # 404 before anything else
        data = validated(inputs.ActionInputSerializer, request.data)
        action = None
        if "action" in data:
            try:
                action = Action.from_dict(data["action"])
            except (EngineError, AttributeError, TypeError) as error:
                reason = getattr(error, "reason", "an action is {kind, player, args}")
                raise ApiError(reason, code="bad_action") from None
        return _moved(
            lambda: matches.match_act(
                user=signed_in(request),
                match_id=pk,
                seq=data["seq"],
                action=action,
                action_id=data.get("action_id"),
            )
        )


class MatchUndoView(APIView):
    """Take back your last action (goldfish and hotseat)."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "match_action"

    @extend_schema(
        request=inputs.UndoInputSerializer,
        responses={200: MatchViewSerializer, 409: STALE_SEQ},
    )
    def post(self, request: Request, pk: int) -> Response:
        user = signed_in(request)
        matches.match_for(user=user, match_id=pk)  # 404 before anything else
        seq = validated(inputs.UndoInputSerializer, request.data)["seq"]
        return _moved(lambda: matches.match_undo(user=user, match_id=pk, seq=seq))


class MatchAdvanceView(APIView):
    """Let the bots play their next decisions, when the match has `bots_pending`.

    A request plays a bounded number of bot decisions; call again (with the new `seq`)
    while `bots_pending` is true. A stale `seq` answers 409; no bot to move, 400
    (`no_bots_to_move`, `game_over`).
    """

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "match_action"

    @extend_schema(
        request=inputs.AdvanceInputSerializer,
        responses={200: MatchViewSerializer, 409: STALE_SEQ},
    )
    def post(self, request: Request, pk: int) -> Response:
        user = signed_in(request)
        matches.match_for(user=user, match_id=pk)  # 404 before anything else
        seq = validated(inputs.AdvanceInputSerializer, request.data)["seq"]
        return _moved(lambda: matches.match_advance(user=user, match_id=pk, seq=seq))


class MatchReplayView(APIView):
    """Seed, setup and action log of a finished match; `?verify=true` replays it and
    checks every state hash. The seed stays hidden while the game is on, since it would
    reveal the order of the draw piles."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("verify", OpenApiTypes.BOOL)],
        responses={
            200: MatchReplaySerializer,
            409: OpenApiResponse(description="The game is not over (`game_in_progress`)."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        match = matches.match_for(user=signed_in(request), match_id=pk)
        if not match.is_over:
            raise ApiError(
                "the seed and log are shown when the game is over", code="game_in_progress",
                status_code=409,
            )  # fmt: skip
        verify = bool_param(request, "verify")
        return Response(matches.match_replay(match=match, verify=verify))
