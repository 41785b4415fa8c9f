"""ChiZo RISING: what the effects on hands and on tiles in play tell the game log.

Swift Feet's extra actions (``extra_actions``), a capture that a protection stops
(``capture_target`` against Paper Talisman) and a change of control (``take_control``)
that leaves a creature at STR 0: each effect's events, with their data and their words,
as the boards show them (docs/chizo-tiles.md, "The effect vocabulary"). Seat 0 ("we") is
to act unless said otherwise; seat 1 is the opponent.
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Event
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.targets import values

from .chizo_data import tile_list
from .chizo_table import act, at, event_kinds, in_hand
from .chizo_tilecase import SPARE, THEY, WE, board


def _made_up(name: str, kind: str, key: str, params: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": name, "name": name, "type": kind, "creature_class": "", "is_basic": False,
        "strength": None, "intelligence": None, "compatible_classes": [],
        "effect_key": key, "effect_params": params,
    }  # fmt: skip


#: The project's tiles and two made-up ones: an Action removing a Modifier with no
#: ``score`` given, and a Reaction that would protect a Modifier.
ROWS = [
    *tile_list(),
    _made_up("Weed Out", "Action", "remove_target", {"target": {"kind": "modifier"}}),
    _made_up(
        "Charm Ward",
        "Reaction",
        "protect",
        {"duration": "turn", "target": {"kind": "modifier"}, "responds_to": "any"},
    ),
]


def after_resolving(events: list[Event], name: str) -> list[Event]:
    """The events that follow the "resolving" event of the tile named ``name``, up to the
    next tile's "resolving" or the end of the stack."""
    start = next(
        i for i, e in enumerate(events) if e.kind == "resolving" and e.data["name"] == name
    )
    found: list[Event] = []
    for event in events[start + 1 :]:
        if event.kind in ("resolving", "stack_resolved"):
            break
        found.append(event)
    return found


def words(state: ChizoState, event: Event) -> str:
    """The event as seat 0's log reads it."""
    names = GAME.view_names(GAME.view(state, WE))
    return GAME.event_text(event.to_dict(), names)


# -- extra_actions --------------------------------------------------------------------------


def test_swift_feet_logs_the_player_and_the_number_of_extra_actions() -> None:
    """Swift Feet, on our own turn: the log says who gets how many more actions."""
    state = board(hands={WE: ["Swift Feet"]})
    events = act(state, "action", in_hand(state, WE, "Swift Feet"))
    assert after_resolving(events, "Swift Feet") == [
        Event("extra_actions", {"player": WE, "count": 2})
    ]
    extra = next(e for e in events if e.kind == "extra_actions")
    assert words(state, extra) == "Seat 1 gets 2 extra actions this turn"
    assert state.actions_left == 3


def made_up_board(**layout: Any) -> ChizoState:
    """Two players with the project's tiles and the made-up ones, spare tiles in both
    Stacks."""
    return position(2, tiles=ROWS, stacks={WE: SPARE, THEY: SPARE}, **layout)


# -- capture_target -------------------------------------------------------------------------


def test_a_capture_stopped_by_paper_talisman_logs_the_protected_creature() -> None:
    """Pit Trap on a Rat that Paper Talisman protects: the Rat stays, and the log says
    that Pit Trap's capture was stopped, naming the Rat."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (1, 0): ("Great Wall", WE)},
        hands={WE: ["Pit Trap"], THEY: ["Paper Talisman"]},
    )
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Pit Trap"))
    events = act(state, "react", in_hand(state, THEY, "Paper Talisman"))
    protected = after_resolving(events, "Pit Trap")
    assert protected == [Event("protected", {"tile": rat, "name": "Rat"})]
    assert words(state, protected[0]) == "Rat was protected"
    assert rat in state.pos
    assert state.piles[WE] == []


# -- take_control ---------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 191, 193, 211)
def test_taking_control_logs_the_tile_and_a_creature_it_leaves_at_str_0_removed() -> None:
    """Silver Tongue takes a Rat that only their Shepherd Ram kept alive next to a Bamboo
    Thicket: the log names the tile whose control changed, then the Rat's removal at
    STR 0 ("immediately remove it from play"), into its owner's Discard Pile."""
    state = board(
        grid={
            (0, 0): ("Rat", THEY),
            (1, 0): ("Ox", WE),
            (0, 1): ("Shepherd Ram", THEY),
            (-1, 0): ("Bamboo Thicket", THEY),
        },
        hands={WE: ["Silver Tongue"]},
    )
    rat = at(state, 0, 0)
    assert values(state, rat) == (1, 5)  # 1 STR, -1 from the Thicket, +1 from the Ram
    events = act(state, "action", in_hand(state, WE, "Silver Tongue"))
    assert after_resolving(events, "Silver Tongue") == [
        Event("control", {"tile": rat, "name": "Rat", "player": WE}),
        Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"}),
    ]
    assert rat not in state.pos
    assert state.discards[THEY] == [rat]
    assert "captured" not in event_kinds(events)  # "It is not considered captured."


