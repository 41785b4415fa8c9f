"""API routes of matches."""

from django.urls import path

from play.matches.api import views

urlpatterns = [
    path("matches/", views.MatchListCreateView.as_view(), name="match-list"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:pk>/actions/", views.MatchActionView.as_view(), name="match-actions"),
    path("matches/<int:pk>/undo/", views.MatchUndoView.as_view(), name="match-undo"),
    path("matches/<int:pk>/advance/", views.MatchAdvanceView.as_view(), name="match-advance"),
    path("matches/<int:pk>/replay/", views.MatchReplayView.as_view(), name="match-replay"),
]
