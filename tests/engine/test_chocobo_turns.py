"""Chocobo Party Up!: the end of a turn, card by card: the draw of the call (and the
reshuffle of the discard pile when the pile is empty), the discard down to 3 with the
exact events, and the next turn (rulebook: shared/rules/chocobo-party-up.txt; readings:
docs/chocobo.md).

With 3 players seat 0's territory is E (TE0-TE2); the seed of ``position`` makes seat 1
roll two footprints. Spring spaces: b12, b21, b22, b23, b32.
"""

from __future__ import annotations

import json

import pytest

from play.engine.games.chocobo import GAME
from play.engine.games.chocobo.board import KIND_OF, KINDS
from play.engine.games.chocobo.scenario import act, companions_at, position, stack_pile, where
from play.engine.games.chocobo.state import CALL, DISCARD, MOVE, ChocoboState

HOME = {1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}

CALLED = {"kind": "called", "data": {"player": 0, "space": "b22", "trail_token": False}}
DRAWN = {"kind": "card_drawn", "data": {"player": 0}}
NEXT_TURN = [
    {"kind": "turn_started", "data": {"player": 1, "turn": 2}},
    {"kind": "rolled", "data": {"player": 1, "face": "footprints2", "result": 2}},
]


def events_of(state, kind, *args):
    return [e.to_dict() for e in GAME.apply(state, act(state, kind, *args))]


@pytest.mark.rule("chocobo-party-up.txt", 145, 157)
def test_a_call_with_3_cards_after_the_draw_passes_the_turn():
    state = position(
        3, {0: ["b22", "b24"], **HOME}, hands={0: ["Shirma", "Croma"]}, phase="call", tokens=[]
    )
    assert events_of(state, "call", "b22") == [CALLED, DRAWN, *NEXT_TURN]
    assert len(state.hands[0]) == 3
    assert state.active == 1


@pytest.mark.rule("chocobo-party-up.txt", 151)
def test_the_card_discarded_from_a_hand_of_one_kind_is_reported():
    state = position(
        3, {0: ["b22", "b24"], **HOME}, hands={0: ["Croma"] * 3}, phase="call", tokens=[]
    )
    stack_pile(state, ["Croma"])
    drawn = state.pile[-1]
    hand = sorted([*state.hands[0], drawn])
    assert events_of(state, "call", "b22") == [
        CALLED,
        DRAWN,
        {"kind": "discarded", "data": {"player": 0, "card": "Croma", "id": hand[0]}},
        *NEXT_TURN,
    ]
    assert state.hands[0] == hand[1:]
    assert state.discard[-1] == hand[0]


@pytest.mark.rule("chocobo-party-up.txt", 151)
def test_a_hand_of_two_kinds_over_3_asks_which_card_to_discard():
    state = position(
        3, {0: ["b22", "b24"], **HOME}, hands={0: ["Croma"] * 3}, phase="call", tokens=[]
    )
    stack_pile(state, ["Shirma"])
    assert events_of(state, "call", "b22") == [CALLED, DRAWN]
    assert state.phase == DISCARD
    assert GAME.legal_actions(state) == [
        act(state, "discard", "Shirma"),
        act(state, "discard", "Croma"),
    ]
    assert len(state.hands[0]) == 4


@pytest.mark.rule("chocobo-party-up.txt", 151)
def test_4_cards_of_one_kind_are_discarded_at_the_end_of_a_turn_without_a_call():
    """Seat 0 drew a fourth card on a chocobo roll and has no space to call from
    (b14 and b24 are no Spring and keep no trail token)."""
    state = position(3, {0: ["b14", "b24"], **HOME}, hands={0: ["Shirma"] * 4}, tokens=[])
    lowest = state.hands[0][0]
    assert events_of(state, "end_move") == [
        {"kind": "movement_ended", "data": {"player": 0, "steps_left": 2}},
        {"kind": "discarded", "data": {"player": 0, "card": "Shirma", "id": lowest}},
        *NEXT_TURN,
    ]
    assert len(state.hands[0]) == 3


