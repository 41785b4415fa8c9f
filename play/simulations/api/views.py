"""Simulations over REST. Views parse input, call one service or selector, serialize."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db.models import QuerySet
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from play.matches.api.errors import seats_error
from play.matches.setups import SeatsError
from play.simulations import selectors, variants
from play.simulations import services as simulations
from play.simulations.api import serializers as inputs
from play.simulations.api.serializers import (
    EFFECTS_SCHEMA,
    CompareStartedSerializer,
    ComparisonSerializer,
    VariantStartedSerializer,
)
from play.simulations.compare import compare_simulations
from play.simulations.dispatch import QUEUE_UNREACHABLE
from play.simulations.models import Simulation
from play.simulations.provenance import effects_provenance
from web.authrequest import signed_in
from web.errors import ApiError
from web.inputs import validated
from web.limits import WriteRateThrottle
from web.numbers import MAX_ID
from web.params import ID_SCHEMA, int_param

T = TypeVar("T")
QUEUE_DOWN = OpenApiResponse(
    description="The task queue could not be reached (`task_queue_unavailable`): the "
    "simulation did not start (it is on record as failed); try again after `Retry-After`."
)
TOO_MANY = OpenApiResponse(
    description="Throttled (wait `Retry-After` seconds), or too many of your simulations are "
    "pending or running (`too_many_simulations`)."
)


# The deck's verdict as the spec keeps it (play/matches/legality.py, Legality.to_dict).
DECK_LEGALITY_SCHEMA = {
    "type": "object",
    "nullable": True,
    "properties": {
        "format": {"type": "string", "description": "The format the deck was checked in."},
        "format_name": {"type": "string"},
        "legal": {"type": "boolean"},
        "errors": {"type": "array", "items": {"type": "string"}},
    },
}


class SimulationSerializer(serializers.ModelSerializer[Simulation]):
    progress = serializers.SerializerMethodField()
    deck_warnings = serializers.SerializerMethodField(
        help_text="Goldfish: what the stack analysis found, when the simulation started, "
        "that may keep the deck from scoring (ChiZo: no square can form, creature tiles "
        "without a compatible partner); [] when nothing."
    )
    deck_legality = serializers.SerializerMethodField(
        help_text="Goldfish: the deck's verdict in its format when the simulation started "
        "(not legal only when started with test_anyway); null for bot games."
    )
    effects = serializers.SerializerMethodField(
        help_text="The effects version the simulation ran with and the deck's cards whose "
        'effect changed since (docs/play.md, "What a figure stands on").'
    )

    class Meta:
        model = Simulation
        fields = [
            "id", "game", "kind", "deck", "deck_legality", "deck_warnings", "games", "seed",
            "effects_version", "effects", "status",
            "progress", "results", "error", "created_at", "finished_at", "records_pruned_at",
        ]  # fmt: skip

    def get_progress(self, simulation: Simulation) -> dict[str, int]:
        return {"done": simulation.games_done, "total": simulation.games}

    def get_deck_warnings(self, simulation: Simulation) -> list[str]:
        warnings: list[str] = simulation.spec.get("stack_warnings", [])
        return warnings

    @extend_schema_field(DECK_LEGALITY_SCHEMA)
    def get_deck_legality(self, simulation: Simulation) -> dict[str, Any] | None:
        legality: dict[str, Any] | None = simulation.spec.get("legality")
        return legality

    @extend_schema_field(EFFECTS_SCHEMA)
    def get_effects(self, simulation: Simulation) -> dict[str, Any]:
        return effects_provenance(simulation)


class SimulationSummarySerializer(SimulationSerializer):
    class Meta(SimulationSerializer.Meta):
        # Without the changed cards: a list stays one query (effects_version is there).
        fields = [f for f in SimulationSerializer.Meta.fields if f not in ("results", "effects")]


def _started(start: Callable[[], T]) -> T:
    """What a start service returns; seats or decks that cannot make a game answer 400, a
    user at the running-simulations limit 429."""
    try:
        return start()
    except SeatsError as error:
        raise seats_error(error) from None
    except simulations.TooManySimulationsError as error:
        raise ApiError(str(error), code="too_many_simulations", status_code=429) from None


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
        return selectors.own_simulations(user=self.request.user)

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
        data = validated(inputs.SimulationCreateSerializer, request.data)
        user = signed_in(request)
        simulation = _queued(_started(lambda: simulations.simulation_start(user=user, data=data)))
        return Response(SimulationSerializer(simulation).data, status=status.HTTP_202_ACCEPTED)


class SimulationDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=SimulationSerializer)
    def get(self, request: Request, pk: int) -> Response:
        simulation = selectors.own_simulation(user=signed_in(request), pk=pk)
        return Response(SimulationSerializer(simulation).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        """Delete the simulation and all it kept (one still running stops)."""
        simulation = selectors.own_simulation(user=signed_in(request), pk=pk)
        simulations.simulation_delete(simulation=simulation)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SimulationCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=SimulationSerializer)
    def post(self, request: Request, pk: int) -> Response:
        simulation = selectors.own_simulation(user=signed_in(request), pk=pk)
        simulation = simulations.simulation_cancel(simulation=simulation)
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
        data = validated(inputs.SimulationCompareSerializer, request.data)
        user = signed_in(request)
        a, b = _started(lambda: simulations.comparison_start(user=user, **data))
        a, b = _queued(a), _queued(b)
        return Response({"a": a.pk, "b": b.pk, "seed": a.seed}, status=status.HTTP_202_ACCEPTED)

    @extend_schema(
        parameters=[
            OpenApiParameter("a", ID_SCHEMA, required=True, description="A simulation's id."),
            OpenApiParameter("b", ID_SCHEMA, required=True, description="A simulation's id."),
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
        first, second = (selectors.own_simulation(user=signed_in(request), pk=pk) for pk in ids)
        try:
            return Response(compare_simulations(first, second))
        except ValueError as error:
            raise ApiError(str(error), code="not_comparable", status_code=409) from None


class DecklistVariantView(APIView):
    """A published decklist and its variant (without a card, or with it swapped) on the
    same seeds: POST starts both; GET simulations/compare/?a=&b= compares them when done."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    throttle_scope = "simulation"

    @extend_schema(
        request=inputs.DecklistVariantSerializer,
        responses={202: VariantStartedSerializer, 429: TOO_MANY, 503: QUEUE_DOWN},
    )
    def post(self, request: Request, decklist_id: int) -> Response:
        data = validated(inputs.DecklistVariantSerializer, request.data)
        user = signed_in(request)
        variant = variants.Variant(data["remove"], data.get("copies"), data.get("add", ""))
        a, b = _started(
            lambda: variants.variant_comparison_start(
                user=user, decklist_id=decklist_id, variant=variant, games=data["games"],
                bot=data.get("bot"), seed=data.get("seed"), test_anyway=data["test_anyway"],
            )
        )  # fmt: skip
        a, b = _queued(a), _queued(b)
        body = {"a": a.pk, "b": b.pk, "seed": a.seed, "variant": b.spec["subject"]}
        return Response(body, status=status.HTTP_202_ACCEPTED)
