"""Deck builder API routes."""

from django.urls import path

from decks.api import decklist_views as decklists
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
    path("decks/<int:pk>/publish/", decklists.DeckPublishView.as_view(), name="deck-publish-api"),
    path("decklists/", decklists.DecklistListView.as_view(), name="decklist-list-api"),
    path("decklists/<int:pk>/", decklists.DecklistDetailView.as_view(), name="decklist-detail-api"),
    path(
        "decklists/<int:pk>/export/",
        decklists.DecklistExportView.as_view(),
        name="decklist-export-api",
    ),
    path(
        "decklists/<int:pk>/withdraw/",
        decklists.DecklistWithdrawView.as_view(),
        name="decklist-withdraw-api",
    ),
    path(
        "decklists/<int:pk>/restore/",
        decklists.DecklistRestoreView.as_view(),
        name="decklist-restore-api",
    ),
    path(
        "decklists/<int:pk>/like/", decklists.DecklistLikeView.as_view(), name="decklist-like-api"
    ),
    path(
        "decklists/<int:pk>/comments/",
        decklists.DecklistCommentsView.as_view(),
        name="decklist-comments-api",
    ),
    path(
        "decklists/<int:pk>/comments/<int:comment_id>/",
        decklists.DecklistCommentView.as_view(),
        name="decklist-comment-api",
    ),
    path(
        "decklists/<int:pk>/reports/",
        decklists.DecklistReportView.as_view(),
        name="decklist-reports-api",
    ),
    path(
        "decklists/<int:pk>/copy/", decklists.DecklistCopyView.as_view(), name="decklist-copy-api"
    ),
    # A card seen through the decklists: routed here, since cards may not import decks.
    # (Names end in -api: the decklist pages name theirs decklist-like, decklist-copy…)
    path(
        "cards/<int:pk>/decklists/",
        decklists.CardDecklistsView.as_view(),
        name="card-decklists-api",
    ),
]
