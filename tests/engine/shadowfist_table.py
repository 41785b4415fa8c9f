"""Helpers for Shadowfist tests: load the starter set and the real card list, lay out
a table, find cards, and check that no card was created or lost.

The engine never reads the app's files; these helpers do (with ``json`` and ``csv``),
and hand the engine plain card dicts, as the Django side does.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from cards.designators import designators_of
from play.engine.core import Action, Rng
from play.engine.games.shadowfist import GAME, ShadowfistState
from play.engine.games.shadowfist.cards import CardDef, card_from_dict
from play.engine.games.shadowfist.sites import place_site
from play.engine.games.shadowfist.starter_set import starter_rows
from play.engine.games.shadowfist.state import (
    BURNED,
    DECK,
    DISCARD,
    HAND,
    MAIN,
    PLAY,
    SMOKED,
    STACK,
)

ROOT = Path(__file__).resolve().parents[2]
STARTER = ROOT / "play" / "engine" / "games" / "shadowfist" / "starter.json"


@cache
def starter_data() -> dict[str, Any]:
    """The starter file as JSON."""
    data: dict[str, Any] = json.loads(STARTER.read_text(encoding="utf-8"))
    return data


def starter_cards() -> list[dict[str, Any]]:
    """The starter set's card dicts with their effects (their index is their id)."""
    return starter_rows()


def starter_deck(name: str) -> list[str]:
    """A suggested deck's card names, with repeats."""
    for deck in starter_data()["decks"]:
        if deck["name"] == name:
            return [title for title, n in deck["cards"].items() for _ in range(n)]
    raise KeyError(name)


DECK_NAMES = ("Heroic Bloodshed", "Shaolin Sanctuary", "Court of the Lotus", "Flesh and Chrome")


