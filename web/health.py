"""`/healthz`: is this instance able to serve? The database answers a query and, when a
broker is configured, the broker accepts a connection. 200 when both do, else 503; the
body names each part, and never a password or a stack trace. It also says which rules
engine runs (compiled with mypyc or pure Python, and why: play/engine_choice.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from play.engine_choice import running

BROKER_TIMEOUT_SECONDS = 2.0


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any driver error means "not reachable"
        return f"error: {type(error).__name__}"
    return "ok"


def broker_status() -> str:
    if not settings.CELERY_BROKER_URL:
        return "in-process"  # no broker configured: simulations run in the web process
    from config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as error:  # kombu raises transport-specific errors
        return f"error: {type(error).__name__}"
    return "ok"


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    parts = {"database": database_status(), "broker": broker_status()}
    healthy = all(value in ("ok", "in-process") for value in parts.values())
    body = {"status": "ok" if healthy else "unavailable", **parts, "engine": str(running())}
    return JsonResponse(body, status=200 if healthy else 503)
