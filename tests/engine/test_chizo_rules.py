"""The rules of ChiZo RISING, one by one (shared/rules/chizo-rising.txt, docs/chizo.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from play.engine.core import Action, DataError, Event, IllegalAction, Rng, SetupError
from play.engine.games.chizo import GAME, Catalog, TileDef, actions, basic_tiles, tile_from_dict
from play.engine.games.chizo import catalog as chizo_catalog
from play.engine.games.chizo import setup as chizo_setup
from play.engine.games.chizo.grid import cell_at, free_cells, frontier, xy
from play.engine.games.chizo.setup import new_state, parse_setup
from play.engine.games.chizo.state import TURN, ChizoState

from .chizo_data import tile_list, typical_stack
from .chizo_table import (
    Cell,
    act,
    all_uids,
    at,
    event_kinds,
    grid_names,
    in_hand,
    kinds,
    legal,
    names,
    table,
)

WE, THEY, THIRD = 0, 1, 2
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def board(players=2, **layout):
    layout.setdefault("stacks", dict.fromkeys(range(players), SPARE))
    return table(players, **layout)


def battle_result(events):
    return next(e.data for e in events if e.kind == "battle_result")


# -- setup -------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 29, 70, 73, 75)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_shuffles_a_stack_and_draws_a_hand_of_five(players):
    """'A hand is made by drawing 5 Tiles from the shuffled STACK.'"""
    state = GAME.new_game({"players": players, "tiles": tile_list(),
                           "stacks": [typical_stack()]}, seed=3)
    assert [len(h) for h in state.hands] == [5] * players
    assert [len(s) for s in state.stacks] == [35] * players
    assert all_uids(state) == list(range(40 * players))
    assert state.phase == TURN
    assert state.to_act == state.active
    again = GAME.new_game({"players": players, "tiles": tile_list(),
                           "stacks": [typical_stack()]}, seed=3)
    other = GAME.new_game({"players": players, "tiles": tile_list(),
                           "stacks": [typical_stack()]}, seed=4)
    assert again.stacks == state.stacks
    assert other.stacks != state.stacks


def test_the_starting_player_is_drawn_from_the_rng_unless_given():
    firsts = {GAME.new_game({"players": 4}, seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game({"players": 4, "first_player": 2}, 9).active == 2


@pytest.mark.parametrize("setup", [None, {}, {"players": 2}])
def test_without_tiles_or_stacks_each_seat_plays_three_of_each_basic_creature(
    setup: dict[str, int] | None,
) -> None:
    """Without a setup, or one that does not say how many play, two players play."""
    state = GAME.new_game(setup, 1)
    assert state.players == 2
    assert len(state.kind) == 72
    assert sorted(t.name for t in state.cat.defs) == sorted(t.name for t in basic_tiles())


@pytest.mark.rule("chizo-rising.txt", 213)
def test_team_play_is_two_on_two_with_partners_across_and_a_shared_point_pile():
    """'4 Players can also play "2 on 2." The members of a team should sit across from
    each other ... Every team shares one Point Pile, and the final score is still 12
    points.'"""
    state = board(4, teams=True, piles={0: [("Rat", 0), ("Ox", 2)]})
    assert state.team == (0, 1, 0, 1)
    assert state.opponents(0) == [1, 3]
    assert [state.points(s) for s in range(4)] == [2, 0, 2, 0]


def test_a_goldfish_game_has_one_player_and_a_turn_cap():
    state = GAME.new_game({"goldfish": True, "tiles": tile_list(),
                           "stacks": [typical_stack()]}, 1)
    assert state.players == 1
    assert state.max_turns == 30
    assert state.opponents(0) == []


@pytest.mark.parametrize(("setup", "code"), [
    ({"players": 5}, "bad_player_count"),
    ({"players": 1}, "bad_player_count"),
    ({"players": 3, "teams": True}, "bad_teams"),
    ({"players": 2, "colour": "red"}, "unknown_option"),
    ({"players": 2, "stacks": [["Rat", "Unicorn"]]}, "unknown_tile"),
    ({"players": 2, "stacks": [["Rat"], ["Rat"], ["Rat"]]}, "bad_stacks"),
    ({"goldfish": True, "players": 2}, "bad_player_count"),
    ({"players": 2, "max_turns": 0}, "bad_max_turns"),
    ({"players": 2, "tiles": [{"name": "Rat", "type": "Creature"}]}, "bad_tile"),
])
def test_a_bad_setup_is_refused_with_a_reason(setup, code):
    with pytest.raises(SetupError) as refused:
        GAME.new_game(setup, 1)
    assert refused.value.code == code


def test_the_events_of_a_new_game_are_the_hands_drawn_and_the_first_turn() -> None:
    """Each seat draws a hand of 5 (what its Stack holds, if fewer), then the first
    player's turn starts, and is skipped when they can take no action."""
    events: list[Event] = []
    setup = {"players": 2, "stacks": [[], ["Rat"] * 6], "first_player": 0}
    state = new_state(setup, 1, events)
    assert [(e.kind, e.data) for e in events] == [
        ("drew", {"player": 0, "count": 0}),
        ("drew", {"player": 1, "count": 5}),
        ("turn_started", {"player": 0, "turn": 1}),
        ("turn_skipped", {"player": 0}),
        ("turn_ended", {"player": 0, "turn": 1}),
        ("turn_started", {"player": 1, "turn": 2}),
    ]
    assert (state.active, state.to_act) == (1, 1)


def test_a_setup_is_checked_once_per_dict_and_the_last_32_are_kept() -> None:
    """Batch runs start many games from one setup dict: its checked form is kept for the
    dict and the very values it holds, and checked again when a value is replaced or
    added. At most 32 setups are kept: a 33rd starts the memo afresh."""
    chizo_setup._PARSED.clear()
    # Equal tile lists share a catalogue: start with room in its caches, which other
    # tests fill (a full cache starts afresh, and the catalogue would be another).
    for memo in (chizo_catalog._CACHE, chizo_catalog._BY_JSON, chizo_catalog._SUBSETS):
        memo.clear()
    rows = tile_list()
    setup = {"players": 2, "tiles": rows}
    parsed = parse_setup(setup)
    assert parse_setup(setup) is parsed
    assert parse_setup({"players": 2, "tiles": rows}) is not parsed  # another dict
    setup["tiles"] = list(rows)  # another list, equal
    again = parse_setup(setup)
    assert again is not parsed
    assert again == parsed
    setup["max_turns"] = 9
    assert parse_setup(setup).max_turns == 9
    chizo_setup._PARSED.clear()
    setups = [{"players": 2, "max_turns": n} for n in range(1, 34)]
    kept = [parse_setup(s) for s in setups[:32]]
    assert all(parse_setup(s) is k for s, k in zip(setups[:32], kept, strict=True))
    last = parse_setup(setups[32])
    assert parse_setup(setups[32]) is last
    assert parse_setup(setups[0]) is not kept[0]


def test_tiles_are_read_from_catalogue_rows():
    row = {"id": 7, "name": "Happy Horse", "type": "Creature", "creature_class": "Horse",
           "is_basic": False, "strength": 4, "intelligence": 3,
           "compatible_classes": "Rat, Rabbit, Rooster", "effect_key": "draw",
           "effect_params": {"count": 1, "when": "enters_play", "replaces": "Horse"}}
    tile = tile_from_dict(row)
    assert tile == TileDef(7, "Happy Horse", "Creature", "Horse", False, 4, 3,
                           ("Rat", "Rabbit", "Rooster"), "draw",
                           {"count": 1, "when": "enters_play", "replaces": "Horse"})
    assert tile_from_dict(tile.to_dict()) == tile
    no_list = tile_from_dict({**row, "compatible_classes": None})
    assert no_list.compatible == ("Rat", "Rabbit", "Rooster")  # the stand-in allies
    assert tile_from_dict({**row, "compatible_classes": []}).compatible == ()


