"""Victory and the length cap (rules summary, "Objective"; readings: docs/shadowfist.md)."""

from __future__ import annotations

import pytest

from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.state import OVER
from play.engine.games.shadowfist.victory import goal, victory_count

from .shadowfist_table import act, attack, main_table, put_character, put_site, to_main

SITES = [
    "Hall of Nine Bells",
    "Jade Moon Garden",
    "Old Junk Harbor",
    "Whispering Bamboo Grove",
    "Sleeping Dragon Ridge",
    "Cloud-Piercing Summit",
    "Rain-Slick Rooftops",
]


def ready_to_take(players: int, own: int, burned: int = 0):
    """Seat 0 controls ``own`` feng shui sites, has burned ``burned``, and attacks a
    Body-5 site of seat 1 with a 6-Fighting character."""
    state = main_table(players=players)
    for name in SITES[:own]:
        put_site(state, 0, name)
    for name in SITES[:burned]:
        card = put_site(state, 1, name)
        act_burn(state, card)
    target = put_site(state, 1, "Pavilion of Falling Lanterns")
    put_site(state, 1, "Geomantic Crossroads")
    attack(state, target, put_character(state, 0, "Vengeful Kickboxer"))
    return state


def act_burn(state, card):
    from play.engine.games.shadowfist.state import BURNED
    from play.engine.games.shadowfist.zones import leave_play

    leave_play(state, card, BURNED, None, burner=0)


@pytest.mark.parametrize(("players", "needed"), [(2, 6), (3, 5), (4, 5)])
@pytest.mark.rule("shadowfist.txt", "1.1")
def test_six_feng_shui_sites_win_with_two_players_five_with_more(players, needed):
    """'Control and/or burn six feng shui sites in a two-player game, or five feng shui
    sites in a game of more than two players.'"""
    state = ready_to_take(players, own=needed - 2)
    act(state, "seize", 0)
    assert state.winner is None
    state = ready_to_take(players, own=needed - 1)
    assert goal(state) == needed
    act(state, "seize", 0)
    assert state.winner == 0
    assert state.phase == OVER
    outcome = GAME.outcome(state)
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores[0] == needed


@pytest.mark.rule("shadowfist.txt", "1.1", 47, 20)
def test_burned_sites_count_towards_victory():
    """'Control and/or burn'; burning for victory 'counts toward the number of feng shui
    sites you need to win the game.'"""
    state = ready_to_take(2, own=3, burned=2)
    assert victory_count(state, 0) == 5
    act(state, "burn_victory")
    assert state.winner == 0


@pytest.mark.rule("shadowfist.txt", "1.2", 20)
def test_the_final_site_must_be_seized_or_burned():
    """'You must either seize or "burn for victory" your final feng shui site.' Playing
    the sixth from your hand does not win."""
    state = main_table(hands={0: ["Cinnabar Gate"]})
    for name in SITES[:5]:
        put_site(state, 0, name)
    state.pool[0] = 5
    act(state, "play", state.hands[0][0], 5)
    assert victory_count(state, 0) == 6
    assert state.winner is None
    assert state.phase != OVER


@pytest.mark.rule("shadowfist.txt", "1.2", "22.1")
def test_seizing_a_regular_site_does_not_win_even_with_the_count_reached():
    """'You must either seize or "burn for victory" your final feng shui site.' Only the
    final feng shui site wins; a Non Feng Shui Site 'has no bearing on how close you are
    to winning'. Seat 0 already controls six feng shui sites (laid from its hand, which
    does not win), then seizes a regular site: no victory."""
    state = main_table()
    for name in SITES[:6]:
        put_site(state, 0, name)
    assert victory_count(state, 0) == goal(state) == 6
    target = put_site(state, 1, "Monastery Training Yard")  # a regular site, Body 6
    put_site(state, 1, "Geomantic Crossroads")
    attack(state, target, put_character(state, 0, "Vengeful Kickboxer"))
    act(state, "seize", len(state.columns[0]))
    assert state.ctrl[target] == 0
    assert state.winner is None
    assert state.phase != OVER
    assert GAME.outcome(state).status != "finished"
    # the next feng shui site seized is the final one, and wins
    state.may_attack = True
    site = put_site(state, 1, "Pavilion of Falling Lanterns")
    attack(state, site, put_character(state, 0, "Vengeful Kickboxer"))
    act(state, "seize", len(state.columns[0]))
    assert state.winner == 0


@pytest.mark.rule("shadowfist.txt", "49.3")
def test_burning_for_power_does_not_count_towards_victory():
    """'You are no closer to fulfilling victory conditions'."""
    state = ready_to_take(2, own=5)
    act(state, "burn_power")
    assert state.winner is None
    assert victory_count(state, 0) == 5


def test_a_game_that_hits_its_turn_cap_is_unfinished():
    state = main_table(max_turns=3)
    for _ in range(2):
        act(state, "end_turn")
        to_main(state)
    assert state.turn == 3
    act(state, "end_turn")
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome.status == "unfinished"
    assert outcome.winners == ()
    assert GAME.legal_actions(state) == []


@pytest.mark.rule("shadowfist.txt", "1.1")
def test_a_game_nobody_has_won_scores_each_seats_feng_shui_sites() -> None:
    """Scores count the feng shui sites each seat controls, whether the game goes on or
    ends at its turn cap."""
    state = main_table(max_turns=1)
    put_site(state, 0, "Jade Moon Garden")
    put_site(state, 0, "Old Junk Harbor")
    put_site(state, 1, "Hall of Nine Bells")
    going = GAME.outcome(state)
    assert (going.status, going.scores, going.winners) == ("in_progress", (2, 1), ())
    act(state, "end_turn")
    capped = GAME.outcome(state)
    assert (capped.status, capped.scores, capped.winners) == ("unfinished", (2, 1), ())


def test_a_game_that_reaches_its_length_cap_offers_no_action_and_is_unfinished() -> None:
    """A guard past the turn cap: once ``max_length`` actions are taken the game stops,
    unfinished; one action before, the seat to act still has its actions."""
    state = main_table()
    state.step = GAME.info.max_length - 1
    assert GAME.legal_actions(state)
    assert not GAME.is_over(state)
    state.step = GAME.info.max_length
    assert GAME.legal_actions(state) == []
    assert GAME.is_over(state)
    assert GAME.outcome(state).status == "unfinished"
