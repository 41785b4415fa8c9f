"""Typed readers for settings from the environment.

Each helper fails loudly (ImproperlyConfigured) on a value it cannot parse, so a
typo in a deployment is an error at start-up, not a silent default.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no"
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below its minimum {minimum}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """Comma-separated list; blanks dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def check_secret_key(key: str) -> None:
    """Refuse a missing, short or low-variety DJANGO_SECRET_KEY (Django's own deploy check
    asks for at least 50 characters and 5 different ones)."""
    if not key:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off")
    if len(key) < 50 or len(set(key)) < 5 or key.startswith("django-insecure"):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is too weak: use at least 50 random characters, e.g. "
            'python3 -c "import secrets; print(secrets.token_urlsafe(50))"'
        )
