"""Effects on Power and cards (effects/economy.py): what they do and the events they tell.

Starter doc, "The vocabulary": ``recycle``: "Put a card of that type, with cost at most
``max_cost``, from your own smoked pile into your hand. You choose it on resolution. If
there is none, nothing happens."
"""

from __future__ import annotations

from typing import Any

from play.engine.core import Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.state import HAND
from play.engine.games.shadowfist.zones import smoke

from .shadowfist_table import act, main_table, pass_round, put_character, starter_cards

SCULPTOR = "Flesh Sculptor Prime"  # Turn: recycle a Character of cost 3 or less


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