def test_an_unknown_effect_key_is_reported_as_unmodelled_never_as_implemented():
    odd = {"name": "Moon Gate", "type": "Action", "effect_key": "teleport_everything"}
    catalog = Catalog([*basic_tiles(), odd])
    assert catalog.unmodelled() == ["Moon Gate"]



def test_the_catalogue_rows_of_a_saved_state_are_copies_sharing_their_effect_parameters() -> None:
    """``Catalog.to_list`` builds the rows once: each call hands out new row dicts (a
    caller may change them) equal to the last ones, sharing the read-only
    ``effect_params``."""
    catalog = Catalog(tile_list())
    first, second = catalog.to_list(), catalog.to_list()
    assert first == second
    first[0]["name"] = "Renamed"
    assert catalog.to_list()[0]["name"] == second[0]["name"] != "Renamed"
    assert all(a["effect_params"] is b["effect_params"] for a, b in zip(first, second, strict=True))


def test_an_action_is_built_once_and_shared() -> None:
    """The action constructors memoise (an Action is an immutable value): asking twice
    for the same action gives the very same object, a different cell another one."""
    cell = cell_at(2, -1)
    assert actions.to(0, cell) is actions.to(0, cell_at(2, -1))
    assert actions.to(0, cell) == Action("to", 0, (2, -1))
    assert actions.to(0, cell) is not actions.to(1, cell)
    assert actions.one("react", 1, 7) is actions.one("react", 1, 7)
    assert actions.two("battle", 0, 3, 4) is actions.two("battle", 0, 3, 4)
    assert actions.at("place", 0, 5, cell_at(1, 0)) is actions.at("place", 0, 5, cell_at(1, 0))
    assert actions.at("place", 0, 5, cell_at(-1, 0)) == Action("place", 0, (5, -1, 0))


def action_memos() -> tuple[dict[Any, Any], ...]:
    """The tables of prebuilt actions (``actions._trim`` counts them together)."""
    return (actions._CELL_ACTIONS, actions._LAST, actions._ONE, actions._TWO, actions._TO)


@pytest.fixture
def empty_memo() -> Iterator[None]:
    """The action memos emptied before and after the test (they only remember actions
    already built, so emptying them changes no action)."""
    for memo in action_memos():
        memo.clear()
    yield
    for memo in action_memos():
        memo.clear()


def memo_size() -> int:
    """How many entries the action memos hold together."""
    return sum(len(memo) for memo in action_memos())


@pytest.mark.usefixtures("empty_memo")
def test_the_placements_on_an_unchanged_grid_are_one_shared_list() -> None:
    """The free cells are worked out once per grid (``free_cells``) and a tile's placements
    once per list of cells (``with_cells``, memoised under the tile alone): a second
    decision on the same grid gets the very same lists back. Once the grid changes the
    cells are worked out anew, and a cell still free keeps its very action."""
    state = table(
        grid={(0, 0): ("Rat", WE)}, hands={WE: ["Ox", "Dog"]}, stacks=dict.fromkeys(range(2), SPARE)
    )
    ox = in_hand(state, WE, "Ox")
    free = free_cells(state)
    assert free == frontier(state.grid)
    assert free_cells(state) is free
    places = actions.with_cells("place", WE, ox, free)
    assert places == [Action("place", WE, (ox, *xy(cell))) for cell in free]
    assert actions.with_cells("place", WE, ox, free) is places
    assert set(actions._CELL_ACTIONS) == set(actions._LAST) == {("place", WE, ox)}
    act(state, "draw")  # the grid is unchanged
    assert free_cells(state) is free
    act(state, "place", in_hand(state, WE, "Dog"), 1, 0)
    now = free_cells(state)
    assert now is not free
    assert now == frontier(state.grid)
    again = actions.with_cells("place", WE, ox, now)
    assert again is not places
    assert again[now.index(cell_at(-1, 0))] is places[free.index(cell_at(-1, 0))]


@pytest.mark.usefixtures("empty_memo")
def test_the_action_memo_starts_afresh_once_it_holds_more_than_its_limit() -> None:
    """Coordinates are unbounded, so the memo is bounded: its tables together may hold
    ``_LIMIT`` entries; a new action built beyond that empties all of them first."""
    actions.with_cells("place", WE, 1, [cell_at(0, 0)])  # a row of cells, and the last list
    actions.one("react", WE, 1)
    actions.two("battle", WE, 1, 2)
    filler = Action("to", -1, ())  # entries under a seat no player has: never asked for
    actions._TO.update(dict.fromkeys([(-1, x) for x in range(actions._LIMIT - 4)], filler))
    assert memo_size() == actions._LIMIT
    actions.one("react", WE, 2)  # at the limit: nothing is emptied
    assert memo_size() == actions._LIMIT + 1
    fresh = actions.one("react", WE, 3)  # beyond it: every table is emptied first
    assert list(actions._ONE.values()) == [fresh]
    assert memo_size() == 1


@pytest.mark.parametrize(("params", "why"), [
    ({"points": 0}, "points"),
    ({"points": 2, "target": {"kind": "dragon"}}, "kind"),
    ({"points": 2, "radius": 3}, "radius"),
])
def test_an_effect_with_bad_parameters_is_refused(params, why):
    tile = {"name": "Bad Egg", "type": "Action", "effect_key": "score_points",
            "effect_params": params}
    with pytest.raises(DataError) as refused:
        Catalog([tile])
    assert why in refused.value.reason


# -- a turn --------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 81, 83, 89)
def test_a_turn_is_two_actions_and_then_the_game_proceeds_clockwise():
    """'On their turn, each Player has two (2) actions' ... 'After every turn the game
    proceeds clockwise.'"""
    state = board(3, hands={WE: ["Rat", "Ox"]})
    act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    assert state.to_act == WE
    assert state.actions_left == 1
    act(state, "place", in_hand(state, WE, "Ox"), 1, 0)
    assert state.active == THEY
    assert state.actions_left == 2


@pytest.mark.rule("chizo-rising.txt", 85, 87)
def test_an_action_may_be_chosen_twice():
    """'Every action is optional and can be skipped, or may even be chosen twice.'"""
    state = board()
    act(state, "draw")
    act(state, "draw")
    assert len(state.hands[WE]) == 4
    assert state.active == THEY


@pytest.mark.rule("chizo-rising.txt", 87)
def test_at_least_one_action_must_be_taken_before_ending_the_turn():
    """'A player may not pass on their turn by not performing any action.'"""
    state = board(hands={WE: ["Rat"]})
    assert "end_turn" not in kinds(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "end_turn")
    assert refused.value.code == "no_action_yet"
    act(state, "draw")
    assert "end_turn" in kinds(state)
    act(state, "end_turn")
    assert state.active == THEY


@pytest.mark.rule("chizo-rising.txt", 70, 85)
def test_draw_two_takes_what_the_stack_holds_and_is_not_offered_when_it_is_empty():
    state = board(hands={WE: ["Rat"]}, stacks={WE: ["Ox"], THEY: SPARE})
    act(state, "draw")
    assert len(state.hands[WE]) == 2
    assert "draw" not in kinds(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "draw")
    assert refused.value.code == "empty_stack"


@pytest.mark.rule("chizo-rising.txt", 87)
def test_a_player_who_can_take_no_action_is_skipped():
    state = board(3, hands={WE: ["Rat"]}, stacks={WE: SPARE, THEY: [], THIRD: SPARE})
    act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    events = act(state, "end_turn")
    assert "turn_skipped" in event_kinds(events)
    assert state.active == THIRD


