"""Input and output serializers of the deck builder. Every input is bounded."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.vocabulary import DECK_GAMES
from decks.models import Deck, DeckEntry, DeckVersion

MAX_LIST_CHARS = 100_000
MAX_ENTRIES = 500
MAX_FORMATS = 8


class EntryInputSerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    count = serializers.IntegerField(min_value=1, max_value=99)


class DeckInputSerializer(serializers.Serializer):
    """Create (all fields) or change (some fields) a deck; cards as `list` or `entries`."""

    game = serializers.ChoiceField(choices=DECK_GAMES)
    name = serializers.CharField(max_length=100)
    description = serializers.CharField(max_length=5000, allow_blank=True, required=False)
    format = serializers.CharField(max_length=32, required=False)
    visibility = serializers.ChoiceField(choices=Deck.Visibility.choices, required=False)
    list = serializers.CharField(
        max_length=MAX_LIST_CHARS, allow_blank=True, required=False, trim_whitespace=False,
        help_text="The deck as text, one `count name` a line.",
    )  # fmt: skip
    entries = EntryInputSerializer(many=True, required=False, max_length=MAX_ENTRIES)
    save_matched = serializers.BooleanField(
        default=False, help_text="Save the lines that matched even if others have errors."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "list" in attrs and "entries" in attrs:
            raise serializers.ValidationError("send the cards as `list` or as `entries`, not both")
        return attrs


class ListValidateInputSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=DECK_GAMES)
    formats = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=MAX_FORMATS
    )
    list = serializers.CharField(max_length=MAX_LIST_CHARS, allow_blank=True, trim_whitespace=False)
    min_sizes = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=1000),
        required=False,
        help_text='An optional minimum size per format slug, e.g. {"final-brawl": 50}.',
    )

    def validate_min_sizes(self, value: dict[str, int]) -> dict[str, int]:
        if len(value) > MAX_FORMATS:
            raise serializers.ValidationError(f"at most {MAX_FORMATS} formats")
        return value


class EntrySerializer(serializers.ModelSerializer):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name")
    type = serializers.CharField(source="card.type")

    class Meta:
        model = DeckEntry
        fields = ["card", "name", "type", "count"]


class DeckSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    game = serializers.CharField(source="game.slug")
    card_count = serializers.SerializerMethodField()
    entries = EntrySerializer(many=True)

    class Meta:
        model = Deck
        fields = [
            "id", "owner", "game", "name", "description", "format", "visibility", "version",
            "card_count", "created_at", "updated_at", "entries",
        ]  # fmt: skip

    def get_card_count(self, deck: Deck) -> int:
        annotated = getattr(deck, "card_total", None)
        if annotated is not None:
            return int(annotated)
        return sum(entry.count for entry in deck.entries.all())


class DeckSummarySerializer(DeckSerializer):
    class Meta(DeckSerializer.Meta):
        fields = [f for f in DeckSerializer.Meta.fields if f != "entries"]


class DeckVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["version", "name", "description", "format", "visibility", "entries", "created_at"]
