"""WSGI entry point (gunicorn; runserver loads it too, through WSGI_APPLICATION)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Without a broker this web process resumes stalled simulations itself
# (play/simulations/resumer.py) and refreshes the bulk data files (cards/bulk/refresher.py).
from cards.bulk.refresher import start_refresher  # noqa: E402  (needs the apps loaded above)
from play.simulations.resumer import start_resumer  # noqa: E402  (needs the apps loaded above)

start_resumer()
start_refresher()
