"""Django admin for the catalogue.

A card's effect (``effect_key``, ``effect_params``, ``effect_note``) is read-only here:
it is changed on the card's page, where the vocabulary checks it and its history keeps
who changed it (cards/effects/history.py). The changes themselves are shown, never
added, edited or deleted.
"""

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from cards.effects.files import entry_changes
from cards.effects.history import EFFECT_GAMES
from cards.models import Card, CardSet, EffectChange, EffectRevision, Game, Printing


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
    # The modelling status is the rules engine's, set when the card is saved; the effect
    # is changed on the card's page, checked and kept in its history.
    readonly_fields = ["modelling", "effect_key", "effect_params", "effect_note", "effect_editing"]
    list_select_related = ["game"]
    inlines = [PrintingInline]

    @admin.display(description="Changing the effect")
    def effect_editing(self, card: Card) -> str:
        if card.pk is None:
            return "Save the card first; its effect is then changed on its page."
        page = reverse("card-page", args=[card.pk]) + "#effect-data"
        if card.game.slug not in EFFECT_GAMES:
            return format_html(
                "Set by the {} catalogue's data, not here (<a href=\"{}\">the card's page</a>).",
                card.game.name,
                page,
            )
        return format_html(
            'Not here: on <a href="{}">the card\'s page</a>, which checks the effect against '
            "the vocabulary and keeps its history (who changed it, when, and a revert).",
            page,
        )


# TabularInline is generic only in django-stubs: Django's class takes no subscript at run time.
class EffectRevisionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = EffectRevision
    extra = 0
    fields = ["card", "changes", "before", "after"]
    readonly_fields = ["card", "changes", "before", "after"]
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[EffectRevision]:
        return super().get_queryset(request).select_related("card")

    @admin.display(description="Changed fields")
    def changes(self, revision: EffectRevision) -> str:
        return format_html_join(
            "", "<div><code>{}</code>: {} → {}</div>",
            ((c.name, c.before or "—", c.after or "—")
             for c in entry_changes(revision.before, revision.after)),
        )  # fmt: skip

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(EffectChange)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class EffectChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The history of card effects, read-only: every write goes through the vocabulary
    (cards/effects/history.py), and a change is undone by a revert on the card's page."""

    list_display = ["number", "game", "created_at", "author", "source", "cards_changed"]
    list_filter = ["game"]
    search_fields = ["source", "revisions__card__name"]
    list_select_related = ["game", "author"]
    fields = ["game", "number", "created_at", "author", "source"]
    readonly_fields = ["game", "number", "created_at", "author", "source"]
    inlines = [EffectRevisionInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[EffectChange]:
        changes: QuerySet[EffectChange] = super().get_queryset(request)
        return changes.annotate(cards_count=Count("revisions"))

    @admin.display(description="Cards changed", ordering="cards_count")
    def cards_changed(self, change: Any) -> int:
        return int(change.cards_count)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