# -- remove_target --------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 191)
def test_a_removal_stopped_by_paper_talisman_logs_the_creature_and_scores_nothing() -> None:
    """Undue Prejudice on a Tiger that Paper Talisman protects: the Tiger stays, the log
    says the removal was stopped, naming the Tiger, and no point is scored."""
    state = board(
        grid={(0, 0): ("Tiger", THEY), (1, 0): ("Snake", THEY), (0, 1): ("Rat", WE)},
        hands={WE: ["Undue Prejudice"], THEY: ["Paper Talisman"]},
    )
    tiger = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Undue Prejudice"))
    events = act(state, "react", in_hand(state, THEY, "Paper Talisman"))
    assert state.phase == "choice"  # Paper Talisman: which of their creatures
    events += act(state, "choose", tiger)
    assert after_resolving(events, "Undue Prejudice") == [
        Event("protected", {"tile": tiger, "name": "Tiger"})
    ]
    assert words(state, after_resolving(events, "Undue Prejudice")[0]) == "Tiger was protected"
    assert state.pos[tiger] == (0, 0)
    assert state.piles[WE] == []


def test_protection_shields_creatures_only_so_a_modifier_is_removed_all_the_same() -> None:
    """A made-up Charm Ward protects their Wild Strength against our made-up Weed Out:
    protection is a creature's ("the creature can't be ... removed from play by effects"),
    so the Modifier is removed; Weed Out names no ``score``, so nothing is scored."""
    state = made_up_board(
        grid={(0, 0): ("Rat", THEY)},
        attached={(0, 0): ("Wild Strength", THEY)},
        hands={WE: ["Weed Out"], THEY: ["Charm Ward"]},
    )
    strength = state.att[at(state, 0, 0)]
    act(state, "action", in_hand(state, WE, "Weed Out"))
    events = act(state, "react", in_hand(state, THEY, "Charm Ward"))
    assert after_resolving(events, "Weed Out") == [
        Event("removed", {"tile": strength, "name": "Wild Strength", "why": "effect"})
    ]
    assert state.att == {}
    assert strength in state.discards[THEY]
    assert state.piles[WE] == []


@pytest.mark.rule("chizo-rising.txt", 191, 211)
def test_removing_an_item_logs_the_creature_its_aura_kept_alive_removed_at_str_0() -> None:
    """Clear the Path removes our Training Ground: our Rat beside their Bamboo Thicket
    drops to STR 0 and is removed too, and the log says both, in that order."""
    state = board(
        grid={
            (0, 0): ("Rat", WE),
            (1, 0): ("Training Ground", WE),
            (-1, 0): ("Bamboo Thicket", THEY),
        },
        hands={THEY: ["Clear the Path"]},
        active=THEY,
    )
    rat, ground = at(state, 0, 0), at(state, 1, 0)
    assert values(state, rat) == (1, 5)
    events = act(state, "action", in_hand(state, THEY, "Clear the Path"))
    assert state.phase == "choice"  # the Thicket is an Obstacle too
    events += act(state, "choose", ground)
    assert after_resolving(events, "Clear the Path") == [
        Event("removed", {"tile": ground, "name": "Training Ground", "why": "effect"}),
        Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"}),
    ]
    assert state.discards[WE] == [ground, rat]


# -- return_to_hand -------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 191, 211)
def test_returning_a_creature_logs_its_modifier_its_return_and_what_its_aura_kept_alive() -> None:
    """Second Thoughts returns their Shepherd Ram, which carries Keen Mind and keeps their
    Rat alive beside a Bamboo Thicket: the log says the Modifier was removed with its
    host, the Ram went back to its owner's hand, then the Rat was removed at STR 0."""
    state = board(
        grid={
            (0, 0): ("Rat", THEY),
            (1, 0): ("Ox", WE),
            (0, 1): ("Shepherd Ram", THEY),
            (-1, 0): ("Bamboo Thicket", THEY),
        },
        attached={(0, 1): ("Keen Mind", THEY)},
        hands={WE: ["Second Thoughts"]},
    )
    rat, ram = at(state, 0, 0), at(state, 0, 1)
    mind = state.att[ram]
    events = act(state, "action", in_hand(state, WE, "Second Thoughts"))
    events += act(state, "choose", ram)
    assert after_resolving(events, "Second Thoughts") == [
        Event("removed", {"tile": mind, "name": "Keen Mind", "why": "its host left play"}),
        Event("returned", {"tile": ram, "name": "Shepherd Ram", "player": THEY}),
        Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"}),
    ]
    returned = next(e for e in events if e.kind == "returned")
    assert words(state, returned) == "Shepherd Ram returned to Seat 2's hand"
    assert state.hands[THEY] == [ram]
    assert state.discards[THEY] == [mind, rat]


# -- force_discard --------------------------------------------------------------------------


def test_tax_collector_discards_a_hand_no_bigger_than_its_count_without_asking() -> None:
    """Tax Collector (2) against a hand of a Rat and a Dog: both are discarded with no
    choice to make, and the log names each tile and whose it was."""
    state = board(hands={WE: ["Tax Collector"], THEY: ["Rat", "Dog"]})
    rat, dog = in_hand(state, THEY, "Rat"), in_hand(state, THEY, "Dog")
    events = act(state, "action", in_hand(state, WE, "Tax Collector"))
    assert after_resolving(events, "Tax Collector") == [
        Event("discarded", {"player": THEY, "tile": dog, "name": "Dog"}),
        Event("discarded", {"player": THEY, "tile": rat, "name": "Rat"}),
    ]
    assert state.phase == "turn"
    assert state.hands[THEY] == []
    assert sorted(state.discards[THEY]) == sorted([rat, dog])
