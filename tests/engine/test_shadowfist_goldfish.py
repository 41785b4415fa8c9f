"""Goldfish: the deck alone against the passive dummy (docs/shadowfist.md, "Goldfish")."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from play.engine.core import Action, mix_seed
from play.engine.games.shadowfist import GAME
from play.engine.games.shadowfist.goldfish import (
    DeckPlan,
    GoldfishRecord,
    goldfish,
    goldfish_many,
)
from play.engine.games.shadowfist.opposition import FENG_SHUI_MEDIAN_BODY
from play.engine.games.shadowfist.rules import advance, legal_actions
from play.engine.games.shadowfist.setup import deal

from .shadowfist_table import (
    DECK_NAMES,
    real_cards,
    real_deck,
    starter_cards,
    starter_deck,
    used_cards,
)


def test_a_goldfish_game_reports_the_turn_of_victory_and_its_curves():
    record = goldfish(starter_cards(), starter_deck("Heroic Bloodshed"), seed=7)
    assert record.turn_won is not None
    assert record.turns == record.turn_won
    assert len(record.power_by_turn) == record.turns
    assert record.power_by_turn[0] == 1  # "1 Power point in his or her Power pool"
    assert record.first_site_turn is not None
    assert record.first_site_turn <= record.turn_won
    assert record.first_character_turn is not None
    assert set(record.never_playable) <= set(record.drawn)
    assert Counter(record.played) - Counter(record.drawn) == Counter()
    assert record.blanks == ()
    assert record.blanks_played == ()


def test_card_ids_in_the_record_are_the_cards_own():
    cards = [{**c, "id": 1000 + i} for i, c in enumerate(starter_cards())]
    deck = [
        1000 + next(i for i, c in enumerate(starter_cards()) if c["name"] == name)
        for name in starter_deck("Court of the Lotus")
    ]
    record = goldfish(cards, deck, seed=3)
    assert set(record.drawn) <= set(deck)


def test_the_same_seed_gives_the_same_record_and_it_round_trips_through_json():
    plan = DeckPlan(starter_cards(), starter_deck("Shaolin Sanctuary"))
    first, again = goldfish(plan, seed=11), goldfish(plan, seed=11)
    assert first == again
    assert GoldfishRecord.from_dict(json.loads(json.dumps(first.to_dict()))) == first
    assert goldfish(plan, seed=12) != first


def test_the_dummy_lays_one_face_down_site_a_turn_in_a_new_column_and_nothing_else():
    """The convention: a passive dummy that 'only lays feng shui sites on a fixed
    schedule and never intercepts'."""
    plan = DeckPlan(starter_cards(), starter_deck("Flesh and Chrome"))
    state = deal(2, plan.cards, [plan.deck, []], seed=2, first=0, dummy=1, max_turns=20)
    for turn in range(1, 6):
        assert state.active == 0
        assert state.turns[0] == turn
        for kind in ("power", "end_turn"):  # seat 0 does nothing
            advance(state, next(a for a in legal_actions(state) if a.kind == kind))
        assert len(state.columns[1]) == turn
        assert all(len(column) == 1 for column in state.columns[1])
        sites = [column[0] for column in state.columns[1]]
        assert all(not state.face_up[s] for s in sites)
        assert all(state.defs[state.kind[s]].body == FENG_SHUI_MEDIAN_BODY for s in sites)
        assert state.hands[1] == []
        assert state.chars[1] == []
        assert state.pool[1] == 0


def test_a_game_dealt_from_parsed_parts_stops_unfinished_at_its_turn_cap() -> None:
    """``deal`` keeps the turn cap it is given: seat 0 passing its turns against the
    dummy, the game stops after 4 turns of both seats together, unfinished."""
    plan = DeckPlan(starter_cards(), starter_deck("Flesh and Chrome"))
    state = deal(2, plan.cards, [plan.deck, []], seed=2, first=0, dummy=1, max_turns=4)
    assert state.max_turns == 4
    turns = 0
    while turns < 3 and not GAME.is_over(state):  # bounded: a game without its cap goes on
        for kind in ("power", "end_turn"):
            advance(state, next(a for a in legal_actions(state) if a.kind == kind))
        turns += 1
    assert turns == 2  # seat 0's two turns, the dummy's two after them
    assert GAME.outcome(state).status == "unfinished"


#: A state's turn fields before any turn begins.
BEFORE_ANY_TURN = {
    "turn": 0,
    "turns": [0, 0],
    "active": 0,
    "to_act": None,
    "phase": "over",
    "site_played": False,
    "may_attack": True,
    "power_burned": False,
    "capped": True,
}


