"""Matches and simulations over REST. Views parse input, call one service, serialize."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import ApiError
from config.limits import WriteRateThrottle
from config.numbers import MAX_ID
from config.params import bool_param, int_param, int_schema
from play import selectors
from play.api import serializers as inputs
from play.api.serializers import (
    CompareStartedSerializer,
    ComparisonSerializer,
    MatchReplaySerializer,
    MatchViewSerializer,
)
from play.compare import compare_simulations
from play.dispatch import QUEUE_UNREACHABLE
from play.engine.core import Action, EngineError
from play.models import Match, Simulation
from play.services import matches, simulations
from play.setups import SeatsError
from play.starting import match_setup


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _user(request: Request) -> User:
    """The signed-in user. Every view that calls this has IsAuthenticated, which refuses
    an AnonymousUser before the handler runs, so the user is a User."""
    return cast(User, request.user)


def _seats_error(error: SeatsError) -> ApiError:
    return ApiError(
        str(error),
        code="invalid_seats",
        errors=[{"field": error.field, "message": str(error), "code": "invalid"}],
    )


def _rule_error(error: matches.MatchRuleError) -> ApiError:
    return ApiError(error.reason, code=error.code)


ID = int_schema(1, MAX_ID)
STALE_SEQ = OpenApiResponse(description="`seq` is not the match's current step (`stale_seq`).")
QUEUE_DOWN = OpenApiResponse(
    description="The task queue could not be reached (`task_queue_unavailable`): the "
    "simulation did not start (it is on record as failed); try again after `Retry-After`."
)
TOO_MANY = OpenApiResponse(
    description="Throttled (wait `Retry-After` seconds), or too many of your simulations are "
    "pending or running (`too_many_simulations`)."
)


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
        data = _valid(inputs.MatchCreateSerializer, request.data)
        try:
            setup = match_setup(
                user=_user(request), game=data["game"], mode=data["mode"], seats=data["seats"]
            )
            match = matches.match_create(
                owner=_user(request),
                game=data["game"],
                mode=data["mode"],
                seats=data["seats"],
                setup=setup,
                seed=data.get("seed"),
            )
        except SeatsError as error:
            raise _seats_error(error) from None
        except matches.MatchRuleError as error:
            raise _rule_error(error) from None
        return _view(match, status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """The match as the requesting player sees it, with the actions they may take."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MatchViewSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _view(matches.match_for(user=_user(request), match_id=pk))


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
        matches.match_for(user=_user(request), match_id=pk)  # 404 before anything else
        data = _valid(inputs.ActionInputSerializer, request.data)
        action = None
        if "action" in data:
            try:
                action = Action.from_dict(data["action"])
            except (EngineError, AttributeError, TypeError) as error:
                reason = getattr(error, "reason", "an action is {kind, player, args}")
                raise ApiError(reason, code="bad_action") from None
        return _moved(
            lambda: matches.match_act(
                user=_user(request),
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
        matches.match_for(user=_user(request), match_id=pk)
        data = _valid(inputs.UndoInputSerializer, request.data)
        return _moved(lambda: matches.match_undo(user=_user(request), match_id=pk, seq=data["seq"]))


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
        matches.match_for(user=_user(request), match_id=pk)
        data = _valid(inputs.AdvanceInputSerializer, request.data)
        seq = data["seq"]
        return _moved(lambda: matches.match_advance(user=_user(request), match_id=pk, seq=seq))


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
        match = matches.match_for(user=_user(request), match_id=pk)
        if not match.is_over:
            raise ApiError(
                "the seed and log are shown when the game is over", code="game_in_progress",
                status_code=409,
            )  # fmt: skip
        verify = bool_param(request, "verify")
        return Response(matches.match_replay(match=match, verify=verify))


class SimulationSerializer(serializers.ModelSerializer[Simulation]):
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Simulation
        fields = [
            "id", "game", "kind", "deck", "games", "seed", "status", "progress", "results",
            "error", "created_at", "finished_at",
        ]  # fmt: skip

    def get_progress(self, simulation: Simulation) -> dict[str, int]:
        return {"done": simulation.games_done, "total": simulation.games}


class SimulationSummarySerializer(SimulationSerializer):
    class Meta(SimulationSerializer.Meta):
        fields = [f for f in SimulationSerializer.Meta.fields if f != "results"]


def _simulation_for(request: Request, pk: int) -> Simulation:
    simulation = Simulation.objects.filter(owner_id=request.user.pk, pk=pk).first()
    if simulation is None:
        raise ApiError("no such simulation", code="not_found", status_code=404)
    return simulation


def _too_many(error: simulations.TooManySimulationsError) -> ApiError:
    return ApiError(str(error), code="too_many_simulations", status_code=429)


def _queued(simulation: Simulation) -> Simulation:
    """The simulation started (its chunks sent on commit), or 503 when the task queue
    could not be reached: the simulation is then on record as failed, with that reason."""
    simulation.refresh_from_db()
    if simulation.status == Simulation.Status.FAILED and simulation.error == QUEUE_UNREACHABLE:
        raise ApiError(QUEUE_UNREACHABLE, code="task_queue_unavailable", status_code=503)
    return simulation


class SimulationListCreateView(generics.GenericAPIView[Simulation]):
    """Your simulations; start one (202: it runs in the background)."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "simulation"
    serializer_class = SimulationSummarySerializer

    def get_queryset(self) -> QuerySet[Simulation]:
        return Simulation.objects.filter(owner_id=self.request.user.pk).defer("results")

    @extend_schema(
        operation_id="v1_simulations_list", responses=SimulationSummarySerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(SimulationSummarySerializer(page, many=True).data)

    @extend_schema(
        request=inputs.SimulationCreateSerializer,
        responses={202: SimulationSerializer, 429: TOO_MANY, 503: QUEUE_DOWN},
    )
    def post(self, request: Request) -> Response:
        data = _valid(inputs.SimulationCreateSerializer, request.data)
        try:
            simulation = simulations.simulation_start(user=_user(request), data=data)
        except SeatsError as error:
            raise _seats_error(error) from None
        except simulations.TooManySimulationsError as error:
            raise _too_many(error) from None
        simulation = _queued(simulation)
        return Response(SimulationSerializer(simulation).data, status=status.HTTP_202_ACCEPTED)


class SimulationDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=SimulationSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(SimulationSerializer(_simulation_for(request, pk)).data)


class SimulationCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=SimulationSerializer)
    def post(self, request: Request, pk: int) -> Response:
        simulation = simulations.simulation_cancel(simulation=_simulation_for(request, pk))
        return Response(SimulationSerializer(simulation).data)


class SimulationCompareView(APIView):
    """Two decks on the same seeds: POST starts both; GET ?a=&b= compares when done."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "simulation"

    @extend_schema(
        request=inputs.SimulationCompareSerializer,
        responses={202: CompareStartedSerializer, 429: TOO_MANY, 503: QUEUE_DOWN},
    )
    def post(self, request: Request) -> Response:
        data = _valid(inputs.SimulationCompareSerializer, request.data)
        try:
            a, b = simulations.comparison_start(user=_user(request), **data)
        except SeatsError as error:
            raise _seats_error(error) from None
        except simulations.TooManySimulationsError as error:
            raise _too_many(error) from None
        a, b = _queued(a), _queued(b)
        return Response({"a": a.pk, "b": b.pk, "seed": a.seed}, status=status.HTTP_202_ACCEPTED)

    @extend_schema(
        parameters=[
            OpenApiParameter("a", ID, required=True, description="A simulation's id."),
            OpenApiParameter("b", ID, required=True, description="A simulation's id."),
        ],
        responses={
            200: ComparisonSerializer,
            404: OpenApiResponse(description="No such simulation of yours."),
            409: OpenApiResponse(
                description="Not both done, or not goldfish runs on the same seed and games "
                "(`not_comparable`)."
            ),
        },
    )
    def get(self, request: Request) -> Response:
        ids = [int_param(request, name, low=1, high=MAX_ID) for name in ("a", "b")]
        first, second = (_simulation_for(request, pk) for pk in ids)
        try:
            return Response(compare_simulations(first, second))
        except ValueError as error:
            raise ApiError(str(error), code="not_comparable", status_code=409) from None
