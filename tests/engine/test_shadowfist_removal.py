"""Effects that take or cancel cards (effects/removal.py): the events they tell.

docs/shadowfist-effects.md: ``take_control`` makes you its controller for good ("its
owner does not change"); ``cancel_event`` cancels an event waiting to resolve ("Its
costs stay paid").
"""

from __future__ import annotations

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist.state import HAND, PLAY, SMOKED, ShadowfistState
from play.engine.games.shadowfist.stats import fighting_before_damage

from .shadowfist_table import (
    act,
    every_card,
    give_resources,
    main_table,
    new_table,
    pass_round,
    plays_of,
    put_character,
    put_site,
    put_state,
    set_hand,
    title,
    to_hand,
    to_main,
)


def test_taking_control_tells_the_card_and_its_new_controller() -> None:
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")  # one location: no choice of where it goes
    victim = put_character(state, 1, "Silent Pilgrim")  # cost 3
    (puppet,) = to_hand(state, 0, "Puppet on Red Strings")
    give_resources(state, 0, "eeM")
    events = act(state, "play", puppet, victim)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    assert events[-1] == Event("control_taken", {"card": victim, "player": 0})
    assert state.choice is None
    assert state.ctrl[victim] == 0
    assert state.owner[victim] == 1


def test_a_cancelled_event_is_told_cancelled_and_goes_to_the_smoked_pile() -> None:
    state = main_table(hands={1: ["Stillness of the Sage"]})
    give_resources(state, 1, "ggC")
    state.pool[1] = 5
    target = put_character(state, 1, "Temple Novice")
    (rain,) = to_hand(state, 0, "Lead Rain")
    give_resources(state, 0, "dH")
    act(state, "play", rain, target)
    assert state.to_act == 1
    (stillness,) = state.hands[1]
    events = act(state, "play", stillness, rain)
    assert events[-1] == Event("cancelled", {"card": rain})
    pass_round(state)
    assert state.zone[rain] == SMOKED
    assert state.damage[target] == 0


def test_an_ability_on_the_stack_is_not_an_event_to_cancel() -> None:
    state = main_table(hands={1: ["Stillness of the Sage"]})
    give_resources(state, 1, "ggC")
    state.pool[1] = 5
    sculptor = put_character(state, 0, "Flesh Sculptor Prime")  # Turn: recycle
    act(state, "ability", sculptor)
    # Stillness has no target: seat 1 is passed over and the ability resolves.
    assert state.stack == []
    assert not state.pending
    assert state.to_act == 0


def test_smoking_a_target_state_sends_it_to_its_owners_smoked_pile() -> None:
    state = main_table()
    host = put_character(state, 1, "Temple Novice")
    beads = put_state(state, 1, "Prayer Beads of Warding", host)
    (sigil,) = to_hand(state, 0, "Unweaving Sigil")  # Smoke a target state or edge
    give_resources(state, 0, "M")
    act(state, "play", sigil, beads)
    pass_round(state)
    assert state.smoked[1] == [beads]
    assert state.attached == []
    assert state.zone[host] == PLAY


def test_any_event_on_the_stack_may_be_cancelled_whoever_played_it() -> None:
    # Seat 0's Stillness is card 1 (the second card of its deck list): a card id that is
    # also a seat number must not be mistaken for the seat that played an event.
    deck = ["Jade Moon Garden", "Stillness of the Sage", *every_card()]
    state = new_table([deck, every_card()])
    to_main(state, 10)
    stillness = 1
    assert title(state, stillness) == "Stillness of the Sage"
    set_hand(state, 0)
    set_hand(state, 1, "Fists of the Faithful")
    state.hands[0].append(state.decks[0].pop(state.decks[0].index(stillness)))
    state.zone[stillness] = HAND
    give_resources(state, 0, "dHggC")
    give_resources(state, 1, "g")
    state.pool[1] = 5
    novice = put_character(state, 1, "Temple Novice")
    (rain,) = to_hand(state, 0, "Lead Rain")
    act(state, "play", rain, novice)
    (fists,) = state.hands[1]
    act(state, "play", fists, novice)  # seat 1's answer, on the stack over the Rain
    assert state.to_act == 0
    assert {args[1] for args in plays_of(state, stillness)} == {rain, fists}


