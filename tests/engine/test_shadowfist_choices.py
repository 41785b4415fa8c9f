"""Choices made while an effect resolves (``state.choice``): a forced discard, the card a
recycle returns, the location of a character taken over; each answer's event, the count
going down, and the game moving on once the last answer is given. The goldfish dummy
answers a choice with its first option."""

from __future__ import annotations

from play.engine.core import Action, Event
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.choices import auto_choose, choice_actions, choose
from play.engine.games.shadowfist.state import DISCARD, HAND, MAIN, ShadowfistState
from play.engine.games.shadowfist.zones import smoke

from .shadowfist_table import (
    act,
    give_resources,
    main_table,
    pass_round,
    play,
    put_character,
    put_site,
    set_hand,
    to_hand,
)


def _visions_choice(hand: tuple[str, ...]) -> tuple[ShadowfistState, int, list[int]]:
    """Seat 0 plays Nightmare Visions ("A target opponent discards two cards of their
    choice") on seat 1, whose hand is ``hand``; the state, the event and the hand."""
    state = main_table(hands={1: hand})
    cards = list(state.hands[1])
    visions = play(state, "Nightmare Visions", 1)
    return state, visions, cards


def test_each_discard_answer_discards_that_card_and_counts_down() -> None:
    state, visions, (novice, rain, garden) = _visions_choice(
        ("Temple Novice", "Lead Rain", "Jade Moon Garden")
    )
    assert state.choice == ["discard", 1, 2, visions, -1]
    assert state.to_act == 1
    events = act(state, "choose", rain)
    assert events == [Event("discarded", {"player": 1, "card": rain})]
    assert state.choice == ["discard", 1, 1, visions, -1]  # one more to discard
    assert state.to_act == 1
    assert [a.args for a in GAME.legal_actions(state)] == [(c,) for c in sorted((novice, garden))]


def test_the_last_discard_answer_ends_the_choice_and_the_game_moves_on() -> None:
    state, _, (novice, rain, garden) = _visions_choice(
        ("Temple Novice", "Lead Rain", "Jade Moon Garden")
    )
    act(state, "choose", rain)
    events = act(state, "choose", garden)
    assert events == [Event("discarded", {"player": 1, "card": garden})]
    assert state.choice is None
    assert state.hands[1] == [novice]
    assert state.discards[1] == [rain, garden]
    assert state.zone[garden] == DISCARD
    assert (state.phase, state.to_act) == (MAIN, 0)  # back to seat 0's main shot
    assert Action("end_turn", 0) in GAME.legal_actions(state)


def test_a_discard_choice_ends_when_the_hand_runs_out_before_the_count() -> None:
    """ "discards ``count`` cards of their choice ... or all of them if they have fewer":
    an answer that empties the hand ends the choice, whatever the count left."""
    state = main_table(hands={1: ["Temple Novice"]})
    (novice,) = state.hands[1]
    (visions,) = to_hand(state, 0, "Nightmare Visions")
    state.choice = ["discard", 1, 2, visions, -1]
    out: list[Event] = []
    choose(state, Action("choose", 1, (novice,)), out)
    assert out == [Event("discarded", {"player": 1, "card": novice})]
    assert state.hands[1] == []
    assert state.choice is None


def _sculptor_choice() -> tuple[ShadowfistState, int, int, int]:
    """Seat 0 turns Flesh Sculptor Prime ("Return a character with a cost of 3 or less
    from your smoked pile to your hand") with two such characters smoked; the state, the
    Sculptor and the two characters."""
    state = main_table()
    sculptor = put_character(state, 0, "Flesh Sculptor Prime")
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    other = put_character(state, 0, "Cyborg Enforcer")  # cost 2
    for char in (small, other):
        smoke(state, char, None)
    act(state, "ability", sculptor)
    pass_round(state)
    return state, sculptor, small, other


def test_the_recycle_answer_returns_that_card_to_hand_and_ends_the_choice() -> None:
    state, sculptor, small, other = _sculptor_choice()
    assert state.choice == ["recycle", 0, 1, sculptor, -1]
    events = act(state, "choose", small)
    assert events == [Event("recycled", {"player": 0, "card": small})]
    assert state.choice is None
    assert state.hands[0] == [small]
    assert state.zone[small] == HAND
    assert state.smoked[0] == [other]
    assert (state.phase, state.to_act) == (MAIN, 0)
    assert Action("end_turn", 0) in GAME.legal_actions(state)


def test_the_location_answer_moves_the_character_taken_over_and_ends_the_choice() -> None:
    """Puppet on Red Strings: "Take control of a target character": with two locations,
    its new controller chooses where it goes."""
    state = main_table()
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    victim = put_character(state, 1, "Silent Pilgrim")
    puppet = play(state, "Puppet on Red Strings", victim)
    assert state.choice == ["place", 0, 1, puppet, victim]
    assert [a.args for a in GAME.legal_actions(state)] == [(0,), (1,)]
    assert act(state, "choose", 1) == []
    assert state.loc[victim] == 1
    assert state.choice is None
    assert (state.phase, state.to_act) == (MAIN, 0)


# -- the goldfish dummy's answers -----------------------------------------------------------


def _discard_pending(hand: tuple[str, ...], count: int = 1) -> tuple[ShadowfistState, list[int]]:
    """A discard of ``count`` cards pending for seat 1, whose hand is ``hand`` (its ids
    sorted)."""
    state = main_table()
    cards = sorted(set_hand(state, 1, *hand))
    (visions,) = to_hand(state, 0, "Nightmare Visions")
    give_resources(state, 0, "eM")
    state.choice = ["discard", 1, count, visions, -1]
    return state, cards


def test_the_dummy_discards_its_first_option_the_lowest_card() -> None:
    state, (first, second, third) = _discard_pending(
        ("Temple Novice", "Lead Rain", "Jade Moon Garden")
    )
    out: list[Event] = []
    auto_choose(state, out)
    assert out == [Event("discarded", {"player": 1, "card": first})]
    assert sorted(state.hands[1]) == [second, third]
    assert state.discards[1] == [first]
    assert state.choice is None


def test_the_dummy_answers_with_the_first_of_its_legal_choose_actions() -> None:
    """The dummy's answer is the action a seat would take: ``choose (option)``, as the
    chooser's seat, the first of ``choice_actions`` (two to discard: the count is not
    the seat). Its answer leaves the table as that action does."""
    state, _ = _discard_pending(("Temple Novice", "Lead Rain", "Jade Moon Garden"), 2)
    expected = choice_actions(state, 1)[0]
    assert expected == Action("choose", 1, (min(expected.args),))
    before = state.clone()
    auto_choose(state, None)
    answers = {}
    for action in choice_actions(before, 1):
        answered = before.clone()
        choose(answered, action, None)
        answers[action] = answered.hash()
    assert len(set(answers.values())) > 1  # the answers leave different tables
    assert state.hash() == answers[expected]


def test_a_dummy_choice_without_options_is_dropped() -> None:
    state, _ = _discard_pending(())
    out: list[Event] = []
    auto_choose(state, out)
    assert state.choice is None
    assert out == []
