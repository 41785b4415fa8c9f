"""Input serializers of matches and simulations. Every input is bounded."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play.engine.core import game_slugs
from play.engine.core.rng import MAX_SEED
from play.models import Match

MAX_SEATS = 8
MAX_GAMES = 100_000


SEAT_SCHEMA = {
    "oneOf": [
        {"type": "string", "description": '"human" or a bot name', "maxLength": 32},
        {
            "type": "object",
            "properties": {
                "player": {"type": "string", "maxLength": 32},
                "deck": {"type": "integer", "minimum": 1},
            },
            "additionalProperties": False,
        },
    ]
}


@extend_schema_field(SEAT_SCHEMA)
class SeatField(serializers.Field):
    """A seat: "human", a bot name, or {"player": "human" or bot, "deck": deck id}."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, str):
            data = {"player": data}
        if not isinstance(data, dict) or set(data) - {"player", "deck"}:
            raise serializers.ValidationError('a seat is "human", a bot name or {"player", "deck"}')
        player = data.get("player", "human")
        deck = data.get("deck")
        if not isinstance(player, str) or not 1 <= len(player) <= 32:
            raise serializers.ValidationError("player must be a name of 1 to 32 characters")
        if deck is not None and (isinstance(deck, bool) or not isinstance(deck, int) or deck < 1):
            raise serializers.ValidationError("deck must be a deck id")
        return {"player": player, "deck": deck}

    def to_representation(self, value: Any) -> Any:
        return value


class MatchCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_slugs())
    mode = serializers.ChoiceField(choices=Match.Mode.choices)
    deck = serializers.IntegerField(min_value=1, required=False, help_text="For goldfish.")
    seats = serializers.ListField(child=SeatField(), required=False, max_length=MAX_SEATS)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["mode"] == Match.Mode.GOLDFISH:
            if "deck" not in attrs:
                raise serializers.ValidationError({"deck": "a goldfish match needs a deck"})
            attrs["seats"] = [{"player": "human", "deck": attrs["deck"]}]
        elif not attrs.get("seats"):
            raise serializers.ValidationError({"seats": "name a player for each seat"})
        if attrs["mode"] == Match.Mode.HOTSEAT and any(
            s["player"] != "human" for s in attrs["seats"]
        ):
            raise serializers.ValidationError({"seats": "every seat of a hotseat match is human"})
        return attrs


class ActionInputSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0, help_text="The step the action was chosen on.")
    action_id = serializers.IntegerField(min_value=0, max_value=100_000, required=False)
    action = serializers.JSONField(required=False, help_text="The action itself.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("action_id" in attrs) == ("action" in attrs):
            raise serializers.ValidationError("send either action_id or action")
        return attrs


class UndoInputSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)


class SimulationCreateSerializer(serializers.Serializer):
    deck = serializers.IntegerField(min_value=1, required=False, help_text="Goldfish this deck.")
    game = serializers.ChoiceField(choices=game_slugs(), required=False)
    seats = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=MAX_SEATS
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES)
    bot = serializers.CharField(max_length=32, required=False, help_text="Goldfish policy.")
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
    max_turns = serializers.IntegerField(min_value=1, max_value=100, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" in attrs:
            return attrs
        if "game" not in attrs or not attrs.get("seats"):
            raise serializers.ValidationError(
                "send a deck (goldfish) or a game with seats (bot games)"
            )
        return attrs


class SimulationCompareSerializer(serializers.Serializer):
    decks = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=2, max_length=2
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES // 2)
    bot = serializers.CharField(max_length=32, required=False)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
