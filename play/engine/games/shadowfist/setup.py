"""Setting a game up: card table, decks, the dummy, shuffles, hands of six, first turn.

Setup (all keys optional but ``players``)::

    {"players": 2,                      # 2 to 6
     "cards": [card dicts...],          # catalogue-shaped (default: the starter set)
     "decks": [[card id, ...], ...],    # one list per seat (default: the starter decks)
     "first_player": 0,                 # default: drawn from the seeded rng
     "dummy": 1,                        # the goldfish dummy's seat (its deck: empty)
     "opposition": "defended",          # with a dummy: what it puts on the table
     "max_turns": 200}                  # turns of all seats together; then "unfinished"

A card's id is its dict's ``id`` (the catalogue's), or its index in ``cards``; a deck
entry may also be a card's exact name. Without ``cards`` and ``decks`` the seats play
the starter set's four suggested decks in turn (seat 0 Heroic Bloodshed, 1 Shaolin
Sanctuary, 2 Court of the Lotus, 3 Flesh and Chrome, then again).

Rules summary, "Objective": "Each player starts the game with a hand of six cards".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from ...core import DataError, GameInfo, Rng, SetupError
from ...core.setup import players as player_count
from .cards import CardDef, card_from_dict
from .opposition import (
    DEFAULT_PROFILE,
    PROFILES,
    Opposition,
    dummy_cards,
    dummy_supply,
    opposition_from,
)
from .rules import MAX_LENGTH, run
from .starter_set import starter_decks, starter_rows
from .state import HAND, ShadowfistState
from .turn import HAND_SIZE, start_turn

SETUP_KEYS: Final = frozenset(
    {"players", "cards", "decks", "first_player", "dummy", "opposition", "max_turns"}
)
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
DEFAULT_MAX_TURNS: Final = 200

INFO: Final = GameInfo(
    slug="shadowfist",
    name="Shadowfist",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    max_length=MAX_LENGTH,
)


@cache
def starter() -> tuple[tuple[CardDef, ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """The starter set (``starter_set``, which the catalogue loads too): its cards, and
    its decks as (name, card names with repeats)."""
    cards = tuple(card_from_dict(c, i) for i, c in enumerate(starter_rows()))
    decks = tuple(
        (deck["name"], tuple(name for name, n in deck["cards"].items() for _ in range(n)))
        for deck in starter_decks()
    )
    return cards, decks


def new_game(setup: Mapping[str, Any] | None, seed: int) -> ShadowfistState:
    """A new game from a setup and a seed (see the module docstring)."""
    players, table, kind, owner, first, dummy, max_turns, blockers = _prepared(setup)
    return deal_table(players, table, kind, owner, seed, first, dummy, max_turns, blockers)


Prepared = tuple[
    int, tuple[CardDef, ...], tuple[int, ...], tuple[int, ...], int | None, int, int, int
]
#: The last few setups prepared, each with a deep copy of it as it was: a batch of games
#: from the very same setup (simulations, benchmarks) reads it once, and a setup changed
#: in between no longer equals its copy, so it is read again. (A value replaced in place
#: by one Python counts equal, 7.0 for 7, is not noticed: the API reads a new setup for
#: each request, and only a program reusing one dict could do that.)
_PREPARED: Final[list[tuple[Mapping[str, Any], Mapping[str, Any], Prepared]]] = []


def _prepared(setup: Mapping[str, Any] | None) -> Prepared:
    """The setup checked and its card table built: (players, table, kind, owner, first,
    dummy, max_turns, the dummy's blockers)."""
    if setup is not None:
        for known, copy, prepared in _PREPARED:
            if known is setup and setup == copy:
                return prepared
    players, cards, decks, first, dummy, max_turns = parse_setup(setup)
    opposition = _opposition(setup, dummy)
    table, kind, owner = card_table(players, cards, decks, dummy, max_turns, opposition)
    blockers = opposition.blockers if dummy >= 0 else 0
    prepared = (players, table, kind, owner, first, dummy, max_turns, blockers)
    if setup is not None:
        _PREPARED.insert(0, (setup, _snapshot(setup), prepared))
        del _PREPARED[8:]
    return prepared


def deal(
    players: int,
    cards: Sequence[CardDef],
    decks: Sequence[Sequence[int]],
    seed: int,
    first: int | None = None,
    dummy: int = -1,
    max_turns: int = DEFAULT_MAX_TURNS,
    opposition: Opposition = PROFILES[DEFAULT_PROFILE],
) -> ShadowfistState:
    """Set up from parsed parts: ``decks`` hold indexes into ``cards``."""
    table, kind, owner = card_table(players, cards, decks, dummy, max_turns, opposition)
    blockers = opposition.blockers if dummy >= 0 else 0
    return deal_table(players, table, kind, owner, seed, first, dummy, max_turns, blockers)


def card_table(
    players: int,
    cards: Sequence[CardDef],
    decks: Sequence[Sequence[int]],
    dummy: int,
    max_turns: int,
    opposition: Opposition = PROFILES[DEFAULT_PROFILE],
) -> tuple[tuple[CardDef, ...], tuple[int, ...], tuple[int, ...]]:
    """The game's card table (each card used, once), and each card's kind (its index in
    the table) and owner, seat by seat; the dummy's generic cards last: its blockers,
    then its sites (it lays them from the end of its deck)."""
    table: list[CardDef] = []
    index_of: dict[int, int] = {}
    kind: list[int] = []
    owner: list[int] = []
    for seat, deck in enumerate(decks):
        for entry in deck:
            if entry not in index_of:
                index_of[entry] = len(table)
                table.append(cards[entry])
            kind.append(index_of[entry])
            owner.append(seat)
    if dummy >= 0:
        generic = dummy_cards(opposition)
        sites, blockers = dummy_supply(opposition, max_turns // players + 2)
        table += generic
        site = len(table) - len(generic)
        kind += [site + 1] * blockers + [site] * sites
        owner += [dummy] * (blockers + sites)
    return tuple(table), tuple(kind), tuple(owner)


def deal_table(
    players: int,
    table: tuple[CardDef, ...],
    kind: tuple[int, ...],
    owner: tuple[int, ...],
    seed: int,
    first: int | None,
    dummy: int,
    max_turns: int,
    blockers: int,
) -> ShadowfistState:
    """Set up from a card table (:func:`card_table`): shuffle, deal hands, first turn.
    ``blockers``: the characters the dummy keeps in play (its opposition's)."""
    state = ShadowfistState(players, Rng(seed), table, kind, owner)
    state.dummy = dummy
    state.blockers = blockers
    state.max_turns = max_turns
    for card, seat in enumerate(owner):
        state.decks[seat].append(card)
    for seat in range(players):
        if seat != dummy:
            state.rng.shuffle(state.decks[seat])
            _draw_hand(state, seat)
    if first is None:
        first = state.rng.below(players)
    start_turn(state, first, None)
    run(state, None)
    return state


def _draw_hand(state: ShadowfistState, seat: int) -> None:
    deck, hand = state.decks[seat], state.hands[seat]
    for _ in range(min(HAND_SIZE, len(deck))):
        card = deck.pop()
        hand.append(card)
        state.zone[card] = HAND


def _snapshot(value: Any) -> Any:
    """A copy of the containers (dicts, lists, tuples) in ``value``, down to their leaves,
    which are shared: ints, strings and read cards never change."""
    if isinstance(value, Mapping):
        return {key: _snapshot(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_snapshot(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_snapshot(item) for item in value)
    return value


def parse_setup(
    setup: Mapping[str, Any] | None,
) -> tuple[int, Sequence[CardDef], list[list[int]], int | None, int, int]:
    """Check a setup; returns (players, cards, decks as card indexes, first, dummy, cap)."""
    players = player_count(setup, INFO, SETUP_KEYS)
    setup = setup or {}  # player_count refused a missing setup: for the type checker
    dummy = _seat(setup, "dummy", players, -1)
    first = _seat(setup, "first_player", players, None)
    max_turns = setup.get("max_turns", DEFAULT_MAX_TURNS)
    if not _is_int(max_turns) or not 1 <= max_turns <= 10_000:
        raise SetupError("bad_max_turns", f"max_turns is a whole number 1 to 10000: {max_turns!r}")
    cards, decks = _cards_and_decks(setup, players, dummy)
    return players, cards, decks, first, dummy, max_turns


def _opposition(setup: Mapping[str, Any] | None, dummy: int) -> Opposition:
    """The setup's opposition (the default profile when it names none); only a setup with
    a dummy may name one."""
    value = (setup or {}).get("opposition")
    if value is not None and dummy < 0:
        raise SetupError("bad_opposition", "'opposition' is the dummy's: the setup has none")
    return opposition_from(value)


def _cards_and_decks(
    setup: Mapping[str, Any], players: int, dummy: int
) -> tuple[Sequence[CardDef], list[list[int]]]:
    if "cards" not in setup and "decks" not in setup:
        starter_cards, starter_decks = starter()
        by_name = {card.name: i for i, card in enumerate(starter_cards)}
        decks = [
            [] if seat == dummy else [by_name[n] for n in starter_decks[seat % 4][1]]
            for seat in range(players)
        ]
        return starter_cards, decks
    if "decks" not in setup:
        raise SetupError("missing_decks", "a setup with 'cards' needs 'decks', one per seat")
    raw_cards = setup.get("cards")
    cards: Sequence[CardDef] = starter()[0] if raw_cards is None else _read_cards(raw_cards)
    raw_decks = setup["decks"]
    if not isinstance(raw_decks, list | tuple) or len(raw_decks) != players:
        raise SetupError(
            "bad_decks", f"'decks' must be a list of {players} card lists, one per seat"
        )
    lookup = _lookup(cards)
    decks = []
    for seat, deck in enumerate(raw_decks):
        if not isinstance(deck, list | tuple):
            raise SetupError("bad_decks", f"the deck of seat {seat} must be a list of card ids")
        if seat == dummy and deck:
            raise SetupError("bad_decks", "the dummy's deck must be empty: it lays generic sites")
        decks.append([_entry(lookup, seat, e) for e in deck])
    return cards, decks


def _read_cards(raw: Any) -> list[CardDef]:
    if not isinstance(raw, list | tuple):
        raise SetupError("bad_cards", "'cards' must be a list of card dicts")
    try:
        return [c if isinstance(c, CardDef) else card_from_dict(c, i) for i, c in enumerate(raw)]
    except DataError as exc:
        raise SetupError("bad_cards", exc.reason) from exc


def _lookup(cards: Sequence[CardDef]) -> dict[Any, int]:
    lookup: dict[Any, int] = {}
    for index, card in enumerate(cards):
        lookup.setdefault(("name", card.name), index)
    for index, card in enumerate(cards):
        key = ("id", card.id)
        if key in lookup:
            raise SetupError("bad_cards", f"two cards have the id {card.id!r}")
        lookup[key] = index
    return lookup


def _entry(lookup: dict[Any, int], seat: int, entry: Any) -> int:
    if isinstance(entry, bool) or not isinstance(entry, int | str):
        raise SetupError("bad_decks", f"seat {seat}: a deck entry is a card id, not {entry!r}")
    found = lookup.get(("id", entry), lookup.get(("name", entry)))
    if found is None:
        raise SetupError("unknown_card", f"seat {seat}: no card with id or name {entry!r}")
    return found


def _seat(setup: Mapping[str, Any], key: str, players: int, default: int | None) -> Any:
    value = setup.get(key, default)
    if value is None or value == default:
        return value
    if not _is_int(value) or not 0 <= value < players:
        raise SetupError(f"bad_{key}", f"{key} must be a seat 0 to {players - 1}, not {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
