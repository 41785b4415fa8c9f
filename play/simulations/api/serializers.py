"""Input serializers of simulations (every input is bounded), and the documented shapes of
the responses the views build as dicts."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play.engine.core import game_slugs
from play.engine.core.rng import MAX_SEED
from play.matches.api.serializers import OppositionSerializer
from play.matches.setups import MAX_SEATS
from play.simulations.services import MAX_COMPARE_GAMES, MAX_GAMES
from web.inputs import JsonInput
from web.numbers import MAX_ID


class SimulationCreateSerializer(JsonInput):
    deck = serializers.IntegerField(min_value=1, required=False, help_text="Goldfish this deck.")
    game = serializers.ChoiceField(choices=game_slugs(), required=False)
    seats = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=MAX_SEATS
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES)
    bot = serializers.CharField(max_length=32, required=False, help_text="Goldfish policy.")
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
    test_anyway = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Run a deck that is not legal in its format (else refused with its "
        "errors); the simulation's deck_legality then says why.",
    )
    max_turns = serializers.IntegerField(min_value=1, max_value=100, required=False)
    effect_points = serializers.ChoiceField(
        choices=["shown", "printed"],
        required=False,
        help_text="ChiZo goldfish only: points scored by effects as tiles can show them "
        "(shown, the default: capped by the Discard Pile) or as printed.",
    )
    opposition = OppositionSerializer(
        required=False, help_text="Shadowfist goldfish only: the dummy's table (docs/play.md)."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" in attrs:
            return attrs
        if "game" not in attrs or not attrs.get("seats"):
            raise serializers.ValidationError(
                "send a deck (goldfish) or a game with seats (bot games)"
            )
        return attrs


class SimulationCompareSerializer(JsonInput):
    decks = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=2, max_length=2
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_COMPARE_GAMES)
    bot = serializers.CharField(max_length=32, required=False)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
    test_anyway = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Run a deck that is not legal in its format (else refused with its "
        "errors); each simulation's deck_legality then says why.",
    )
    opposition = OppositionSerializer(
        required=False, help_text="Shadowfist only: the dummy's table, the same for both decks."
    )


class DecklistVariantSerializer(JsonInput):
    remove = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The id of a card of the decklist to take out."
    )
    copies = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False,
        help_text="How many copies to take out (default: all of them).",
    )  # fmt: skip
    add = serializers.CharField(
        max_length=200, required=False, allow_blank=True,
        help_text="A card's name to put in instead, as many copies (a swap).",
    )  # fmt: skip
    games = serializers.IntegerField(min_value=1, max_value=MAX_COMPARE_GAMES)
    bot = serializers.CharField(max_length=32, required=False)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
    test_anyway = serializers.BooleanField(required=False, default=False)


class VariantStartedSerializer(serializers.Serializer[Any]):
    a = serializers.IntegerField(help_text="The decklist as published.")
    b = serializers.IntegerField(help_text="The variant.")
    seed = serializers.IntegerField()
    variant = serializers.CharField(help_text="The change, in words.")


# --- documented shapes of the dict responses (the views build the dicts) -------------------

# What a simulation's figures stand on in card effects (play/simulations/provenance.py).
EFFECTS_SCHEMA = {
    "type": "object",
    "properties": {
        "version": {
            "type": "integer",
            "nullable": True,
            "description": "The game's effects version when the simulation was created; "
            "null: created before it was recorded, not known.",
        },
        "words": {"type": "string", "description": "The version in words, as the page says."},
        "changed_since": {
            "type": "array",
            "nullable": True,
            "description": "The deck's cards whose effect changed after that version, in "
            "deck order ([] when none did; null when the version is not known).",
            "items": {
                "type": "object",
                "properties": {
                    "card": {"type": "integer", "description": "The card's id."},
                    "name": {"type": "string", "description": "Its name, as simulated."},
                    "version": {"type": "integer", "description": "Its latest change's."},
                    "changed_at": {"type": "string", "format": "date-time"},
                    "author": {"type": "string", "nullable": True,
                               "description": "null: a command or the shipped files."},
                    "source": {"type": "string", "description": "Where it came from."},
                },
            },
        },
    },
}  # fmt: skip


@extend_schema_field(
    {"type": "object", "properties": {"a": EFFECTS_SCHEMA, "b": EFFECTS_SCHEMA}}
)
class PerDeckEffectsField(serializers.JSONField):
    """Each deck's effects version and changed cards, documented as EFFECTS_SCHEMA."""



class CompareStartedSerializer(serializers.Serializer[Any]):
    a = serializers.IntegerField(help_text="The first deck's simulation.")
    b = serializers.IntegerField(help_text="The second deck's simulation.")
    seed = serializers.IntegerField()


class IntervalSerializer(serializers.Serializer[Any]):
    mean = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)


class PerDeckSerializer(serializers.Serializer[Any]):
    a = serializers.IntegerField()
    b = serializers.IntegerField()


class ComparisonSerializer(serializers.Serializer[Any]):
    a = serializers.IntegerField()
    b = serializers.IntegerField()
    games = serializers.IntegerField()
    cap = serializers.IntegerField(help_text="The turn cap both decks played to.")
    headline = serializers.CharField(
        help_text="The comparison in words: which deck wins more often within the cap, "
        "then which finishes sooner over the games both won; says so when a deck never won."
    )
    wins = PerDeckSerializer(help_text="Games won within the cap.")
    win_difference = IntervalSerializer(
        help_text="Paired difference in games won (b - a) as a share of the games: mean and "
        "95% interval."
    )
    only = PerDeckSerializer(help_text="Games won by that deck alone.")
    both_won = serializers.IntegerField(help_text="Games both decks won within the cap.")
    turn_difference = IntervalSerializer(
        help_text="Finishing turn of b minus a over the games both won, 95% interval (null "
        "values: no game both won)."
    )
    turn_method = serializers.CharField(help_text="How the finishing turns are compared.")
    a_mean = serializers.FloatField(
        allow_null=True, help_text="A's mean finishing turn over the games it won."
    )
    b_mean = serializers.FloatField(
        allow_null=True, help_text="B's mean finishing turn over the games it won."
    )
    unfinished = PerDeckSerializer(help_text="Games not won within the cap.")
    effects = PerDeckEffectsField(
        help_text="Each simulation's effects version and its deck's cards whose effect "
        "changed since, as a simulation's `effects`."
    )
