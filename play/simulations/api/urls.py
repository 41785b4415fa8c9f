"""API routes of simulations."""

from django.urls import path

from play.simulations.api import views

urlpatterns = [
    path(
        "decklists/<int:decklist_id>/compare/",
        views.DecklistVariantView.as_view(),
        name="decklist-variant-compare-api",
    ),
    path("simulations/", views.SimulationListCreateView.as_view(), name="simulation-list"),
    path("simulations/compare/", views.SimulationCompareView.as_view(), name="simulation-compare"),
    path("simulations/<int:pk>/", views.SimulationDetailView.as_view(), name="simulation-detail"),
    path(
        "simulations/<int:pk>/cancel/",
        views.SimulationCancelView.as_view(),
        name="simulation-cancel",
    ),
]
