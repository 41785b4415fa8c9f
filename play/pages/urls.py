"""Routes of the play pages."""

from django.urls import path

from play.pages import views

urlpatterns = [
    path("play/", views.play_home, name="play-home"),
    path("simulations/", views.simulation_list, name="simulation-list-page"),
]
