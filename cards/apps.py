from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Catalogue"

    def ready(self) -> None:
        from cards import versioning
        from cards.search.regexp import install_regexp

        versioning.connect()
        # Searches run regexes on every row: SQLite gets a linear-time engine (RE2).
        connection_created.connect(install_regexp, dispatch_uid="cards.sqlite_regexp")
