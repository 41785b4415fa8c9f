"""The Celery application.

Without CELERY_BROKER_URL the settings make tasks run in-process (task_always_eager),
so a single machine needs no broker; with it, any number of workers can join.
"""

from __future__ import annotations

import os

# Celery ships no type hints (no py.typed, no stubs package).
from celery import Celery  # type: ignore[import-untyped]

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardhouse")
app.config_from_object("django.conf:settings", namespace="CELERY")
# The apps' task modules, named (play's tasks live in its simulations package, the
# catalogue's in its bulk data package).
app.autodiscover_tasks(["play.simulations", "cards.bulk"])
