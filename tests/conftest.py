"""Shared fixtures: API clients and the users alice (owner), bob (another user) and charlie (outsider)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api() -> APIClient:
    return APIClient()
