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
from play.engine.games.chizo.grid import xy
from play.engine.games.chizo.scenario import position
from play.engine.games.chizo.state import UNTIL_TURN, Temp
from play.engine.games.chizo.targets import values
from play.engine.games.chizo.zones import protected

from .chizo_data import tile_list
from .chizo_table import act, at, event_kinds, in_hand, legal, names
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
    # Filters no shipped tile uses: next to an Item, a Modifier next to an Obstacle, one
    # class of creature from the Stack.
    _made_up("Market Raid", "Action", "remove_target",
             {"target": {"kind": "creature", "adjacent_to": "item"}}),
    _made_up("Uproot", "Action", "remove_target",
             {"target": {"kind": "modifier", "adjacent_to": "obstacle"}}),
    _made_up("Rat Call", "Action", "search_stack",
             {"count": 1, "filter": {"kind": "creature", "class": "Rat"}}),
    # Moves that name no ``jump``, one of them by a creature's arrival next to its target.
    _made_up("Nudge", "Action", "move_tiles",
             {"count": 1, "spaces": 2, "target": {"kind": "creature", "controller": "you"}}),
    {
        "id": "Sheepdog", "name": "Sheepdog", "type": "Creature", "creature_class": "Dog",
        "is_basic": False, "strength": 2, "intelligence": 4, "compatible_classes": [],
        "effect_key": "move_tiles",
        "effect_params": {"count": 1, "spaces": 1, "when": "enters_play",
                          "target": {"kind": "creature", "adjacent_to": "source"}},
    },
    # Changes of one value only (the other is not named), and any tile put into play.
    _made_up("Dim Wits", "Action", "modify_stats",
             {"int": -2, "duration": "turn", "target": {"kind": "creature"}}),
    _made_up("Sapping Frost", "Action", "modify_stats",
             {"str": -1, "duration": "turn", "target": {"kind": "creature"}}),
    _made_up("Rust", "Modifier", "stat_bonus",
             {"str": -2, "condition": "always", "scope": "host", "attach_to": {"kind": "placed"}}),
    _made_up("Open Gate", "Action", "put_into_play", {"count": 1, "filter": {"kind": "any"}}),
]  # fmt: skip


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
    Stacks unless given."""
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return position(2, tiles=ROWS, **layout)


# -- capture_target -------------------------------------------------------------------------


def test_a_capture_logs_who_captured_which_tiles_by_name() -> None:
    """Pit Trap captures their Rat: the log says who captured which tile, with its name,
    and the Rat is in our Point Pile."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (1, 0): ("Great Wall", WE)},
        hands={WE: ["Pit Trap"]},
    )
    rat = at(state, 0, 0)
    events = act(state, "action", in_hand(state, WE, "Pit Trap"))
    captured = after_resolving(events, "Pit Trap")
    assert captured == [Event("captured", {"player": WE, "tiles": [rat], "names": ["Rat"]})]
    assert words(state, captured[0]) == "Seat 1 captured Rat"
    assert state.piles[WE] == [rat]


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
    assert xy(state.pos[tiger]) == (0, 0)
    assert state.piles[WE] == []


def test_protection_shields_creatures_only_so_a_modifier_is_removed_all_the_same() -> None:
    """A made-up Charm Ward protects their Wild Strength against our made-up Weed Out:
    protection is a creature's ("the creature can't be ... removed from play by effects"),
    so the Modifier is removed, its protection with it; Weed Out names no ``score``, so
    nothing is scored."""
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
    assert not protected(state, strength)  # the protection left play with it
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


def choices(state: ChizoState) -> list[int]:
    """The tiles that may be chosen now."""
    return [a.args[0] for a in legal(state) if a.kind == "choose"]


# -- filters: adjacent_to and class ---------------------------------------------------------