@pytest.mark.rule("chocobo-party-up.txt", "71.2")
def test_an_empty_pile_is_refilled_from_the_discard_pile_before_the_draw():
    """'If at any point in the game the pile runs out, shuffle the discard pile and place
    it face down to form a new pile.' The pile was empty and the discard pile has since
    received 2 cards: the call reshuffles them, draws one and leaves the other."""
    state = position(3, {0: ["b22", "b24"], **HOME}, phase="call", tokens=[])
    discarded = state.pile[:2]
    state.hands[1] = sorted(state.pile[2:])
    state.discard = discarded[:]
    state.pile = []
    assert events_of(state, "call", "b22") == [
        CALLED,
        {"kind": "reshuffled", "data": {"cards": 2}},
        DRAWN,
        *NEXT_TURN,
    ]
    assert state.discard == []
    assert len(state.pile) == 1
    assert sorted(state.hands[0] + state.pile) == sorted(discarded)


@pytest.mark.rule("chocobo-party-up.txt", "71.2")
def test_no_card_to_draw_is_reported_with_the_player():
    state = position(3, {0: ["b22", "b24"], **HOME}, phase="call", tokens=[])
    state.hands[1] = sorted(state.pile)
    state.pile = []
    assert events_of(state, "call", "b22") == [
        CALLED,
        {"kind": "no_card_to_draw", "data": {"player": 0}},
        *NEXT_TURN,
    ]
    assert state.hands[0] == []


# -- Golem: where a chocobo can be moved to ------------------------------------------


def golem_spaces(state):
    return [
        a.args[1] for a in GAME.legal_actions(state) if a.kind == "play" and a.args[0] == "Golem"
    ]


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 179)
def test_golem_moves_a_chocobo_onto_its_own_big_chocobo_and_chocobo():
    """Seat 1's chocobo on b00 has two neighbours: b10, where seat 0's two chocobos stand
    (closed to it), and b01, with seat 1's big chocobo and other chocobo: 3 toward the
    limit of 4, and its own, so open to it."""
    state = position(
        3,
        {0: ["b10", "b10"], 1: ["b00", "b01"], 2: ["b44", "b43"]},
        big={1: "b01"},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    assert golem_spaces(state) == ["b00", "b01", "b10", "b43", "b44"]
    GAME.apply(state, act(state, "play", "Golem", "b00"))
    assert GAME.legal_actions(state) == [act(state, "golem_move", "chocobo", 1, "b01")]


@pytest.mark.rule("chocobo-party-up.txt", 97, 179)
def test_golem_cannot_move_a_chocobo_hemmed_in_by_other_big_chocobos():
    """Seat 2's chocobo on b04 has two neighbours, each with another player's big
    chocobo (2 toward the limit: room enough, but closed to seat 2)."""
    state = position(
        3,
        {0: ["b30", "b30"], 1: ["b40", "b41"], 2: ["b04", "b44"]},
        big={0: "b14", 1: "b03"},
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )
    assert golem_spaces(state) == ["b30", "b40", "b41", "b44"]


# -- the call: which spaces ----------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 141)
@pytest.mark.parametrize(
    ("pair", "spaces"),
    [("b12", ["b12", "b21"]), ("b32", ["b21", "b32"])],
)
def test_a_pair_and_the_big_chocobo_call_from_their_spaces_in_board_order(pair, spaces):
    """'Choose one of your chocobos (big or not) located on a trail token or a Spring
    space.' Seat 0's two chocobos share a Spring space, its big chocobo is on b21."""
    state = position(3, {0: [pair, pair], **HOME}, big={0: "b21"}, phase="call", tokens=[])
    assert GAME.legal_actions(state) == [
        act(state, "no_call"),
        *(act(state, "call", s) for s in spaces),
    ]


@pytest.mark.rule("chocobo-party-up.txt", 147)
def test_the_last_companion_of_the_supply_can_be_called():
    """'If there are no companion chocobos left in the supply because they have all
    already been called, you may not carry out this action.' One is left: it may."""
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        companions={"b00": 4, "b02": 4, "b04": 4, "b40": 4, "b42": 3},
        phase="call",
        tokens=[],
    )
    assert state.supply == 1
    assert GAME.legal_actions(state) == [act(state, "no_call"), act(state, "call", "b22")]
    GAME.apply(state, act(state, "call", "b22"))
    assert state.supply == 0
    assert state.comp[state.layout.index["b22"]] == 1


