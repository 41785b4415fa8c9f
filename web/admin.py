"""Django's admin, its login form throttled like every other form that takes a password.

`AdminConfig` stands for django.contrib.admin in INSTALLED_APPS, so that `admin.site`
(where the apps register their models) is this site.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.http import HttpRequest, HttpResponse
from django.utils.decorators import method_decorator

from web.limits import throttle_login


class AdminSite(admin.AdminSite):
    # django-stubs types method_decorator's argument as a decorator of any view returning
    # HttpResponseBase; throttle_login takes the page views, which return HttpResponse.
    @method_decorator(throttle_login)  # type: ignore[arg-type]
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return super().login(request, extra_context)


class AdminConfig(DjangoAdminConfig):
    default_site = "web.admin.AdminSite"
