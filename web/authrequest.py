"""The signed-in user of a page or an API request, for the type checker."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.models import User
from django.http import HttpRequest
from rest_framework.request import Request


class AuthenticatedHttpRequest(HttpRequest):
    """A request past `login_required`: its user is signed in, never AnonymousUser."""

    user: User


def signed_in(request: Request) -> User:
    """The user of an API request past `IsAuthenticated`, which refuses an AnonymousUser
    before the handler runs: every view that calls this has that permission."""
    return cast(User, request.user)
