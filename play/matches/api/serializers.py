"""Input serializers of matches (every input is bounded), and the
documented shapes of the responses the views build as dicts."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play.engine.core import game_slugs, get_game
from play.engine.core.rng import MAX_SEED
from play.engine.games.chizo.goldfish import MAX_BOARD
from play.engine.games.shadowfist.opposition import BOUNDS
from play.matches.models import Match
from play.matches.setups import MAX_SEATS
from play.matches.tables import table_profiles
from web.inputs import JsonInput

# "human" or a bot of some game (which bots a game has, the match's setup checks).
PLAYERS = sorted({"human"}.union(*(get_game(slug).bot_types() for slug in game_slugs())))
PLAYER_SCHEMA = {"type": "string", "enum": PLAYERS}
SEAT_SCHEMA = {
    "oneOf": [
        PLAYER_SCHEMA,
        {
            "type": "object",
            "properties": {
                "player": PLAYER_SCHEMA,
                "deck": {
                    "type": "integer",
                    "minimum": 1,
                    "nullable": True,
                    "description": "A deck id, for deck games.",
                },
            },
            "additionalProperties": False,
        },
    ]
}


@extend_schema_field(SEAT_SCHEMA)
class SeatField(serializers.Field[dict[str, Any], Any, Any, Any]):
    """A seat: "human", a bot name, or {"player": "human" or bot, "deck": deck id}."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, str):
            data = {"player": data}
        if not isinstance(data, dict) or set(data) - {"player", "deck"}:
            raise serializers.ValidationError('a seat is "human", a bot name or {"player", "deck"}')
        player = data.get("player", "human")
        deck = data.get("deck")
        if player not in PLAYERS:
            raise serializers.ValidationError(f"player must be one of {', '.join(PLAYERS)}")
        if deck is not None and (isinstance(deck, bool) or not isinstance(deck, int) or deck < 1):
            raise serializers.ValidationError("deck must be a deck id")
        return {"player": player, "deck": deck}

    def to_representation(self, value: Any) -> Any:
        return value


class OppositionSerializer(JsonInput):
    """The table a goldfish faces: a profile, with any figure replaced (Shadowfist: the
    dummy's sites and blockers; ChiZo RISING: a passive board)."""

    def to_internal_value(self, data: Any) -> Any:
        unknown = sorted(str(key) for key in data if key not in self.fields) if isinstance(
            data, dict) else []  # fmt: skip
        if unknown:
            raise serializers.ValidationError(
                {key: ["not a figure of the opposition"] for key in unknown[:10]}
            )
        return super().to_internal_value(data)

    profile = serializers.ChoiceField(
        choices=sorted({name for _game, name, _words in table_profiles()}),
        required=False,
        help_text="Shadowfist: goldfish (the default: real median site Body, no blockers), "
        "defended (two blockers of real median Fighting intercept) or soft (Body 5 "
        "sites); ChiZo RISING: alone (the default) or board (a passive opponent's board "
        "of one basic creature of each class).",
    )
    board = serializers.IntegerField(
        min_value=0, max_value=MAX_BOARD, required=False,
        help_text="ChiZo RISING: the tiles of the passive opponent's board (0: alone).",
    )  # fmt: skip
    site_body = serializers.IntegerField(
        min_value=BOUNDS["site_body"][0], max_value=BOUNDS["site_body"][1], required=False
    )
    sites = serializers.IntegerField(
        min_value=BOUNDS["sites"][0], max_value=BOUNDS["sites"][1], required=False,
        allow_null=True, help_text="The most sites the dummy lays (one a turn); null: no limit.",
    )  # fmt: skip
    blockers = serializers.IntegerField(
        min_value=BOUNDS["blockers"][0], max_value=BOUNDS["blockers"][1], required=False
    )
    blocker_fighting = serializers.IntegerField(
        min_value=BOUNDS["blocker_fighting"][0],
        max_value=BOUNDS["blocker_fighting"][1],
        required=False,
    )


