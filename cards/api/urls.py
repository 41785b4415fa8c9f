"""Catalogue API routes."""

from django.urls import path

from cards.api import views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("sets/", views.CardSetListView.as_view(), name="cardset-list"),
    path("cards/", views.CardListView.as_view(), name="card-list"),
    path("cards/<int:pk>/", views.CardDetailView.as_view(), name="card-detail"),
]
