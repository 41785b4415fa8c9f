"""ChiZo RISING: the effects on a creature's values and safety (``protect``, ``lend_stat``)
and the Battle roles of target filters (``battle_role``), with what the log says of them.

Paper Talisman's protection lasts until the end of the turn and is logged by name; a
Helpful creature's lent value is logged with the lender, and a lend whose lender left play
does not resolve (rulebook line 143); a filter's ``attacker`` and ``defender`` match that
one creature of the Battle, and nothing when no Battle is on.
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Event
from play.engine.games.chizo import ChizoState
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.targets import values
from play.engine.games.chizo.zones import protected

from .chizo_data import tile_list
from .chizo_table import act, at, event_kinds, in_hand, kinds, legal
from .chizo_tilecase import SPARE, THEY, WE, board, result_of

#: A made-up Action/Reaction that weakens the Attacker of the Battle (no shipped tile
#: names the ``attacker`` role).
TRIP_WIRE: dict[str, Any] = {
    "id": "Trip Wire",
    "name": "Trip Wire",
    "type": "Action/Reaction",
    "creature_class": "",
    "is_basic": False,
    "strength": None,
    "intelligence": None,
    "compatible_classes": [],
    "effect_key": "modify_stats",
    "effect_params": {
        "str": -2,
        "int": 0,
        "duration": "stack",
        "target": {"kind": "creature", "battle_role": "attacker"},
        "responds_to": "any",
    },
}


def trip_wire_board(**layout: Any) -> ChizoState:
    """Two players with the shipped tiles and Trip Wire, spare tiles in both Stacks."""
    return position(2, tiles=[*tile_list(), TRIP_WIRE], stacks={WE: SPARE, THEY: SPARE}, **layout)


def lend_battle(helper: str, hands: dict[int, list[str]]) -> tuple[ChizoState, int, int]:
    """Our Horse attacks their Rooster, their ``helper`` neighbouring the Rooster; the
    Battle's face-down tile is laid. Returns the state, the Rooster and the helper."""
    state = board(
        grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (1, 0): (helper, THEY)},
        hands=hands,
    )
    rooster, lender = at(state, 0, 0), at(state, 1, 0)
    act(state, "battle", at(state, -1, 0), rooster)
    act(state, "stop")  # the defending player does not ask the Helpful creature to ally
    act(state, "face_down", in_hand(state, WE, "Ox"))
    return state, rooster, lender


# -- protect -------------------------------------------------------------------------------