@pytest.mark.rule("chocobo-party-up.txt", 147)
def test_with_one_companion_in_the_supply_the_turn_goes_on_to_the_call():
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        companions={"b00": 4, "b02": 4, "b04": 4, "b40": 4, "b42": 3},
        tokens=[],
    )
    assert events_of(state, "end_move") == [
        {"kind": "movement_ended", "data": {"player": 0, "steps_left": 2}}
    ]
    assert state.phase == CALL
    assert state.to_act == 0


# -- the limit of 4: where companions overflow ---------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 123, 125, 178)
def test_overflow_with_no_room_next_door_goes_nearer_to_a_room():
    """Seat 1's chocobo sent home onto TS0 (4 companions) makes 5 there. Both neighbours
    are full: b41 is next to room (b31, b40), TS1 only to full spaces (b42, TS2), so
    the companion goes to b41, then on from there. Reading (docs/chocobo.md): with no
    adjacent space with room, a companion goes to a neighbour nearer to one."""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["b20", "b00"], 2: ["TW1", "TW1"]},
        companions={"TS0": 4, "TS1": 4, "TS2": 4, "b41": 4, "b42": 4},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 1, "b20"))
    assert events_of(state, "relocate", "TS0") == [
        {"kind": "sent_home", "data": {"player": 1, "from": "b20", "to": "TS0"}}
    ]
    assert GAME.legal_actions(state) == [act(state, "overflow", "TS0", "b41")]
    assert events_of(state, "overflow", "TS0", "b41") == [
        {"kind": "overflowed", "data": {"player": 0, "from": "TS0", "to": "b41"}}
    ]
    assert GAME.legal_actions(state) == [
        act(state, "overflow", "b41", "b31"),
        act(state, "overflow", "b41", "b40"),
    ]
    assert events_of(state, "overflow", "b41", "b31") == [
        {"kind": "overflowed", "data": {"player": 0, "from": "b41", "to": "b31"}}
    ]
    assert state.phase == MOVE
    assert companions_at(state) == {"TS0": 3, "TS1": 4, "TS2": 4, "b31": 1, "b41": 4, "b42": 4}


# -- hemmed in: a turn with nothing to do passes at once -----------------------------


def hemmed_in(hand=("Shirma", "Croma")) -> ChocoboState:
    """4 players. Seat 0's two chocobos on b00 and seat 1's on b04 are hemmed in: their
    neighbours hold seat 2's and seat 3's pairs and big chocobos (line 97), and neither
    corner is a Spring or keeps a trail token, so neither seat may move nor call."""
    return position(
        4,
        {0: ["b00", "b00"], 1: ["b04", "b04"], 2: ["b01", "b01"], 3: ["b03", "b03"]},
        big={2: "b10", 3: "b14"},
        companions={"b44": 1},
        hands={0: list(hand)},
        phase="friend",
        tokens=[],
    )


TWO_TURNS_ON = [
    {"kind": "turn_started", "data": {"player": 1, "turn": 2}},
    {"kind": "rolled", "data": {"player": 1, "face": "footprints2", "result": 2}},
    {"kind": "turn_started", "data": {"player": 2, "turn": 3}},
    {"kind": "rolled", "data": {"player": 2, "face": "footprints2", "result": 2}},
]


