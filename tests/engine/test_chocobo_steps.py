"""Chocobo Party Up!: what a movement step leaves behind and what it may start.

Which spaces stay closed to the other players after a step (line 97: "they may not enter
spaces where other players' big chocobos are, or where two chocobos of the same player
already are"), that one chocobo never kicks (line 129: "When you move 2 of your chocobos
or your big chocobo onto a space..."), a kick that can move nobody (no kick: movement
goes on, and the state saves), when the pair or the big chocobo may enter a space it
overfills with chocobos (line 133 and the reading in docs/chocobo.md, "Movement, the
limit of 4, kicks"), and that the simulations' fast path ends movement as the full rules
do when no step is left possible ("Decisions nobody has are skipped").

Rulebook: shared/rules/chocobo-party-up.txt; readings and the stand-in boards:
docs/chocobo.md. With 3 players seat 0's territory is E, seat 1's S, seat 2's W; with 4
players N, E, S, W. b00 is a corner: only b01 and b10 are next to it.
"""

from __future__ import annotations

import json

import pytest

from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.scenario import act, position, refusal, where
from play.engine.games.chocobo.state import FRIEND, KICK, MOVE, ChocoboState


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


def next_players_movement(state):
    """End seat 0's movement and go on to seat 1's movement phase (no call is possible:
    the positions below have no trail token and no chocobo of seat 0 on a Spring)."""
    GAME.apply(state, act(state, "end_move"))
    assert (state.active, state.to_act) == (1, 1)
    if state.phase == FRIEND:  # the die showed the chocobo face and drew a card
        GAME.apply(state, act(state, "no_card"))
    assert state.phase == MOVE


# -- which spaces stay closed after a step -------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 97, 105)
def test_a_space_stays_closed_while_the_big_chocobo_stays_when_one_chocobo_leaves_it():
    """Seat 0's big chocobo and both chocobos are on b20; one chocobo leaves for b10. The
    big one is still on b20, so seat 1's chocobo next to it may not go there, though b20
    now holds 3 (it would have room for a fourth)."""
    state = position(
        3, {0: ["b20", "b20"], 1: ["b30", "TS0"], 2: ["TW2", "TW2"]}, big={0: "b20"}, tokens=[]
    )
    GAME.apply(state, act(state, "move", "one", "b20", "b10", 0))
    assert where(state, 0) == ["b10", "b20"]
    next_players_movement(state)
    assert ("one", "b30", "b20", 0) not in args_of(state, "move")
    assert refusal(state, "move", "one", "b30", "b20", 0)[0] == "big_chocobo_there"


@pytest.mark.rule("chocobo-party-up.txt", 97, 107)
def test_a_space_stays_closed_while_the_pair_stays_when_the_big_chocobo_leaves_it():
    """Seat 0's big chocobo leaves b20, where both its chocobos stay: seat 1's chocobo
    next to it may still not go there (2 chocobos of one player), though b20 now holds
    2."""
    state = position(
        3, {0: ["b20", "b20"], 1: ["b30", "TS0"], 2: ["TW2", "TW2"]}, big={0: "b20"}, tokens=[]
    )
    GAME.apply(state, act(state, "move", "big", "b20", "b10", 0))
    assert state.bigs[0] == state.layout.index["b10"]
    next_players_movement(state)
    assert ("one", "b30", "b20", 0) not in args_of(state, "move")
    assert refusal(state, "move", "one", "b30", "b20", 0)[0] == "two_chocobos_there"


# -- one chocobo never kicks ---------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 129)
def test_one_chocobo_entering_a_space_with_other_players_chocobos_does_not_kick():
    """Only the pair or the big chocobo kicks: one chocobo that steps onto b22, where
    seats 1 and 2 each have a chocobo, kicks nobody, and movement goes on; nor when it
    joins its other chocobo there."""
    state = position(
        3,
        {0: ["b21", "b23"], 1: ["b22", "TS0"], 2: ["b22", "TW1"]},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "one", "b21", "b22", 0))
    assert (state.phase, state.steps, state.kicked) == (MOVE, 2, 0)
    assert not args_of(state, "kick")
    assert ("one", "b23", "b22", 0) in args_of(state, "move")
    GAME.apply(state, act(state, "move", "one", "b23", "b22", 0))
    assert (state.phase, state.steps) == (MOVE, 1)
    assert not args_of(state, "kick")
    assert where(state, 1) == ["TS0", "b22"]
    assert where(state, 2) == ["TW1", "b22"]


