"""Deck builder API routes."""

from django.urls import path

from decks.api import views

urlpatterns = [
    path("decks/", views.DeckListCreateView.as_view(), name="deck-list"),
    path("decks/validate/", views.ListValidateView.as_view(), name="deck-list-validate"),
    path("decks/<int:pk>/", views.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:pk>/validate/", views.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/<int:pk>/export/", views.DeckExportView.as_view(), name="deck-export"),
    path("decks/<int:pk>/stats/", views.DeckStatsView.as_view(), name="deck-stats"),
    path("decks/<int:pk>/sample-hand/", views.DeckSampleHandView.as_view(), name="deck-sample"),
    path("decks/<int:pk>/history/", views.DeckHistoryView.as_view(), name="deck-history"),
    path("decks/<int:pk>/diff/", views.DeckDiffView.as_view(), name="deck-diff"),
]
