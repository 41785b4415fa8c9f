from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Play"

    def ready(self) -> None:
        from play import goldfish  # noqa: F401  (registers the goldfish runners and setups)
