from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from cards.merge import card_merge
        from decks.merge import move_deck_references

        card_merge.connect(move_deck_references, dispatch_uid="decks.move_deck_references")
