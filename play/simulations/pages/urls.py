"""Routes of the simulation pages."""

from django.urls import path

from play.simulations.pages import decklists as decklist_pages
from play.simulations.pages import views as simulation_pages

urlpatterns = [
    path(
        "decklists/<int:decklist_id>/compare/",
        decklist_pages.variant_compare,
        name="decklist-variant-compare",
    ),
    path("simulations/", simulation_pages.simulation_list, name="simulation-list-page"),
    path("simulations/new/", simulation_pages.simulation_new, name="simulation-new"),
    path("simulations/compare/", simulation_pages.compare_new, name="simulation-compare-page"),
    path(
        "simulations/compare/<int:a>/<int:b>/",
        simulation_pages.compare_result,
        name="simulation-compare-result",
    ),
    path(
        "simulations/compare/<int:a>/<int:b>/live/",
        simulation_pages.compare_live,
        name="simulation-compare-live",
    ),
    path("simulations/<int:pk>/", simulation_pages.simulation_page, name="simulation-page"),
    path("simulations/<int:pk>/live/", simulation_pages.simulation_live, name="simulation-live"),
    path(
        "simulations/<int:pk>/cancel/",
        simulation_pages.simulation_cancel,
        name="simulation-cancel-page",
    ),
    path(
        "simulations/<int:pk>/delete/",
        simulation_pages.simulation_delete,
        name="simulation-delete-page",
    ),
    path(
        "simulations/<int:pk>/replay/",
        simulation_pages.simulation_replay,
        name="simulation-replay",
    ),
]
