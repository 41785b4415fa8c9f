"""Routes of the catalogue pages (the home page is the catalogue's front door)."""

from django.urls import path

from cards.pages import catalogue, home

urlpatterns = [
    path("", home.home, name="home"),
    path("cards/", catalogue.card_search, name="card-search"),
    path("cards/<int:card_id>/", catalogue.card_detail, name="card-page"),
]
