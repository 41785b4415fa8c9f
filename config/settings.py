"""Django settings, read from the environment (see README: Configuration).

Defaults give a working single-machine set-up: SQLite in the project folder and
Celery tasks run in-process. Production switches are environment variables only.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE

from config.env import check_secret_key, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = env_str("DJANGO_SECRET_KEY")
if not DEBUG:
    check_secret_key(SECRET_KEY)
elif not SECRET_KEY:
    SECRET_KEY = "insecure-development-key-only-for-debug-mode"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])

INSTALLED_APPS = [
    # First: its templates (layout, error pages, the API and schema pages) override the
    # apps' own, such as rest_framework/api.html.
    "web",
    "web.admin.AdminConfig",  # django.contrib.admin, its login form throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "corsheaders",
    "cards",
    "decks",
    "play",
]

MIDDLEWARE = [
    # First, so that every answer under /api/ to a read carries its CORS headers, those of
    # the middleware below (a 400 for a NUL in the query, a redirect to HTTPS) too.
    "web.cors.ReadOnlyCorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "web.limits.RequestSizeLimitMiddleware",
    "web.faults.DatabaseUnavailableMiddleware",
    "web.limits.NulInQueryMiddleware",
    "web.errors.InvalidNumberMiddleware",
    "web.errors.ApiNotFoundMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

if not DEBUG:
    # Production serves collected static files itself (development: runserver does).
    MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
                      "whitenoise.middleware.WhiteNoiseMiddleware")  # fmt: skip

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context.navigation",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Connections are kept between requests in production (health-checked before reuse).
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0 if DEBUG else 60, minimum=0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A runaway query or a lock wait fails with a clear error instead of holding a worker.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c statement_timeout={env_int('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, minimum=0)}"
        f" -c lock_timeout={env_int('DATABASE_LOCK_TIMEOUT_MS', 5_000, minimum=0)}"
    )
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file, not memory, so that a Celery worker started by a test sees the test database.
    # One per process, so two test runs on one machine never share (and clobber) one file.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")}
    # Writers take the lock when their transaction begins and wait for it, so concurrent
    # edits queue up instead of failing with "database is locked" half-way.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Production serves hashed, compressed files (after `collectstatic`) through WhiteNoise.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("DJANGO_STATIC_MANIFEST", not DEBUG)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "deck-list-page"
LOGOUT_REDIRECT_URL = "home"

# The cache counts throttled requests: shared by every process when CACHE_URL names Redis
# (each process falls back to its own memory while Redis cannot be reached: web/cache.py).
_CACHE_URL = env_str("CACHE_URL")


def _cache(prefix: str) -> dict[str, str]:
    if _CACHE_URL:
        backend = "web.cache.RedisCache"
        return {"BACKEND": backend, "LOCATION": _CACHE_URL, "KEY_PREFIX": prefix}
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": prefix}


# Rendered catalogue answers are the same for every visitor and cheap to render again,
# so each process keeps its own: a local hit skips the two Redis round trips a shared
# cache costs (most of a cached answer's time). Answers are keyed by the catalogue's
# version stamps (cards/api/caching.py), so an import shows at once in every process.
CATALOGUE_CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                   "LOCATION": "catalogue", "OPTIONS": {"MAX_ENTRIES": 500}}  # fmt: skip
CACHES = {"default": _cache("cardhouse"), "catalogue": CATALOGUE_CACHE}
# Longest a rendered catalogue answer is kept (cards/api/caching.py); 0: not cached.
CATALOGUE_CACHE_SECONDS = env_int("CATALOGUE_CACHE_SECONDS", 60, minimum=0)
# Longest a catalogue search may run before the database stops it (cards/search/deadline.py).
SEARCH_TIMEOUT_MS = env_int("SEARCH_TIMEOUT_MS", 3_000, minimum=1)

# Hard request limits that hold whatever the throttles say.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MAX_REQUEST_BYTES", 256 * 1024, minimum=1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

REST_FRAMEWORK = {
    # Token first: an anonymous API call then gets 401 with WWW-Authenticate, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Signed-in users only, but for the public allow-list (catalogue reads, anonymous deck
    # validation, the token endpoint), whose views say AllowAny themselves.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "web.pagination.BoundedPageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "web.errors.api_exception_handler",
    # How many proxies in front append to X-Forwarded-For: the client's address is taken
    # that many from the end. 0 (the default) ignores the header, which a client can forge.
    "NUM_PROXIES": env_int("NUM_PROXIES", 0, minimum=0),
    # Per user (per address when anonymous); `login`, by address, counts every attempt at
    # a password: the sign-in pages, the admin's, the token endpoint and sign-up.
    "DEFAULT_THROTTLE_RATES": {
        "login": env_str("THROTTLE_LOGIN", "10/min"),
        "match_create": env_str("THROTTLE_MATCH_CREATE", "30/min"),
        "match_action": env_str("THROTTLE_MATCH_ACTION", "600/min"),
        "simulation": env_str("THROTTLE_SIMULATION", "20/min"),
    },
    # Request bodies are JSON: form encodings cannot carry the nested fields (entries, seats,
    # min_sizes) and make a blank field mean an absent one. The token view keeps its forms.
    "DEFAULT_PARSER_CLASSES": ["web.parsers.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # `format` is ours (deck formats, export formats), not a renderer switch.
    "URL_FORMAT_OVERRIDE": None,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Cardhouse API",
    "DESCRIPTION": "Card catalogue, deck builder and rules engine for card and tile games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files: the docs page needs no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two choice sets share the field name "game": every game, and the deck-building games.
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "cards.vocabulary.GAMES",
        "DeckGameEnum": "cards.vocabulary.DECK_GAMES",
        # Each shape of a card names its one game (cards/api/serializers.py).
        "ChizoGameEnum": ["chizo"],
        "ShadowfistGameEnum": ["shadowfist"],
        "RaiseGameEnum": ["raise"],
        "ChocoboGameEnum": ["chocobo"],
    },
    # Each operation's error responses, in the one error shape, derived from its view.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "web.schema.add_error_responses",
    ],
}

# Cross-origin requests (django-cors-headers, web/cors.py): any site's scripts may read the
# API, never with the visitor's cookies (a token they send themselves is theirs to send),
# and may not write: a preflight for a write gets no allow headers. The pages stay
# same-origin.
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
# What a script may read of an answer beyond the simple headers: the validators it
# revalidates with, how long to wait, a download's file name.
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified", "Retry-After", "Content-Disposition"]

# Celery: no broker configured means tasks run in-process, so one machine needs no other server.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "cardhouse")
# A task whose worker died unacknowledged goes back to the queue after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=1)
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Simulations: how many a user may run at once; tests run chunks in the caller's thread.
SIMULATIONS_RUNNING_PER_USER = env_int("SIMULATIONS_RUNNING_PER_USER", 3, minimum=1)
SIMULATIONS_INLINE = env_bool("SIMULATIONS_INLINE", False)
# A simulation whose chunks have not moved for this long is dispatched again; Celery beat
# (`celery -A config worker --beat`, or `celery -A config beat`) checks at this interval.
SIMULATIONS_STALLED_AFTER_SECONDS = env_int("SIMULATIONS_STALLED_AFTER_SECONDS", 300, minimum=1)
# Without a broker each web process checks at this interval itself (play/simulations/resumer.py).
SIMULATIONS_RESUME_EVERY_SECONDS = env_int("SIMULATIONS_RESUME_EVERY_SECONDS", 60, minimum=1)
# A finished simulation's per-game records (but its sample games') go after this many
# days; its summary stays (play/simulations/retention.py). Pruned at this interval.
SIMULATIONS_RECORDS_KEEP_DAYS = env_int("SIMULATIONS_RECORDS_KEEP_DAYS", 30, minimum=1)
SIMULATIONS_PRUNE_EVERY_SECONDS = env_int("SIMULATIONS_PRUNE_EVERY_SECONDS", 3600, minimum=1)
# Bulk data files (cards/bulk/): where they are written, and how often the stale ones
# (the catalogue changed since) are written anew: by Celery beat with a broker, else by
# each web process itself (cards/bulk/refresher.py).
BULK_DATA_DIR = Path(env_str("BULK_DATA_DIR", str(BASE_DIR / "var" / "bulk-data")))
BULK_DATA_REFRESH_SECONDS = env_int("BULK_DATA_REFRESH_SECONDS", 3600, minimum=1)
# The functions that give the bulk data files, by dotted path (cards/bulk/registry.py): the
# catalogue's card files and the published decklists (decks/decklists/bulk.py).
BULK_DATA_FILES = ["cards.bulk.catalogue.card_files", "decks.decklists.bulk.decklist_files"]
CELERY_BEAT_SCHEDULE = {
    "resume-stalled-simulations": {
        "task": "play.resume_stalled_simulations",
        "schedule": float(SIMULATIONS_RESUME_EVERY_SECONDS),
    },
    "prune-simulation-records": {
        "task": "play.prune_simulation_records",
        "schedule": float(SIMULATIONS_PRUNE_EVERY_SECONDS),
    },
    "refresh-bulk-data": {
        "task": "cards.refresh_bulk_data",
        "schedule": float(BULK_DATA_REFRESH_SECONDS),
    },
}

# What other apps add to a page, in order (web/sections.py): the decklists playing a card
# on its page; a decklist's goldfish figures and its with/without-a-card comparison.
PAGE_SECTIONS = {
    "card": ["decks.pages.card_section.card_decklists_section"],
    "decklist": ["play.simulations.pages.decklists.decklist_simulations_section"],
}

# Where the real Shadowfist card list lies (read in place, never copied into the repository).
SHADOWFIST_DATA_DIR = Path(
    env_str("SHADOWFIST_DATA_DIR", str(BASE_DIR.parent / "shared" / "data" / "shadowfist"))
)

# Where the rulebooks lie (read in place, never copied): docs/rules-coverage.md quotes them
# sentence by sentence with the tests that check each (tests/rules_coverage.py).
RULEBOOKS_DIR = Path(env_str("RULEBOOKS_DIR", str(BASE_DIR.parent / "shared" / "rules")))

# HTTPS: on by default in production, where a proxy in front terminates TLS and says so
# in X-Forwarded-Proto. The health check is exempt from the redirect so a load balancer
# may probe it over plain HTTP.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31_536_000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Content-Security-Policy on every answer (docs/deploy.md): scripts and style sheets from
# our own files only. Style attributes stay allowed: the ChiZo board places its spaces with
# computed ones (and the admin and the browsable API use a few); <style> elements do not.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-elem": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"}
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.request": {"level": "WARNING"}},
}
