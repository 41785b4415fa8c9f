"""Goldfishing a ChiZo stack: one player, no opponent, the turn it reaches 12 points."""

from __future__ import annotations

import json

from play.engine.games.chizo import GoldfishRecord, basic_tiles, goldfish

from .chizo_data import basics, tile_list, typical_stack
from .chizo_table import act, goldfish_table, in_hand, kinds, names

QUARTET = ["Rat", "Rabbit", "Horse", "Rooster"]


def test_a_goldfish_record_says_when_the_stack_reached_twelve_points():
    record = goldfish(tile_list(), typical_stack(), seed=5)
    assert record.reached
    assert record.points >= 12
    assert record.end == "points"
    assert len(record.points_by_turn) == record.turn_reached
    assert record.points_by_turn[-1] == record.points
    assert list(record.points_by_turn) == sorted(record.points_by_turn)  # never lost
    assert record.unmodelled == ()


def test_a_goldfish_record_lists_drawn_played_and_never_playable_tiles():
    record = goldfish(tile_list(), typical_stack(), seed=5)
    assert len(record.drawn) >= 5  # the opening hand first
    assert len(record.drawn_turns) == len(record.drawn)
    assert record.drawn_turns[:5] == (1, 1, 1, 1, 1)
    assert list(record.drawn_turns) == sorted(record.drawn_turns)
    assert record.drawn_turns[-1] <= len(record.points_by_turn)
    assert len(set(record.played)) <= len(set(record.drawn))
    assert all(tile in record.drawn for tile in record.played)
    assert set(record.never_playable) <= set(record.drawn)


def test_a_tile_that_is_never_legal_to_play_is_reported():
    """An Indifferent Rat is played by replacing a basic Rat: with no Rat, never."""
    stack = ["Indifferent Rat"] * 3 + [c for c in QUARTET[1:] for _ in range(9)]
    record = goldfish(tile_list(), stack, seed=1, max_turns=12)
    drawn = record.drawn.count("Indifferent Rat")
    assert drawn
    assert record.never_playable.count("Indifferent Rat") == drawn
    assert "Indifferent Rat" not in record.played


def test_the_figure_is_not_within_n_turns_when_the_cap_comes_first():
    stack = [c for c in ["Rat", "Ox", "Tiger"] for _ in range(10)]  # no two compatible
    record = goldfish(tile_list(), stack, seed=2, max_turns=8)
    assert record.turn_reached is None
    assert record.end in ("turn_cap", "exhausted")
    assert len(record.points_by_turn) <= 8


def test_the_same_seed_gives_the_same_record_and_it_round_trips_through_json():
    first = goldfish(tile_list(), typical_stack(), seed=9)
    again = goldfish(tile_list(), typical_stack(), seed=9)
    assert first == again
    assert GoldfishRecord.from_dict(json.loads(json.dumps(first.to_dict()))) == first
    other = goldfish(tile_list(), typical_stack(), seed=10)
    assert other.drawn != first.drawn


def test_unmodelled_tiles_are_named_in_the_record():
    rows = [*tile_list(), {"name": "Moon Gate", "type": "Action", "effect_key": "portal"}]
    record = goldfish(rows, [*basics() * 3, "Moon Gate"], seed=3, max_turns=5)
    assert record.unmodelled == ("Moon Gate",)


def test_tile_definitions_may_be_given_as_tiledefs():
    record = goldfish(basic_tiles(), [c for c in QUARTET for _ in range(8)], seed=4)
    assert record.reached


def test_alone_there_are_no_battles_and_effects_on_an_opponent_do_nothing():
    """The goldfish convention: one player, no opponent."""
    state = goldfish_table(grid={(0, 0): ("Rat", 0)}, hands={0: ["Sly Snake", "Tax Collector"]},
                           stacks={0: ["Ox"] * 4})
    act(state, "place", in_hand(state, 0, "Sly Snake"), 1, 0)
    act(state, "action", in_hand(state, 0, "Tax Collector"))
    assert state.phase == "turn"
    assert names(state, state.discards[0]) == ["Tax Collector"]  # resolved, to no effect
    assert "battle" not in kinds(state)


def test_alone_one_may_react_to_ones_own_stack():
    state = goldfish_table(hands={0: ["Swift Feet", "Lucky Find"]}, stacks={0: ["Ox"] * 4})
    act(state, "action", in_hand(state, 0, "Swift Feet"))
    assert state.phase == "react"
    act(state, "react", in_hand(state, 0, "Lucky Find"))
    assert len(state.hands[0]) == 2
    assert state.actions_left == 3


def test_the_greedy_goldfish_of_a_focused_stack_is_faster_than_of_a_scattered_one():
    focused = [c for c in QUARTET for _ in range(10)]
    scattered = [c for c in basics() for _ in range(3)] + ["Rat"] * 4
    fast = [goldfish(tile_list(), focused, s).turn_reached or 31 for s in range(20)]
    slow = [goldfish(tile_list(), scattered, s).turn_reached or 31 for s in range(20)]
    assert sum(fast) < sum(slow)


def test_an_action_tile_whose_effect_is_not_modelled_is_played_not_held_forever():
    """docs/chizo.md, "Blanks": such a tile starts an Action Stack when the bot would
    otherwise end its turn with an action left (it spends the action as the tile would)."""
    scroll = {"id": "Mystery Scroll", "name": "Mystery Scroll", "type": "Action",
              "effect_key": "not_modelled_yet", "effect_params": {}}  # fmt: skip
    tiles = [*tile_list(), scroll]
    stack = typical_stack()[:-3] + ["Mystery Scroll"] * 3
    records = [goldfish(tiles, stack, seed=seed) for seed in range(40)]
    assert records[0].unmodelled == ("Mystery Scroll",)
    drawn = sum(r.drawn.count("Mystery Scroll") for r in records)
    played = sum(r.played.count("Mystery Scroll") for r in records)
    assert 0 < played <= drawn
