"""Input and output serializers of the deck builder. Every input is bounded."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from cards.vocabulary import DECK_GAMES
from decks.limits import MAX_DESCRIPTION_CHARS
from decks.models import Deck, DeckEntry, DeckVersion
from decks.selectors import MAX_FORMATS
from decks.textlist import MAX_COUNT, MAX_LIST_CHARS
from web.inputs import JsonInput
from web.numbers import MAX_ID

MAX_ENTRIES = 500


class EntryInputSerializer(JsonInput):
    card = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    count = serializers.IntegerField(min_value=1, max_value=MAX_COUNT)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # A PATCH validates partially, down to each entry; an entry is whole all the same.
        missing = [name for name in ("card", "count") if name not in attrs]
        if missing:
            raise serializers.ValidationError(dict.fromkeys(missing, "This field is required."))
        return attrs


class DeckInputSerializer(JsonInput):
    """Create (all fields) or change (some fields) a deck; cards as `list` or `entries`."""

    game = serializers.ChoiceField(choices=DECK_GAMES)
    name = serializers.CharField(max_length=100)
    description = serializers.CharField(
        max_length=MAX_DESCRIPTION_CHARS, allow_blank=True, required=False
    )
    format = serializers.CharField(max_length=32, required=False)
    visibility = serializers.ChoiceField(choices=Deck.Visibility.choices, required=False)
    list = serializers.CharField(
        max_length=MAX_LIST_CHARS, allow_blank=True, required=False, trim_whitespace=False,
        help_text="The deck as text, one `count name` a line.",
    )  # fmt: skip
    # many=True hands max_length to the ListSerializer; the stubs take the child's arguments.
    entries = EntryInputSerializer(many=True, required=False, max_length=MAX_ENTRIES)  # type: ignore[call-arg]
    save_matched = serializers.BooleanField(
        default=False, help_text="Save the lines that matched even if others have errors."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "list" in attrs and "entries" in attrs:
            raise serializers.ValidationError("send the cards as `list` or as `entries`, not both")
        return attrs


class DeckChangeSerializer(DeckInputSerializer):
    """Replace (PUT) or change (PATCH) a deck: its game may be sent, but cannot change."""

    game = serializers.ChoiceField(
        choices=DECK_GAMES, required=False, help_text="The deck's own game, if sent."
    )


class ListValidateInputSerializer(JsonInput):
    game = serializers.ChoiceField(choices=DECK_GAMES)
    # Blank slugs are dropped (DRF would refuse " " and "\x1f" as blank after trimming,
    # though the schema cannot tell them from other strings of one character).
    formats = serializers.ListField(
        child=serializers.CharField(max_length=32, allow_blank=True),
        required=False,
        max_length=MAX_FORMATS,
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


class EntrySerializer(serializers.ModelSerializer[DeckEntry]):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name")
    type = serializers.CharField(source="card.type")

    class Meta:
        model = DeckEntry
        fields = ["card", "name", "type", "count"]


class DeckSerializer(serializers.ModelSerializer[Deck]):
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


class DeckVersionSerializer(serializers.ModelSerializer[DeckVersion]):
    class Meta:
        model = DeckVersion
        fields = ["version", "name", "description", "format", "visibility", "entries", "created_at"]


# --- documented shapes of the dict responses (the views build the dicts) -------------------


class ViolationSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    line = serializers.IntegerField(allow_null=True)
    hint = serializers.CharField(allow_blank=True)
    format = serializers.CharField(allow_blank=True, help_text='"" for errors of the list itself.')


class FormatResultSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    # A declared field: DRF's metaclass moves it out of the class, so Serializer.errors
    # stays; the stubs see a class attribute overriding the property.
    errors = ViolationSerializer(many=True)  # type: ignore[assignment]


class ValidationReportSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    formats = serializers.DictField(child=FormatResultSerializer(), help_text="By format slug.")
    # A declared field: DRF's metaclass moves it out of the class, so Serializer.errors
    # stays; the stubs see a class attribute overriding the property.
    errors = ViolationSerializer(  # type: ignore[assignment]
        many=True, help_text="The list's errors, then each format's."
    )
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="Not errors: what may keep the deck from ever scoring (ChiZo: no square "
        "can form, creature tiles with no compatible partner).",
    )
    stack = serializers.DictField(
        allow_null=True,
        help_text="ChiZo: the stack analysis (size; squares: the class sets that can make "
        "one; unpartnered; square_tiles: tiles that can take part in a square; effects and "
        "effect_points: what tile effects can add without squares; goal; verdict: squares, "
        "effects_only or never). Null for other games.",
    )


class CountSerializer(serializers.Serializer[Any]):
    value = serializers.IntegerField()
    count = serializers.IntegerField()


class ResourceSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    providers = serializers.IntegerField()
    requirers = serializers.IntegerField()
    max_required = serializers.IntegerField()
    unmet = serializers.BooleanField()


class PowerCardSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    count = serializers.IntegerField()
    power = serializers.IntegerField()


class PowerSerializer(serializers.Serializer[Any]):
    sources = serializers.IntegerField()
    total = serializers.IntegerField()
    feng_shui_sites = serializers.IntegerField()
    cards = PowerCardSerializer(many=True)


class DrawSerializer(serializers.Serializer[Any]):
    hand_size = serializers.IntegerField()
    per_turn = serializers.IntegerField()
    seen_by_turn = serializers.ListField(child=serializers.IntegerField())


class OddsRowSerializer(serializers.Serializer[Any]):
    k = serializers.IntegerField()
    opening = serializers.FloatField()
    by_turn = serializers.ListField(child=serializers.FloatField())


class OddsSerializer(serializers.Serializer[Any]):
    card = serializers.CharField(help_text="A card's name, or a group such as 'any site'.")
    group = serializers.BooleanField()
    copies = serializers.IntegerField()
    opening = serializers.FloatField()
    by_turn = serializers.ListField(child=serializers.FloatField())
    at_least = OddsRowSerializer(many=True)


def _counts(game: str | None = None) -> serializers.DictField:
    """Copies by a property; only in decks of `game` when one is named."""
    return serializers.DictField(
        child=serializers.IntegerField(), required=game is None, help_text=game or ""
    )


class DeckStatsSerializer(serializers.Serializer[Any]):
    """Counts, curves and odds; `by_class` to `int_curve` for ChiZo stacks, `by_faction`
    to `power` for Shadowfist decks."""

    game = serializers.CharField()
    total = serializers.IntegerField()
    distinct = serializers.IntegerField()
    by_type = _counts()
    by_class = _counts("ChiZo.")
    by_element = _counts("ChiZo.")
    str_curve = CountSerializer(many=True, required=False, help_text="ChiZo.")
    int_curve = CountSerializer(many=True, required=False, help_text="ChiZo.")
    by_faction = _counts("Shadowfist.")
    cost_curve = CountSerializer(many=True, required=False, help_text="Shadowfist.")
    cost_x = serializers.IntegerField(required=False, help_text="Shadowfist.")
    resources = serializers.DictField(
        child=ResourceSerializer(), required=False, help_text="Shadowfist, by resource code."
    )
    power = PowerSerializer(required=False, help_text="Shadowfist.")
    draw = DrawSerializer()
    draw_odds = OddsSerializer(many=True)


class HandCardSerializer(serializers.Serializer[Any]):
    card = serializers.IntegerField()
    name = serializers.CharField()
    type = serializers.CharField()


class SampleHandSerializer(serializers.Serializer[Any]):
    seed = serializers.IntegerField()
    hand = HandCardSerializer(many=True)


class DiffRowSerializer(serializers.Serializer[Any]):
    card = serializers.IntegerField()
    name = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()


DECK_DIFF = inline_serializer(
    "DeckDiff",
    {
        "from": serializers.IntegerField(required=False, help_text="Between versions."),
        "to": serializers.IntegerField(required=False, help_text="Between versions."),
        "deck": serializers.IntegerField(required=False, help_text="Between decks."),
        "other": serializers.IntegerField(required=False, help_text="Between decks."),
        "changes": DiffRowSerializer(many=True),
    },
)


class ExportCardSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    name = serializers.CharField()
    type = serializers.CharField()
    id = serializers.IntegerField()


class DeckExportSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    game = serializers.CharField()
    cards = ExportCardSerializer(many=True)
