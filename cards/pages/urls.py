"""Routes of the catalogue pages (the home page is the catalogue's front door)."""

from django.urls import path

from cards.pages import catalogue, effect_edit, effects, home

urlpatterns = [
    path("", home.home, name="home"),
    path("cards/", catalogue.card_search, name="card-search"),
    path("cards/<int:card_id>/", catalogue.card_detail, name="card-page"),
    path("cards/<int:card_id>/effect/", effect_edit.card_effect_save, name="card-effect"),
    path(
        "cards/<int:card_id>/effect/revert/",
        effect_edit.card_effect_revert,
        name="card-effect-revert",
    ),
    path("effects/<slug:game>/", effects.vocabulary_page, name="effect-vocabulary"),
]