@pytest.mark.rule("chizo-rising.txt", 85, 87)
@pytest.mark.parametrize(("stack", "hand", "grid", "acts"), [
    (["Ox"], [], {}, True),  # a draw
    ([], ["Bountiful Harvest"], {}, True),  # an Action
    ([], ["Rat"], {}, True),  # a creature to place
    ([], ["Indifferent Rat"], {(0, 0): ("Rat", WE)}, True),  # our basic Rat to replace
    ([], ["Indifferent Rat"], {(0, 0): ("Rat", THEY)}, False),  # none of ours
    ([], ["Spurs"], {(0, 0): ("Rat", WE)}, True),  # a host we control
    ([], ["Spurs"], {(0, 0): ("Rat", THEY)}, False),  # Spurs goes on ours only
    ([], ["Toasted"], {(0, 0): ("Rat", WE), (1, 0): ("Ox", THEY)}, True),  # a Battle
    ([], ["Toasted"], {(0, 0): ("Rat", WE), (2, 0): ("Ox", THEY)}, False),  # a Reaction
])  # fmt: skip
def test_a_turn_is_skipped_exactly_when_no_action_is_possible(
    stack: list[str], hand: list[str], grid: dict[Cell, tuple[str, int]], acts: bool
) -> None:
    """'At least one action has to be performed': a player who can draw, play a tile
    from the hand or announce a Battle takes the turn; one who can do none of these is
    skipped, and the game goes on with the next player (docs/chizo.md)."""
    state = table(grid=grid, hands={WE: hand}, stacks={WE: stack, THEY: SPARE}, active=THEY)
    act(state, "draw")
    events = act(state, "draw")
    skipped = [e.data for e in events if e.kind == "turn_skipped"]
    assert skipped == ([] if acts else [{"player": WE}])
    assert state.to_act == state.active == (WE if acts else THEY)


@pytest.mark.rule("chizo-rising.txt", 37)
def test_when_nobody_can_act_the_game_ends_unfinished_without_a_winner():
    """'A player wins the game by scoring 12 points.' (line 37) The rulebook knows no
    other win: a game where nobody can act any more ends below 12 points with no winner,
    even when one player has more points than the others."""
    state = board(2, hands={WE: ["Rat"]}, stacks={WE: [], THEY: []},
                  piles={THEY: [("Ox", THEY)]})
    events = act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    assert state.over
    assert state.end == "exhausted"
    # Both are skipped in a row, and then the game ends at once.
    skipped = [e.data for e in events if e.kind == "turn_skipped"]
    assert skipped == [{"player": THEY}, {"player": WE}]
    assert events[-1] == Event("game_over", {"reason": "exhausted", "points": [0, 1]})
    assert state.turn == 3
    outcome = GAME.outcome(state)
    assert outcome.status == "unfinished"
    assert outcome.winners == ()
    assert outcome.scores == (0, 1)


def test_a_game_stopped_by_its_turn_cap_is_unfinished_without_winners():
    state = GAME.new_game({"players": 2, "max_turns": 3}, 1)
    events: list[Event] = []
    while GAME.legal_actions(state):
        events = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.turn == 3
    assert events[-1].kind == "game_over"
    assert events[-1].data["reason"] == "turn_cap"
    outcome = GAME.outcome(state)
    assert outcome.status == "unfinished"
    assert outcome.winners == ()


# -- playing tiles -------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 33, 83, 93, 97, 207)
def test_the_first_tile_goes_anywhere_and_the_next_ones_next_to_a_tile():
    """'All Tiles played in the Game Area must be placed in a NEIGHBORING position with
    another Tile, with the exception of the first Tile played.' 'A neighboring space
    must be horizontal or vertical, never diagonal!'"""
    state = board(hands={WE: ["Rat", "Ox"]})
    assert {a.args[1:] for a in legal(state) if a.kind == "place"} == {(0, 0)}
    act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    assert {a.args[1:] for a in legal(state) if a.kind == "place"} == {
        (1, 0), (-1, 0), (0, 1), (0, -1)}
    with pytest.raises(IllegalAction) as refused:
        act(state, "place", in_hand(state, WE, "Ox"), 1, 1)
    assert refused.value.code == "bad_space"


def test_copies_in_hand_are_interchangeable_and_the_lowest_is_listed():
    state = board(hands={WE: ["Rat", "Rat", "Ox"]})
    rats = sorted(u for u in state.hands[WE] if state.name(u) == "Rat")
    places = [a for a in legal(state) if a.kind == "place"]
    assert {a.args[0] for a in places} == {rats[0], in_hand(state, WE, "Ox")}
    with pytest.raises(IllegalAction) as refused:
        act(state, "place", rats[1], 0, 0)
    assert refused.value.code == "use_lowest_copy"


@pytest.mark.rule("chizo-rising.txt", 81, 83, 84, 85)
def test_counts_of_legal_actions_in_fixed_positions():
    # One tile in play; a hand of a Rat, an Ox and a Push; the stack is not empty.
    state = board(grid={(0, 0): ("Dog", WE)}, hands={WE: ["Rat", "Ox", "Push"]})
    assert len(legal(state)) == 1 + 2 * 4 + 1  # draw, 2 creatures x 4 spaces, Push
    # A 2x2 block of four tiles has 8 free neighbouring spaces.
    state = board(grid={(0, 0): ("Dog", WE), (1, 0): ("Rat", THEY), (0, 1): ("Tiger", WE),
                        (1, 1): ("Pig", THEY)}, hands={WE: ["Rat", "Ox", "Village"]})
    counts = {k: sum(1 for a in legal(state) if a.kind == k) for k in kinds(state)}
    assert counts == {"draw": 1, "place": 24, "battle": 2}  # Dog on Rat, Tiger on Pig
    # After one action "end_turn" joins; the two Oxen drawn are copies of the Ox in
    # hand, so the placements stay 24.
    act(state, "draw")
    assert names(state, state.hands[WE])[-2:] == ["Ox", "Ox"]
    counts = {k: sum(1 for a in legal(state) if a.kind == k) for k in kinds(state)}
    assert counts == {"draw": 1, "end_turn": 1, "place": 24, "battle": 2}
    # A Modifier is attached to any creature; Spurs only to one we control.
    state = board(grid={(0, 0): ("Dog", WE), (1, 0): ("Rat", THEY)},
                  hands={WE: ["Wild Strength", "Spurs"]}, actions_left=2)
    attach = [a for a in legal(state) if a.kind == "attach"]
    assert len(attach) == 2 + 1  # Wild Strength on both, Spurs only on ours
    # A Battle announced: the attacker asks among the Defender's neighbours.
    state = board(3, grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (1, 0): ("Dog", WE),
                           (0, 1): ("Ox", THIRD), (0, -1): ("Tiger", THEY)},
                  hands={WE: ["Ox"]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    assert sorted(a.kind for a in legal(state)) == ["ask", "ask", "stop"]  # Dog, Ox


@pytest.mark.rule("chizo-rising.txt", 95, 125, 193)
def test_a_tile_faces_its_controller_and_never_changes_owner():
    """'The Controller of a Tile may change during a game!' ... 'Tiles never change
    ownership!'"""
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Ox", WE)}, hands={WE: ["Silver Tongue"]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Silver Tongue"))
    assert state.ctrl[rat] == WE
    assert state.owner[rat] == THEY
    assert GAME.view(state, THEY)["grid"][0]["controller"] == WE


# -- squares -------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 39, 109)
def test_one_tile_completing_two_squares_captures_six_tiles():
    """'By capturing Creatures, a player may score four, six, or even nine points in a
    single catch!'"""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (2, 0): ("Rat", WE),
                        (0, 1): ("Horse", WE), (2, 1): ("Horse", WE)},
                  hands={WE: ["Rooster"]})
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert state.points(WE) == 6
    assert not state.grid


