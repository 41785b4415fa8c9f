"""ChiZo RISING: the effects on the Action Stack and the Battle (effects/stack.py:
``end_battle``, ``dismiss_ally``) and lending a Helpful creature (stack.py ``lend``).

What they do to the Battle, when they do not resolve, and what their events say (the
data and the game log's sentences). Besides the project's tiles, a few made-up tiles
reach the paths no printed tile does: creatures whose ``enters_play`` effect is
``end_battle`` (with and without a target next to themselves), and a Reaction that puts
two creatures into play during a Battle.
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Event
from play.engine.games.chizo import GAME, ChizoState
from play.engine.games.chizo.grid import xy
from play.engine.games.chizo.scenario import position

from .chizo_data import tile_list
from .chizo_table import act, at, event_kinds, in_hand, legal, table

WE, THEY = 0, 1
SPARE = ["Ox", "Ox", "Ox", "Ox"]


def _peacemaker(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """A Rooster whose arrival ends the Battle (``end_battle`` when it enters play)."""
    return {
        "id": name,
        "name": name,
        "type": "Creature",
        "creature_class": "Rooster",
        "is_basic": False,
        "strength": 2,
        "intelligence": 2,
        "compatible_classes": [],
        "effect_key": "end_battle",
        "effect_params": {"when": "enters_play", **params},
    }


#: The project's tiles and four made-up ones (one catalogue, compiled once).
ROWS = [
    *tile_list(),
    # No shipped tile lowers a STR while it battles: this Rooster does, to 0.
    {
        "id": "Timid Rooster",
        "name": "Timid Rooster",
        "type": "Creature",
        "creature_class": "Rooster",
        "is_basic": False,
        "strength": 2,
        "intelligence": 2,
        "compatible_classes": [],
        "effect_key": "stat_bonus",
        "effect_params": {"str": -2, "int": 0, "condition": "defending", "scope": "self"},
    },
    _peacemaker("Dove", {}),
    _peacemaker(
        "Peace Crane",
        {"target": {"kind": "creature", "adjacent_to": "source", "battle_role": "defender"}},
    ),
    {
        "id": "Double Arrival",
        "name": "Double Arrival",
        "type": "Reaction",
        "creature_class": "",
        "is_basic": False,
        "strength": None,
        "intelligence": None,
        "compatible_classes": [],
        "effect_key": "put_into_play",
        "effect_params": {"count": 2, "filter": {"kind": "creature"}, "responds_to": "battle"},
    },
    # An effect the engine does not model, and a STR change until the end of the turn.
    {**_peacemaker("Moon Charm", {}), "type": "Action", "effect_key": "call_the_moon",
     "effect_params": {}},
    {**_peacemaker("Pep Talk", {}), "type": "Action", "effect_key": "modify_stats",
     "effect_params": {"str": 1, "duration": "turn", "target": {"kind": "creature"}}},
    {**_peacemaker("Brace", {}), "type": "Action/Reaction", "effect_key": "modify_stats",
     "effect_params": {"str": 1, "duration": "stack", "target": {"kind": "creature"},
                       "responds_to": "any"}},
    {**_peacemaker("Charger", {}), "strength": 1, "intelligence": 1, "effect_key": "stat_bonus",
     "effect_params": {"str": 1, "condition": "attacking", "scope": "self"}},
    {**_peacemaker("Open Gate", {}), "type": "Action", "effect_key": "put_into_play",
     "effect_params": {"count": 1, "filter": {"kind": "any"}}},
]  # fmt: skip


def board(**layout: Any) -> ChizoState:
    """Two players with the project's tiles, spare tiles in both Stacks."""
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return table(2, **layout)


def made_up_board(**layout: Any) -> ChizoState:
    """Two players with the project's tiles and the made-up ones."""
    layout.setdefault("stacks", {WE: SPARE, THEY: SPARE})
    return position(2, tiles=ROWS, **layout)


