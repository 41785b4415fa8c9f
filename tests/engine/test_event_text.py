"""Events as sentences from the engine (``Game.event_text``): the words of the boards'
game log, for each game, in seeded games and for events built by hand, and no event of a
played game worded as a raw dump of its data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from play.engine.core import Event, Game, get_game
from play.engine.core.wording import EventWords, names_by_id, word_event
from play.engine.games.chizo import events_text as chizo_text
from play.engine.games.chizo.labels import tiles_by_uid
from play.engine.games.chocobo import events_text as chocobo_text
from play.engine.games.raise_ import events_text as raise_text
from play.engine.games.shadowfist import events_text as shadowfist_text
from play.engine.simulate import bot_seed

from .chizo_data import tile_list, typical_stack

SETUPS = {
    "raise": {"players": 3},
    "chocobo": {"players": 3},
    "shadowfist": {"players": 2},
    "chizo": {"players": 2, "tiles": tile_list(), "stacks": [typical_stack(), typical_stack()]},
}
WORDINGS = {
    "raise": raise_text.WORDINGS,
    "chocobo": chocobo_text.WORDINGS,
    "shadowfist": shadowfist_text.WORDINGS,
    "chizo": chizo_text.WORDINGS,
}
PACKAGES = {"raise": "raise_", "chocobo": "chocobo", "shadowfist": "shadowfist", "chizo": "chizo"}
ENGINE = Path(__file__).resolve().parents[2] / "play" / "engine" / "games"
RAW = re.compile(r"[{}\[\]_]|\bNone\b|\bTrue\b|\bFalse\b")


def names_seen(game: Game[Any], state: Any, seat: int = 0) -> dict[int, str]:
    """What the boards call cards and tiles: the names in the seat's view."""
    seen = game.view(state, seat)
    if seen["game"] == "chizo":
        return {uid: tile["name"] for uid, tile in tiles_by_uid(seen).items()}
    return names_by_id(seen) if seen["game"] in ("raise", "shadowfist") else {}


def played(slug: str, seed: int, bot: str = "random") -> Iterator[tuple[Event, str]]:
    """Every event of a seeded bot game with its text, as seat 0 would read it."""
    game = get_game(slug)
    state = game.new_game(SETUPS[slug], seed)
    bots = [game.make_bot(bot, bot_seed(seed, s)) for s in range(SETUPS[slug]["players"])]
    while legal := game.legal_actions(state):
        # A seat: someone is to act while actions are legal.
        events = game.apply(state, bots[state.to_act].choose(state, legal))  # type: ignore[index]
        names = names_seen(game, state)
        for event in events:
            yield event, game.event_text(event.to_dict(), names)


def first_texts(slug: str, seed: int) -> dict[str, str]:
    """The text of the first event of each kind in a seeded game."""
    found: dict[str, str] = {}
    for event, text in played(slug, seed):
        found.setdefault(event.kind, text)
    return found


def test_raise_events_read_as_sentences():
    texts = first_texts("raise", 1)

    assert texts["card_chosen"] == "Seat 1 chose a card face down"
    assert texts["cards_revealed"] == (
        "Seat 1 played Bell 3 (value 6) to space 6; Seat 2 played Hourglass 4 (value 4) to "
        "space 4; Seat 3 played Gear 1 (value 5) to space 5"
    )
    assert texts["card_played"] == (
        "Seat 2 played Hourglass 4 (value 4) from space 4 to 8, taking the lead"
    )
    assert texts["refilled"] == "Seat 2 drew 6 cards to refill"
    assert texts["round_won"] == "Seat 3 won the round: the 9-point card and 15 cards"
    assert texts["game_over"] == (
        "Game over, all point cards have been awarded: Seat 3 wins with 101 points"
    )


def test_chocobo_events_read_as_sentences():
    texts = first_texts("chocobo", 1)

    assert texts["placed"] == "Seat 2 placed the chocobos on TS0 and TS1"
    assert texts["turn_started"] == "Turn 1: Seat 2's turn"
    assert texts["rolled"] == "Seat 2 rolled 2 footprints (2 to move)"
    assert texts["moved"] == "Seat 2 moved a chocobo from TS0 to TS1 (1 step left)"
    assert texts["big_called"] == (
        "Seat 1 called the big chocobo to TE2 (discarding Shirma and Tifón)"
    )
    assert texts["kicked"] == "Seat 1 kicked Seat 3's chocobo from b30 to b40"


def test_chizo_events_read_as_sentences():
    texts = first_texts("chizo", 1)

    assert texts["stack_started"] == "Seat 2 played Golden Egg"
    assert texts["fizzled"] == "Golden Egg fizzled (no target)"
    assert texts["placed"] == "Seat 1 placed Rooster at (0, 0)"
    assert texts["battle"] == "Seat 2 announced a battle: Rat against Rabbit"
    assert texts["battle_result"] == (
        "The battle was a draw (attacker 1 STR 5 INT, defender 2 STR 4 INT)"
    )
    assert texts["square"] == "Seat 2 formed 1 square with Rabbit, Rat, Horse and Rooster"
    assert texts["game_over"] == (
        "Game over, nobody could act any more (Seat 1: 4 points, Seat 2: 9 points)"
    )