@pytest.mark.rule("chizo-rising.txt", 39, 109)
def test_one_tile_completing_four_squares_captures_nine_tiles():
    quartet = {(0, 0): "Rat", (1, 0): "Rabbit", (2, 0): "Rat", (0, 1): "Horse",
               (2, 1): "Horse", (0, 2): "Rat", (1, 2): "Rabbit", (2, 2): "Rat"}
    state = board(grid={c: (n, WE) for c, n in quartet.items()}, hands={WE: ["Rooster"]})
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert state.points(WE) == 9


@pytest.mark.rule("chizo-rising.txt", 39, 109)
def test_a_tile_completes_a_square_beside_a_block_it_does_not_fit() -> None:
    """Our Rat closes two blocks of four: one holds an Ox, which is not compatible with
    the Rat, so it is no square; the other, a Rabbit, a Horse and a Rooster, is, and is
    captured."""
    state = board(grid={(1, 0): ("Ox", WE), (1, 1): ("Dog", WE), (-1, 0): ("Rabbit", WE),
                        (-1, 1): ("Horse", WE), (0, 1): ("Rooster", WE)},
                  hands={WE: ["Rat"]})  # fmt: skip
    act(state, "place", in_hand(state, WE, "Rat"), 0, 0)
    assert state.points(WE) == 4
    assert grid_names(state) == {(1, 0): "Ox", (1, 1): "Dog"}


@pytest.mark.rule("chizo-rising.txt", 39, 211)
def test_a_creature_a_captured_square_leaves_at_str_0_is_removed_at_once() -> None:
    """'If any Creature's STR ever reaches 0, immediately remove it from play. It is not
    considered captured.' Our Dragon completes a square with our Shepherd Ram, whose
    aura (+1) kept our Rat beside their Bamboo Thicket (-1) at STR 1: the square is
    captured, and the Rat, at STR 0, goes to our Discard Pile at once."""
    state = board(grid={(0, 0): ("Ox", WE), (1, 0): ("Shepherd Ram", WE), (0, 1): ("Dog", WE),
                        (2, 0): ("Rat", WE), (3, 0): ("Bamboo Thicket", THEY)},
                  hands={WE: ["Dragon"]})  # fmt: skip
    rat = at(state, 2, 0)
    events = act(state, "place", in_hand(state, WE, "Dragon"), 1, 1)
    assert event_kinds(events) == ["placed", "square", "captured", "removed"]
    assert events[-1] == Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"})
    assert rat not in state.pos
    assert state.discards[WE] == [rat]
    assert state.points(WE) == 4


@pytest.mark.rule("chizo-rising.txt", 189)
def test_the_controller_of_the_completing_tile_takes_the_square():
    """'If a player completes a square with a Tile that an opponent controls, the
    opponent gets the square.' -- we push the opponent's Rooster into the gap."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (3, 3): ("Rooster", THEY)}, hands={WE: ["Gust of Wind"]})
    rooster = at(state, 3, 3)
    act(state, "action", in_hand(state, WE, "Gust of Wind"))
    act(state, "choose", rooster)
    act(state, "to", 1, 1)
    assert state.points(THEY) == 4
    assert state.points(WE) == 0


@pytest.mark.rule("chizo-rising.txt", 189)
def test_a_square_formed_during_a_stack_is_taken_only_once_it_has_resolved():
    """'if a Compatible Square is formed during an ACTION STACK ..., the square is not
    removed until it is completely resolved.' Push (on top) forms the square, then
    Second Thoughts (below) takes one of its creatures back: nothing is captured."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (3, 3): ("Rooster", WE)},
                  hands={WE: ["Second Thoughts", "Push"]})
    rat, rooster = at(state, 0, 0), at(state, 3, 3)
    act(state, "action", in_hand(state, WE, "Second Thoughts"))
    act(state, "react", in_hand(state, WE, "Push"))
    act(state, "choose", rooster)
    events = act(state, "to", 1, 1)
    assert "square_formed" in event_kinds(events)
    act(state, "done")
    act(state, "choose", rat)  # Second Thoughts: back to hand
    assert state.points(WE) == 0
    assert rat in state.hands[WE]
    assert grid_names(state)[(1, 1)] == "Rooster"


@pytest.mark.rule("chizo-rising.txt", 189)
def test_a_square_formed_during_a_stack_that_still_stands_is_taken_after_it():
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (3, 3): ("Rooster", WE)}, hands={WE: ["Push"]})
    act(state, "action", in_hand(state, WE, "Push"))
    act(state, "choose", at(state, 3, 3))
    events = act(state, "to", 1, 1)
    events += act(state, "done")  # Push may move a second tile: no
    assert event_kinds(events).index("square_formed") < event_kinds(events).index("captured")
    assert state.points(WE) == 4


# -- stacks --------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 133, 135)
def test_every_other_player_is_asked_clockwise_after_every_tile_added():
    """'All players have to be asked if they want to add a Tile to the ACTION STACK after
    every new Tile that is added to it. If it gets back to the player who added the last
    Tile, that player can decide to finish the ACTION STACK by not adding another Tile!'"""
    state = board(3, active=THEY, hands={WE: ["Lucky Find"], THEY: ["Swift Feet", "Lucky Find"],
                                         THIRD: ["Lucky Find", "Fortune Cookie"]})
    asked = []
    act(state, "action", in_hand(state, THEY, "Swift Feet"))
    asked.append(state.to_act)
    act(state, "pass")  # THIRD
    asked.append(state.to_act)
    act(state, "react", in_hand(state, WE, "Lucky Find"))  # WE add: ask again from THEY
    asked.append(state.to_act)
    act(state, "pass")  # THEY
    asked.append(state.to_act)
    act(state, "pass")  # THIRD
    assert asked == [THIRD, WE, THEY, THIRD]
    # Back to WE, who added the last tile and holds nothing more: the stack closes.
    assert state.phase == TURN
    assert state.active == THEY


@pytest.mark.rule("chizo-rising.txt", 137, 143)
def test_effects_resolve_from_the_top_down():
    state = board(hands={WE: ["Bountiful Harvest", "Lucky Find"]},
                  stacks={WE: SPARE * 3, THEY: SPARE})
    act(state, "action", in_hand(state, WE, "Bountiful Harvest"))
    events = act(state, "react", in_hand(state, WE, "Lucky Find"))
    resolved = [e.data["name"] for e in events if e.kind == "resolving"]
    assert resolved == ["Lucky Find", "Bountiful Harvest"]


@pytest.mark.rule("chizo-rising.txt", 133)
def test_a_battle_only_reaction_is_not_offered_on_an_action_stack():
    state = board(active=THEY, hands={WE: ["Feather Flurry", "Iron Will"],
                                      THEY: ["Swift Feet"]})
    act(state, "action", in_hand(state, THEY, "Swift Feet"))
    assert state.active == THEY  # nobody could answer: it resolved at once
    assert state.actions_left == 3


# -- battles -------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 149, 151)
def test_a_battle_needs_a_tile_in_hand_to_lay_face_down():
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}, hands={WE: []})
    assert "battle" not in kinds(state)


