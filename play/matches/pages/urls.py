"""Routes of the play pages."""

from django.urls import path

from play.pages import matches as match_pages
from play.pages import simulations as simulation_pages

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
    path("simulations/", simulation_pages.simulation_list, name="simulation-list-page"),
    path("simulations/new/", simulation_pages.simulation_new, name="simulation-new"),
    path("simulations/compare/", simulation_pages.compare_new, name="simulation-compare-page"),
    path(
        "simulations/compare/<int:a>/<int:b>/",
        simulation_pages.compare_result,
        name="simulation-compare-result",
    ),
    path(
        "simulations/compare/<int:a>/<int:b>/live/",
        simulation_pages.compare_live,
        name="simulation-compare-live",
    ),
    path("simulations/<int:pk>/", simulation_pages.simulation_page, name="simulation-page"),
    path("simulations/<int:pk>/live/", simulation_pages.simulation_live, name="simulation-live"),
    path(
        "simulations/<int:pk>/cancel/",
        simulation_pages.simulation_cancel,
        name="simulation-cancel-page",
    ),
    path(
        "simulations/<int:pk>/replay/",
        simulation_pages.simulation_replay,
        name="simulation-replay",
    ),
]