def test_shadowfist_events_read_as_sentences():
    texts = first_texts("shadowfist", 1)

    assert texts["discarded"] == "Seat 2 discarded Masked Rebel Swordsman"
    assert texts["card_played"] == "Seat 2 played a face-down site"  # seat 1's, unseen
    assert texts["attack_declared"] == "Seat 2 attacked Sleeping Dragon Ridge"
    assert texts["event_played"] == "Seat 1 played Never Back Down on Rookie Patrol Officer"
    assert texts["left_play"] == "Temple Novice was smoked"
    assert texts["site_fate"] == "Seat 1 smoked Cloud-Piercing Summit"


def test_events_built_by_hand_read_as_sentences():
    chizo, shadowfist = get_game("chizo"), get_game("shadowfist")

    def word(game: Game[Any], kind: str, names: dict[int, str] | None = None, **data: Any):
        return game.event_text({"kind": kind, "data": data}, names)

    assert word(chizo, "ally_asked", tile=3, name="Rat", player=1) == "Seat 2 was asked to ally Rat"
    assert word(chizo, "attached", {7: "Ox"}, player=0, tile=3, name="Armor", host=7) == (
        "Seat 1 attached Armor to Ox"
    )
    assert word(chizo, "attached", player=0, tile=3, name="Armor", host=7) == (
        "Seat 1 attached Armor"  # the host is not in the reader's names: left out
    )
    assert word(chizo, "modified", tile=3, name="Rat", str=2, int=-1) == "Rat got +2 STR and -1 INT"
    assert word(chizo, "cancelled", player=1, tile=None, name=None) == (
        "Seat 2's tile was cancelled"  # a face-down tile stays unnamed
    )
    assert word(chizo, "battle_result", winner=None, why="no longer neighbours") == (
        "No battle: the tiles are no longer neighbours"
    )
    played_on_seat = {
        "card": 9,
        "title": "Protection Money",
        "targets": [1],
        "targeting": "opponent",
    }
    assert word(shadowfist, "event_played", player=0, **played_on_seat) == (
        "Seat 1 played Protection Money on Seat 2"  # the target is a seat, not card 1
    )
    assert word(shadowfist, "recycled", player=1, card=4) == (
        "Seat 2 took a card back from the smoked pile"  # a card the reader cannot see
    )


def test_the_reader_names_the_seats():
    game = get_game("chocobo")

    def seat(index: int) -> str:
        return "you" if index == 0 else f"Seat {index + 1} (greedy)"

    kicked = {"kind": "kicked", "data": {"player": 1, "seat": 0, "from": "b40", "to": "b41"}}
    assert game.event_text(kicked, {}, seat) == (
        "Seat 2 (greedy) kicked your chocobo from b40 to b41"
    )
    sent = {"kind": "sent_home", "data": {"player": 0, "from": "b23", "to": "TE0"}}
    assert game.event_text(sent, {}, seat) == "Your chocobo was sent home from b23 to TE0"


def test_a_kind_without_a_wording_keeps_the_generic_words():
    game = get_game("raise")

    assert game.event_text({"kind": "shrugged", "data": {"player": 0, "count": 2}}) == (
        "shrugged 2"
    )
    assert word_event({"kind": "shrugged", "data": {}}, {}, EventWords()) == ""


def emitted_kinds(slug: str) -> set[str]:
    """Every kind of event the game's source builds (``Event("kind"``, ``emit(..."kind"``)."""
    pattern = re.compile(r'(?:Event\(\s*|emit\(\s*(?:out,\s*)?)"([a-z_]+)"')
    kinds: set[str] = set()
    for path in (ENGINE / PACKAGES[slug]).rglob("*.py"):
        kinds |= set(pattern.findall(path.read_text()))
    if slug == "shadowfist":
        kinds |= {"ability_used", "event_played"}  # one Event(kind, ...) builds both
    return kinds


@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_every_kind_of_event_has_a_wording(slug):
    kinds = emitted_kinds(slug)

    assert len(kinds) > 5
    assert kinds <= set(WORDINGS[slug]), sorted(kinds - set(WORDINGS[slug]))


@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_no_event_of_a_played_game_reads_as_a_data_dump(slug):
    kinds: set[str] = set()
    for seed in range(3):
        for event, text in played(slug, seed):
            kinds.add(event.kind)
            assert text, event
            assert not RAW.search(text), (event, text)
            assert text[0] == text[0].upper(), text
    assert len(kinds) > 5
