"""Routes of the match pages."""

from django.urls import path

from play.matches.pages import views as match_pages

urlpatterns = [
    path("play/", match_pages.play_home, name="play-home"),
    path("play/goldfish/", match_pages.goldfish_start, name="goldfish-start"),
    path("play/bots/<slug:game>/", match_pages.bots_start, name="bots-start"),
    path("play/matches/<int:match_id>/", match_pages.match_page, name="match-page"),
    path("play/matches/<int:match_id>/act/", match_pages.match_act_view, name="match-act"),
    path("play/matches/<int:match_id>/undo/", match_pages.match_undo_view, name="match-undo-page"),
    path(
        "play/matches/<int:match_id>/advance/",
        match_pages.match_advance_view,
        name="match-advance-page",
    ),
]