def only(events: list[Event], kind: str) -> Event:
    """The one event of ``kind`` among the events."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, event_kinds(events)
    return found[0]


def text(state: ChizoState, event: Event) -> str:
    """The event as the game log words it (tiles named by their uid's name)."""
    uids = range(len(state.kind))
    return GAME.event_text(event.to_dict(), {u: state.name(u) for u in uids})


def horse_attacks(state: ChizoState, defender: tuple[int, int]) -> None:
    """THEY announce their Horse at (1, 0) against the tile at ``defender`` and lay the
    face-down Ox; nobody asks for Allies."""
    act(state, "battle", at(state, 1, 0), at(state, *defender))
    while state.phase == "allies":
        act(state, "stop")
    act(state, "face_down", in_hand(state, THEY, "Ox"))


# -- end_battle: Feather Flurry ------------------------------------------------------------


@pytest.mark.rule("chizo-rising.txt", 155, 157)
def test_feather_flurry_says_how_many_tiles_the_ended_battle_discarded() -> None:
    """'These BATTLES are over and the rest of the Tiles are discarded': the event of the
    ended Battle counts the face-down tile it discarded, and the log says so."""
    state = board(
        active=THEY,
        grid={(0, 0): ("Rooster", WE), (1, 0): ("Horse", THEY)},
        hands={WE: ["Feather Flurry"], THEY: ["Ox"]},
    )
    horse_attacks(state, (0, 0))
    events = act(state, "react", in_hand(state, WE, "Feather Flurry"))
    ended = only(events, "battle_ended")
    assert ended.data == {"tiles_discarded": 1}
    assert text(state, ended) == "The battle ended (1 tile discarded)"
    assert "battle_result" not in event_kinds(events)
    assert state.battle is None


@pytest.mark.rule("chizo-rising.txt", 143, 153)
def test_feather_flurry_does_not_resolve_unless_our_rooster_is_the_defender() -> None:
    """Feather Flurry ends a Battle only "if a Rooster you control is the Defender":
    with our Rat attacked it has no target, "that Effect does not resolve" (the log
    says it fizzled), and the Battle comes to its result at the face-down tile (3/3
    against 1/5: a draw)."""
    state = board(
        active=THEY,
        grid={(0, 0): ("Rat", WE), (1, 0): ("Horse", THEY), (0, 1): ("Rooster", WE)},
        hands={WE: ["Feather Flurry"], THEY: ["Ox"]},
    )
    flurry = in_hand(state, WE, "Feather Flurry")
    horse_attacks(state, (0, 0))
    events = act(state, "react", flurry)
    fizzled = only(events, "fizzled")
    assert fizzled.data == {"tile": flurry, "name": "Feather Flurry", "why": "no target"}
    assert text(state, fizzled) == "Feather Flurry fizzled (no target)"
    assert "battle_ended" not in event_kinds(events)
    result = only(events, "battle_result").data
    assert (result["attacker"], result["defender"], result["why"]) == ([3, 3], [1, 5], "draw")


# -- end_battle: made-up creatures that end the Battle when they enter play ----------------


@pytest.mark.rule("chizo-rising.txt", 153)
def test_a_creature_that_must_neighbour_the_defender_ends_the_battle_from_next_to_it() -> None:
    """A target "next to this tile" is looked for next to the tile whose effect it is:
    the Peace Crane, put into play by Surprise Arrival next to the defending Rooster,
    ends the Battle before the face-down tile, so there is no result."""
    state = made_up_board(
        active=THEY,
        grid={(0, 0): ("Rooster", WE), (1, 0): ("Horse", THEY)},
        hands={WE: ["Surprise Arrival", "Peace Crane"], THEY: ["Ox"]},
    )
    crane = in_hand(state, WE, "Peace Crane")
    horse_attacks(state, (0, 0))
    act(state, "react", in_hand(state, WE, "Surprise Arrival"))
    events = act(state, "put", crane, -1, 0)
    assert event_kinds(events)[:2] == ["placed", "battle_ended"]
    assert "fizzled" not in event_kinds(events)
    assert "battle_result" not in event_kinds(events)
    assert state.name(at(state, 0, 0)) == "Rooster"  # not captured
    assert xy(state.pos[crane]) == (-1, 0)
    assert state.points(THEY) == 0


def test_a_creature_that_ends_battles_fizzles_when_placed_outside_a_battle() -> None:
    """Placed as an ordinary action, with no Battle going on, the Dove's effect does not
    resolve, and the log says why."""
    state = made_up_board(active=WE, grid={(0, 0): ("Rat", THEY)}, hands={WE: ["Dove"]})
    dove = in_hand(state, WE, "Dove")
    events = act(state, "place", dove, 1, 0)
    fizzled = only(events, "fizzled")
    assert fizzled.data == {"tile": dove, "name": "Dove", "why": "not a Battle"}
    assert text(state, fizzled) == "Dove fizzled (not a Battle)"
    assert xy(state.pos[dove]) == (1, 0)


@pytest.mark.rule("chizo-rising.txt", 153)
def test_a_second_battle_ender_after_the_battle_is_over_fizzles_as_not_a_battle() -> None:
    """Double Arrival puts two Doves into play during a Battle: the first ends it (no
    result), so the second finds no Battle left to end while the Battle Action Stack
    is still resolving, and fizzles instead of ending it again."""
    state = made_up_board(
        active=THEY,
        grid={(0, 0): ("Rooster", WE), (1, 0): ("Horse", THEY)},
        hands={WE: ["Double Arrival", "Dove", "Dove"], THEY: ["Ox"]},
    )
    first, second = sorted(u for u in state.hands[WE] if state.name(u) == "Dove")
    horse_attacks(state, (0, 0))
    act(state, "react", in_hand(state, WE, "Double Arrival"))
    events = act(state, "put", first, -1, 0)
    assert only(events, "battle_ended").data == {"tiles_discarded": 1}
    assert state.battle is None
    assert state.phase == "choice"  # the second Dove may still come
    events = act(state, "put", second, -2, 0)
    assert "battle_ended" not in event_kinds(events)
    fizzled = only(events, "fizzled")
    assert fizzled.data == {"tile": second, "name": "Dove", "why": "not a Battle"}
    assert text(state, fizzled) == "Dove fizzled (not a Battle)"
    assert "battle_result" not in event_kinds(events)
    assert state.points(THEY) == 0


# -- dismiss_ally and lending ----------------------------------------------------------------


def test_cold_shoulder_names_the_ally_it_dismisses() -> None:
    """The event of Cold Shoulder names the dismissed Ally: "Dog left the battle"."""
    state = board(
        grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (0, 1): ("Dog", WE)},
        hands={WE: ["Ox"], THEY: ["Cold Shoulder"]},
    )
    dog = at(state, 0, 1)
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "ask", dog)
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", in_hand(state, THEY, "Cold Shoulder"))
    dismissed = only(events, "ally_dismissed")
    assert dismissed.data == {"tile": dog, "name": "Dog"}
    assert text(state, dismissed) == "Dog left the battle"


