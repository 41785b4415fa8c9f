"""ChiZo RISING: what the effects on hands and on tiles in play tell the game log.

Swift Feet's extra actions (``extra_actions``), a capture that a protection stops
(``capture_target`` against Paper Talisman) and a change of control (``take_control``)
that leaves a creature at STR 0: each effect's events, with their data and their words,
as the boards show them (docs/chizo-tiles.md, "The effect vocabulary"). Seat 0 ("we") is
to act unless said otherwise; seat 1 is the opponent.
"""

from __future__ import annotations

import pytest

from play.engine.core import Event
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.targets import values

from .chizo_table import act, at, event_kinds, in_hand
from .chizo_tilecase import THEY, WE, board


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