# -- a kick that can move nobody -----------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 129, 135)
def test_a_big_chocobo_that_can_kick_nobody_anywhere_goes_on_moving_and_the_game_saves():
    """Seat 0's big chocobo steps from b01 onto b00, where seat 1 has a chocobo. That
    chocobo may go nowhere (b01 keeps seat 0's pair, b10 seat 2's big chocobo): nothing
    can be kicked, so there is no kick and movement goes on; the state saves and loads
    with no kick space."""
    state = position(
        3,
        {0: ["b01", "b01"], 1: ["b00", "TS0"], 2: ["TW1", "TW1"]},
        big={0: "b01", 2: "b10"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "big", "b01", "b00", 0))
    assert (state.phase, state.to_act, state.steps) == (MOVE, 0, 2)
    assert not args_of(state, "kick")
    data = json.loads(json.dumps(state.to_dict()))
    assert data["kick_space"] is None
    twin = ChocoboState.from_dict(data)
    assert twin.to_dict() == state.to_dict()
    assert GAME.legal_actions(twin) == GAME.legal_actions(state)


# -- entering a space the kick has to bring down to 4 --------------------------------

# 4 players: seats 1-3 each have a chocobo on b00 (3 chocobos); b10 holds seat 1's big
# chocobo and a chocobo of seats 2 and 3 (4: full, closed to any chocobo).
CROWDED = {
    0: ["b01", "b01"],
    1: ["b00", "TE0"],
    2: ["b00", "b10"],
    3: ["b00", "b10"],
}


@pytest.mark.rule("chocobo-party-up.txt", 129, 133)
def test_the_pair_may_kick_a_chocobo_onto_the_space_it_has_just_left():
    """The pair steps from b01 onto b00 (2 + 3 = 5): the kick must move one chocobo off,
    and the only space next to b00 with room is b01, which the pair has just left."""
    state = position(4, CROWDED, big={1: "b10"}, face="footprints3", tokens=[])
    assert ("pair", "b01", "b00", 0) in args_of(state, "move")
    GAME.apply(state, act(state, "move", "pair", "b01", "b00", 0))
    assert state.phase == KICK
    # The kick must go on: no end_kick yet; every chocobo may go to b01.
    assert [(a.kind, a.args) for a in GAME.legal_actions(state)] == [
        ("kick", (1, "b01")),
        ("kick", (2, "b01")),
        ("kick", (3, "b01")),
    ]
    GAME.apply(state, act(state, "kick", 3, "b01"))
    assert where(state, 3) == ["b01", "b10"]
    # b00 holds 4 now: the kick may end; a chocobo was kicked, so movement ends, and
    # b00 is no call space: the turn passes.
    assert args_of(state, "end_kick") == [()]
    GAME.apply(state, act(state, "end_kick"))
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 121, 129, 133)
def test_the_big_chocobo_may_not_enter_a_space_its_kick_could_not_bring_down_to_4():
    """Seat 0's big chocobo (counting 2) would bring b00 to 5, but no chocobo there could
    be kicked anywhere: b01 keeps seat 0's pair and b10 is full. The step is refused; the
    big chocobo may go elsewhere."""
    state = position(4, CROWDED, big={0: "b01", 1: "b10"}, tokens=[])
    moves = args_of(state, "move")
    assert ("big", "b01", "b00", 0) not in moves
    assert ("big", "b01", "b11", 0) in moves
    code, reason = refusal(state, "move", "big", "b01", "b00", 0)
    assert code == "space_full"
    assert "kick" in reason


# -- the fast path ends movement as the rules do -------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 97, 105, 111)
def test_a_step_that_leaves_no_step_possible_ends_movement_on_the_fast_path_too():
    """Seat 0's big chocobo has moved onto b10 (seats 2 and 3 each have a chocobo there:
    4), then its chocobo steps from b01 to b00 with a step left. No step is possible any
    more: b00's neighbours are full (b10) or hold seat 1's big chocobo (b01), the other
    chocobo on TN0 is walled in by seat 1's and seat 2's big chocobos, and the big one has
    moved. Movement ends, b00 is no call space, and the turn passes, whether the step is
    applied with events or on the simulations' fast path."""
    state = position(
        4,
        {0: ["b01", "TN0"], 1: ["TE0", "TE1"], 2: ["b10", "TS0"], 3: ["b10", "TW0"]},
        big={0: "b20", 1: "b01", 2: "TN1"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "big", "b20", "b10", 0))
    assert state.phase == KICK
    GAME.apply(state, act(state, "end_kick"))  # nobody kicked: movement goes on
    assert (state.phase, state.steps) == (MOVE, 2)
    step = act(state, "move", "one", "b01", "b00", 0)
    slow, fast = state.clone(), state.clone()
    GAME.apply(slow, step)
    GAME.advance(fast, step)
    assert where(fast, 0) == ["TN0", "b00"]
    assert (fast.active, fast.turn) == (1, state.turn + 1)
    assert fast.to_dict() == slow.to_dict()
