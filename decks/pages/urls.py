"""Routes of the deck builder pages."""

from django.urls import path

from decks.pages import views

urlpatterns = [
    path("", views.deck_list, name="deck-list-page"),
]
