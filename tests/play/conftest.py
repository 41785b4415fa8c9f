"""Fixtures of the play tests: a signed-in player whose simulations run in-process."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient


@pytest.fixture
def player(api: APIClient, alice: User, settings: Any) -> APIClient:
    """Alice through the API; simulations run in this process once committed. (Some
    test modules define a player of their own, which takes precedence.)"""
    settings.SIMULATIONS_INLINE = True
    api.force_authenticate(alice)
    return api