@pytest.mark.rule("shadowfist.txt", "45.2")
def test_a_character_taken_to_a_single_location_moves_to_it() -> None:
    """The effect vocabulary, take_control: "It moves to a location of yours that you choose": a
    character at the victim's second location comes to the taker's only one."""
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 1, "Old Junk Harbor")
    put_site(state, 1, "Whispering Bamboo Grove")
    victim = put_character(state, 1, "Silent Pilgrim", loc=1)
    (puppet,) = to_hand(state, 0, "Puppet on Red Strings")
    give_resources(state, 0, "eeM")
    act(state, "play", puppet, victim)
    pass_round(state)
    assert state.choice is None
    assert state.ctrl[victim] == 0
    assert state.loc[victim] == 0


@pytest.mark.rule("shadowfist.txt", "69.3")
def test_a_toasted_target_is_told_toasted() -> None:
    """Soul-Burning Flame: 'Toast a target character with a cost of 2 or less': the
    character leaves play for its owner's discard pile, and the event says so."""
    state = main_table()
    sentry = put_character(state, 1, "Monastery Sentry")  # cost 2
    (flame,) = to_hand(state, 0, "Soul-Burning Flame")
    give_resources(state, 0, "MM")
    events = act(state, "play", flame, sentry)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    assert Event("left_play", {"card": sentry, "to": "toasted"}) in events
    assert state.discards[1] == [sentry]


def test_an_unturned_character_is_saved_as_one_never_turned() -> None:
    """Second Breath of Qi: 'Unturn a target character you control': the saved state (and
    so its hash) is the same as if the character had never been turned."""
    state = main_table()
    char = put_character(state, 0, "Monastery Sentry")
    fresh = state.clone()
    state.turned[char] = True
    (breath,) = to_hand(state, 0, "Second Breath of Qi")
    give_resources(state, 0, "CC")
    act(state, "play", breath, char)
    pass_round(state)
    assert state.to_dict()["turned"] == fresh.to_dict()["turned"]


def _played_events(state: ShadowfistState, card: int, *args: int) -> list[Event]:
    """Play a card with ``args`` and pass every round: all the events told."""
    events = act(state, "play", card, *args)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    return events


@pytest.mark.rule("shadowfist.txt", "67.1")
def test_a_smoked_target_is_told_smoked() -> None:
    """Cast into the Yellow Springs: 'Smoke a target character with a cost of 3 or
    less': the character goes to its owner's smoked pile, and the event says so."""
    state = main_table()
    pilgrim = put_character(state, 1, "Silent Pilgrim")  # cost 3
    (springs,) = to_hand(state, 0, "Cast into the Yellow Springs")
    give_resources(state, 0, "ee")
    events = _played_events(state, springs, pilgrim)
    assert Event("left_play", {"card": pilgrim, "to": "smoked"}) in events
    assert state.smoked[1] == [pilgrim]


def test_a_character_returned_to_its_owners_hand_is_told_so() -> None:
    """Return to the Mountain: 'Return a target character with a cost of 3 or less to its
    owner's hand': the event says where it went."""
    state = main_table()
    pilgrim = put_character(state, 1, "Silent Pilgrim")  # cost 3
    (mountain,) = to_hand(state, 0, "Return to the Mountain")
    give_resources(state, 0, "gg")
    events = _played_events(state, mountain, pilgrim)
    assert Event("left_play", {"card": pilgrim, "to": "hand"}) in events
    assert state.hands[1] == [pilgrim]


def test_cancelling_an_answer_leaves_the_event_it_answered_to_resolve() -> None:
    """Stillness of the Sage cancels only its target: seat 1's Fists of the Faithful,
    played over seat 0's Lead Rain, is cancelled and the Rain below it still resolves."""
    state = main_table(hands={1: ["Fists of the Faithful"]})
    give_resources(state, 1, "g")
    state.pool[1] = 5
    abbot = put_character(state, 1, "Abbot of the Closed Gate")  # 5, Toughness 1
    (rain, stillness) = to_hand(state, 0, "Lead Rain", "Stillness of the Sage")
    give_resources(state, 0, "dHggC")
    act(state, "play", rain, abbot)
    (fists,) = state.hands[1]
    act(state, "play", fists, abbot)
    events = act(state, "play", stillness, fists)
    pass_round(state)
    assert Event("cancelled", {"card": fists}) in events
    assert state.zone[fists] == SMOKED
    assert state.zone[rain] == SMOKED
    assert state.damage[abbot] == 2  # the Rain's 3, less Toughness 1
    assert fighting_before_damage(state, abbot) == 5  # no +2 from the cancelled Fists
