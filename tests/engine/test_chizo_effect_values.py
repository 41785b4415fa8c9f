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
from play.engine.games.chizo.catalog import NO_ALLY, NO_ATTACK, NO_DEFEND, NO_MOVE, NO_TARGET
from play.engine.games.chizo.filters import parse_filter
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.state import Temp
from play.engine.games.chizo.targets import in_play, restriction_map, restrictions, values
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


# -- stat_aura, stat_bonus, restriction: values and restrictions of a creature ---------------


def _row(name: str, kind: str, key: str, params: dict[str, Any], **printed: Any) -> dict[str, Any]:
    row = {
        "id": name, "name": name, "type": kind, "creature_class": "", "is_basic": False,
        "strength": None, "intelligence": None, "compatible_classes": [],
        "effect_key": key, "effect_params": params,
    }  # fmt: skip
    row.update(printed)
    return row


def _creature(name: str, cls: str, key: str = "vanilla", **params: Any) -> dict[str, Any]:
    return _row(name, "Creature", key, params, creature_class=cls, strength=5, intelligence=5)


def _item(name: str, key: str, **params: Any) -> dict[str, Any]:
    return _row(name, "Item", key, params, strength=1, intelligence=1)


CREATURE: dict[str, Any] = {"kind": "creature"}
#: Made-up 5/5 creatures and Items with auras and restrictions no shipped tile has.
STAT_ROWS = [
    *tile_list(),
    _creature("Mule", "Horse"),
    _creature("Grey Rat", "Rat"),
    _creature("Proud Mule", "Horse", "stat_bonus", str=1, int=1, condition="always", scope="self"),
    _creature("Shy Mule", "Horse", "restriction", cannot=["attack"], scope="self"),
    _row("Saddle", "Modifier", "stat_bonus",
         {"str": 2, "int": 2, "condition": "always", "scope": "host"}),
    _row("Blinkers", "Modifier", "restriction", {"cannot": ["be_moved"], "scope": "host"}),
    _item("Lead Stone", "stat_aura", mode="set", str=0, affects=CREATURE),
    _item("Clay Stone", "stat_aura", mode="set", str=1, int=0, affects=CREATURE),
    _item("Iron Stone", "stat_aura", mode="set", str=3, int=2, affects=CREATURE),
    _item("Lamp", "stat_aura", mode="add", str=1, int=2, affects=CREATURE),
    _item("Sapping Stone", "stat_aura", mode="add", str=-9, int=-9, affects=CREATURE),
    _item("Rat Charm", "stat_aura", mode="add", str=10,
          affects={"kind": "creature", "class": "Rat"}),
    _item("Rock Charm", "stat_aura", mode="add", str=10, affects={"kind": "obstacle"}),
    _item("Echo Stone", "stat_aura", mode="add", str=10,
          affects={"kind": "creature", "adjacent_to": "source"}),
    _item("Fence", "restriction", cannot=["be_defender"], scope="neighbours", affects=CREATURE),
    _item("Fog", "restriction", cannot=["be_targeted"], scope="neighbours", affects=CREATURE),
    _item("Friend Post", "restriction", cannot=["ally"], scope="neighbours",
          affects={"kind": "creature", "controller": "you"}),
    _item("Close Fence", "restriction", cannot=["attack"], scope="neighbours",
          affects={"kind": "creature", "adjacent_to": "source"}),
]  # fmt: skip

#: The four neighbours of the creature in (1, 1), in the order east, west, south, north.
SIDES = [(2, 1), (0, 1), (1, 2), (1, 0)]


def _around(center: str, sides: dict[int, str], hat: str = "") -> ChizoState:
    grid = {(1, 1): (center, WE)} | {SIDES[i]: (name, WE) for i, name in sides.items()}
    attached = {(1, 1): (hat, WE)} if hat else {}
    return position(2, tiles=STAT_ROWS, grid=grid, attached=attached)


