"""The site-wide web kit: the layout and stylesheet, charts, account views, the API's error
shape and input handling, pagination, limits and throttles, the shared cache, health.

It sits above `config` (settings, URLs, the Celery app, WSGI/ASGI) and below the apps
(cards, decks, play), which build their pages and API on it."""
