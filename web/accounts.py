"""Sign up, log in and log out: Django's own auth views, plus a sign-up form that logs the
new user in. Every form here that takes a password, and the token endpoint, counts against
the one login budget per address (web/limits.py; the admin's login form too,
web/admin.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser

from web.limits import LOGIN_SCOPE, LoginRateThrottle, throttle_login
from web.parsers import BoundedJSONParser

if TYPE_CHECKING:
    from django.contrib.auth.models import User


# django-stubs types method_decorator's argument as a decorator of any view returning
# HttpResponseBase; throttle_login takes the page views, which return HttpResponse.
@method_decorator(throttle_login, name="dispatch")  # type: ignore[arg-type]
class LoginView(auth_views.LoginView):
    """Django's login page, with a bound on attempts per address: every POST counts,
    failed or not."""


class TokenView(ObtainAuthToken):
    """POST username and password, get the API token; the login pages' budget."""

    throttle_classes = [LoginRateThrottle]
    throttle_scope = LOGIN_SCOPE
    # DRF's view names its own parsers; JSON is read with the depth bound as elsewhere.
    parser_classes = [FormParser, MultiPartParser, BoundedJSONParser]


# Sign-up takes a password too, and tells whether a username is taken: the same budget.
@throttle_login
def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        wanted = request.GET.get("next", "")
        safe = url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()})
        return redirect(wanted if safe else "deck-list-page")
    return render(request, "registration/signup.html", {"form": form})


urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", signup, name="signup"),
]