def test_lending_names_the_helpful_creature_that_lends() -> None:
    """The event of a lending says which creature in play lends (its uid, for the
    boards, and its name, for the log); the tile paid face down stays unnamed."""
    state = board(
        grid={(0, 0): ("Rooster", THEY), (-1, 0): ("Horse", WE), (1, 0): ("Helpful Ox", THEY)},
        hands={WE: ["Ox"], THEY: ["Rat"]},
    )
    helper = at(state, 1, 0)
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "stop")
    act(state, "face_down", in_hand(state, WE, "Ox"))
    assert any(a.kind == "lend" for a in legal(state))
    events = act(state, "lend", helper, in_hand(state, THEY, "Rat"))
    lent = only(events, "lend")
    assert lent.data == {"player": THEY, "creature": helper, "name": "Helpful Ox"}
    assert text(state, lent) == "Seat 2 lent Helpful Ox to the battle"


# -- cancel_tile: Bad Omen -----------------------------------------------------------------


def test_bad_omen_names_the_face_up_action_it_cancels_and_whose_it_was() -> None:
    """Bad Omen on their Swift Feet: the cancelled Action was played face up, so the log
    names it and its player; it goes to their Discard Pile unresolved."""
    state = board(active=THEY, hands={WE: ["Bad Omen"], THEY: ["Swift Feet"]})
    feet = in_hand(state, THEY, "Swift Feet")
    act(state, "action", feet)
    events = act(state, "react", in_hand(state, WE, "Bad Omen"))
    cancelled = only(events, "cancelled")
    assert cancelled.data == {"tile": feet, "name": "Swift Feet", "player": THEY}
    assert text(state, cancelled) == "Seat 2's Swift Feet was cancelled"
    assert state.discards[THEY] == [feet]
    assert state.actions_left == 1  # Swift Feet did not resolve


