"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("", include("cards.pages.urls")),
    path("decks/", include("decks.pages.urls")),
    path("", include("play.matches.pages.urls")),
    path("", include("play.simulations.pages.urls")),
    # After play's routes: /decklists/<id>/compare/ is play's, <id>/<name>/ the page's.
    path("decklists/", include("decks.pages.decklist_urls")),
    path("", include("web.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("cards.api.urls")),
    path("api/v1/", include("decks.api.urls")),
    path("api/v1/", include("play.matches.api.urls")),
    path("api/v1/", include("play.simulations.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Split: Swagger UI's set-up is a script file (/api/docs/?script), not an inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
]

handler404 = "web.errors.not_found"
handler500 = "web.errors.server_error"
