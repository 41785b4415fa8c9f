"""Effects on Power and cards (effects/economy.py): what they do and the events they tell.

docs/shadowfist-effects.md: ``recycle``: "Put a card of that type, with cost at most
``max_cost``, from your own smoked pile into your hand. You choose it on resolution. If
there is none, nothing happens."
"""

from __future__ import annotations

from typing import Any

import pytest

from play.engine.core import Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.state import HAND, ShadowfistState
from play.engine.games.shadowfist.zones import smoke

from .shadowfist_table import (
    act,
    give_resources,
    main_table,
    pass_round,
    put_character,
    starter_cards,
    to_hand,
)

SCULPTOR = "Flesh Sculptor Prime"  # Turn: recycle a Character of cost 3 or less
VISIONS = "Nightmare Visions"  # A target opponent discards two cards of their choice


def play_through(state: ShadowfistState, name: str, *args: int) -> list[Event]:
    """Seat 0 plays a card of this title (given its resources); every seat then passes.
    The events of the play and of its resolution."""
    (card,) = to_hand(state, 0, name)
    give_resources(state, 0, state.defs[state.kind[card]].requires)
    events: list[Event] = act(state, "play", card, *args)
    while state.pending and state.to_act is not None:
        events += act(state, "pass")
    return events


def test_gain_power_adds_the_amount_to_the_pool_and_tells_it() -> None:
    state = main_table(power=0)
    events = play_through(state, "Lucky Red Envelope")  # Gain 1 Power
    assert events[-1] == Event("power_gained", {"player": 0, "amount": 1})
    assert state.pool[0] == 1


def test_steal_power_tells_only_what_the_opponent_had_to_lose() -> None:
    state = main_table(power=1)
    state.pool[1] = 1
    events = play_through(state, "Protection Money", 1)  # loses up to 2 Power
    assert events[-1] == Event("power_stolen", {"player": 0, "from": 1, "amount": 1})
    assert state.pool == [1, 0]  # 1, less its cost of 1, and the 1 stolen


def test_recycle_of_the_only_fitting_card_takes_it_back_and_tells_it() -> None:
    state = main_table()
    sculptor = put_character(state, 0, SCULPTOR)
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    smoke(state, small, None)
    events = act(state, "ability", sculptor)
    pass_round(state)
    assert events[-1] == Event("recycled", {"player": 0, "card": small})
    assert state.choice is None
    assert state.hands[0] == [small]
    assert state.zone[small] == HAND
    assert state.smoked[0] == []


def test_the_card_chosen_for_a_recycle_is_told_taken_back_by_its_owner() -> None:
    state = main_table()
    sculptor = put_character(state, 0, SCULPTOR)
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    other = put_character(state, 0, "Cyborg Enforcer")  # cost 2
    for char in (small, other):
        smoke(state, char, None)
    act(state, "ability", sculptor)
    pass_round(state)
    assert state.choice is not None
    assert act(state, "choose", other) == [Event("recycled", {"player": 0, "card": other})]
    assert state.choice is None
    assert state.hands[0] == [other]
    assert state.smoked[0] == [small]


def _sculptor_without_max_cost() -> list[dict[str, Any]]:
    cards = starter_cards()
    for index, card in enumerate(cards):
        if card["name"] == SCULPTOR:
            params = {**card["effect_params"], "max_cost": None}
            cards[index] = {**card, "effect_params": params}
    return cards


def test_a_recycle_with_no_max_cost_offers_a_character_of_any_cost() -> None:
    state = main_table(cards=_sculptor_without_max_cost())
    sculptor = put_character(state, 0, SCULPTOR)
    titan = put_character(state, 0, "Rampaging Bio-Titan")  # cost 6
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    for char in (titan, small):
        smoke(state, char, None)
    assert state.defs[state.kind[sculptor]].effect.max_cost is None  # type: ignore[union-attr]
    act(state, "ability", sculptor)
    pass_round(state)
    assert {a.args for a in GAME.legal_actions(state)} == {(small,), (titan,)}
    act(state, "choose", titan)
    assert state.hands[0] == [titan]


@pytest.mark.rule("shadowfist.txt", "72.3")
def test_an_opponent_holding_exactly_the_count_discards_them_all_without_a_choice() -> None:
    """The effect vocabulary, force_discard: "discards ``count`` cards of their choice ... or all of
    them if they have fewer": with exactly two cards in hand there is nothing to choose."""
    state = main_table(hands={1: ["Temple Novice", "Lead Rain"]})
    held = sorted(state.hands[1])
    play_through(state, VISIONS, 1)
    assert state.choice is None
    assert state.hands[1] == []
    assert sorted(state.discards[1]) == held


def test_each_card_an_opponent_is_forced_to_discard_is_told_discarded() -> None:
    """An opponent with fewer cards than the count discards them all, each told."""
    state = main_table(hands={1: ["Lead Rain"]})
    (rain,) = state.hands[1]
    events = play_through(state, VISIONS, 1)
    assert events[-1] == Event("discarded", {"player": 1, "card": rain})
    assert state.discards[1] == [rain]