def test_bad_omen_cancels_a_lend_without_naming_the_tile_paid_face_down() -> None:
    """Bad Omen on our Helpful Rat's lend (the lender being the game's first tile): the
    tile that paid for the lend lies face down, so the log names only whose it was."""
    state = board(
        active=THEY,
        grid={(1, 0): ("Helpful Rat", WE), (0, 0): ("Rooster", WE), (-1, 0): ("Horse", THEY)},
        hands={WE: ["Rat"], THEY: ["Ox", "Bad Omen"]},
    )
    lender, paid = at(state, 1, 0), in_hand(state, WE, "Rat")
    assert lender == 0
    act(state, "battle", at(state, -1, 0), at(state, 0, 0))
    act(state, "stop")  # we do not ask our Helpful Rat to ally
    act(state, "face_down", in_hand(state, THEY, "Ox"))
    act(state, "lend", lender, paid)
    events = act(state, "react", in_hand(state, THEY, "Bad Omen"))
    cancelled = only(events, "cancelled")
    assert cancelled.data == {"tile": None, "name": None, "player": WE}
    assert text(state, cancelled) == "Seat 1's tile was cancelled"
    assert paid in state.discards[WE]
    assert "lent" not in event_kinds(events)


@pytest.mark.rule("chizo-rising.txt", 151)
def test_bad_omen_on_the_face_down_tile_of_a_battle_does_not_resolve_and_says_why() -> None:
    """Bad Omen "can't cancel the face-down tile that started a Battle": it fizzles,
    the log says why, and the Battle has its result."""
    state = board(
        grid={(0, 0): ("Horse", WE), (1, 0): ("Rat", THEY)},
        hands={WE: ["Ox"], THEY: ["Bad Omen"]},
    )
    omen = in_hand(state, THEY, "Bad Omen")
    act(state, "battle", at(state, 0, 0), at(state, 1, 0))
    act(state, "face_down", in_hand(state, WE, "Ox"))
    events = act(state, "react", omen)
    fizzled = only(events, "fizzled")
    assert fizzled.data == {"tile": omen, "name": "Bad Omen", "why": "nothing it can cancel"}
    assert "battle_result" in event_kinds(events)


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_defender_whose_str_reaches_0_as_the_battle_is_announced_leaves_at_once() -> None:
    """'If any Creature's STR ever reaches 0, immediately remove it from play. It is not
    considered captured.' (211) A Rooster at -2 STR while it is the Defender is removed
    when the Battle is announced, to its owner's Discard Pile, and the Battle then has
    no result: its Defender is gone."""
    state = made_up_board(grid={(0, 0): ("Timid Rooster", THEY), (-1, 0): ("Horse", WE)},
                          hands={WE: ["Ox"]})  # fmt: skip
    rooster = at(state, 0, 0)

    events = act(state, "battle", at(state, -1, 0), rooster)

    removed = only(events, "removed")
    assert removed.data == {"tile": rooster, "name": "Timid Rooster", "why": "STR 0"}
    assert rooster not in state.pos
    assert state.discards[THEY] == [rooster]
    assert state.piles[WE] == []
    assert [a.kind for a in legal(state)] == ["face_down"]  # the Battle goes on
    events = act(state, "face_down", in_hand(state, WE, "Ox"))
    assert only(events, "battle_result").data == {"winner": None, "why": "no longer neighbours"}
    assert state.battle is None


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_creature_printed_at_str_0_leaves_at_once_even_when_its_effect_is_not_modelled() -> None:
    """A printed STR of 0 is a figure, not an effect: a creature placed at STR 0 is
    removed at once (211), also when its effect is one the engine does not model (such
    a tile plays without its effect, not without its figures)."""
    moth = {
        "id": "Paper Moth", "name": "Paper Moth", "type": "Creature", "creature_class": "Rat",
        "is_basic": False, "strength": 0, "intelligence": 3, "compatible_classes": [],
        "effect_key": "flutters_unmodelled", "effect_params": {},
    }  # fmt: skip
    state = position(2, tiles=[*tile_list(), moth], grid={(0, 0): ("Ox", THEY)},
                     hands={WE: ["Paper Moth"]}, stacks={WE: SPARE, THEY: SPARE})  # fmt: skip
    assert state.cat.unmodelled() == ["Paper Moth"]
    card = in_hand(state, WE, "Paper Moth")

    events = act(state, "place", card, 1, 0)

    assert only(events, "removed").data == {"tile": card, "name": "Paper Moth", "why": "STR 0"}
    assert card not in state.pos
    assert state.discards[WE] == [card]
    assert state.piles[WE] == []


