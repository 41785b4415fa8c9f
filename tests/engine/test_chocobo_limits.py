"""Chocobo Party Up!: the boundaries of the rules, each in the position where it matters:
how many chocobos a kick has moved, which territory spaces Tifon may send a chocobo to
(3 chocobos there: yes; 4, another player's pair or big chocobo: no; the victim's own big
chocobo: no obstacle; the space it stands on: always), when Tifon may be played at all,
and when phase 2 is offered (rulebook: shared/rules/chocobo-party-up.txt; readings:
docs/chocobo.md).

With 3 players seat 0's territory is E (TE0-TE2), seat 1's S, seat 2's W; the stand-in
boards are mapped in test_chocobo_rulebook.py.
"""

from __future__ import annotations

import random

import pytest

from play.engine.games.chocobo import GAME
from play.engine.games.chocobo import friends as fr
from play.engine.games.chocobo.scenario import act, position, where
from play.engine.games.chocobo.state import FRIEND, KICK, MOVE, NOWHERE, TIFON_PHASE


def args_of(state, kind):
    return [a.args for a in GAME.legal_actions(state) if a.kind == kind]


# -- kicks ---------------------------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 129)
def test_the_view_counts_the_chocobos_kicked_so_far():
    """'... you may move as many of those chocobos as you like, in the order you like, to
    adjacent spaces.' Three players' chocobos on b22 (4 players), kicked one by one."""
    state = position(
        4,
        {0: ["b21", "b21"], 1: ["b22", "TS0"], 2: ["b22", "TW0"], 3: ["b22", "TN0"]},
        face="footprints3",
        tokens=[],
    )
    GAME.apply(state, act(state, "move", "pair", "b21", "b22", 0))
    assert (state.phase, GAME.view(state, 0)["kicked"]) == (KICK, 0)
    GAME.apply(state, act(state, "kick", 1, "b12"))
    assert (state.phase, GAME.view(state, 0)["kicked"]) == (KICK, 1)
    GAME.apply(state, act(state, "kick", 2, "b32"))
    assert (state.phase, GAME.view(state, 0)["kicked"]) == (KICK, 2)
    GAME.apply(state, act(state, "end_kick"))
    assert GAME.view(state, 0)["kicked"] == 0
    # 'After the kick, your movement phase ends.' b22 (plain on the 4-player board) has
    # nothing to call from: the turn passes.
    assert state.active == 1


# -- Tifon: where a chocobo may be sent ----------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 178)
def test_tifon_may_send_a_chocobo_where_3_chocobos_stand():
    """'A maximum of 4 chocobos at a time is allowed on a single space': TW0 holds 3
    chocobos of three players, so a fourth may come."""
    state = position(
        3,
        {0: ["TW0", "b24"], 1: ["TW0", "TS0"], 2: ["TW0", "b22"]},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 2, "b22"))
    assert (state.phase, state.to_act) == (TIFON_PHASE, 2)
    assert args_of(state, "relocate") == [("TW0",), ("TW1",), ("TW2",)]


@pytest.mark.rule("chocobo-party-up.txt", 121, 178)
def test_tifon_may_not_send_a_chocobo_where_4_chocobos_stand():
    """'Each big chocobo, however, counts as 2 toward this limit': TW2 holds seat 2's big
    chocobo and two chocobos, 4."""
    state = position(
        3,
        {0: ["TW2", "b24"], 1: ["TS0", "TS0"], 2: ["TW2", "b22"]},
        big={2: "TW2"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 2, "b22"))
    assert args_of(state, "relocate") == [("TW0",), ("TW1",)]