def test_a_protected_creature_is_named_in_the_log_and_safe_until_the_end_of_the_turn() -> None:
    """Paper Talisman: "until the end of the turn, a creature you control can't be
    captured". The log says which creature; the protection outlasts the Battle's stack
    and ends with the turn."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
        hands={WE: ["Ox"], THEY: ["Paper Talisman"]},
    )
    rat = at(state, 0, 0)
    act(state, "battle", at(state, -1, 0), rat)
    act(state, "ask", at(state, 0, 1))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, "Paper Talisman"))
    assert Event("protected", {"tile": rat, "name": "Rat"}) in events
    assert result_of(events)["winner"] == WE
    assert rat in state.pos
    assert protected(state, rat)  # the stack is over, the turn is not
    act(state, "end_turn")
    assert not protected(state, rat)
    assert state.protects == []
    assert state.to_dict()["protects"] == []


# -- lend_stat -----------------------------------------------------------------------------


def test_a_lent_value_is_logged_with_the_creature_the_lender_and_both_values() -> None:
    """Helpful Rat lends +3 INT to the Rooster it neighbours; the log names the Rooster,
    the lender and the change of each value."""
    state, rooster, lender = lend_battle("Helpful Rat", {WE: ["Ox"], THEY: ["Rat"]})
    amount = state.cat.params[state.kind[lender]]["amount"]
    events = act(state, "lend", lender, in_hand(state, THEY, "Rat"))
    lent = [e for e in events if e.kind == "lent"]
    assert lent == [
        Event(
            "lent", {"tile": rooster, "name": "Rooster", "source": lender, "str": 0, "int": amount}
        ),
    ]
    assert result_of(events)["defender"] == [3, 3 + amount]
    assert values(state, rooster) == (3, 3)


@pytest.mark.rule("chizo-rising.txt", 143)
def test_a_lend_does_not_resolve_when_the_lender_has_left_play() -> None:
    """'If there are no more possible targets, that Effect does not resolve.' (143) We
    answer Helpful Ox's lend with Second Thoughts: the Ox goes back to its owner's hand
    first, and the lend fizzles, saying why."""
    state, rooster, lender = lend_battle(
        "Helpful Ox", {WE: ["Ox", "Second Thoughts"], THEY: ["Rat"]}
    )
    act(state, "lend", lender, in_hand(state, THEY, "Rat"))
    act(state, "react", in_hand(state, WE, "Second Thoughts"))
    events = act(state, "choose", lender)
    assert lender in state.hands[THEY]
    assert (
        Event("fizzled", {"tile": lender, "name": "Helpful Ox", "why": "the lender is gone"})
        in events
    )
    assert "lent" not in event_kinds(events)
    assert result_of(events)["defender"] == [3, 3]
    assert values(state, rooster) == (3, 3)
    assert state.frames == []


# -- battle roles --------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 149, 155)
def test_feather_flurry_does_not_end_a_battle_our_rooster_attacks_in() -> None:
    """Feather Flurry works 'if a Rooster you control is the Defender' (155); our Rooster
    as the Attacker is not: the Flurry fizzles and the Battle has its result."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (-1, 0): ("Rooster", WE)}, hands={WE: ["Ox", "Feather Flurry"]}
    )
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, WE, "Feather Flurry"))
    while "battle_result" not in event_kinds(events) and state.phase == "react":
        events += act(state, "pass")
    assert "battle_ended" not in event_kinds(events)
    assert [e.data["name"] for e in events if e.kind == "fizzled"] == ["Feather Flurry"]
    assert "battle_result" in event_kinds(events)


@pytest.mark.rule("chizo-rising.txt", 149)
def test_an_effect_on_the_attacker_hits_the_attacker_and_not_the_defender() -> None:
    """A target 'the Attacker' is the one creature that attacks: with the Attacker and
    the Defender in the Battle there is nothing to choose, and only the Attacker loses
    STR."""
    state = trip_wire_board(
        grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE)},
        hands={WE: ["Ox"], THEY: ["Trip Wire"]},
    )
    horse, rooster = at(state, -1, 0), at(state, 0, 0)
    act(state, "battle", horse, rooster)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, "Trip Wire"))
    modified = [e.data["tile"] for e in events if e.kind == "modified"]
    assert modified == [horse]
    assert result_of(events)["attacker"] == [1, 3]
    assert result_of(events)["defender"] == [3, 3]


@pytest.mark.rule("chizo-rising.txt", 143, 149)
def test_an_effect_on_the_attacker_does_not_resolve_when_no_battle_is_on() -> None:
    """Out of a Battle there is no Attacker, so no possible target: Trip Wire played as
    an Action does not resolve and changes no creature (143)."""
    state = trip_wire_board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)}, hands={WE: ["Trip Wire"]}
    )
    horse, rat = at(state, 0, 0), at(state, 1, 0)
    events = act(state, "action", in_hand(state, WE, "Trip Wire"))
    while state.phase == "react":
        events += act(state, "pass")
    assert "modified" not in event_kinds(events)
    assert [e.data["name"] for e in events if e.kind == "fizzled"] == ["Trip Wire"]
    assert values(state, horse) == (3, 3)
    assert values(state, rat) == (1, 5)
    assert "end_turn" in kinds(state)
    assert legal(state)
