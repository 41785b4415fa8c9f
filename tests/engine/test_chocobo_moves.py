"""Chocobo Party Up!, phase 3: which movement steps are offered and when movement is
skipped because the player has none (rulebook: shared/rules/chocobo-party-up.txt, lines
87-133; readings: docs/chocobo.md, "Movement, the limit of 4, kicks" and "Decisions
nobody has are skipped").

A player whose chocobos are walled in (every space next to them full, or closed by
another player's big chocobo or pair) is not asked to move: the turn goes on to the
call. Their big chocobo still moves when it can, unless it moved or was called this
turn. Positions are laid out with ``scenario.position``; with 3 players seat 0's
territory is E (TE0-TE2), seat 1's S, seat 2's W; with 4 players N, E, S, W.
"""

from __future__ import annotations

import pytest

from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.scenario import act, position, where
from play.engine.games.chocobo.state import CALL, KICK, MOVE


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


def legal(state):
    return [(a.kind, *a.args) for a in GAME.legal_actions(state)]


# -- when movement is skipped ------------------------------------------------------------

# 3 players: seat 0's pair on the corner b00 (next to b10 and b01), both of which hold
# another player's big chocobo: the pair and each of its chocobos are walled in.
WALLED = {0: ["b00", "b00"], 1: ["TS0", "TS1"], 2: ["TW1", "TW2"]}
WALLS = {1: "b10", 2: "b01"}


@pytest.mark.rule("chocobo-party-up.txt", 89, 97)
def test_a_player_whose_chocobos_are_walled_in_still_moves_the_big_one():
    """'You may move as many chocobos as you like, as well as your big chocobo': the
    chocobos on b00 cannot move, the big one on b22 can, so movement is offered."""
    state = position(
        3, WALLED, big={**WALLS, 0: "b22"}, hands={0: ["Shirma"]}, phase="friend", tokens=[]
    )
    GAME.apply(state, act(state, "no_card"))
    assert (state.phase, state.to_act) == (MOVE, 0)
    assert legal(state) == [
        ("end_move",),
        ("move", "big", "b22", "b12", 0),
        ("move", "big", "b22", "b32", 0),
        ("move", "big", "b22", "b21", 0),
        ("move", "big", "b22", "b23", 0),
    ]


@pytest.mark.rule("chocobo-party-up.txt", 97, 109)
def test_movement_is_skipped_once_the_big_chocobo_has_moved_and_the_others_are_walled_in():
    """'It may move a maximum of one space per turn': after its step to b23 (a Spring)
    nothing of seat 0 can move, so the turn goes on to the call though a step is left."""
    state = position(3, WALLED, big={**WALLS, 0: "b22"}, face="footprints2", tokens=[])
    GAME.apply(state, act(state, "move", "big", "b22", "b23", 0))
    assert (state.phase, state.to_act) == (CALL, 0)
    assert args_of(state, "call") == [("b23",)]


@pytest.mark.rule("chocobo-party-up.txt", 85, 97)
def test_movement_is_skipped_after_a_step_when_the_big_chocobo_was_called_this_turn():
    """'You may not move your big chocobo during the turn in which you place it.' Seat 0
    calls its big chocobo onto b11 (a trail space), then joins its chocobos on b00 next
    to seat 1's pair and seat 2's big chocobo: no chocobo of seat 0 can move any more,
    and the big one may not, so the turn goes on to the call."""
    state = position(
        3,
        {0: ["b00", "b10"], 1: ["b10", "b10"], 2: ["TW1", "TW2"]},
        big={2: "b01"},
        hands={0: ["Shirma", "Croma"]},
        phase="friend",
        face="footprints2",
    )
    GAME.apply(state, act(state, "call_big", "Shirma", "Croma", "b11"))
    assert (state.phase, state.to_act) == (MOVE, 0)
    GAME.apply(state, act(state, "move", "one", "b10", "b00", 0))
    assert where(state, 0) == ["b00", "b00"]
    assert (state.phase, state.to_act) == (CALL, 0)
    assert args_of(state, "call") == [("b11",)]


