"""Django admin for the catalogue."""

from django.contrib import admin

from cards.models import Card, CardSet, Game, Printing


@admin.register(Game)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "sort_order"]


@admin.register(CardSet)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class CardSetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "code", "game", "release_order", "is_project_set"]
    list_filter = ["game", "is_project_set"]
    search_fields = ["name", "code"]


# TabularInline is generic only in django-stubs: Django's class takes no subscript at run time.
class PrintingInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Printing
    extra = 0
    fields = ["card_set", "rarity", "external_id"]
    raw_id_fields = ["card_set"]


@admin.register(Card)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class CardAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
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
    list_filter = ["game", "type", "is_basic", "faction", "creature_class", "modelling"]
    search_fields = ["name", "subtitle", "effect_text"]
    readonly_fields = ["modelling"]  # the rules engine's, set when the card is saved
    list_select_related = ["game"]
    inlines = [PrintingInline]
