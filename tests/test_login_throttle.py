"""Every form and endpoint that takes a password (the sign-in pages, the admin's, the token
endpoint, sign-up) counts against one throttle, the `login` scope: one budget per client
address, whichever way the attempts come and whether the client is signed in or not."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

WRONG = {"username": "alice", "password": "wrong"}


def with_rates(settings: Any, **rates: str) -> None:
    rest = dict(django_settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = rest["DEFAULT_THROTTLE_RATES"] | rates
    settings.REST_FRAMEWORK = rest


def password_routes(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    """Every route that takes a password: named `login` or `signup` (in any namespace, so
    the admin's and DRF's browsable-API login are found when routed), or served by one of
    Django's login views or DRF's token view."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from password_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            view_class = getattr(pattern.callback, "view_class", None)
            password_view = isinstance(view_class, type) and issubclass(
                view_class, auth_views.LoginView | ObtainAuthToken
            )
            if pattern.name in ("login", "signup") or password_view:
                yield "/" + prefix + str(pattern.pattern)


def attempt(path: str, password: str = "wrong") -> Any:
    """One attempt from a fresh client (every test client has the same address)."""
    if path.startswith("/api/"):
        return APIClient().post(path, {"username": "alice", "password": password})
    body = {"username": "alice", "password": password, "password1": password, "password2": "x"}
    return Client().post(path, body)


def assert_throttled(response: Any) -> None:
    assert response.status_code == 429, response.content[:300]
    assert int(response["Retry-After"]) > 0


def test_twenty_wrong_admin_passwords_then_the_right_one_is_refused(alice: User) -> None:
    User.objects.filter(pk=alice.pk).update(is_staff=True, is_superuser=True)
    client = Client()

    wrong = [client.post("/admin/login/?next=/admin/", WRONG).status_code for _ in range(20)]
    right = client.post(
        "/admin/login/?next=/admin/", {"username": "alice", "password": "alice-password-1"}
    )

    # The default budget (THROTTLE_LOGIN, 10 a minute): the form shown again ten times.
    assert wrong == [200] * 10 + [429] * 10
    assert_throttled(right)
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still signed out


def test_the_login_forms_the_token_endpoint_and_sign_up_share_one_budget(
    alice: User, settings: Any
) -> None:
    with_rates(settings, login="4/min")
    paths = ["/accounts/login/", "/admin/login/", "/api/v1/auth/token/", "/accounts/signup/"]

    spent = [attempt(path).status_code for path in paths]

    # A wrong password shows the form again (or 400 from the API); then every way is shut,
    # the right password too.
    assert spent == [200, 200, 400, 200]
    for path in paths:
        assert_throttled(attempt(path, password="alice-password-1"))


def test_every_route_that_takes_a_password_counts_against_the_login_budget(
    alice: User, settings: Any
) -> None:
    with_rates(settings, login="1/min")
    routes = sorted(set(password_routes(get_resolver().url_patterns)))
    assert {"/accounts/login/", "/admin/login/", "/api/v1/auth/token/"} <= set(routes)

    assert attempt("/api/v1/auth/token/").status_code == 400

    for route in routes:
        assert_throttled(attempt(route))


def test_signing_in_first_gives_no_budget_of_its_own(alice: User, bob: User, settings: Any) -> None:
    with_rates(settings, login="2/min")
    signed_in = Client()
    signed_in.force_login(bob)

    spent = [attempt("/admin/login/").status_code for _ in range(2)]
    refused = signed_in.post("/admin/login/", {"username": "alice", "password": "wrong"})
    token = APIClient()
    token.force_authenticate(bob)

    assert spent == [200, 200]
    assert_throttled(refused)
    assert_throttled(token.post("/api/v1/auth/token/", WRONG))