@pytest.mark.parametrize(
    ("center", "sides", "hat", "changes", "expected"),
    [
        ("Mule", {}, "", [], (5, 5)),
        # A set value of 0 counts; of several set values the lowest wins, whatever the
        # order of the neighbours; a stat a set aura does not name stays as it is.
        ("Mule", {0: "Lead Stone"}, "", [], (0, 5)),
        ("Mule", {0: "Clay Stone", 1: "Iron Stone"}, "", [], (1, 0)),
        ("Mule", {0: "Lead Stone", 1: "Iron Stone"}, "", [], (0, 2)),
        ("Mule", {0: "Iron Stone", 1: "Clay Stone"}, "", [], (1, 0)),
        ("Mule", {2: "Iron Stone"}, "", [], (3, 2)),
        # Set first, then every add: auras, the own bonus, the host's bonus, changes.
        ("Mule", {0: "Lamp", 1: "Lamp"}, "", [], (7, 9)),
        ("Mule", {0: "Lamp", 3: "Iron Stone"}, "", [], (4, 4)),
        ("Proud Mule", {0: "Lamp"}, "", [], (7, 8)),
        ("Mule", {0: "Lamp"}, "Saddle", [], (8, 9)),
        ("Proud Mule", {0: "Lamp"}, "Saddle", [(1, -1), (2, 3)], (12, 12)),
        # Floor 0.
        ("Mule", {0: "Sapping Stone"}, "", [], (0, 0)),
        ("Mule", {0: "Sapping Stone", 1: "Lamp"}, "", [(0, 4)], (0, 2)),
        # An aura changes only the neighbours its ``affects`` matches.
        ("Mule", {0: "Rat Charm"}, "", [], (5, 5)),
        ("Grey Rat", {0: "Rat Charm"}, "", [], (15, 5)),
        ("Mule", {0: "Rock Charm"}, "", [], (5, 5)),
        ("Mule", {0: "Echo Stone"}, "", [], (15, 5)),
    ],
)
def test_a_creatures_values_follow_the_stat_order(
    center: str,
    sides: dict[int, str],
    hat: str,
    changes: list[tuple[int, int]],
    expected: tuple[int, int],
) -> None:
    """docs/chizo-tiles.md, "Stat order": printed value, then ``set`` auras (the lowest if
    several), then every ``add`` (auras, the own bonus, the attached tile's bonus,
    temporary changes), floor 0."""
    state = _around(center, sides, hat)
    uid = at(state, 1, 1)
    state.temps = [Temp(uid, s, i, 0) for s, i in changes]
    assert values(state, uid) == expected


@pytest.mark.parametrize(
    ("center", "sides", "hat", "expected"),
    [
        ("Mule", {}, "", 0),
        ("Shy Mule", {}, "Blinkers", NO_ATTACK | NO_MOVE),
        # A neighbour's restriction from each of the four sides.
        ("Mule", {0: "Fence"}, "", NO_DEFEND),
        ("Mule", {1: "Fence"}, "", NO_DEFEND),
        ("Mule", {2: "Fence"}, "", NO_DEFEND),
        ("Mule", {3: "Fence"}, "", NO_DEFEND),
        # Restrictions add up: neighbours', the own one and the host's.
        ("Mule", {0: "Fence", 1: "Fog"}, "", NO_DEFEND | NO_TARGET),
        ("Mule", {2: "Fence", 3: "Fog"}, "", NO_DEFEND | NO_TARGET),
        ("Shy Mule", {3: "Fence"}, "Blinkers", NO_ATTACK | NO_MOVE | NO_DEFEND),
        # ``affects`` is relative to the restricting tile and its controller.
        ("Mule", {0: "Friend Post"}, "", NO_ALLY),
        ("Mule", {0: "Close Fence"}, "", NO_ATTACK),
    ],
)
def test_a_creatures_restrictions_are_its_own_its_hosts_and_its_neighbours(
    center: str, sides: dict[int, str], hat: str, expected: int
) -> None:
    """docs/chizo-tiles.md, ``restriction``: the tiles in ``scope`` (itself, the host, the
    neighbours matching ``affects``) can't do what ``cannot`` lists; the one-pass map of
    all tiles says the same as asking tile by tile."""
    state = _around(center, sides, hat)
    uid = at(state, 1, 1)
    assert restrictions(state, uid) == expected
    assert restriction_map(state).get(uid, 0) == expected
    each = {u: restrictions(state, u) for u in state.pos}
    assert restriction_map(state) == {u: f for u, f in each.items() if f}


def test_friend_post_restricts_only_creatures_of_its_controller() -> None:
    """Friend Post (``controller: you``) stops our Mule beside it from being an Ally, not
    theirs."""
    state = position(
        2, tiles=STAT_ROWS,
        grid={(1, 1): ("Friend Post", WE), (2, 1): ("Mule", WE), (0, 1): ("Mule", THEY)},
    )  # fmt: skip
    ours, theirs = at(state, 2, 1), at(state, 0, 1)
    assert (restrictions(state, ours), restrictions(state, theirs)) == (NO_ALLY, 0)
    assert restriction_map(state) == {ours: NO_ALLY}


def test_a_filter_of_any_kind_chooses_creatures_and_modifiers_of_the_controller() -> None:
    """A ``kind: any`` filter with ``controller: you`` offers our creature and the Modifier
    we attached, not their creature nor their Modifier."""
    state = position(
        2, tiles=STAT_ROWS,
        grid={(0, 0): ("Mule", WE), (2, 0): ("Mule", THEY)},
        attached={(0, 0): ("Saddle", WE), (2, 0): ("Saddle", THEY)},
    )  # fmt: skip
    ours = at(state, 0, 0)
    found = in_play(state, parse_filter({"kind": "any", "controller": "you"}, "test"), WE)
    assert found == sorted([ours, state.att[ours]])
