"""Chocobo Party Up!'s state, view and setup contract: what a saved state may hold, what
each seat sees, and the sides a setup may choose (docs/chocobo.md)."""

from __future__ import annotations

import json

import pytest

from play.engine.core import DataError, SetupError
from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.board import CARDS, KIND_OF, KINDS
from play.engine.games.chocobo.scenario import act, position
from play.engine.games.chocobo.state import ChocoboState

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}


def middle_of_a_turn() -> ChocoboState:
    """Seat 0 mid-move with a big chocobo out, companions and cards about."""
    state = position(
        3,
        {0: ["b20", "b24"], **HOME},
        big={1: "b44"},
        companions={"b22": 2, "b12": 1},
        hands={0: ["Croma"], 1: ["Golem", "Tifon"]},
        tokens=["b01", "b41"],
        face="footprints3",
    )
    GAME.apply(state, act(state, "move", "one", "b24", "b23", 0))
    return state


def broken(change):
    data = json.loads(json.dumps(middle_of_a_turn().to_dict()))
    change(data)
    return data


def test_a_state_round_trips_through_json_before_the_first_roll_and_in_a_turn():
    for state in (GAME.new_game({"players": 4}, seed=3), middle_of_a_turn()):
        data = json.loads(json.dumps(state.to_dict()))
        twin = ChocoboState.from_dict(data)
        assert twin.to_dict() == state.to_dict()
        assert twin.hash() == state.hash()
        assert twin.load == state.load
        assert twin.block == state.block
        assert GAME.legal_actions(twin) == GAME.legal_actions(state)
    assert GAME.new_game({"players": 4}, seed=3).to_dict()["die"] is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(game="raise"), "not a Chocobo Party Up! state"),
        (lambda d: d.update(phase="auction"), "not a Chocobo Party Up! state"),
        (lambda d: d.update(layout="4p"), "layout and sides do not match the players"),
        (lambda d: d.update(sides=["E", "S"]), "layout and sides do not match the players"),
        (lambda d: d.update(resume="later"), "unknown resume 'later'"),
        (lambda d: d.update(chocobos=d["chocobos"][:2]),
         "one pair of chocobos and one big chocobo a seat"),
        (lambda d: d.update(big_chocobos=d["big_chocobos"][:2]),
         "one pair of chocobos and one big chocobo a seat"),
        (lambda d: d["pile"].append(CARDS), "a friend card id is out of range"),
        (lambda d: d["discard"].append(-1), "a friend card id is out of range"),
        (lambda d: d.pop("kicked"), "not a Chocobo Party Up! state: KeyError('kicked')"),
        (lambda d: d.update(die="seven"),
         "not a Chocobo Party Up! state: ValueError('tuple.index(x): x not in tuple')"),
    ],
    ids=["game", "phase", "layout", "sides", "resume", "pairs", "bigs", "pile-id",
         "discard-id", "missing", "die"],
)  # fmt: skip
def test_a_state_that_is_not_a_chocobo_state_is_refused_with_the_reason(change, reason):
    with pytest.raises(DataError) as caught:
        ChocoboState.from_dict(broken(change))
    assert caught.value.code == "bad_state"
    assert caught.value.reason == reason


def test_the_highest_card_id_and_card_0_are_accepted():
    data = broken(lambda d: d.update(pile=[0, CARDS - 1], discard=[]))
    assert ChocoboState.from_dict(data).pile == [0, CARDS - 1]


def test_the_view_shows_the_table_as_the_state_holds_it():
    state = middle_of_a_turn()
    saved, seen = state.to_dict(), GAME.view(state, 0)
    shown_alike = ("players", "step", "turn", "phase", "to_act", "active", "first_player",
                   "layout", "sides", "chocobos", "big_chocobos", "companions", "supply",
                   "trail_tokens", "token_supply", "die", "result", "steps", "big_moved",
                   "big_new", "kick_space", "kicked", "golem_space", "winner")  # fmt: skip
    assert {k: seen[k] for k in shown_alike} == {k: saved[k] for k in shown_alike}
    assert (seen["game"], seen["player"]) == ("chocobo", 0)
    assert seen["die"] == "footprints3"
    assert seen["steps"] == 2
    assert seen["chocobos"][0] == ["b20", "b23"]
    assert seen["big_chocobos"] == [None, "b44", None]
    assert seen["home"] == [0, 0, 0]
    assert seen["hand"] == [{"id": state.hands[0][0], "kind": "Croma", "name": "Croma"}]
    assert seen["hand_sizes"] == [1, 2, 0]
    assert seen["discard"] == []
    assert seen["tifon"] is None
    assert seen["legal_actions"] == GAME.legal_dicts(state, 0)