@cache
def real_cards() -> list[dict[str, Any]]:
    """The real card list as catalogue-shaped dicts (one per title, newest printing),
    or skip the test when the file is absent."""
    # Where the settings look for it (SHADOWFIST_DATA_DIR, else beside the repository);
    # read here, not on import: the golden tool imports this module without Django.
    real_csv = Path(settings.SHADOWFIST_DATA_DIR) / "shadowfist_cards_factual.csv"
    if not real_csv.is_file():
        pytest.skip("the real Shadowfist card list is not present")
    rows: dict[str, dict[str, str]] = {}
    with real_csv.open(encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            old = rows.get(row["title"])
            if old is None or int(row["edition_seq"]) >= int(old["edition_seq"]):
                rows[row["title"]] = row
    return [_real_card(row) for row in rows.values()]


def _real_card(row: dict[str, str]) -> dict[str, Any]:
    def number(name: str) -> int | None:
        return int(row[name]) if row[name] else None

    faction = row["faction_or_category"]
    return {
        "id": int(row["card_id"]),
        "name": row["title"],
        "subtitle": row["subtitle"],
        "type": row["card_type"],
        "faction": "" if faction == "Feng Shui Site" else faction,
        "cost": number("cost"),
        "cost_is_x": row["cost_is_x"] == "Y",
        "requires": row["requires"],
        "provides": row["provides"],
        "fighting": number("fighting"),
        "fighting_is_x": row["fighting_is_x"] == "Y",
        "power": number("power"),
        "body": number("body"),
        "designators": designators_of(row["title"], row["subtitle"]),  # as the importer does
        "is_unique": row["unique_kw"] == "Y",
        "is_limited": row["limited_kw"] == "Y",
        "is_no_max": row["no_max_db_flag"] == "Y" or row["no_max_kw"] == "Y",
        "effect_key": None,
        "effect_params": {},
    }


def real_deck(cards: Sequence[dict[str, Any]], seed: int, size: int = 50) -> list[int]:
    """A deck drawn from the real list: 14 feng shui sites, 24 characters of one faction
    or unaligned, the rest among that faction's and the unaligned other cards; at most 5
    copies of a title."""
    rng = Rng(seed)
    sites, by_faction = _real_pools(id(cards), cards)
    faction = rng.choice(sorted(by_faction))
    chars, others = by_faction[faction]
    deck = [rng.choice(sites) for _ in range(14)]
    for pool, count in ((chars, 24), (others, size - 38)):
        added = 0
        while added < count:
            pick = rng.choice(pool)
            if deck.count(pick) < 5:
                deck.append(pick)
                added += 1
    return deck


_POOLS: dict[int, Any] = {}


def _real_pools(key: int, cards: Sequence[dict[str, Any]]) -> Any:
    """Sites, and per faction its (characters, other cards), computed once per list."""
    if key not in _POOLS:
        sites = [
            c["id"]
            for c in cards
            if c["type"] == "Feng Shui Site" and (c["body"] or 0) > 0 and not c["cost"]
        ]
        factions = sorted(
            {
                c["faction"]
                for c in cards
                if c["type"] == "Character" and c["faction"] not in ("", "Unaligned")
            }
        )
        by_faction = {}
        for faction in factions:
            mine = (faction, "Unaligned", "")
            chars = [c["id"] for c in cards if c["type"] == "Character" and c["faction"] in mine]
            others = [
                c["id"]
                for c in cards
                if c["type"] not in ("Feng Shui Site", "Character", "Other")
                and c["faction"] in (*mine, "Chi", "Magic", "High Tech")
            ]
            by_faction[faction] = (chars, others)
        _POOLS[key] = (sites, by_faction)
    return _POOLS[key]


def used_cards(
    cards: Sequence[dict[str, Any]], decks: Sequence[Sequence[int]]
) -> list[dict[str, Any]]:
    """Only the cards the decks use (what a setup needs to carry)."""
    wanted = {entry for deck in decks for entry in deck}
    return [c for c in cards if c["id"] in wanted]


# -- laying out a table -------------------------------------------------------------------


def new_table(
    decks: Sequence[Sequence[str]] | None = None,
    players: int = 2,
    seed: int = 1,
    first: int = 0,
    **options: Any,
) -> ShadowfistState:
    """A game of the starter set with the given decks (card names), seat ``first`` to
    act in its first establishing shot."""
    if decks is None:
        decks = [starter_deck(DECK_NAMES[s % 4]) for s in range(players)]
    setup = {
        "players": players,
        "cards": starter_cards(),
        "decks": [list(d) for d in decks],
        "first_player": first,
        **options,
    }  # options may replace the cards
    return GAME.new_game(setup, seed)


def find(state: ShadowfistState, seat: int, name: str, exclude: Iterable[int] = ()) -> int:
    """An instance of a title owned by the seat (not in ``exclude``), preferring its deck."""
    skip = set(exclude)
    found = [
        c
        for c in range(len(state.kind))
        if state.owner[c] == seat and c not in skip and state.defs[state.kind[c]].name == name
    ]
    found.sort(key=lambda c: (state.zone[c] != DECK, c))
    if not found:
        raise KeyError(f"seat {seat} owns no {name!r}")
    return found[0]


def _take(state: ShadowfistState, card: int) -> None:
    """Take a card out of its owner's deck or hand (tests move cards only from there)."""
    seat = state.owner[card]
    if card in state.decks[seat]:
        state.decks[seat].remove(card)
    elif card in state.hands[seat]:
        state.hands[seat].remove(card)
    else:
        raise ValueError(f"card {card} is not in a deck or a hand")


def to_hand(state: ShadowfistState, seat: int, *names: str) -> list[int]:
    """Put cards of these titles from the seat's deck into its hand."""
    cards: list[int] = []
    for name in names:
        card = find(state, seat, name, exclude=state.hands[seat] + cards)
        _take(state, card)
        state.hands[seat].append(card)
        state.zone[card] = HAND
        cards.append(card)
    return cards


def set_hand(state: ShadowfistState, seat: int, *names: str) -> list[int]:
    """Make the seat's hand exactly these titles (the rest goes back on the deck)."""
    for card in list(state.hands[seat]):
        state.hands[seat].remove(card)
        state.decks[seat].insert(0, card)
        state.zone[card] = DECK
    return to_hand(state, seat, *names)


def put_site(
    state: ShadowfistState, seat: int, name: str, slot: int | None = None, face_up: bool = True
) -> int:
    """Put a site of the seat's deck into play in its structure."""
    card = find(state, seat, name, exclude=_in_play(state))
    _take(state, card)
    state.zone[card] = PLAY
    place_site(state, seat, card, len(state.columns[seat]) if slot is None else slot)
    state.face_up[card] = face_up
    return card


def put_character(state: ShadowfistState, seat: int, name: str, loc: int = 0) -> int:
    """Put a character of the seat's deck into play at a location."""
    card = find(state, seat, name, exclude=_in_play(state))
    _take(state, card)
    state.zone[card] = PLAY
    state.ctrl[card] = seat
    state.loc[card] = loc
    state.chars[seat].append(card)
    return card


def put_state(state: ShadowfistState, seat: int, name: str, host: int) -> int:
    """Put a state of the seat's deck into play on a host."""
    card = find(state, seat, name, exclude=_in_play(state))
    _take(state, card)
    state.zone[card] = PLAY
    state.ctrl[card] = seat
    state.host[card] = host
    state.attached.append(card)
    if state.defs[state.kind[card]].aura:
        state.auras.append(card)
    return card


def put_edge(state: ShadowfistState, seat: int, name: str) -> int:
    """Put an edge of the seat's deck into play."""
    card = find(state, seat, name, exclude=_in_play(state))
    _take(state, card)
    state.zone[card] = PLAY
    state.ctrl[card] = seat
    state.edges[seat].append(card)
    if state.defs[state.kind[card]].aura:
        state.auras.append(card)
    return card


def _in_play(state: ShadowfistState) -> list[int]:
    return [c for c in range(len(state.kind)) if state.zone[c] != DECK]


def to_main(state: ShadowfistState, power: int | None = None) -> ShadowfistState:
    """Go through the active seat's establishing shot (generate Power, discard nothing)
    to its main shot."""
    seat = state.to_act
    assert seat is not None
    GAME.apply(state, Action("power", seat))
    if power is not None:
        state.pool[seat] = power
    assert state.phase == MAIN, state.phase
    return state


def act(state: ShadowfistState, kind: str, *args: int, seat: int | None = None) -> list[Any]:
    """Apply an action (verified) of the seat to act (or ``seat``); return its events."""
    player = state.to_act if seat is None else seat
    assert player is not None
    return GAME.apply(state, Action(kind, player, tuple(args)))


def legal_kinds(state: ShadowfistState) -> set[str]:
    """The kinds of the legal actions now."""
    return {a.kind for a in GAME.legal_actions(state)}


def plays_of(state: ShadowfistState, card: int) -> list[tuple[Any, ...]]:
    """The argument tuples of the legal plays of a card now."""
    return [a.args for a in GAME.legal_actions(state) if a.kind == "play" and a.args[0] == card]


# -- invariants ---------------------------------------------------------------------------


def check_conservation(state: ShadowfistState, owners: tuple[int, ...]) -> None:
    """Every card is in exactly one place, consistent with its zone; owners never change;
    only cards in play have a controller other than their owner."""
    assert state.owner == owners
    where: dict[int, int] = {}

    def seen(cards: Iterable[int], zone: int) -> None:
        for card in cards:
            assert card not in where, f"card {card} is in two places"
            where[card] = zone

    for seat in range(state.players):
        seen(state.decks[seat], DECK)
        seen(state.hands[seat], HAND)
        seen(state.smoked[seat], SMOKED)
        seen(state.discards[seat], DISCARD)
        seen(state.burned[seat], BURNED)
        seen([s for col in state.columns[seat] for s in col], PLAY)
        seen(state.chars[seat], PLAY)
        seen(state.edges[seat], PLAY)
        for card in state.chars[seat] + state.edges[seat]:
            assert state.ctrl[card] == seat
        for col in state.columns[seat]:
            assert 1 <= len(col) <= 2
            for site in col:
                assert state.ctrl[site] == seat
        for card in state.smoked[seat] + state.discards[seat] + state.hands[seat]:
            assert owners[card] == seat
    seen(state.attached, PLAY)
    seen([item[0] for item in state.stack if not item[2]], STACK)
    assert sorted(where) == list(range(len(state.kind))), "a card was created or lost"
    for card, zone in where.items():
        assert state.zone[card] == zone, f"card {card} zone {state.zone[card]} != {zone}"
        if zone != PLAY:
            assert state.ctrl[card] == owners[card]
    for card in state.attached:
        assert state.zone[state.host[card]] == PLAY, "a state without a host in play"
    assert all(p >= 0 for p in state.pool)


def card_defs(cards: Sequence[dict[str, Any]]) -> list[CardDef]:
    """Card dicts read once into definitions."""
    return [card_from_dict(c, i) for i, c in enumerate(cards)]


def every_card(copies: int = 3) -> list[str]:
    """Every starter title, ``copies`` times: a deck from which a test can take anything."""
    return [c["name"] for c in starter_cards() for _ in range(copies)]


def main_table(
    players: int = 2,
    power: int = 10,
    seed: int = 1,
    hands: dict[int, Sequence[str]] | None = None,
    **options: Any,
) -> ShadowfistState:
    """Seat 0 in its first main shot; every seat's deck holds every starter title thrice,
    hands are exactly ``hands`` (empty by default) and seat 0 has ``power`` Power."""
    state = new_table([every_card()] * players, players=players, seed=seed, **options)
    to_main(state, power)
    for seat in range(players):
        set_hand(state, seat, *(hands or {}).get(seat, ()))
    return state


def attack(state: ShadowfistState, target: int, *attackers: int) -> list[Any]:
    """Declare an attack on ``target`` with ``attackers`` and launch it; the events.

    The attack launches by itself once every unturned character has been added."""
    events = act(state, "attack", target)
    for char in attackers:
        events += act(state, "add", char)
    if state.phase == "declare":  # launched already when no unturned character is left
        events += act(state, "go")
    return events


def title(state: ShadowfistState, card: int) -> str:
    """A card's title."""
    return state.defs[state.kind[card]].name


#: Vanilla characters providing each resource code (smoked, they still provide it).
PROVIDERS = {
    "d": ["Rookie Patrol Officer", "Gun Shop Clerk"],
    "g": ["Temple Novice", "Hermit of the Misty Peak"],
    "e": ["Palace Eunuch Clerk", "Hedge Conjurer"],
    "f": ["Vat-Grown Orderly", "Lab Technician"],
    "C": ["Hermit of the Misty Peak"],
    "M": ["Hedge Conjurer"],
    "H": ["Lab Technician", "Gun Shop Clerk"],
}


def give_resources(state: ShadowfistState, seat: int, requires: str) -> None:
    """Put characters providing ``requires`` in the seat's smoked pile ("Cards smoked still
    provide resources")."""
    from play.engine.games.shadowfist.stats import resources

    for code in requires:
        if resources(state, seat).get(code, 0) >= requires.count(code):
            continue
        for name in PROVIDERS[code]:
            try:
                card = find(state, seat, name, exclude=_in_play(state))
            except KeyError:
                continue
            _take(state, card)
            state.zone[card] = SMOKED
            state.smoked[seat].append(card)
            break


def play(state: ShadowfistState, name: str, *args: int, seat: int = 0) -> int:
    """Give the seat a card of this title (and its resources) and play it with ``args``;
    every seat then passes (those with nothing to play are passed over)."""

    (card,) = to_hand(state, seat, name)
    definition: CardDef = state.defs[state.kind[card]]
    give_resources(state, seat, definition.requires)
    act(state, "play", card, *args, seat=seat)
    pass_round(state)
    return card


def pass_round(state: ShadowfistState) -> None:
    """Every seat asked in the current pass round passes."""
    while state.pending and state.to_act is not None:
        act(state, "pass")
