"""Reads of simulations: one's own, one or all; the API and the pages ask these."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.http import Http404

from play.simulations.models import Simulation


def own_simulation(*, user: AbstractBaseUser | AnonymousUser, pk: int) -> Simulation:
    """The user's simulation, or 404 (also for everyone else's: it does not say it exists)."""
    simulation = (
        Simulation.objects.select_related("deck__game").filter(owner_id=user.pk, pk=pk).first()
    )
    if simulation is None:
        raise Http404("no such simulation")
    return simulation


def own_simulations(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Simulation]:
    """The user's simulations, newest first, without their results (a list never shows them)."""
    return Simulation.objects.filter(owner_id=user.pk).select_related("deck").defer("results")


#: The author's latest finished goldfish runs looked through for one of exactly a
#: decklist's cards.
AUTHOR_RUNS_LOOKED_AT = 30


def decklist_goldfish(*, owner_id: int, game: str, cards: dict[int, int]) -> Simulation | None:
    """The decklist author's latest finished goldfish of exactly its cards (`cards`: card
    id → copies), whether they ran their deck while it held this list or the decklist
    itself; None when they ran none (or none among their latest runs)."""
    runs = (
        Simulation.objects.filter(
            owner_id=owner_id, game=game, kind="goldfish", status=Simulation.Status.DONE
        )
        .order_by("-finished_at", "-id")
        .defer("results")[:AUTHOR_RUNS_LOOKED_AT]
    )
    found = next((run for run in runs if _cards_of(run) == cards), None)
    return None if found is None else Simulation.objects.get(pk=found.pk)


def _cards_of(simulation: Simulation) -> dict[int, int]:
    return {row["id"]: count for row, count in simulation.spec.get("cards", [])}
