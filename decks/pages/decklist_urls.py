"""Routes of the decklist pages (mounted at /decklists/)."""

from django.urls import path

from decks.pages import decklists as views

urlpatterns = [
    path("", views.decklist_browse, name="decklist-browse"),
    path("<int:decklist_id>/", views.decklist_page, name="decklist-page"),
    path("<int:decklist_id>/like/", views.decklist_like, name="decklist-like"),
    path("<int:decklist_id>/comments/", views.comment_add, name="decklist-comment-add"),
    path(
        "<int:decklist_id>/comments/<int:comment_id>/delete/",
        views.comment_delete,
        name="decklist-comment-delete",
    ),
    path("<int:decklist_id>/report/", views.decklist_report, name="decklist-report"),
    path("<int:decklist_id>/copy/", views.decklist_copy, name="decklist-copy"),
    path("<int:decklist_id>/withdraw/", views.decklist_withdraw, name="decklist-withdraw"),
    path("<int:decklist_id>/restore/", views.decklist_restore, name="decklist-restore"),
    path("<int:decklist_id>/export/<str:kind>/", views.decklist_export, name="decklist-export"),
    # Last: the name in the URL is for people reading the link; the id alone finds the page.
    path("<int:decklist_id>/<slug:slug>/", views.decklist_page, name="decklist-page-named"),
]
