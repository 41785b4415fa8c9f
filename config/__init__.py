"""Project configuration: settings, URLs, the Celery app, the WSGI/ASGI entry points.

The site-wide web kit (layout, errors, inputs, limits, accounts, health) is the `web` app."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