@pytest.mark.rule("chocobo-party-up.txt", 97, 157)
@pytest.mark.parametrize(
    ("args", "reported"),
    [
        (("no_card",), {"kind": "no_card", "data": {"player": 0}}),
        (
            ("play", "Shirma"),
            {"kind": "card_played", "data": {"player": 0, "card": "Shirma", "result": 3}},
        ),
        (
            ("play", "Croma", "b44", "b34"),
            {
                "kind": "card_played",
                "data": {"player": 0, "card": "Croma", "from": "b44", "to": "b34"},
            },
        ),
    ],
)
def test_a_player_who_can_neither_move_nor_call_passes_the_turn_after_phase_2(args, reported):
    """After the card (or none), seat 0 can take no step and call from nowhere: the turn
    passes to seat 1, who has no card, can take no step either, and passes to seat 2."""
    state = hemmed_in()
    ids = {KINDS[KIND_OF[c]]: c for c in state.hands[0]}
    if args[0] == "play":
        reported["data"]["id"] = ids[args[1]]
    assert events_of(state, *args) == [reported, *TWO_TURNS_ON]
    assert (state.active, state.phase) == (2, MOVE)


@pytest.mark.rule("chocobo-party-up.txt", 157, 179)
def test_after_a_golem_a_hemmed_in_player_passes_the_turn():
    state = hemmed_in(["Golem"])
    GAME.apply(state, act(state, "play", "Golem", "b44"))
    assert events_of(state, "golem_move", "companion", "b34") == [
        {
            "kind": "golem_moved",
            "data": {"piece": "companion", "player": 0, "from": "b44", "to": "b34"},
        },
        *TWO_TURNS_ON,
    ]


@pytest.mark.rule("chocobo-party-up.txt", 157, 178)
def test_after_a_tifon_a_hemmed_in_player_passes_the_turn_to_the_freed_player():
    """Seat 1's chocobo sent home from b04 to TE1 is free to move on seat 1's turn."""
    state = hemmed_in(["Tifon"])
    GAME.apply(state, act(state, "play", "Tifon", 1, "b04"))
    assert events_of(state, "relocate", "TE1") == [
        {"kind": "sent_home", "data": {"player": 1, "from": "b04", "to": "TE1"}},
        *TWO_TURNS_ON[:2],
    ]
    assert (state.active, state.phase) == (1, MOVE)


