"""Play API routes: matches and simulations."""

from django.urls import path

from play.api import views

urlpatterns = [
    path("matches/", views.MatchListCreateView.as_view(), name="match-list"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/actions/", views.MatchActionView.as_view(), name="match-actions"),
    path("matches/<int:pk>/undo/", views.MatchUndoView.as_view(), name="match-undo"),
    path("matches/<int:pk>/advance/", views.MatchAdvanceView.as_view(), name="match-advance"),
    path("matches/<int:pk>/replay/", views.MatchReplayView.as_view(), name="match-replay"),
    path("simulations/", views.SimulationListCreateView.as_view(), name="simulation-list"),
    path("simulations/compare/", views.SimulationCompareView.as_view(), name="simulation-compare"),
    path("simulations/<int:pk>/", views.SimulationDetailView.as_view(), name="simulation-detail"),
    path(
        "simulations/<int:pk>/cancel/",
        views.SimulationCancelView.as_view(),
        name="simulation-cancel",
    ),
]