def test_next_to_an_item_means_an_item_not_any_tile() -> None:
    """Market Raid removes a creature next to an Item: their Rat beside a Village is the
    only target (so it goes at once, without a choice), not their Dog beside a Boulder
    nor their Pig beside another creature."""
    state = made_up_board(
        grid={(0, 0): ("Rat", THEY), (1, 0): ("Village", THEY),
              (0, 3): ("Dog", THEY), (1, 3): ("Boulder", THEY),
              (0, 6): ("Pig", THEY), (1, 6): ("Ox", THEY)},
        hands={WE: ["Market Raid"]},
    )  # fmt: skip
    rat = at(state, 0, 0)
    events = act(state, "action", in_hand(state, WE, "Market Raid"))
    assert after_resolving(events, "Market Raid") == [
        Event("removed", {"tile": rat, "name": "Rat", "why": "effect"})
    ]
    assert state.phase == "turn"
    assert names(state, state.discards[THEY]) == ["Rat"]


def test_an_attached_tile_has_no_space_of_its_own_so_it_is_next_to_nothing() -> None:
    """Uproot removes a Modifier next to an Obstacle: the Keen Mind on a Rat beside a
    Boulder has no space of its own (only its host has one), so Uproot does not
    resolve."""
    state = made_up_board(
        grid={(0, 0): ("Rat", THEY), (1, 0): ("Boulder", THEY)},
        attached={(0, 0): ("Keen Mind", THEY)},
        hands={WE: ["Uproot"]},
    )
    mind = state.att[at(state, 0, 0)]
    events = act(state, "action", in_hand(state, WE, "Uproot"))
    assert event_kinds(after_resolving(events, "Uproot")) == ["fizzled"]
    assert state.att == {at(state, 0, 0): mind}


@pytest.mark.rule("chizo-rising.txt", 191, 193)
def test_silver_tongue_needs_a_creature_of_ours_beside_the_target() -> None:
    """Silver Tongue takes a basic creature of theirs next to a creature we control: their
    Rat beside our Horse (of its own quartet) is the only one, not their Dog beside our
    Boulder (an Obstacle, not a creature), so it is taken at once."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (1, 0): ("Horse", WE),
              (0, 3): ("Dog", THEY), (1, 3): ("Boulder", WE)},
        hands={WE: ["Silver Tongue"]},
    )  # fmt: skip
    rat, dog = at(state, 0, 0), at(state, 0, 3)
    events = act(state, "action", in_hand(state, WE, "Silver Tongue"))
    assert after_resolving(events, "Silver Tongue") == [
        Event("control", {"tile": rat, "name": "Rat", "player": WE})
    ]
    assert (state.ctrl[rat], state.ctrl[dog]) == (WE, THEY)


def test_a_search_for_one_class_offers_only_that_class_and_logs_no_name() -> None:
    """Rat Call searches our Stack for a Rat (the first class of the zodiac): only a Rat is
    offered, not the Ox or the Dog; the log says we searched without naming the tile."""
    state = made_up_board(hands={WE: ["Rat Call"]}, stacks={WE: ["Ox", "Rat", "Dog"]})
    act(state, "action", in_hand(state, WE, "Rat Call"))
    rat = next(u for u in state.stacks[WE] if state.name(u) == "Rat")
    assert choices(state) == [rat]
    events = act(state, "choose", rat)
    assert Event("searched", {"player": WE}) in events
    assert "recovered" not in event_kinds(events)
    assert rat in state.hands[WE]


# -- recover --------------------------------------------------------------------------------


def test_remembrance_logs_each_tile_it_recovers_and_done_stops_it() -> None:
    """Remembrance (up to 2) with an Ox and a Rat in our Discard Pile: the log names the
    Rat we take back; "done" then ends the effect and the Ox stays where it is."""
    state = board(hands={WE: ["Remembrance"]}, discards={WE: ["Ox", "Rat"]})
    ox, rat = state.discards[WE]
    act(state, "action", in_hand(state, WE, "Remembrance"))
    assert choices(state) == [ox, rat]
    assert act(state, "choose", rat) == [
        Event("recovered", {"player": WE, "tile": rat, "name": "Rat"})
    ]
    assert choices(state) == [ox]
    act(state, "done")
    assert state.phase == "turn"
    assert state.hands[WE] == [rat]
    assert ox in state.discards[WE]


# -- move_tiles -----------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 203, 211)
def test_a_move_logs_where_the_tile_went_and_a_creature_it_leaves_at_str_0_removed() -> None:
    """Gust of Wind moves their Rat (STR 1) two spaces, next to a Bamboo Thicket: the log
    says which tile moved from where to where, then the Rat's removal at STR 0."""
    state = board(
        grid={(0, 0): ("Rat", THEY), (0, 1): ("Ox", WE), (3, 0): ("Bamboo Thicket", THEY)},
        hands={WE: ["Gust of Wind"]},
    )
    rat = at(state, 0, 0)
    events = act(state, "action", in_hand(state, WE, "Gust of Wind"))
    events += act(state, "choose", rat)
    events += act(state, "to", 2, 0)
    assert after_resolving(events, "Gust of Wind") == [
        Event("moved", {"tile": rat, "name": "Rat", "frm": [0, 0], "to": [2, 0]}),
        Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"}),
    ]
    assert state.discards[THEY] == [rat]