def test_a_cap_already_reached_at_the_deal_stops_the_game_before_its_first_turn() -> None:
    """``deal`` takes the cap as given: one below the turns already begun (none) is
    reached at once, so the game is over, unfinished, before any turn begins. Nothing of
    a turn is set: no turn begun, the first seat (0) on the table as active, no site
    played, attacks not yet used up, no Power burned, nobody to act."""
    plan = DeckPlan(starter_cards(), starter_deck("Flesh and Chrome"))
    state = deal(2, plan.cards, [plan.deck, []], seed=2, first=0, dummy=1, max_turns=-1)
    assert GAME.outcome(state).status == "unfinished"
    assert legal_actions(state) == []
    saved = state.to_dict()
    assert {name: saved[name] for name in BEFORE_ANY_TURN} == BEFORE_ANY_TURN


def test_the_dummys_site_is_told_as_played_face_down_in_its_new_column():
    """The dummy's turn tells who laid which card where, without its title (face down)."""
    plan = DeckPlan(starter_cards(), starter_deck("Flesh and Chrome"))
    state = deal(2, plan.cards, [plan.deck, []], seed=2, first=0, dummy=1, max_turns=20)
    for turn in range(1, 4):
        GAME.apply(state, Action("power", 0))
        events = GAME.apply(state, Action("end_turn", 0))
        (laid,) = [e for e in events if e.kind == "card_played"]
        assert laid.data == {
            "player": 1,
            "card": state.columns[1][-1][0],
            "title": None,
            "args": [turn - 1],
        }


def test_the_dummy_has_nothing_to_choose_when_forced_to_discard():
    """The dummy has no hand: an effect making it discard asks nothing of it, and the
    game goes on with the deck's player."""
    from .shadowfist_table import every_card, new_table, play, to_main

    state = new_table([every_card(), []], dummy=1)
    to_main(state, power=10)
    play(state, "Nightmare Visions", 1)
    assert state.choice is None
    assert state.to_act == 0
    assert state.hands[1] == []


def test_a_deck_that_cannot_win_is_reported_as_not_winning_within_the_cap():
    sites_only = ["Jade Moon Garden"] * 20
    record = goldfish(starter_cards(), sites_only, seed=1, max_turns=8)
    assert record.turn_won is None
    assert record.turns == 8
    assert record.first_character_turn is None


def test_cards_treated_as_blanks_are_reported():
    """Effects not modelled are never silently treated as implemented: the record says
    which of the deck's cards were played as blanks."""
    cards = real_cards()
    deck = real_deck(cards, 5)
    record = goldfish(used_cards(cards, [deck]), deck, seed=5)
    types = {c["id"]: c["type"] for c in cards}
    assert record.blanks
    assert {types[i] for i in record.blanks} <= {"Event", "State", "Edge", "Character"}
    assert {i for i in deck if types[i] in ("Event", "State", "Edge")} == {
        i for i in record.blanks if types[i] != "Character"
    }
    assert set(record.blanks_played) <= set(record.blanks)


def test_a_batch_is_seeded_game_by_game_and_can_be_split():
    deck = starter_deck("Heroic Bloodshed")
    whole = list(goldfish_many(starter_cards(), deck, games=6, seed=9))
    parts = list(goldfish_many(starter_cards(), deck, games=3, seed=9)) + list(
        goldfish_many(starter_cards(), deck, games=3, seed=9, start=3)
    )
    assert whole == parts
    assert [r.seed for r in whole] == [mix_seed(9, i) for i in range(6)]


@pytest.mark.parametrize("bot", ["random", "greedy", "tactician"])
def test_every_bot_can_goldfish(bot):
    record = goldfish(starter_cards(), starter_deck("Court of the Lotus"), seed=4, bot=bot)
    assert record.turns >= 1


