"""The engine core: rng, value types, errors, registry, bots, purity of the package."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from play.engine.core import (
    Action,
    DataError,
    EngineError,
    Event,
    GameInfo,
    IllegalAction,
    InvalidEngineError,
    Outcome,
    RandomBot,
    Rng,
    SetupError,
    Transcript,
    UnknownGameError,
    canonical_json,
    digest,
    game_slugs,
    get_game,
    mix_seed,
)
from play.engine.core.values import MAX_ARG_DEPTH

ENGINE = Path(__file__).resolve().parents[2] / "play" / "engine"


def roundtrip(data):
    return json.loads(json.dumps(data))


# -- rng -----------------------------------------------------------------------------


def test_the_rng_gives_the_same_numbers_for_the_same_seed_on_every_python():
    """MT19937 seeded by an int, read through random() only: pinned values."""
    rng = Rng(42)
    assert [rng.below(1000) for _ in range(5)] == [639, 25, 275, 223, 736]
    cards = list(range(10))
    rng.shuffle(cards)
    assert cards == [4, 3, 5, 9, 1, 7, 2, 0, 8, 6]
    assert rng.draws == 14


def test_the_rng_survives_json_as_seed_and_draw_count():
    rng = Rng(2024)
    for _ in range(37):
        rng.random()
    data = rng.to_dict()
    assert data == {"seed": 2024, "draws": 37}
    again = Rng.from_dict(roundtrip(data))
    assert again == rng
    assert [again.random() for _ in range(5)] == [rng.random() for _ in range(5)]


def test_a_cloned_rng_continues_the_sequence_independently():
    rng = Rng(5)
    rng.roll([[1, 2, 3]] * 4)
    twin = rng.clone()
    expected = [rng.random() for _ in range(3)]
    assert [twin.random() for _ in range(3)] == expected
    assert twin.draws == rng.draws


@pytest.mark.parametrize("seed", [-1, 2**53, 1.5, "7", True, None])
def test_the_rng_refuses_a_seed_that_would_not_survive_json(seed):
    with pytest.raises(DataError):
        Rng(seed)


def test_derived_seeds_are_pinned_and_distinct():
    assert mix_seed(7, 0) == 8898579095440509
    assert mix_seed(7, 1) == 6110854776017725
    assert len({mix_seed(1, i) for i in range(10_000)}) == 10_000


# -- value types ---------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    Action("pass", 0),
    Action("play", 3, (17,)),
    Action("move", 1, ("north", (1, 2), (3, ("x",)))),
])
def test_an_action_round_trips_through_json(action):
    assert Action.from_dict(roundtrip(action.to_dict())) == action
    assert hash(Action.from_dict(action.to_dict())) == hash(action)


@pytest.mark.parametrize("data", [
    {"player": 0},
    {"kind": "play"},
    {"kind": "play", "player": "0"},
    {"kind": "play", "player": True},
    {"kind": "play", "player": 0, "args": 5},
    {"kind": "play", "player": 0, "args": [1.5]},
    "play",
])
def test_a_malformed_action_is_refused_with_a_code(data):
    with pytest.raises(DataError) as caught:
        Action.from_dict(data)
    assert caught.value.code == "bad_action"


def nested_list(depth):
    """A list in a list ... `depth` lists deep: [0], [[0]] ... (built without recursion)."""
    value = 0
    for _ in range(depth):
        value = [value]
    return value


def nested_dict(depth):
    value = 0
    for _ in range(depth):
        value = {"a": value}
    return value


def test_an_argument_nested_to_the_limit_round_trips():
    data = {"kind": "move", "player": 0, "args": [nested_list(MAX_ARG_DEPTH), "x"]}

    assert Action.from_dict(data).to_dict() == data


@pytest.mark.parametrize("depth", [MAX_ARG_DEPTH + 1, 50, 100_000])
def test_an_argument_nested_past_the_limit_is_refused_with_the_reason(depth):
    data = {"kind": "move", "player": 0, "args": [1, nested_list(depth)]}

    with pytest.raises(DataError) as caught:
        Action.from_dict(data)

    assert caught.value.code == "bad_action"
    assert caught.value.reason == f"action arguments nest lists at most {MAX_ARG_DEPTH} deep"


@pytest.mark.parametrize("data", [
    {"kind": "move", "player": 0, "args": nested_dict(100_000)},
    {"kind": "move", "player": 0, "args": [nested_dict(100_000)]},
    {"kind": nested_list(100_000), "player": 0},
    {"kind": "move", "player": nested_dict(100_000)},
])
def test_a_deep_value_in_the_wrong_place_is_refused_with_a_short_reason(data):
    with pytest.raises(DataError) as caught:
        Action.from_dict(data)

    assert caught.value.code == "bad_action"
    assert len(caught.value.reason) < 200


def test_an_event_and_an_outcome_round_trip_through_json():
    event = Event("card_played", {"player": 1, "cards": [3, 4], "to": 10})
    assert Event.from_dict(roundtrip(event.to_dict())) == event
    outcome = Outcome("finished", (30, 30, 12), (0, 1), 99)
    assert outcome.is_tie
    assert roundtrip(outcome.to_dict())["tie"] is True
    assert Outcome.from_dict(roundtrip(outcome.to_dict())) == outcome


def test_the_state_hash_is_sha256_of_canonical_json():
    assert canonical_json({"b": [1, 2], "a": None}) == '{"a":null,"b":[1,2]}'
    assert digest({"a": 1}) == digest({"a": 1})
    state = get_game("raise").new_game({"players": 3}, seed=8)
    assert state.hash() == digest(state.to_dict())
    assert len(state.hash()) == 64


def test_an_illegal_action_carries_a_code_and_a_reason():
    error = IllegalAction("not_your_turn", "not your turn")
    assert isinstance(error, EngineError)
    assert (error.code, error.reason, str(error)) == ("not_your_turn", "not your turn",
                                                      "not your turn")


@pytest.mark.parametrize(
    ("code", "reason"),
    [(None, "not your turn"), ("NOT_YOUR_TURN", "not your turn"), ("XXnot_your_turnXX", "x y"),
     ("", "not your turn"), ("not your turn", "not your turn"), ("not_your_turn", None),
     ("not_your_turn", ""), ("not_your_turn", "   ")],
)
def test_an_engine_error_without_an_identifier_code_or_a_reason_is_a_bug(code, reason):
    """Clients compare the code and show the reason: neither may be missing or malformed."""
    with pytest.raises(InvalidEngineError):
        IllegalAction(code, reason)


def test_a_transcript_with_a_missing_hash_is_refused():
    game = get_game("raise")
    state = game.new_game({"players": 2}, seed=1)
    data = {"game": "raise", "setup": {"players": 2}, "seed": 1, "actions": [],
            "hashes": [], "outcome": game.outcome(state).to_dict()}
    with pytest.raises(DataError):
        Transcript.from_dict(data)


# -- registry and bots ---------------------------------------------------------------


def test_games_are_found_by_slug():
    assert "raise" in game_slugs()
    game = get_game("raise")
    assert game.info.slug == "raise"
    assert (game.info.min_players, game.info.max_players) == (2, 5)
    assert game.info.to_dict()["max_length"] == game.info.max_length


def test_an_unknown_game_or_bot_says_what_exists():
    with pytest.raises(UnknownGameError, match="raise"):
        get_game("poker")
    with pytest.raises(UnknownGameError, match="greedy, random"):
        get_game("raise").make_bot("clever", 1)


def test_a_random_bot_depends_only_on_its_seed():
    game = get_game("raise")
    state = game.new_game({"players": 2}, seed=3)
    legal = game.legal_actions(state)
    picks = [RandomBot(game, 11).choose(state, legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    bot = RandomBot(game, 11)
    assert {bot.choose(state, legal) for _ in range(200)} == set(legal)


# -- purity --------------------------------------------------------------------------


def engine_imports():
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module


def test_the_engine_imports_only_the_standard_library_and_itself():
    for path, module in engine_imports():
        top = module.split(".")[0]
        assert top in sys.stdlib_module_names or module.startswith("play.engine"), (
            f"{path.relative_to(ENGINE)} imports {module}"
        )


def test_only_the_rng_module_imports_random():
    importers = {path.name for path, module in engine_imports() if module == "random"}
    assert importers == {"rng.py"}


SHARED_GLUE = ("state_from_dict", "apply_unchecked", "is_over", "event_text")


@pytest.mark.parametrize("slug", game_slugs())
def test_a_game_class_states_its_rules_and_leaves_the_glue_to_the_base(slug):
    game_class = type(get_game(slug))
    stated = set(vars(game_class))
    assert not stated & set(SHARED_GLUE)
    # Every game but ChiZo (whose rules check the length cap themselves) leaves the cap
    # check of ``verify`` to the base and states only its rules' check.
    if slug != "chizo":
        assert "verify" not in stated
        assert "verify_rules" in stated


@pytest.mark.parametrize(
    ("setup", "code", "reason"),
    [
        (None, "missing_players", "Toy needs a setup with 'players' (2 to 5)"),
        ({"players": 2, "colour": "red"}, "unknown_option", "Toy has no setup option 'colour'"),
        ({"players": 6}, "bad_player_count", "Toy is for 2 to 5 players, not 6"),
        ({"players": True}, "bad_player_count", "Toy is for 2 to 5 players, not True"),
        (
            {"players": 3, "first_player": 3},
            "bad_first_player",
            "first_player must be a seat 0 to 2",
        ),
        (
            {"players": 3, "first_player": False},
            "bad_first_player",
            "first_player must be a seat 0 to 2",
        ),
    ],
)
def test_the_shared_setup_reader_names_what_is_wrong(setup, code, reason):
    from play.engine.core.setup import first_player, players

    info = GameInfo(slug="toy", name="Toy", min_players=2, max_players=5, max_length=10)
    keys = frozenset({"players", "first_player"})
    with pytest.raises(SetupError) as caught:
        first_player(setup, players(setup, info, keys))
    assert (caught.value.code, caught.value.reason) == (code, reason)


def test_the_shared_setup_reader_returns_the_seats():
    from play.engine.core.setup import first_player, players

    info = GameInfo(slug="toy", name="Toy", min_players=2, max_players=5, max_length=10)
    keys = frozenset({"players", "first_player"})
    assert first_player({"players": 4, "first_player": 3}, players({"players": 4}, info, keys)) == 3
    assert first_player({"players": 4}, 4) is None