@pytest.mark.rule("chizo-rising.txt", 161, 171)
def test_a_side_wins_only_with_both_values_higher_else_it_is_a_draw():
    """'A higher STR or INT value is not necessarily enough . . . If both creatures have
    equal STR and/or INT values, then the Battle is a draw.'"""
    # Grumpy Ox 6/1, with its Dog 8/5, against Rat 1/5 and Rabbit 2/4.
    for defender, ally, winner in [("Rat", False, None), ("Rat", True, None),
                                   ("Rabbit", True, WE)]:
        state = board(grid={(0, 0): ("Grumpy Ox", WE), (1, 0): (defender, THEY),
                            (1, 1): ("Dog", WE)}, hands={WE: ["Ox"]})
        act(state, "battle", at(state, 0, 0), at(state, 1, 0))
        act(state, "ask" if ally else "stop", *([at(state, 1, 1)] if ally else []))
        events = act(state, "face_down", in_hand(state, WE, "Ox"))
        result = next(e.data for e in events if e.kind == "battle_result")
        assert result["winner"] == winner, (defender, ally)


@pytest.mark.rule("chizo-rising.txt", 163, 165, 169, 173)
def test_the_defender_can_win_and_captures_the_attacker_and_its_allies():
    """'NOTE: The DEFENDER can also win the battle!' 'If a Battle is lost all ALLIES are
    captured by the winning side, too!'"""
    state = board(grid={(0, 0): ("Monkey", WE), (1, 0): ("Grumpy Ox", THEY),
                        (1, 1): ("Snake", WE), (2, 0): ("Happy Rabbit", THEY),
                        (1, -1): ("Helpful Rat", THEY)}, hands={WE: ["Ox"]})
    monkey, snake = at(state, 0, 0), at(state, 1, 1)
    act(state, "battle", monkey, at(state, 1, 0))
    act(state, "ask", snake)  # the attacker asks first ...
    assert state.to_act == THEY  # ... then the defending player
    act(state, "ask", at(state, 2, 0))
    act(state, "ask", at(state, 1, -1))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    result = next(e.data for e in events if e.kind == "battle_result")
    assert result["attacker"] == [4, 8]
    assert result["defender"] == [9, 11]
    assert result["winner"] == THEY
    assert sorted(state.piles[THEY]) == sorted([monkey, snake])


@pytest.mark.rule("chizo-rising.txt", 173)
def test_each_player_supports_only_one_side():
    """'All Neighbors are possible Allies but each Player may support only one side, the
    ATTACKER or the DEFENDER!'"""
    state = board(3, grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", THIRD),
                           (1, 0): ("Ox", THIRD), (0, -1): ("Pig", THEY)},
                  hands={WE: ["Ox"]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", at(state, 0, 1))
    assert state.phase == "answer"
    assert state.to_act == THIRD
    act(state, "accept")  # THIRD now supports the attacker
    assert state.to_act == WE
    act(state, "stop")
    # The Defender's side: its own Pig; THIRD's Ox may not be asked (THIRD took a side).
    assert [a.args[0] for a in legal(state) if a.kind == "ask"] == [at(state, 0, -1)]


@pytest.mark.rule("chizo-rising.txt", 169, 173)
def test_the_creature_numbered_0_is_asked_like_any_other() -> None:
    """Uids start at 0 with the first seat's tiles. They attack the third player's Rat
    and ask our Ox, uid 0, its neighbour: the game waits for our answer to that request
    as for any other."""
    state = table(
        3,
        grid={(0, 1): ("Ox", WE), (-1, 0): ("Horse", THEY), (0, 0): ("Rat", THIRD)},
        hands={THEY: ["Dog"]},
        stacks=dict.fromkeys(range(3), ["Pig"] * 4),
        active=THEY,
    )
    assert at(state, 0, 1) == 0
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", 0)
    assert (state.phase, state.to_act) == ("answer", WE)
    assert legal(state) == [Action("accept", WE), Action("refuse", WE)]
    assert act(state, "accept") == [Event("ally", {"tile": 0, "name": "Ox", "side": 0})]


@pytest.mark.rule("chizo-rising.txt", 135, 149, 169)
def test_the_log_names_the_battle_the_ally_asked_the_ally_that_joins_and_the_reaction() -> None:
    """Our Horse attacks their Rat; we ask the third player's Dog, who accepts; they react
    with Toasted. Each step's event names the tiles: the Attacker and the Defender, the
    creature asked and whose answer it is, the Ally and its side, the Reaction played."""
    state = board(3, grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", THIRD)},
                  hands={WE: ["Ox"], THEY: ["Toasted"]})
    horse, rat, dog = at(state, -1, 0), at(state, 0, 0), at(state, 0, 1)
    assert act(state, "battle", horse, rat) == [
        Event("battle", {"player": WE, "attacker": horse, "defender": rat,
                         "attacker_name": "Horse", "defender_name": "Rat"})]
    assert act(state, "ask", dog) == [
        Event("ally_asked", {"tile": dog, "name": "Dog", "player": THIRD})]
    assert act(state, "accept") == [Event("ally", {"tile": dog, "name": "Dog", "side": 0})]
    act(state, "face_down", in_hand(state, WE, "Ox"))
    toasted = in_hand(state, THEY, "Toasted")
    events = act(state, "react", toasted)
    assert events[0] == Event("reacted", {"player": THEY, "tile": toasted, "name": "Toasted"})


@pytest.mark.rule("chizo-rising.txt", 201)
def test_allies_that_are_no_longer_neighbours_drop_out():
    """'If the first Tile in a BATTLE ACTION STACK is reached, and an Ally asked for help
    isn't neighboring the DEFENDER anymore, the tile no longer counts ... It can not be
    captured and its values are not added to the result of the BATTLE.'"""
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
                  hands={WE: ["Ox"], THEY: ["Gust of Wind"]})
    dog = at(state, 0, 1)
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", dog)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "react", in_hand(state, THEY, "Gust of Wind"))
    act(state, "choose", dog)
    events = act(state, "to", 2, 2)
    result = next(e.data for e in events if e.kind == "battle_result")
    assert result["attacker"] == [3, 3]
    assert result["winner"] is None  # 3/3 against the Rat's 1/5


# -- the end -------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 37)
def test_twelve_points_win_at_once():
    """'A player wins the game by scoring 12 points.'"""
    state = board(piles={WE: [("Ox", WE)] * 8},
                  grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE)},
                  hands={WE: ["Rooster", "Rat"]})
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert state.over
    assert state.end == "points"
    assert GAME.outcome(state).winners == (WE,)
    assert GAME.legal_actions(state) == []


@pytest.mark.rule("chizo-rising.txt", 213)
def test_a_team_wins_together():
    state = board(4, teams=True, piles={1: [("Ox", 1)] * 4 + [("Ox", 3)] * 4},
                  active=3, grid={(0, 0): ("Rat", 1), (1, 0): ("Rabbit", 3), (0, 1): ("Horse", 1)},
                  hands={3: ["Rooster"]})
    act(state, "place", in_hand(state, 3, "Rooster"), 1, 1)
    assert GAME.outcome(state).winners == (1, 3)


# -- what is seen and what is refused ------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 151)
def test_a_view_hides_other_hands_and_their_face_down_tiles():
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
                  hands={WE: ["Golden Egg"], THEY: ["Toasted", "Push"]})
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    act(state, "face_down", in_hand(state, WE, "Golden Egg"))
    mine, theirs = GAME.view(state, WE), GAME.view(state, THEY)
    assert mine["action_stack"][0]["tile"]["name"] == "Golden Egg"
    assert "tile" not in theirs["action_stack"][0]
    assert theirs["action_stack"][0]["face_down"]
    assert [t["name"] for t in theirs["hand"]] == ["Toasted", "Push"]
    assert mine["hand"] == []
    assert mine["hand_sizes"] == [0, 2]
    assert "Toasted" not in str(mine)
    assert theirs["legal_actions"]
    assert mine["legal_actions"] == []


