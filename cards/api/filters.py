"""Plain query-parameter filters for the card list (the `q` language covers the rest)."""

from __future__ import annotations

import django_filters

from cards.models import Card


class CardFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="Game slug.")
    type = django_filters.CharFilter(field_name="type", lookup_expr="iexact")
    faction = django_filters.CharFilter(field_name="faction", lookup_expr="icontains")
    creature_class = django_filters.CharFilter(field_name="creature_class", lookup_expr="iexact")
    element = django_filters.CharFilter(field_name="element", lookup_expr="iexact")
    set = django_filters.CharFilter(
        field_name="printings__card_set__code", lookup_expr="iexact", distinct=True
    )
    is_basic = django_filters.BooleanFilter()

    class Meta:
        model = Card
        fields = {
            "strength": ["exact", "gte", "lte"],
            "intelligence": ["exact", "gte", "lte"],
            "cost": ["exact", "gte", "lte"],
            "fighting": ["exact", "gte", "lte"],
            "power": ["exact", "gte", "lte"],
            "body": ["exact", "gte", "lte"],
        }
