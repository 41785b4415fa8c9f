"""The site's own routes: accounts, the API token, health."""

from django.urls import include, path

from web.accounts import TokenView
from web.health import healthz

urlpatterns = [
    path("accounts/", include("web.accounts")),
    path("healthz", healthz, name="healthz"),
    path("api/v1/auth/token/", TokenView.as_view(), name="api-token"),
]