def test_events_do_not_name_drawn_tiles():
    state = board(hands={WE: ["Rat"]})
    events = act(state, "draw")
    assert [e.to_dict() for e in events if e.kind == "drew"] == [
        {"kind": "drew", "data": {"player": WE, "count": 2}}]


@pytest.mark.parametrize(("action", "code"), [
    (Action("draw", THEY), "not_your_turn"),
    (Action("pass", WE), "wrong_action"),
    (Action("place", WE, (999, 0, 0)), "not_in_hand"),
    (Action("place", WE, ("Rat", 0, 0)), "bad_action"),
    (Action("battle", WE, (0, 1)), "bad_battle"),
])
def test_an_illegal_action_is_refused_with_a_reason(action, code):
    state = board(hands={WE: ["Rat"]})
    with pytest.raises(IllegalAction) as refused:
        GAME.verify(state, action)
    assert refused.value.code == code
    assert refused.value.reason


def test_a_state_round_trips_through_json_in_the_middle_of_a_battle():
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY), (1, 1): ("Dog", WE)},
                  attached={(0, 0): ("Spurs", WE)}, hands={WE: ["Ox"], THEY: ["Push"]})
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    act(state, "ask", at(state, 1, 1))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "react", in_hand(state, THEY, "Push"))
    assert state.phase == "choice"
    again = GAME.state_from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)
    assert names(again, again.hands[WE]) == names(state, state.hands[WE])


def test_a_state_round_trips_through_json_with_a_protection_and_a_square_pending() -> None:
    """Mid-stack, their Ox protected by Paper Talisman and a square completed by
    Reinforcements' first put (taken when the stack has resolved): the saved state reads
    back with both, and the game goes on the same."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (-1, 0): ("Ox", THEY)},
                  hands={WE: ["Reinforcements", "Rooster", "Dog"], THEY: ["Paper Talisman"]})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    act(state, "react", in_hand(state, THEY, "Paper Talisman"))
    act(state, "put", in_hand(state, WE, "Rooster"), 1, 1)
    assert state.phase == "choice"
    assert [p[0] for p in state.protects] == [at(state, -1, 0)]
    assert [sorted(square) for _, square in state.formed] == [sorted(at(state, x, y) for x, y in
                                                             ((0, 0), (1, 0), (0, 1), (1, 1)))]
    again = GAME.state_from_dict(state.to_dict())
    assert again.protects == state.protects
    assert again.formed == state.formed
    assert again.to_dict() == state.to_dict()
    assert GAME.legal_actions(again) == GAME.legal_actions(state)


def test_a_state_built_bare_has_no_turn_yet_and_reads_back_from_its_json() -> None:
    """Before setup deals the tiles and starts the first turn, a state is blank: nobody
    to act (so no legal action), no turn nor actions counted, no turn cap, no stack
    resolving, the default ("shown") reading of effect points; its JSON reads back."""
    bare = ChizoState(Catalog(basic_tiles()), 2, False, False, (), (), Rng(1))
    saved = bare.to_dict()
    assert {key: saved[key] for key in (
        "turn", "active", "actions_left", "actions_taken", "max_turns", "phase", "to_act",
        "step", "over", "resolving",
    )} == {
        "turn": 0, "active": 0, "actions_left": 0, "actions_taken": 0, "max_turns": None,
        "phase": TURN, "to_act": None, "step": 0, "over": False, "resolving": False,
    }  # fmt: skip
    assert "effect_points" not in saved
    assert GAME.legal_actions(bare) == []
    assert GAME.state_from_dict(saved).to_dict() == saved


# -- rulebook lines stated one by one -----------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 49, 50, 51, 52, 53, 54, 58)
def test_tiles_with_str_and_int_go_into_the_playing_area_and_the_others_into_stacks():
    """'Tiles that have values for STR (Strength) and INT (Intelligence) can be played in
    the playing area. You need the others for the "Action Stack" during a match.' (58)"""
    hand = ["Rat", "Rice Granary", "Great Wall", "Push", "Bountiful Harvest", "Toasted",
            "Keen Mind"]
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: hand}, stacks={WE: SPARE * 2})
    placed = {state.name(a.args[0]) for a in legal(state) if a.kind == "place"}
    started = {state.name(a.args[0]) for a in legal(state) if a.kind == "action"}
    attached = {state.name(a.args[0]) for a in legal(state) if a.kind == "attach"}
    assert placed == {"Rat", "Rice Granary", "Great Wall"}  # Creature, Item, Obstacle
    assert started == {"Push", "Bountiful Harvest"}  # Action/Reaction, Action
    assert attached == {"Keen Mind"}
    assert "Toasted" not in placed | started | attached  # a Reaction waits for a stack


@pytest.mark.rule("chizo-rising.txt", 60)
def test_universal_tiles_are_played_by_any_player_whatever_their_creatures():
    """'All beige-colored Tiles and the red Obstacles are universal and can be used by
    every Creature Class and every Player.' A player with no creature at all plays an
    Obstacle and an Action."""
    state = board(active=THEY, grid={(0, 0): ("Tiger", WE)},
                  hands={THEY: ["Great Wall", "Fortune Cookie"]})
    act(state, "place", in_hand(state, THEY, "Great Wall"), 1, 0)
    act(state, "action", in_hand(state, THEY, "Fortune Cookie"))
    assert grid_names(state)[(1, 0)] == "Great Wall"
    assert names(state, state.discards[THEY]) == ["Fortune Cookie"]


@pytest.mark.rule("chizo-rising.txt", 113)
def test_creatures_that_are_not_compatible_may_be_placed_next_to_each_other():
    """'Creatures that are not compatible may also be placed next to each other to block
    opponents from completing a square'."""
    state = board(grid={(0, 0): ("Rat", THEY), (1, 0): ("Rabbit", THEY),
                        (0, 1): ("Horse", THEY)}, hands={WE: ["Ox"]})
    act(state, "place", in_hand(state, WE, "Ox"), 1, 1)  # the Rooster's space, blocked
    assert grid_names(state)[(1, 1)] == "Ox"
    assert state.points(WE) == state.points(THEY) == 0


@pytest.mark.rule("chizo-rising.txt", 187)
def test_a_tile_laid_is_a_tile_played_and_cannot_be_taken_back():
    """'Once a Tile has been placed in the playing area, the Tile is considered played. A
    player may not retract a Tile after releasing it.'"""
    state = board(hands={WE: ["Rat", "Ox"]})
    rat = in_hand(state, WE, "Rat")
    act(state, "place", rat, 0, 0)
    assert xy(state.pos[rat]) == (0, 0)
    assert rat not in state.hands[WE]
    assert state.actions_left == 1  # the action is spent
    assert {a.kind for a in legal(state)} <= {"place", "draw", "end_turn"}
    assert all(a.args[:1] != (rat,) for a in legal(state))


@pytest.mark.rule("chizo-rising.txt", 119, 181)
def test_an_item_is_attacked_like_a_creature_and_captured_for_one_point():
    """'They can be played like Creatures and therefore be attacked like Creatures as
    well.' (181) 'Every Creature defeated in a Battle is considered to be "captured"'
    (119): an Item defeated is captured the same way."""
    state = board(grid={(0, 0): ("Horse", WE), (1, 0): ("Rice Granary", THEY),
                        (1, 1): ("Rat", WE)}, hands={WE: ["Ox"]})
    granary = at(state, 1, 0)
    act(state, "battle", at(state, 0, 0), granary)
    act(state, "ask", at(state, 1, 1))
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert battle_result(events)["attacker"] == [4, 8]
    assert state.piles[WE] == [granary]
    assert state.points(WE) == 1