def test_the_view_lists_every_space_with_its_kind_owner_and_neighbours():
    """The back side's 5x5 grid: 5 Spring spaces, 12 trail spaces, 8 plain ones, and a
    territory board of 3 spaces per seat (docs/chocobo.md)."""
    state = middle_of_a_turn()
    spaces = {s["id"]: s for s in GAME.view(state, 1)["spaces"]}
    kinds = [s["kind"] for s in spaces.values()]
    counts = {kind: kinds.count(kind) for kind in set(kinds)}
    assert counts == {"spring": 5, "trail": 12, "plain": 8, "territory": 9}
    assert spaces["b22"]["kind"] == "spring"
    assert spaces["b01"]["kind"] == "trail"
    assert spaces["b00"]["kind"] == "plain"
    assert (spaces["TE0"]["kind"], spaces["TE0"]["owner"]) == ("territory", 0)
    assert spaces["TW2"]["owner"] == 2
    assert spaces["b22"]["owner"] is None
    assert sorted(spaces["b22"]["adjacent"]) == ["b12", "b21", "b23", "b32"]
    for name, space in spaces.items():
        for other in space["adjacent"]:
            assert name in spaces[other]["adjacent"]


def test_the_view_shows_a_pending_tifon_move_and_the_discard_pile():
    state = position(
        3, {0: ["b20", "b24"], **HOME}, hands={0: ["Tifon", "Croma"]}, phase="friend", tokens=[]
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "TS1"))
    seen = GAME.view(state, 1)
    assert seen["tifon"] == {"seat": 1, "space": "TS1"}
    assert [c["kind"] for c in seen["discard"]] == ["Tifon"]
    assert seen["discard"][0]["name"] == "Tifón"
    assert [KINDS[KIND_OF[c["id"]]] for c in seen["discard"]] == ["Tifon"]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"players": 2, "sides": ["E", "E"]},
         "sides: 2 different sides of E, S, W, one per seat clockwise"),
        ({"players": 2, "sides": ["E", "S", "W"]},
         "sides: 2 different sides of E, S, W, one per seat clockwise"),
        ({"players": 2, "sides": ["E", "N"]},
         "sides: 2 different sides of E, S, W, one per seat clockwise"),
        ({"players": 2, "sides": "ES"},
         "sides: 2 different sides of E, S, W, one per seat clockwise"),
        ({"players": 3, "sides": ["E", "W", "S"]}, "sides must run clockwise (E S W)"),
    ],
    ids=["twice", "too-many", "unknown", "not-a-list", "anticlockwise"],
)  # fmt: skip
def test_a_choice_of_sides_that_cannot_be_played_says_which_sides_may_be(setup, reason):
    with pytest.raises(SetupError) as caught:
        GAME.new_game(setup, seed=1)
    assert (caught.value.code, caught.value.reason) == ("bad_sides", reason)


@pytest.mark.parametrize("sides", [["S", "W"], ["W", "E"], ["E", "S"]])
def test_any_two_sides_clockwise_are_a_two_player_table(sides):
    state = GAME.new_game({"players": 2, "sides": sides}, seed=1)
    assert list(state.layout.sides) == sides


def derived_tables(state: ChocoboState) -> tuple[list[int], list[int]]:
    """The load and blocking tables a state keeps, and (below) what they should be."""
    return state.load, state.block


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_path_and_the_checked_path_leave_the_same_state_at_every_step(players):
    """``advance`` inlines a chocobo's step; after every action of greedy and random
    games it must leave what ``apply`` leaves, derived tables included, and those
    tables must be what a recount from the saved state gives."""
    for seed in range(4):
        state = GAME.new_game({"players": players}, seed)
        bots = [GAME.make_bot("greedy" if s % 2 else "random", seed * 10 + s).choose
                for s in range(players)]  # fmt: skip
        for _ in range(600):
            legal = GAME.legal_actions(state)
            if not legal:
                break
            action = bots[state.to_act](state, legal)
            checked = state.clone()
            GAME.apply(checked, action)
            GAME.advance(state, action)
            assert state.to_dict() == checked.to_dict(), (seed, action)
            assert derived_tables(state) == derived_tables(checked), (seed, action)
            recounted = ChocoboState.from_dict(state.to_dict())
            assert derived_tables(state) == derived_tables(recounted), (seed, action)


def test_a_step_after_which_no_chocobo_of_the_seat_can_move_ends_movement_on_both_paths():
    """The fast path's shortcut (the chocobo that moved can go on) must not fire when
    every space next to it is closed to the seat: here its chocobo steps into the corner
    b44 (b34 holds seat 1's big chocobo, b43 seat 1's pair) while its other chocobo is
    shut in the corner b00 (seat 2's big on b01, its pair on b10); with a step left, the
    movement is over on either path."""
    state = position(
        3,
        {0: ["b00", "b34"], 1: ["b43", "b43"], 2: ["b10", "b10"]},
        big={1: "b34", 2: "b01"},
        tokens=[],
    )
    step = act(state, "move", "one", "b34", "b44", 0)
    checked = state.clone()
    GAME.apply(checked, step)
    GAME.advance(state, step)
    assert checked.active == 1  # b44 is no call space: the turn has passed
    assert state.to_dict() == checked.to_dict()
