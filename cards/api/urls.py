"""Catalogue API routes."""

from django.urls import path

from cards.api import bulk, views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("sets/", views.CardSetListView.as_view(), name="cardset-list"),
    path("cards/", views.CardListView.as_view(), name="card-list"),
    path("cards/<int:pk>/", views.CardDetailView.as_view(), name="card-detail"),
    path("bulk-data/", bulk.BulkDataListView.as_view(), name="bulk-data-list"),
    path("bulk-data/<slug:name>/", bulk.BulkDataDetailView.as_view(), name="bulk-data-detail"),
    path(
        "bulk-data/<slug:name>.json.gz",
        bulk.BulkDataDownloadView.as_view(),
        name="bulk-data-download",
    ),
]