@pytest.mark.rule("chizo-rising.txt", 181)
def test_items_and_obstacles_neither_attack_nor_ally():
    """'Items and Obstacles can neither be chosen to be the ATTACKER in a BATTLE nor be
    used as an Ally.'"""
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE),
                        (0, 1): ("Watchtower", WE), (1, 0): ("Boulder", WE)},
                  hands={WE: ["Ox"]})
    pairs = {a.args for a in legal(state) if a.kind == "battle"}
    assert pairs == {(at(state, -1, 0), at(state, 0, 0))}  # not the Watchtower or Boulder
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    assert state.phase == "face_down"  # nobody to ask: no Ally among Items and Obstacles


@pytest.mark.rule("chizo-rising.txt", 163, 199)
def test_a_battle_whose_attacker_and_defender_are_no_longer_neighbours_is_a_draw():
    """'If the BATTLE ACTION STACK has been worked down to the first Tile played face
    down, and the ATTACKER and the DEFENDER are no longer neighbors, the Battle is a draw
    . . . no Creatures are captured.' (199)"""
    state = board(grid={(0, 0): ("Rat", THEY), (-1, 0): ("Grumpy Ox", WE),
                        (0, 1): ("Dog", WE)}, hands={WE: ["Ox"], THEY: ["Gust of Wind"]})
    rat = at(state, 0, 0)
    act(state, "battle", at(state, -1, 0), rat)
    act(state, "ask", at(state, 0, 1))  # 8/5 against 1/5: a win, if fought
    act(state, "face_down", in_hand(state, WE, "Ox"))
    act(state, "react", in_hand(state, THEY, "Gust of Wind"))
    act(state, "choose", rat)
    events = act(state, "to", 2, -2)
    result = battle_result(events)
    assert result["winner"] is None
    assert result["why"] == "no longer neighbours"
    assert state.piles[WE] == []
    assert xy(state.pos[rat]) == (2, -2)


@pytest.mark.rule("chizo-rising.txt", 209)
def test_a_player_replaces_only_a_tile_in_their_control():
    """'Some Tiles' Action Descriptions replace another Tile to be put into play. Players
    may only replace Tiles in their control.' Happy Rabbit replaces our Rabbit, whoever
    owns it, never theirs."""
    state = board(grid={(0, 0): ("Rabbit", THEY), (1, 0): ("Rabbit", THEY, WE)},
                  hands={WE: ["Happy Rabbit"]})
    happy = in_hand(state, WE, "Happy Rabbit")
    assert {a.args[1:] for a in legal(state) if a.kind == "place" and a.args[0] == happy} == {
        (1, 0)}
    with pytest.raises(IllegalAction):
        act(state, "place", happy, 0, 0)
    replaced = at(state, 1, 0)
    act(state, "place", happy, 1, 0)
    assert state.grid[cell_at(1, 0)] == happy
    assert state.discards[THEY] == [replaced]  # removed from play, to its owner


@pytest.mark.rule("chizo-rising.txt", 209)
def test_a_replacing_creature_put_into_play_goes_only_onto_a_basic_creature_of_ours() -> None:
    """A tile put into play by an effect replaces as it would when placed: Reinforcements
    may put Indifferent Rat only onto our basic Rat, not onto their Rat nor anywhere free
    (the Rat is the first class of the zodiac)."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rat", THEY), (0, 1): ("Ox", WE)},
                  hands={WE: ["Reinforcements", "Indifferent Rat"]})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    indifferent = in_hand(state, WE, "Indifferent Rat")
    assert [a.args for a in legal(state) if a.kind == "put"] == [(indifferent, 0, 0)]


def test_reinforcements_puts_two_creatures_at_most() -> None:
    """'Up to two': with three creatures in hand, the second put ends the effect and the
    third creature stays in hand."""
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: ["Reinforcements", "Rat", "Dog", "Pig"]})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    act(state, "put", in_hand(state, WE, "Rat"), 1, 0)
    assert state.phase == "choice"
    act(state, "put", in_hand(state, WE, "Dog"), -1, 0)
    assert state.phase == "turn"
    assert state.frames == []
    assert names(state, state.hands[WE]) == ["Pig"]


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_creature_whose_str_reaches_zero_is_removed_not_captured():
    """'If any Creature's STR ever reaches 0, immediately remove it from play. It is not
    considered captured.' Bamboo Thicket (-1 STR to its neighbours) beside a Rat (STR 1)."""
    state = board(grid={(0, 0): ("Rat", THEY)}, hands={WE: ["Bamboo Thicket"]})
    rat = at(state, 0, 0)
    act(state, "place", in_hand(state, WE, "Bamboo Thicket"), 1, 0)
    assert rat not in state.pos
    assert state.discards[THEY] == [rat]
    assert state.points(WE) == state.points(THEY) == 0


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_thicket_placed_among_four_rats_removes_all_four() -> None:
    """Bamboo Thicket (-1 STR to its neighbours) placed in the middle of four Rats (STR 1)
    east, west, north and south: each Rat's STR is 0 and each is removed."""
    sides = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    state = board(grid=dict.fromkeys(sides, ("Rat", THEY)), hands={WE: ["Bamboo Thicket"]})
    rats = [at(state, x, y) for x, y in sides]
    events = act(state, "place", in_hand(state, WE, "Bamboo Thicket"), 0, 0)
    assert sorted(e.data["tile"] for e in events if e.kind == "removed") == sorted(rats)
    assert sorted(state.discards[THEY]) == sorted(rats)
    assert grid_names(state) == {(0, 0): "Bamboo Thicket"}


@pytest.mark.rule("chizo-rising.txt", 191, 197, 211)
def test_a_second_modifier_removes_the_first_and_a_curse_at_str_0_leaves_with_its_host() -> None:
    """'Only one Tile can be attached to another Tile. Each attached Tile is removed from
    play if another Tile ... is going to be attached to the same Tile!' (197) Withering
    Curse (-2 STR) on their Rabbit (2/4) wearing Wild Strength (+2): Wild Strength goes to
    their Discard Pile, the Rabbit's STR is 0 so it is removed (211), and our Curse with
    it. The log says each step, naming the tiles."""
    state = board(grid={(0, 0): ("Rabbit", THEY), (1, 0): ("Ox", WE)},
                  attached={(0, 0): ("Wild Strength", THEY)}, hands={WE: ["Withering Curse"]})
    rabbit = at(state, 0, 0)
    strength, curse = state.att[rabbit], in_hand(state, WE, "Withering Curse")
    events = act(state, "attach", curse, rabbit)
    assert events == [
        Event("removed", {"tile": strength, "name": "Wild Strength", "why": "replaced attachment"}),
        Event("attached", {"player": WE, "tile": curse, "name": "Withering Curse",
                           "host": rabbit}),
        Event("removed", {"tile": curse, "name": "Withering Curse", "why": "its host left play"}),
        Event("removed", {"tile": rabbit, "name": "Rabbit", "why": "STR 0"}),
    ]
    assert state.discards == [[curse], [strength, rabbit]]
    assert state.att == {}


@pytest.mark.rule("chizo-rising.txt", 125, 193)
def test_a_creature_we_control_captured_in_our_square_keeps_its_owner():
    """'If you control an opponent's Creature and complete a Compatible Square with it,
    turn it back in the correct direction before putting it into your Point Pile so it
    can be returned to its proper owner!' (193) 'Tiles never change ownership!' (125)"""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE),
                        (0, 1): ("Horse", THEY, WE)}, hands={WE: ["Rooster"]})
    horse = at(state, 0, 1)
    act(state, "place", in_hand(state, WE, "Rooster"), 1, 1)
    assert horse in state.piles[WE]
    assert state.owner[horse] == THEY
    assert state.ctrl[horse] == THEY  # turned back to face its owner
    shown = {t["uid"]: t["owner"] for t in GAME.view(state, WE)["point_piles"][WE]}
    assert shown[horse] == THEY


