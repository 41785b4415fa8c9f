"""A ChiZo goldfish beside a passive opponent's board (docs/chizo.md, "Goldfish
opposition"): the opponent places one tile of its hand a turn and does nothing else."""

from __future__ import annotations

import json
import statistics

import pytest

from play.engine.core import Action, Rng, SetupError, mix_seed
from play.engine.games.chizo import GoldfishRecord, goldfish
from play.engine.games.chizo.goldfish import (
    BOARD_PROFILES,
    MAX_BOARD,
    PASSIVE,
    board_dict,
    board_from,
    board_words,
    passive_choice,
)
from play.engine.games.chizo.rules import advance, legal_actions
from play.engine.games.chizo.setup import new_state
from play.engine.games.chizo.state import TURN, ChizoState

from .chizo_data import tile_list, typical_stack


def test_a_board_goldfish_counts_the_decks_own_turns() -> None:
    record = goldfish(tile_list(), typical_stack(), seed=5, board=12)
    assert record.board == 12
    assert record.reached
    assert len(record.points_by_turn) == record.turn_reached
    assert record.points_by_turn[-1] == record.points >= 12
    assert record.drawn_turns[:5] == (1, 1, 1, 1, 1)
    assert record.drawn_turns[-1] <= record.turn_reached
    assert not any(str(tile).startswith("passive-") for tile in record.drawn + record.played)
    assert GoldfishRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    assert goldfish(tile_list(), typical_stack(), seed=5, board=12) == record


def test_the_cap_counts_the_decks_turns_not_the_opponents() -> None:
    stack = [c for c in ["Rat", "Ox", "Tiger"] for _ in range(10)]  # no two compatible
    record = goldfish(tile_list(), stack, seed=2, max_turns=8, board=4)
    if record.reached:  # the board's creatures may complete a square or be battled
        assert record.turn_reached is not None
        assert record.turn_reached <= 8
    else:
        assert record.end == "turn_cap"
        assert len(record.points_by_turn) == 8


def test_a_board_changes_the_figure_on_the_same_seeds() -> None:
    """Its creatures can be battled and squared: the typical stack gets to 12 sooner."""
    tiles, stack = tile_list(), typical_stack()
    means = {}
    for board in (0, 12):
        records = [goldfish(tiles, stack, mix_seed(1, i), board=board) for i in range(60)]
        means[board] = statistics.mean(r.turn_reached or 31 for r in records)
    assert means[12] < means[0]


def _two_seats(board: int = 12) -> ChizoState:
    from play.engine.games.chizo.goldfish import _with_board

    tiles, opponent = _with_board(tile_list(), board)
    setup = {"players": 2, "tiles": tiles, "stacks": [typical_stack(), opponent],
             "first_player": 0}  # fmt: skip
    return new_state(setup, 3)


def test_the_passive_opponent_places_one_tile_a_turn_then_ends_it() -> None:
    state = _two_seats()
    rng = Rng(1)
    while state.to_act != PASSIVE or state.phase != TURN:
        legal = legal_actions(state)
        advance(state, next(a for a in legal if a.kind in ("draw", "end_turn")))
    hand = len(state.hands[PASSIVE])
    first = passive_choice(state, legal_actions(state), rng)
    assert first.kind == "place"
    assert first.player == PASSIVE
    advance(state, first)
    assert len(state.hands[PASSIVE]) == hand - 1
    second = passive_choice(state, legal_actions(state), rng)
    assert second.kind == "end_turn"


def test_the_passive_opponent_answers_by_passing_or_refusing() -> None:
    state = _two_seats()
    rng = Rng(1)
    legal = [Action("react", PASSIVE, (5,)), Action("pass", PASSIVE)]
    assert passive_choice(state, legal, rng).kind == "pass"
    legal = [Action("accept", PASSIVE), Action("refuse", PASSIVE)]
    assert passive_choice(state, legal, rng).kind == "refuse"
    legal = [Action("choose", PASSIVE, (7,)), Action("choose", PASSIVE, (9,))]
    assert passive_choice(state, legal, rng) == legal[0]


@pytest.mark.parametrize(
    ("value", "board"),
    [(None, 0), ("alone", 0), ("board", 12), ({"profile": "board", "board": 6}, 6),
     ({"board": 3}, 3), ({"profile": "custom", "board": 5}, 5)],
)  # fmt: skip
def test_a_table_is_read_as_its_boards_tiles(value: object, board: int) -> None:
    assert board_from(value) == board


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("defended", "no ChiZo RISING table 'defended'; use one of alone, board"),
        ({"blockers": 2}, "a ChiZo RISING table has no blockers"),
        ({"board": MAX_BOARD + 1}, f"board is a whole number 0 to {MAX_BOARD}: 41"),
        ({"board": True}, "board is a whole number 0 to 40: True"),
        (3, "'opposition' is a profile's name or a mapping"),
    ],
)
def test_a_bad_table_is_refused_with_what_is_wrong(value: object, words: str) -> None:
    with pytest.raises(SetupError, match=words) as caught:
        board_from(value)
    assert caught.value.code == "bad_opposition"


def test_a_bad_board_is_refused_by_the_harness() -> None:
    with pytest.raises(Exception, match="board is a whole number 0 to 40: -1"):
        goldfish(tile_list(), typical_stack(), 1, board=-1)


def test_tables_are_named_and_worded() -> None:
    assert BOARD_PROFILES == {"alone": 0, "board": 12}
    assert board_dict(12) == {"profile": "board", "board": 12}
    assert board_dict(5) == {"profile": "custom", "board": 5}
    assert board_words(0) == "alone on the board"
    assert (
        board_words(1) == "beside a passive opponent's board of 1 basic creature tile, one a turn"
    )
