"""Django admin for the catalogue."""

from django.contrib import admin

from cards.models import Card, CardSet, Game, Printing


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "sort_order"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "game", "release_order", "is_project_set"]
    list_filter = ["game", "is_project_set"]
    search_fields = ["name", "code"]


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ["card_set", "rarity", "external_id"]
    raw_id_fields = ["card_set"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "game",
        "type",
        "creature_class",
        "faction",
        "cost",
        "strength",
        "intelligence",
    ]
    list_filter = ["game", "type", "is_basic", "faction", "creature_class"]
    search_fields = ["name", "subtitle", "effect_text"]
    list_select_related = ["game"]
    inlines = [PrintingInline]
