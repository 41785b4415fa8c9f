"""Routes of the deck builder pages (mounted at /decks/)."""

from django.urls import path

from decks.pages import views

urlpatterns = [
    path("", views.deck_list, name="deck-list-page"),
    path("check-list/", views.list_check, name="deck-list-check"),
    path("<int:deck_id>/", views.deck_page, name="deck-page"),
    path("<int:deck_id>/search/", views.deck_search, name="deck-search-fragment"),
    path("<int:deck_id>/cards/add/", views.card_add, name="deck-card-add"),
    path("<int:deck_id>/cards/count/", views.card_count, name="deck-card-count"),
    path("<int:deck_id>/import/", views.list_import, name="deck-import"),
    path("<int:deck_id>/settings/", views.deck_settings, name="deck-settings"),
    path("<int:deck_id>/delete/", views.deck_delete, name="deck-delete"),
    path("<int:deck_id>/publish/", views.deck_publish, name="deck-publish"),
    path("<int:deck_id>/stats/", views.deck_stats, name="deck-stats-page"),
    path("<int:deck_id>/history/", views.deck_history, name="deck-history-page"),
    path("<int:deck_id>/export/<str:kind>/", views.deck_export, name="deck-export-page"),
]
