"""Output serializers of the catalogue: one shape per game, chosen by the card's game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from cards.modelling import STATUS_WORDS
from cards.models import Card, CardSet, Game, Printing


class GameSerializer(serializers.ModelSerializer[Game]):
    class Meta:
        model = Game
        fields = ["slug", "name"]


class CardSetSerializer(serializers.ModelSerializer[CardSet]):
    game: serializers.SlugRelatedField[Game] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "release_order", "is_project_set", "description"]


class PrintingSerializer(serializers.ModelSerializer[Printing]):
    set = serializers.CharField(source="card_set.code", read_only=True)
    set_name = serializers.CharField(source="card_set.name", read_only=True)

    class Meta:
        model = Printing
        fields = ["set", "set_name", "rarity", "external_id"]


COMMON_FIELDS = ["id", "game", "name", "slug", "type", "effect_text", "effect_key", "printings"]


class _CardBase(serializers.ModelSerializer[Card]):
    game: serializers.SlugRelatedField[Game] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    printings = PrintingSerializer(many=True, read_only=True)


def _game(slug: str) -> serializers.SlugRelatedField[Game]:
    """The card's game, documented as this one game: each shape of `Card` (a oneOf) then
    matches the cards of its game only."""
    field = type(f"{slug.title()}GameField", (serializers.SlugRelatedField,), {})
    extend_schema_field({"type": "string", "enum": [slug]})(field)
    game: serializers.SlugRelatedField[Game] = field(slug_field="slug", read_only=True)
    return game


def _modelling() -> serializers.ChoiceField:
    """The card's modelling status (cards/modelling.py), documented with what each means."""
    return serializers.ChoiceField(
        choices=list(STATUS_WORDS.items()),
        read_only=True,
        help_text=(
            "How completely the rules engine plays the card: 'modelled' (its effect runs, or "
            "it has none), 'stats_only' (it plays by its printed figures: its rules text is "
            "not known or not modelled) or 'blank' (nothing of it runs but its cost). The "
            "search finds each with is:modelled, is:statsonly and is:blank."
        ),
    )


class ChizoTileSerializer(_CardBase):
    game = _game("chizo")
    modelling = _modelling()
    compatible_classes = serializers.ListField(
        source="compatible_list", child=serializers.CharField(), read_only=True
    )

    class Meta:
        model = Card
        fields = [
            *COMMON_FIELDS, "creature_class", "is_basic", "element", "strength",
            "intelligence", "compatible_classes", "effect_params", "modelling",
        ]  # fmt: skip


class ShadowfistCardSerializer(_CardBase):
    game = _game("shadowfist")
    modelling = _modelling()
    designators = serializers.ListField(
        source="designator_list", child=serializers.CharField(), read_only=True
    )

    class Meta:
        model = Card
        fields = [
            *COMMON_FIELDS, "subtitle", "faction", "cost", "cost_is_x", "requires", "provides",
            "fighting", "fighting_is_x", "power", "body", "designators", "is_no_max",
            "is_unique", "is_limited", "effect_params", "modelling",
        ]  # fmt: skip


class RaiseCardSerializer(_CardBase):
    game = _game("raise")

    class Meta:
        model = Card
        fields = [*COMMON_FIELDS, "symbol", "value", "points", "copies"]


class ChocoboCardSerializer(_CardBase):
    game = _game("chocobo")

    class Meta:
        model = Card
        fields = [*COMMON_FIELDS, "copies"]


SERIALIZERS: dict[str, type[serializers.ModelSerializer[Card]]] = {
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


# Fields the fast path renders other than by plain attribute.
_DERIVED: dict[str, Callable[[Card], Any]] = {
    "game": lambda card: card.game.slug,
    "printings": lambda card: [
        {
            "set": p.card_set.code,
            "set_name": p.card_set.name,
            "rarity": p.rarity,
            "external_id": p.external_id,
        }
        for p in card.printings.all()
    ],
    "compatible_classes": lambda card: card.compatible_list,
    "designators": lambda card: card.designator_list,
}


class CardSerializer(serializers.BaseSerializer[Card]):
    """A card in the shape of its game's serializer (above), rendered directly.

    The catalogue list is the hottest endpoint: DRF's field machinery costs about ten
    times a plain dict built from the same attributes. The per-game serializers stay the
    documented shape (OpenAPI), and a test checks the two agree on every shipped card.
    """

    def to_representation(self, instance: Card) -> dict[str, Any]:
        fields = SERIALIZERS[instance.game.slug].Meta.fields
        return {
            name: _DERIVED[name](instance) if name in _DERIVED else getattr(instance, name)
            for name in fields
        }
