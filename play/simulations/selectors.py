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