@pytest.mark.rule("chizo-rising.txt", 133)
def test_stack_tiles_are_played_face_up_for_every_player_to_see():
    """'The Tiles are played face up to give each player the chance of thinking about
    their next possible Reaction.'"""
    state = board(hands={WE: ["Bountiful Harvest"], THEY: ["Lucky Find"]},
                  stacks={WE: SPARE * 2, THEY: SPARE})
    act(state, "action", in_hand(state, WE, "Bountiful Harvest"))
    assert state.to_act == THEY
    theirs = GAME.view(state, THEY)
    assert [e["tile"]["name"] for e in theirs["action_stack"]] == ["Bountiful Harvest"]


@pytest.mark.rule("chizo-rising.txt", 137, 141, 143)
def test_a_stack_of_three_tiles_resolves_from_the_top_down_like_one_of_two():
    """'This was a simple Example. But it is the same thing with ACTION STACKS including
    more than two Tiles.' (141) Each resolved tile goes to the Discard Pile of the player
    who played it (137)."""
    state = board(hands={WE: ["Bountiful Harvest", "Fortune Cookie"], THEY: ["Lucky Find"]},
                  stacks={WE: SPARE * 2, THEY: SPARE})
    act(state, "action", in_hand(state, WE, "Bountiful Harvest"))
    act(state, "react", in_hand(state, THEY, "Lucky Find"))
    events = act(state, "react", in_hand(state, WE, "Fortune Cookie"))
    while state.phase == "react":
        events += act(state, "pass")
    resolved = [e.data["name"] for e in events if e.kind == "resolving"]
    assert resolved == ["Fortune Cookie", "Lucky Find", "Bountiful Harvest"]
    assert names(state, state.discards[WE]) == ["Fortune Cookie", "Bountiful Harvest"]
    assert names(state, state.discards[THEY]) == ["Lucky Find"]


@pytest.mark.rule("chizo-rising.txt", "215.4")
def test_an_ally_on_one_turn_may_attack_on_the_next():
    """'Being a player's Ally on one turn and then attacking them on the next is
    considered fair play.' The third player helps us, then attacks us on their turn."""
    state = board(3, grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE),
                           (0, 1): ("Dog", THIRD), (-1, 1): ("Tiger", THIRD)},
                  hands={WE: ["Ox"], THIRD: ["Ox"]})
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", at(state, 0, 1))
    act(state, "accept")  # THIRD's Dog allies our Horse: 5/7 against 1/5
    act(state, "face_down", in_hand(state, WE, "Ox"))
    assert state.points(WE) == 1
    act(state, "end_turn")
    act(state, "draw")  # THEY
    act(state, "end_turn")
    assert state.active == THIRD
    assert (at(state, -1, 1), at(state, -1, 0)) in {
        a.args for a in legal(state) if a.kind == "battle"}


@pytest.mark.rule("chizo-rising.txt", 32, 49)
def test_the_basic_creatures_of_a_game_without_tiles_are_basic_with_the_stand_in_values():
    """'Creature: a Creature Tile (has STR and INT values ...)' (49); the twelve are the
    Basic Creature Tiles of line 32."""
    rat = next(t for t in basic_tiles() if t.name == "Rat")
    ox = next(t for t in basic_tiles() if t.name == "Ox")
    assert (rat.basic, rat.strength, rat.intelligence, rat.type) == (True, 1, 5, "Creature")
    assert (ox.strength, ox.intelligence) == (5, 1)
    assert rat.effect_key == ox.effect_key
    assert Catalog(basic_tiles()).unmodelled() == []


@pytest.mark.parametrize(("params", "why"), [
    ({"str": 0, "int": 2, "duration": "forever", "target": {"kind": "creature"}},
     "expected one of stack, turn"),
])
def test_an_effect_parameter_outside_its_choices_is_refused(params, why):
    tile = {"name": "Odd Drums", "type": "Action", "effect_key": "modify_stats",
            "effect_params": params}
    with pytest.raises(DataError) as refused:
        Catalog([tile])
    assert refused.value.code == "bad_tile"
    assert why in refused.value.reason
    good = {**params, "duration": "turn"}
    Catalog([{**tile, "effect_params": good}])


def test_a_target_filter_is_described_in_words():
    from play.engine.games.chizo.filters import parse_filter

    cases = {
        "Rooster creature": {"kind": "creature", "class": "Rooster"},
        "Rat creature": {"kind": "creature", "class": "Rat"},  # the first class, index 0
        "basic creature an opponent controls next to your creature": {
            "kind": "creature", "controller": "opponent", "basic": True,
            "adjacent_to": "your_creature"},
        "creature you control (involved in the Battle)": {
            "kind": "creature", "controller": "you", "battle_role": "involved"},
    }
    for words, spec in cases.items():
        assert parse_filter(spec, "target").describe() == words


@pytest.mark.rule("chizo-rising.txt", 209)
def test_a_replaced_creature_is_logged_as_removed_then_the_new_one_as_placed_over_it() -> None:
    """Happy Rabbit replaces our Rabbit: the log says the Rabbit was removed because it was
    replaced, then that Happy Rabbit was placed in its space, naming the replaced tile."""
    state = board(grid={(0, 0): ("Rabbit", WE)}, hands={WE: ["Happy Rabbit"]})
    rabbit, happy = at(state, 0, 0), in_hand(state, WE, "Happy Rabbit")
    events = act(state, "place", happy, 0, 0)
    assert events[:2] == [
        Event("removed", {"tile": rabbit, "name": "Rabbit", "why": "replaced"}),
        Event("placed", {"player": WE, "tile": happy, "name": "Happy Rabbit",
                         "x": 0, "y": 0, "replaced": rabbit}),
    ]  # fmt: skip


@pytest.mark.rule("chizo-rising.txt", 189)
def test_a_square_formed_during_a_stack_is_logged_with_its_tiles_when_formed_and_taken() -> None:
    """Push moves our Rooster into the corner of a square: the log names the Rooster and
    the square's four tiles when it is formed, and again when it is taken after the
    stack."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (3, 3): ("Rooster", WE)}, hands={WE: ["Push"]})  # fmt: skip
    rooster = at(state, 3, 3)
    four = [at(state, 0, 0), at(state, 1, 0), at(state, 0, 1), rooster]
    act(state, "action", in_hand(state, WE, "Push"))
    act(state, "choose", rooster)
    events = act(state, "to", 1, 1)
    events += act(state, "done")
    formed = [e for e in events if e.kind == "square_formed"]
    assert formed == [Event("square_formed", {"tile": rooster, "squares": [four]})]
    taken = [e for e in events if e.kind == "square"]
    assert taken == [
        Event("square", {"player": WE, "tile": rooster, "squares": 1, "tiles": sorted(four)})
    ]


@pytest.mark.parametrize("corner", [(1, 0), (0, 1)])
def test_a_square_needs_every_pair_of_its_four_creatures_compatible(corner) -> None:
    """Our Rat completes a square of two Rabbits and a Horse: the Rat is compatible with
    all three and the Horse with both Rabbits, but the two Rabbits are not compatible
    with each other (wherever the second Rabbit stands), so nothing is captured."""
    other = (0, 1) if corner == (1, 0) else (1, 0)
    state = board(grid={(0, 0): ("Rabbit", WE), corner: ("Rabbit", WE), other: ("Horse", WE)},
                  hands={WE: ["Rat"]})  # fmt: skip
    events = act(state, "place", in_hand(state, WE, "Rat"), 1, 1)
    assert "square" not in event_kinds(events)
    assert len(state.grid) == 4
    assert state.points(WE) == 0