def test_an_unmodelled_action_is_logged_as_started_resolving_and_without_effect() -> None:
    """An Action whose effect the engine does not model: the log says who started the
    stack with which tile, that it resolves, and that it had no effect (naming its key)."""
    state = made_up_board(hands={WE: ["Moon Charm"]})
    charm = in_hand(state, WE, "Moon Charm")
    events = act(state, "action", charm)
    assert only(events, "stack_started") == Event(
        "stack_started", {"player": WE, "tile": charm, "name": "Moon Charm"}
    )
    assert only(events, "resolving") == Event(
        "resolving", {"tile": charm, "name": "Moon Charm", "player": WE}
    )
    assert only(events, "no_effect") == Event(
        "no_effect", {"tile": charm, "key": "call_the_moon", "modelled": False}
    )


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_creature_left_at_str_0_when_a_change_ends_with_the_turn_is_logged_removed() -> None:
    """Pep Talk gives our Rat +1 STR until the end of the turn, then their Bamboo Thicket
    lowers it by 1: when the turn ends the Rat is at STR 0 and the log says it left play."""
    state = made_up_board(grid={(0, 0): ("Rat", WE)}, hands={WE: ["Pep Talk", "Bamboo Thicket"]})
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Pep Talk"))
    assert rat in state.pos
    events = act(state, "place", in_hand(state, WE, "Bamboo Thicket"), 1, 0)
    kinds = event_kinds(events)
    assert kinds.index("turn_ended") < kinds.index("removed")
    assert only(events, "removed") == Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"})
    assert rat not in state.pos


@pytest.mark.rule("chizo-rising.txt", 211)
def test_a_creature_left_at_str_0_when_a_change_ends_with_the_stack_is_logged_removed() -> None:
    """Brace (on top) gives our Rat +1 STR until the stack has resolved, then Open Gate
    puts Bamboo Thicket beside it (-1): the Rat lives to the end of the stack, then is at
    STR 0 and the log says it left play."""
    state = made_up_board(grid={(0, 0): ("Rat", WE)},
                          hands={WE: ["Open Gate", "Brace", "Bamboo Thicket"]})  # fmt: skip
    rat = at(state, 0, 0)
    act(state, "action", in_hand(state, WE, "Open Gate"))
    while state.to_act == THEY:
        act(state, "pass")
    act(state, "react", in_hand(state, WE, "Brace"))
    while state.phase == "react":
        act(state, "pass")
    events = act(state, "put", in_hand(state, WE, "Bamboo Thicket"), 1, 0)
    kinds = event_kinds(events)
    assert kinds.index("stack_resolved") < kinds.index("removed")
    assert only(events, "removed") == Event("removed", {"tile": rat, "name": "Rat", "why": "STR 0"})
    assert rat not in state.pos


@pytest.mark.rule("chizo-rising.txt", 211)
def test_an_attacker_left_at_str_0_when_feather_flurry_ends_the_battle_is_logged_removed() -> None:
    """Our Charger (+1 STR while it attacks) beside their Bamboo Thicket (-1) attacks their
    Rooster; Feather Flurry ends the Battle, so the Charger is no longer the Attacker: it
    is at STR 0 and the log says it left play."""
    state = made_up_board(grid={(0, 0): ("Charger", WE), (0, 1): ("Bamboo Thicket", THEY),
                                (1, 0): ("Rooster", THEY)},
                          hands={WE: ["Ox"], THEY: ["Feather Flurry"]})  # fmt: skip
    charger = at(state, 0, 0)
    act(state, "battle", charger, at(state, 1, 0))
    while state.phase == "allies":
        act(state, "stop")
    act(state, "face_down", in_hand(state, WE, "Ox"))
    assert charger in state.pos
    events = act(state, "react", in_hand(state, THEY, "Feather Flurry"))
    while state.phase == "react":
        events += act(state, "pass")
    kinds = event_kinds(events)
    assert kinds.index("battle_ended") < kinds.index("removed")
    assert only(events, "removed") == Event(
        "removed", {"tile": charger, "name": "Charger", "why": "STR 0"}
    )
    assert charger not in state.pos