@pytest.mark.parametrize("name", DECK_NAMES)
def test_the_suggested_decks_win_against_the_dummy_within_twenty_turns(name):
    plan = DeckPlan(starter_cards(), starter_deck(name))
    turns = [goldfish(plan, seed=s).turn_won for s in range(100)]
    assert sum(t is not None for t in turns) >= 95
    won = sorted(t for t in turns if t is not None)
    assert 4 <= won[len(won) // 2] <= 8  # the median turn of victory


def test_each_drawn_card_comes_with_the_turn_it_was_drawn():
    record = goldfish(starter_cards(), starter_deck("Shaolin Sanctuary"), seed=21)
    assert len(record.drawn_turns) == len(record.drawn)
    assert record.drawn_turns[:6] == (1,) * 6  # the opening hand
    assert list(record.drawn_turns) == sorted(record.drawn_turns)
    assert record.drawn_turns[-1] <= record.turns


def test_the_goldfish_setup_plays_the_same_game_through_the_game_contract():
    """A goldfish match (played through the Game contract, as the app does) is the very
    game ``goldfish`` plays for the same seed and bot."""
    from play.engine.games.shadowfist import GAME
    from play.engine.games.shadowfist.goldfish import goldfish_setup
    from play.engine.simulate import play_game

    deck = starter_deck("Flesh and Chrome")
    setup = goldfish_setup(starter_cards(), deck, max_turns=20)
    state = play_game(GAME, json.loads(json.dumps(setup)), ["greedy", "greedy"], 31)
    record = goldfish(starter_cards(), deck, seed=31)
    assert state.turns[0] == record.turns
    assert (state.winner == 0) == (record.turn_won is not None)


def test_a_batch_passing_the_same_lists_reads_them_once():
    from play.engine.games.shadowfist.goldfish import _plan

    cards, deck = starter_cards(), starter_deck("Heroic Bloodshed")
    assert _plan(cards, deck) is _plan(cards, deck)
    assert _plan(cards, list(deck)) is not _plan(cards, deck)


@pytest.mark.parametrize("dummy", [0, 1])
def test_a_setup_naming_only_a_dummy_gives_it_no_starter_deck(dummy: int) -> None:
    """Without cards or decks every seat plays a suggested starter deck, except the
    dummy (seat 0 as well as any other): 'its deck: empty', it only lays its generic
    sites, one for each of its turns within the cap (200 turns of both seats)."""
    state = GAME.new_game({"players": 2, "dummy": dummy, "first_player": 1 - dummy}, 3)
    dummys = [c for c, seat in enumerate(state.owner) if seat == dummy]
    assert len(dummys) > 200 // 2
    assert {state.defs[state.kind[c]].id for c in dummys} == {"goldfish-dummy-site"}


def test_when_the_dummy_goes_first_its_turn_is_played_and_the_next_seat_decides() -> None:
    """The dummy never decides: a game it begins (a first seat given, or drawn) opens
    with its turn played, one site laid, and the deck's player to act in its first
    establishing shot."""
    from .shadowfist_table import every_card, new_table

    state = new_table([every_card(), []], dummy=1, first=1)
    assert len(state.columns[1]) == 1
    assert (state.active, state.turn, state.phase) == (0, 2, "power")
    assert state.to_act == 0
    assert Action("power", 0) in GAME.legal_actions(state)


def test_a_choice_of_the_deck_player_is_asked_in_a_goldfish_game() -> None:
    """Only the dummy's choices are answered for it: the deck's player choosing one card
    to recycle, with two fitting, is asked (a count of 1 is not the dummy's seat)."""
    from play.engine.games.shadowfist.zones import smoke

    from .shadowfist_table import act, every_card, new_table, pass_round, put_character, to_main

    state = new_table([every_card(), []], dummy=1)
    to_main(state, power=10)
    sculptor = put_character(state, 0, "Flesh Sculptor Prime")
    small = put_character(state, 0, "Chrome-Jawed Bruiser")  # cost 3
    other = put_character(state, 0, "Cyborg Enforcer")  # cost 2
    for char in (small, other):
        smoke(state, char, None)
    act(state, "ability", sculptor)
    pass_round(state)
    assert state.choice == ["recycle", 0, 1, sculptor, -1]
    assert state.to_act == 0
    assert [a.args for a in GAME.legal_actions(state)] == [(c,) for c in sorted((small, other))]


def test_a_dummy_made_to_choose_answers_by_itself_and_the_game_goes_on() -> None:
    """The dummy is never asked: should it have to choose (here it is given a hand, which
    it never has in a goldfish game), it answers each pick with its first option, the
    answers are told with the action that caused them, and the deck's player acts next."""
    from .shadowfist_table import act, every_card, give_resources, new_table, to_hand, to_main

    state = new_table([every_card(), []], dummy=1)
    to_main(state, power=10)
    first, second, third = sorted(to_hand(state, 1, *["Goldfish Dummy Site"] * 3))
    (visions,) = to_hand(state, 0, "Nightmare Visions")
    give_resources(state, 0, "eM")
    events = act(state, "play", visions, 1)
    discards = [e for e in events if e.kind == "discarded"]
    assert [e.data for e in discards] == [
        {"player": 1, "card": first},
        {"player": 1, "card": second},
    ]
    assert state.hands[1] == [third]
    assert state.choice is None
    assert state.stack == []
    assert (state.phase, state.to_act) == ("main", 0)
    assert Action("end_turn", 0) in GAME.legal_actions(state)