class MatchCreateSerializer(JsonInput):
    game = serializers.ChoiceField(choices=game_slugs())
    mode = serializers.ChoiceField(choices=Match.Mode.choices)
    deck = serializers.IntegerField(min_value=1, required=False, help_text="For goldfish.")
    seats = serializers.ListField(child=SeatField(), required=False, max_length=MAX_SEATS)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED - 1, required=False)
    test_anyway = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Play decks that are not legal in their format (else refused with their "
        "errors); each such seat then carries its deck_legality.",
    )
    opposition = OppositionSerializer(
        required=False,
        help_text="A goldfish's table: Shadowfist's dummy (docs/play.md); a ChiZo RISING "
        "match by hand plays alone.",
    )

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


class ActionInputSerializer(JsonInput):
    seq = serializers.IntegerField(min_value=0, help_text="The step the action was chosen on.")
    action_id = serializers.IntegerField(min_value=0, max_value=100_000, required=False)
    action = serializers.JSONField(required=False, help_text="The action itself.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("action_id" in attrs) == ("action" in attrs):
            raise serializers.ValidationError("send either action_id or action")
        return attrs


class UndoInputSerializer(JsonInput):
    seq = serializers.IntegerField(min_value=0)


class AdvanceInputSerializer(JsonInput):
    seq = serializers.IntegerField(min_value=0, help_text="The step of the view you advance.")


# --- documented shapes of the dict responses (the views build the dicts) -------------------


class ActionSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    player = serializers.IntegerField()
    args = serializers.ListField(child=serializers.JSONField())


class LegalActionSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(help_text="Send it back as `action_id`.")
    # A declared field: DRF's metaclass moves it out of the class, so Field.label stays;
    # the stubs see a class attribute overriding Field.label.
    label = serializers.CharField()  # type: ignore[assignment]
    action = ActionSerializer()


class OutcomeSerializer(serializers.Serializer[Any]):
    status = serializers.CharField()
    scores = serializers.ListField(child=serializers.FloatField())
    winners = serializers.ListField(child=serializers.IntegerField())
    tie = serializers.BooleanField()
    length = serializers.IntegerField()


class StepSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    player = serializers.IntegerField()
    by_bot = serializers.BooleanField()
    events = serializers.ListField(child=serializers.DictField())
    text = serializers.ListField(
        child=serializers.CharField(),
        help_text='Each event as a sentence, seats named "Seat N": "Seat 2 drew 2 cards".',
    )


class MatchViewSerializer(serializers.Serializer[Any]):
    """A match as the requesting player sees it: no other hand, draw order or RNG."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    mode = serializers.ChoiceField(choices=Match.Mode.choices)
    seats = serializers.ListField(
        child=serializers.DictField(),
        help_text="Per seat: player, deck, and deck_legality (format, format_name, legal, "
        "errors) when its deck is not legal in its format (started with test_anyway).",
    )
    viewer = serializers.IntegerField(help_text="The seat whose view this is.")
    seq = serializers.IntegerField()
    to_act = serializers.IntegerField(allow_null=True)
    state = serializers.DictField(help_text="The game's state as the viewer sees it.")
    legal_actions = LegalActionSerializer(many=True)
    is_over = serializers.BooleanField()
    bots_pending = serializers.BooleanField(
        help_text="Bots are still to move: a request plays a bounded number of their "
        "decisions; POST `advance/` with this `seq` plays the next ones."
    )
    outcome = OutcomeSerializer(allow_null=True)
    score = serializers.ListField(child=serializers.FloatField())
    events = StepSerializer(many=True, help_text="The last steps, oldest first.")


class LoggedActionSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    action = ActionSerializer()
    by_bot = serializers.BooleanField()
    state_hash = serializers.CharField()


class MatchReplaySerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    rules_version = serializers.CharField()
    seed = serializers.IntegerField()
    setup = serializers.DictField()
    log = LoggedActionSerializer(many=True)
    verified = serializers.BooleanField(required=False, help_text="With `?verify=true`.")
    problem = serializers.CharField(
        allow_null=True, required=False, help_text="With `?verify=true`: the first mismatch."
    )
