"""Settings from the environment fail loudly on bad values."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.celery import app
from config.env import env_bool, env_int, env_list


def test_booleans_read_the_usual_spellings(monkeypatch: pytest.MonkeyPatch) -> None:
    for raw, value in [("1", True), ("YES", True), ("off", False), ("0", False)]:
        monkeypatch.setenv("FLAG", raw)
        assert env_bool("FLAG", not value) is value


def test_a_misspelt_boolean_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_DEBUG", "ture")

    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG='ture' is not a boolean"):
        env_bool("DJANGO_DEBUG", True)


def test_integers_are_checked_against_their_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("N", "abc")
    with pytest.raises(ImproperlyConfigured, match="not an integer"):
        env_int("N", 1)
    monkeypatch.setenv("N", "-1")
    with pytest.raises(ImproperlyConfigured, match="below its minimum 0"):
        env_int("N", 1, minimum=0)
    monkeypatch.delenv("N")
    assert env_int("N", 5) == 5


def test_lists_are_comma_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOSTS", " a.example, ,b.example ")

    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_production_needs_a_secret_key() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django, os; django.setup()"],
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "false", "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off" in result.stderr


def test_celery_speaks_json_only_and_acknowledges_late() -> None:
    assert app.conf.task_serializer == "json"
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_acks_late is True
