from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Play"

    def ready(self) -> None:
        from play.simulations.pages.decklists import decklist_simulations_section
        from web.sections import register

        register("decklist", "simulations", decklist_simulations_section)