@pytest.mark.rule("chocobo-party-up.txt", 97, 178)
def test_tifon_may_send_a_chocobo_next_to_its_own_big_chocobo():
    """'... they may not enter spaces where other players' big chocobos are': their own
    big chocobo is no obstacle."""
    state = position(
        3,
        {0: ["b24", "b24"], 1: ["TS0", "TS0"], 2: ["TW0", "b22"]},
        big={2: "TW1"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 2, "b22"))
    assert args_of(state, "relocate") == [("TW0",), ("TW1",), ("TW2",)]


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_may_leave_a_chocobo_where_another_player_s_pair_stands():
    """Reading: the chocobo may stay on its territory space (it does not enter it), even
    next to two chocobos of seat 1, which no chocobo may enter."""
    state = position(
        3,
        {0: ["b24", "b24"], 1: ["TW1", "TW1"], 2: ["TW1", "b22"]},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    GAME.apply(state, act(state, "play", "Tifon", 2, "TW1"))
    assert args_of(state, "relocate") == [("TW0",), ("TW1",), ("TW2",)]


# -- Tifon: when it may be played ----------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 178)
def test_tifon_may_target_a_chocobo_whose_territory_has_one_space_open():
    """Reading: Tifon needs a territory space the chocobo may go to. TW0 holds seat 2's own
    big chocobo and one chocobo (3), TW1 seat 1's pair, TW2 seat 0's big chocobo."""
    state = position(
        3,
        {0: ["TW0", "b24"], 1: ["TW1", "TW1"], 2: ["b22", "b23"]},
        big={0: "TW2", 2: "TW0"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert fr.has_play(state, 0)
    assert [a for a in args_of(state, "play") if a[1] == 2] == [
        ("Tifon", 2, "b22"),
        ("Tifon", 2, "b23"),
    ]
    GAME.apply(state, act(state, "play", "Tifon", 2, "b22"))  # TW0 only: no choice
    assert where(state, 2) == ["TW0", "b23"]
    assert (state.phase, state.to_act) == (MOVE, 0)


@pytest.mark.rule("chocobo-party-up.txt", 97, 121, 178)
def test_tifon_may_not_target_a_chocobo_whose_territory_is_closed_to_it():
    """TW0 holds 4 (seat 2's big chocobo and two chocobos), TW1 and TW2 big chocobos of
    seats 0 and 1: seat 2's chocobos cannot be sent home, seat 1's on TS0 can."""
    state = position(
        3,
        {0: ["TW0", "b24"], 1: ["TW0", "TS0"], 2: ["b22", "b23"]},
        big={0: "TW1", 1: "TW2", 2: "TW0"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert [a for a in args_of(state, "play") if a[1] == 2] == []
    assert ("Tifon", 1, "TS0") in args_of(state, "play")


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_is_not_played_on_one_s_own_chocobos():
    """'Choose another player's chocobo': seat 0's own chocobos are never offered, though
    its territory is open to them."""
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "b44"], 2: ["b00", "b00"]},
        big={1: "TW0", 2: "TW1"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert fr.has_play(state, 0)
    assert [a for a in args_of(state, "play") if a[1] == 0] == []


# -- phase 2 offered or skipped ------------------------------------------------------


@pytest.mark.rule("chocobo-party-up.txt", 75, 83)
def test_two_cards_that_do_nothing_may_still_call_the_big_chocobo():
    """'Discard 2 friend cards from your hand. Place one of the big chocobos ...': two
    Moguri with every trail token in place can only call the big chocobo."""
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
        hands={0: ["Moguri", "Moguri"]},
        phase="friend",
    )
    assert fr.has_play(state, 0)
    assert {a.kind for a in GAME.legal_actions(state)} == {"no_card", "call_big"}
    state.bigs[0] = state.layout.index["b12"]
    state.recount_all()
    assert not fr.has_play(state, 0)  # 'called once': the big chocobo is on the board
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]},
        hands={0: ["Moguri"]},
        phase="friend",
    )
    assert not fr.has_play(state, 0)


@pytest.mark.rule("chocobo-party-up.txt", 75)
@pytest.mark.parametrize("seed", range(6))
def test_phase_2_is_offered_exactly_when_there_is_something_to_play(seed):
    """'You may choose between playing 1 friend card, calling your big chocobo, or doing
    nothing': phase 2 is skipped when doing nothing is all there is. Checked for every
    seat in every position of random games."""
    rng = random.Random(seed)
    state = GAME.new_game({"players": 2 + seed % 3}, seed)
    for _ in range(300):
        if GAME.ended(state):
            break
        for seat in range(state.players):
            if NOWHERE not in state.smalls[seat]:  # placed
                plays: list = []
                fr.friend_actions(state, seat, plays)
                assert fr.has_play(state, seat) == bool(plays), (seat, state.to_dict())
        if state.phase == FRIEND:
            assert len(GAME.legal_actions(state)) > 1
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))


@pytest.mark.rule("chocobo-party-up.txt", 75, 176, 177)
def test_a_card_whose_effect_cannot_happen_does_not_open_phase_2():
    """Reading: 'Croma: Choose a companion chocobo' needs one on the board; 'Moguri: Choose
    a space with a trail symbol that has no trail token' needs such a space. One card
    cannot call the big chocobo either."""
    homes = {0: ["b22", "b22"], 1: ["TS0", "TS1"], 2: ["TW1", "TW1"]}
    moguri = position(3, homes, companions={"b23": 1}, hands={0: ["Moguri"]}, phase="friend")
    assert not fr.has_play(moguri, 0)
    croma = position(3, homes, hands={0: ["Croma"]}, phase="friend", tokens=[])
    assert not fr.has_play(croma, 0)
    for state in (moguri, croma):
        assert [a.kind for a in GAME.legal_actions(state)] == ["no_card"]


@pytest.mark.rule("chocobo-party-up.txt", 178)
def test_tifon_on_another_player_s_chocobo_opens_phase_2():
    """'Choose another player's chocobo': seat 0's own territory is closed to its
    chocobos (big chocobos of seats 1 and 2 on TE0 and TE1, seat 2's pair on TE2), which
    does not matter: seat 1's chocobo on TS0 may be sent home."""
    state = position(
        3,
        {0: ["b22", "b22"], 1: ["TS0", "b44"], 2: ["TE2", "TE2"]},
        big={1: "TE0", 2: "TE1"},
        hands={0: ["Tifon"]},
        phase="friend",
        tokens=[],
    )
    assert fr.has_play(state, 0)
    assert ("Tifon", 1, "TS0") in args_of(state, "play")
