"""Play pages."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def play_home(request: HttpRequest) -> HttpResponse:
    return render(request, "play/home.html", {"section": "play"})


@login_required
def simulation_list(request: HttpRequest) -> HttpResponse:
    return render(request, "play/simulations.html", {"section": "simulations"})
