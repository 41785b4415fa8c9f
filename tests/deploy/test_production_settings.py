"""Production settings are switched on by environment variables alone, and Django's
deploy checks pass with them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.waiting import WAIT_SECONDS

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k7Qp2vX9-" * 7
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": "cardhouse.example",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/cardhouse_unused",
}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean | env,
        capture_output=True, text=True, timeout=WAIT_SECONDS,
    )  # fmt: skip


def test_the_deploy_check_passes_with_production_settings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_check_fails_with_development_settings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", env={"DJANGO_DEBUG": "true"})

    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG on


def test_it_refuses_a_weak_secret_key_in_production() -> None:
    result = manage("check", env=PRODUCTION | {"DJANGO_SECRET_KEY": "short"})

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is too weak" in result.stderr


def test_production_settings_turn_on_https_cookies_hsts_and_timeouts() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS, s.DATABASES['default']['CONN_MAX_AGE'], "
        "s.DATABASES['default']['OPTIONS']['options'])"
    )
    result = manage("shell", "-v", "0", "-c", code, env=PRODUCTION)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split(" ", 5) == [
        "True", "True", "True", "31536000", "60",
        "-c statement_timeout=30000 -c lock_timeout=5000\n",
    ]  # fmt: skip
