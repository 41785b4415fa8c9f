"""Output serializers of the catalogue: one shape per game, chosen by the card's game."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from cards.models import Card, CardSet, Game, Printing


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["slug", "name"]


class CardSetSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "release_order", "is_project_set", "description"]


class PrintingSerializer(serializers.ModelSerializer):
    set = serializers.CharField(source="card_set.code", read_only=True)
    set_name = serializers.CharField(source="card_set.name", read_only=True)

    class Meta:
        model = Printing
        fields = ["set", "set_name", "rarity", "external_id"]


COMMON_FIELDS = ["id", "game", "name", "slug", "type", "effect_text", "effect_key", "printings"]


class _CardBase(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    printings = PrintingSerializer(many=True, read_only=True)


class ChizoTileSerializer(_CardBase):
    compatible_classes = serializers.ListField(
        source="compatible_list", child=serializers.CharField(), read_only=True
    )

    class Meta:
        model = Card
        fields = [
            *COMMON_FIELDS, "creature_class", "is_basic", "element", "strength",
            "intelligence", "compatible_classes", "effect_params",
        ]  # fmt: skip


class ShadowfistCardSerializer(_CardBase):
    designators = serializers.ListField(
        source="designator_list", child=serializers.CharField(), read_only=True
    )

    class Meta:
        model = Card
        fields = [
            *COMMON_FIELDS, "subtitle", "faction", "cost", "cost_is_x", "requires", "provides",
            "fighting", "fighting_is_x", "power", "body", "designators", "is_no_max",
            "is_unique", "is_limited", "effect_params",
        ]  # fmt: skip


class RaiseCardSerializer(_CardBase):
    class Meta:
        model = Card
        fields = [*COMMON_FIELDS, "symbol", "value", "points", "copies"]


class ChocoboCardSerializer(_CardBase):
    class Meta:
        model = Card
        fields = [*COMMON_FIELDS, "copies"]


SERIALIZERS: dict[str, type[serializers.ModelSerializer]] = {
    "chizo": ChizoTileSerializer,
    "shadowfist": ShadowfistCardSerializer,
    "raise": RaiseCardSerializer,
    "chocobo": ChocoboCardSerializer,
}

CARD_SCHEMA = PolymorphicProxySerializer(
    component_name="Card",
    serializers=dict(SERIALIZERS),
    resource_type_field_name="game",
)


class CardSerializer(serializers.BaseSerializer):
    """Dispatch to the serializer of the card's game.

    One serializer per game is built and reused for every card of a page: building a
    ModelSerializer's fields costs far more than rendering one card.
    """

    def to_representation(self, instance: Card) -> dict[str, Any]:
        by_game: dict[str, serializers.ModelSerializer] = self.__dict__.setdefault("_by_game", {})
        slug = instance.game.slug
        if slug not in by_game:
            by_game[slug] = SERIALIZERS[slug](context=self.context)
        return by_game[slug].to_representation(instance)
