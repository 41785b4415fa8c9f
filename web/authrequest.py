"""The request a signed-in-only page gets, for the type checker."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest


class AuthenticatedHttpRequest(HttpRequest):
    """A request past `login_required`: its user is signed in, never AnonymousUser."""

    user: User