@pytest.mark.rule("chocobo-party-up.txt", 97, 178)
def test_tifon_on_a_chocobo_at_home_with_no_other_space_leaves_it_where_it_is():
    """Reading (docs/chocobo.md): the territory space the chocobo already stands on is
    one it may be sent to. Seat 1's chocobo on TS0 (beside seat 2's big chocobo) cannot
    enter TS1 (seat 0's big chocobo) nor TS2 (seat 2's pair): it is sent to TS0 at once,
    without asking seat 1, and seat 0 goes on to move."""
    state = position(
        3,
        {0: ["b22", "b24"], 1: ["TS0", "b00"], 2: ["TS2", "TS2"]},
        big={0: "TS1", 2: "TS0"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    card = state.hands[0][0]
    assert events_of(state, "play", "Tifon", 1, "TS0") == [
        {
            "kind": "card_played",
            "data": {"player": 0, "card": "Tifon", "id": card, "target": 1, "space": "TS0"},
        },
        {"kind": "sent_home", "data": {"player": 1, "from": "TS0", "to": "TS0"}},
    ]
    assert (state.phase, state.to_act) == (MOVE, 0)
    assert where(state, 1) == ["TS0", "b00"]


def beside_a_full_space(companions):
    """Seat 1's chocobo on b00: b10 holds seat 0's big chocobo (closed to seat 1), b01
    seat 1's big chocobo and a chocobo of seats 0 and 2: open to seat 1 (line 97) but
    full (2 + 1 + 1: line 121)."""
    return position(
        3,
        {0: ["b01", "b22"], 1: ["b00", "b40"], 2: ["b01", "b44"]},
        big={0: "b10", 1: "b01"},
        companions=companions,
        hands={0: ["Golem"]},
        phase="friend",
        tokens=[],
    )


@pytest.mark.rule("chocobo-party-up.txt", 121, 179)
def test_golem_cannot_move_a_chocobo_onto_a_full_space_open_to_it():
    assert golem_spaces(beside_a_full_space({})) == ["b01", "b22", "b40", "b44"]
    state = beside_a_full_space({"b00": 1})
    assert golem_spaces(state) == ["b00", "b01", "b22", "b40", "b44"]
    GAME.apply(state, act(state, "play", "Golem", "b00"))
    assert GAME.legal_actions(state) == [
        act(state, "golem_move", "companion", "b10"),
        act(state, "golem_move", "companion", "b01"),
    ]
    GAME.apply(state, act(state, "golem_move", "companion", "b10"))
    assert (state.phase, state.to_act) == (MOVE, 0)
    assert where(state, 1) == ["b00", "b40"]


@pytest.mark.rule("chocobo-party-up.txt", 97, 121)
def test_a_chocobo_cannot_step_onto_a_full_space_open_to_it():
    """b22 holds seat 0's big chocobo and a chocobo of seats 1 and 2: 4 toward the
    limit, and open to seat 0. Its chocobo on b21 may step anywhere else."""
    state = position(
        3,
        {0: ["b21", "b44"], 1: ["b22", "b40"], 2: ["b22", "b04"]},
        big={0: "b22"},
        tokens=[],
    )
    assert [a.args for a in GAME.legal_actions(state) if a.args[1:2] == ("b21",)] == [
        ("one", "b21", "b11", 0),
        ("one", "b21", "b31", 0),
        ("one", "b21", "b20", 0),
    ]


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 129)
def test_a_chocobo_cannot_be_kicked_onto_a_full_space_open_to_it():
    """4 players. Seat 0's pair steps onto seat 1's chocobo on b22. Next door, b12 holds
    seat 1's big chocobo and a chocobo of seats 2 and 3: open to seat 1 but full."""
    state = position(
        4,
        {0: ["b21", "b21"], 1: ["b22", "b44"], 2: ["b12", "b40"], 3: ["b12", "b04"]},
        big={1: "b12"},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert GAME.legal_actions(state) == [
        act(state, "end_kick"),
        act(state, "kick", 1, "b32"),
        act(state, "kick", 1, "b21"),
        act(state, "kick", 1, "b23"),
    ]


@pytest.mark.rule("chocobo-party-up.txt", 123, 133, 135, 141, 157)
def test_after_a_kick_and_its_overflow_a_full_space_cannot_call_and_the_turn_passes():
    """'After the kick, your movement phase ends.' The overflow leaves 4 on b22, where
    both of seat 0's chocobos stand: no call (fewer than 4 are needed), the turn passes."""
    state = position(
        3,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["TW1", "TW1"]},
        companions={"b22": 3},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    GAME.apply(state, act(state, "kick", 1, "b12"))
    assert events_of(state, "overflow", "b22", "b32") == [
        {"kind": "overflowed", "data": {"player": 0, "from": "b22", "to": "b32"}},
        *NEXT_TURN,
    ]
    assert companions_at(state) == {"b22": 2, "b32": 1}


@pytest.mark.rule("chocobo-party-up.txt", 123, 176)
def test_a_game_saved_during_the_overflow_of_a_croma_resumes_with_the_move():
    """Croma moves a 5th chocobo onto b23; the game is saved and loaded while the
    companion has to overflow, then the turn goes on with seat 0's movement."""
    state = position(
        3,
        {0: ["b22", "b24"], **HOME},
        companions={"b23": 4, "b13": 1},
        hands={0: ["Croma"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Croma", "b13", "b23"))
    twin = ChocoboState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert twin.to_dict() == state.to_dict()
    assert events_of(twin, "overflow", "b23", "b33") == [
        {"kind": "overflowed", "data": {"player": 0, "from": "b23", "to": "b33"}}
    ]
    assert (twin.phase, twin.to_act, twin.steps) == (MOVE, 0, 2)