@pytest.mark.rule("chizo-rising.txt", 203)
def test_a_move_that_names_no_jump_walks_so_a_walled_in_creature_cannot_be_moved() -> None:
    """Nudge moves a creature of ours 2 spaces and names no ``jump``: it walks, and our
    Horse has a tile in each of the eight cells around, so nothing can be moved and the
    log says Nudge did not resolve, and why."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    state = made_up_board(grid={(0, 0): ("Horse", WE)} | dict.fromkeys(ring, ("Great Wall", THEY)),
                          hands={WE: ["Nudge"]})  # fmt: skip
    nudge = in_hand(state, WE, "Nudge")
    events = act(state, "action", nudge)
    assert after_resolving(events, "Nudge") == [
        Event("fizzled", {"tile": nudge, "name": "Nudge", "why": "nothing it can move"})
    ]
    assert xy(state.pos[at(state, 0, 0)]) == (0, 0)


@pytest.mark.rule("chizo-rising.txt", 37, 203)
def test_a_creature_moved_on_arrival_next_to_itself_can_win_and_the_state_round_trips() -> None:
    """Sheepdog, as it enters play, moves a creature next to itself one space: only our
    Rooster beside it may be chosen. Moved next to our Rat, Rabbit and Horse it completes
    their square, whose four tiles bring us to twelve points: the game ends there, with the effect
    unfinished, and the saved state reads back the same."""
    state = made_up_board(
        grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
              (2, 1): ("Rooster", WE), (6, 6): ("Ox", THEY)},
        hands={WE: ["Sheepdog"]}, piles={WE: [("Ox", WE)] * 8},
    )  # fmt: skip
    rooster = at(state, 2, 1)
    act(state, "place", in_hand(state, WE, "Sheepdog"), 3, 1)
    assert choices(state) == [rooster]
    act(state, "choose", rooster)
    act(state, "to", 1, 1)
    assert state.over
    assert state.points(WE) == 12
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


# -- modify_stats ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "target", "change", "after"),
    [("Dim Wits", "Rat", (0, -2), (1, 3)), ("Sapping Frost", "Rabbit", (-1, 0), (1, 4))],
)
def test_a_value_a_change_does_not_name_stays_as_it_is(
    name: str, target: str, change: tuple[int, int], after: tuple[int, int]
) -> None:
    """Dim Wits names only INT (-2), Sapping Frost only STR (-1): the value not named is
    not changed, and the log says 0 for it."""
    state = made_up_board(grid={(0, 0): (target, THEY)}, hands={WE: [name]})
    creature = at(state, 0, 0)
    events = act(state, "action", in_hand(state, WE, name))
    assert after_resolving(events, name) == [
        Event("modified", {"tile": creature, "name": target, "str": change[0], "int": change[1]})
    ]
    assert values(state, creature) == after


# -- STR 0 ----------------------------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 211)
def test_only_a_creature_leaves_play_at_str_0_not_an_obstacle() -> None:
    """'If any Creature's STR ever reaches 0, immediately remove it from play.' Rust (-2
    STR) on their River (1/4), an Obstacle: its STR is 0 and it stays in play."""
    state = made_up_board(grid={(0, 0): ("River", THEY)}, hands={WE: ["Rust"]})
    river, rust = at(state, 0, 0), in_hand(state, WE, "Rust")
    events = act(state, "attach", rust, river)
    assert event_kinds(events) == ["attached"]
    assert values(state, river) == (0, 4)
    assert xy(state.pos[river]) == (0, 0)


# -- put_into_play --------------------------------------------------------------------------


def test_only_tiles_for_the_playing_area_are_put_into_play() -> None:
    """Open Gate puts any tile into play: our Rat may go next to the Ox, our Swift Feet (an
    Action) nowhere."""
    state = made_up_board(grid={(0, 0): ("Ox", WE)}, hands={WE: ["Open Gate", "Swift Feet", "Rat"]})
    act(state, "action", in_hand(state, WE, "Open Gate"))
    rat = in_hand(state, WE, "Rat")
    puts = [a.args for a in legal(state) if a.kind == "put"]
    assert puts == [(rat, x, y) for x, y in ((-1, 0), (0, -1), (0, 1), (1, 0))]


def test_reinforcements_with_no_creature_in_hand_ends_without_a_choice() -> None:
    """Reinforcements with no creature in our hand: there is nothing to put, so no choice
    (not even "done") is asked for and the turn goes on."""
    state = board(grid={(0, 0): ("Ox", WE)}, hands={WE: ["Reinforcements", "Swift Feet"]})
    act(state, "action", in_hand(state, WE, "Reinforcements"))
    assert state.phase == "turn"
    assert state.frames == []
    assert names(state, state.hands[WE]) == ["Swift Feet"]


def test_a_tile_leaving_play_takes_only_its_own_changes_and_protection_with_it() -> None:
    """Our Rat and Dog each have +1 STR and protection until the end of the turn. Second
    Thoughts returns the Dog to our hand: the Rat keeps its change and protection, the
    Dog, back in hand, has neither."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Dog", WE)},
                  hands={WE: ["Second Thoughts"]})  # fmt: skip
    rat, dog = at(state, 0, 0), at(state, 1, 0)
    state.temps = [Temp(rat, 1, 0, UNTIL_TURN), Temp(dog, 1, 0, UNTIL_TURN)]
    state.protects = [(rat, UNTIL_TURN), (dog, UNTIL_TURN)]
    rat_values = values(state, rat)
    act(state, "action", in_hand(state, WE, "Second Thoughts"))
    act(state, "choose", dog)
    assert dog in state.hands[WE]
    assert values(state, rat) == rat_values
    assert protected(state, rat)
    assert not protected(state, dog)
    assert [t.uid for t in state.temps] == [rat]


def test_a_creature_with_an_arrival_effect_takes_the_square_it_completes_after_it() -> None:
    """Happy Rabbit (draws a tile as it enters play) replaces our Rabbit and so completes
    a square with our Rat, Horse and Rooster: once its draw is done it takes the square,
    and the log says so."""
    state = board(grid={(0, 0): ("Rat", WE), (1, 0): ("Rabbit", WE), (0, 1): ("Horse", WE),
                        (1, 1): ("Rooster", WE)}, hands={WE: ["Happy Rabbit"]})  # fmt: skip
    happy = in_hand(state, WE, "Happy Rabbit")
    events = act(state, "place", happy, 1, 0)
    kinds = event_kinds(events)
    assert kinds.index("drew") < kinds.index("square")
    assert next(e for e in events if e.kind == "square").data["tile"] == happy
    assert state.grid == {}
    assert state.points(WE) == 4