@pytest.mark.rule("chocobo-party-up.txt", 97)
def test_movement_is_skipped_when_the_big_chocobo_is_walled_in_with_the_pair():
    """Seat 0's pair and big chocobo share b00, whose two neighbours hold the other
    players' big chocobos: nothing can move, and b00 is no call space, so the turn
    passes to seat 1."""
    state = position(3, WALLED, big={**WALLS, 0: "b00"}, hands={0: ["Shirma"]}, phase="friend")
    GAME.apply(state, act(state, "no_card"))
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 133)
def test_movement_is_skipped_when_the_big_chocobo_could_enter_only_by_a_kick_that_cannot_clear():
    """4 players. Seat 0's pair is on b10 with a chocobo of seat 1 (3 chocobos), walled in
    by seat 2's big chocobo on b00 and the pairs of seats 2 and 3 on b20 and b11. Seat
    0's big chocobo, also on b00 (laid out by hand: in play no chocobo enters a space
    with another player's big one), could only go to b10 (seat 3's big one closes b01),
    where it would make 5 and would have to kick seat 1's chocobo, which has nowhere to
    go (b00 keeps seat 2's big one): the step is not offered, so there is no step at
    all."""
    state = position(
        4,
        {0: ["b10", "b10"], 1: ["b10", "TE0"], 2: ["b20", "b20"], 3: ["b11", "b11"]},
        big={0: "b00", 2: "b00", 3: "b01"},
        hands={0: ["Shirma"]},
        phase="friend",
    )
    GAME.apply(state, act(state, "no_card"))
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 121)
def test_movement_is_skipped_when_every_space_next_to_the_chocobos_holds_4():
    """4 players. Seat 0's chocobos are on b00 and b10, each with one chocobo of each
    other player: 4 on each, so neither may enter the other's space, and the other
    spaces next to them (b01, b20, b11) hold the others' big chocobos."""
    state = position(
        4,
        {0: ["b00", "b10"], 1: ["b00", "b10"], 2: ["b00", "b10"], 3: ["b00", "b10"]},
        big={1: "b01", 2: "b20", 3: "b11"},
        hands={0: ["Shirma"]},
        phase="friend",
    )
    GAME.apply(state, act(state, "no_card"))
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 129, 133, 135)
def test_movement_goes_on_when_the_only_step_left_is_the_pair_kicking():
    """Seat 0's big chocobo steps onto b01 among a chocobo of seats 1 and 2 (4 there) and
    kicks nobody, so movement goes on ('After the kick' ends it only when someone was
    kicked). The pair on b00 may not go to b10 (seat 1's big chocobo) and a single
    chocobo may not go to b01 (4 already); the pair may, kicking both back out: that
    one step is still offered."""
    state = position(
        3,
        {0: ["b00", "b00"], 1: ["b01", "TS0"], 2: ["b01", "TW1"]},
        big={0: "b11", 1: "b10"},
        face="footprints3",
    )
    GAME.apply(state, act(state, "move", "big", "b11", "b01", 0))
    assert state.phase == KICK
    GAME.apply(state, act(state, "end_kick"))
    assert (state.phase, state.to_act, state.steps) == (MOVE, 0, 2)
    assert legal(state) == [("end_move",), ("move", "pair", "b00", "b01", 0)]


# -- the steps offered ----------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 121)
@pytest.mark.parametrize("mine", [["b12", "b32"], ["b12", "b12"]])
def test_a_single_chocobo_may_enter_a_space_holding_3_chocobos(mine):
    """'A maximum of 4 chocobos at a time is allowed on a single space': b22 holds one
    chocobo of each other player (4 players), so one more may come, from either of
    seat 0's spaces, or out of its pair."""
    state = position(4, {0: mine, 1: ["b22", "TE0"], 2: ["b22", "TS0"], 3: ["b22", "TW0"]})
    steps = args_of(state, "move")
    for frm in sorted(set(mine)):
        assert ("one", frm, "b22", 0) in steps
    GAME.apply(state, act(state, "move", "one", "b12", "b22", 0))
    assert state.load[state.layout.index["b22"]] == 4


# 4 players: b00 (next to b10 and b01) holds a chocobo of each other player; seat 0's big
# chocobo on b10 closes that space to them.
CORNER = {0: ["b01", "b01"], 1: ["b00", "TE0"], 2: ["b00", "TS0"], 3: ["b00", "TW0"]}


@pytest.mark.rule("chocobo-party-up.txt", 129, 133)
@pytest.mark.parametrize("companions", [0, 1])
def test_the_pair_s_kick_may_send_a_chocobo_to_the_space_the_pair_left(companions):
    """The pair steps from b01 onto b00 (3 + 2 = 5) and must kick one chocobo off: b10
    holds seat 0's big chocobo, but b01, which the pair leaves, has room. So the step is
    offered (with or without a companion following), and the kicks go to b01."""
    state = position(4, CORNER, big={0: "b10"}, companions={"b01": companions}, face="footprints3")
    pair_steps = [a for a in args_of(state, "move") if a[:3] == ("pair", "b01", "b00")]
    assert pair_steps == [("pair", "b01", "b00", n) for n in range(companions + 1)]
    GAME.apply(state, act(state, "move", "pair", "b01", "b00", 0))
    assert state.phase == KICK
    assert args_of(state, "kick") == [(1, "b01"), (2, "b01"), (3, "b01")]


@pytest.mark.rule("chocobo-party-up.txt", 117, 121)
def test_a_chocobo_followed_by_companions_may_not_enter_a_space_holding_4():
    """b12, the first space next to b22, holds seat 0's big chocobo and a chocobo of seats
    1 and 2: 4. The chocobo on b22, with a companion that may follow it, may go to each
    other space next to it, but not to b12, and no companion makes that different."""
    state = position(
        3,
        {0: ["b22", "TE0"], 1: ["b12", "TS0"], 2: ["b12", "TW0"]},
        big={0: "b12"},
        companions={"b22": 1},
        tokens=[],
    )
    from_b22 = [a for a in args_of(state, "move") if a[:2] == ("one", "b22")]
    assert from_b22 == [("one", "b22", to, n) for to in ("b32", "b21", "b23") for n in (0, 1)]
