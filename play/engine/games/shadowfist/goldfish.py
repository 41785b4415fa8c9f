"""Goldfish: play a deck alone against a passive dummy, to learn how fast it wins.

The convention (docs/shadowfist.md, "Goldfish"): two seats; the deck's player (seat 0)
goes first; seat 1 is a dummy that, on each of its turns, lays one generic feng shui
site (Power 1, no text, face down) in a new column at the end of its structure, keeps
its blockers in play if its opposition has any (``opposition.py``: the profile names
the sites' Body, their number and the blockers), and does nothing else: it never
plays or responds, has no Power and no hand. Victory needs six feng shui sites, the
last one seized or burned, as in any two-player game; the dummy's sites are there to
be taken.

The figure is the turn of victory (the deck's own turns, 1 = its first), with the
Power curve (the pool at the start of each main shot), the turns of the first site and
the first character, the cards drawn, played and never playable, and the cards played
as blanks (effects the engine does not model).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...core import Action, check_seed, mix_seed
from ...core.bots import BotSpec, bot_for
from .cards import CardDef, card_from_dict
from .opposition import DEFAULT_PROFILE, PROFILES, Opposition
from .rules import advance, legal_actions
from .setup import card_table, deal_table
from .state import DECK, MAIN, ShadowfistState

PLAYER: Final = 0
DUMMY: Final = 1
DEFAULT_MAX_TURNS: Final = 20
#: Offset of the bot's seed from the game's (as in ``simulate.bot_seed``).
BOT_SEED_OFFSET: Final = 1_000_003

CardId = int | str


@dataclass(frozen=True, slots=True)
class GoldfishRecord:
    """One goldfish game. Card ids are the cards' own ids (the catalogue's)."""

    seed: int
    #: The deck's turn on which it won, or None (not within ``max_turns``).
    turn_won: int | None
    turns: int
    #: Power in the pool at the start of each main shot, turn by turn.
    power_by_turn: tuple[int, ...]
    first_site_turn: int | None
    first_character_turn: int | None
    #: Cards drawn (the opening hand first), in the order they were drawn...
    drawn: tuple[CardId, ...]
    #: ...and the deck's turn in which each was drawn (the opening hand: turn 1).
    drawn_turns: tuple[int, ...]
    #: Cards played, in order (events included, whether or not they resolved).
    played: tuple[CardId, ...]
    #: Drawn cards that were never a legal play while in hand.
    never_playable: tuple[CardId, ...]
    #: The deck's cards the engine plays as blanks (or only partly models).
    blanks: tuple[CardId, ...]
    #: The blanks among the cards played.
    blanks_played: tuple[CardId, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seed": self.seed,
            "turn_won": self.turn_won,
            "turns": self.turns,
            "power_by_turn": list(self.power_by_turn),
            "first_site_turn": self.first_site_turn,
            "first_character_turn": self.first_character_turn,
            "drawn": list(self.drawn),
            "drawn_turns": list(self.drawn_turns),
            "played": list(self.played),
            "never_playable": list(self.never_playable),
            "blanks": list(self.blanks),
            "blanks_played": list(self.blanks_played),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GoldfishRecord:
        """Parse a record written by :meth:`to_dict`."""
        return cls(
            seed=int(data["seed"]),
            turn_won=data["turn_won"],
            turns=int(data["turns"]),
            power_by_turn=tuple(data["power_by_turn"]),
            first_site_turn=data["first_site_turn"],
            first_character_turn=data["first_character_turn"],
            drawn=tuple(data["drawn"]),
            drawn_turns=tuple(data["drawn_turns"]),
            played=tuple(data["played"]),
            never_playable=tuple(data["never_playable"]),
            blanks=tuple(data["blanks"]),
            blanks_played=tuple(data["blanks_played"]),
        )


class DeckPlan:
    """A deck resolved against a card list once, for many goldfish games."""

    __slots__ = ("_tables", "blanks", "cards", "deck")

    def __init__(
        self, cards: Sequence[CardDef | Mapping[str, Any]], deck: Sequence[CardId]
    ) -> None:
        self.cards: list[CardDef] = [
            c if isinstance(c, CardDef) else card_from_dict(c, i) for i, c in enumerate(cards)
        ]
        by_id = {card.id: i for i, card in enumerate(self.cards)}
        by_name: dict[str, int] = {}
        for i, card in enumerate(self.cards):
            by_name.setdefault(card.name, i)
        indexes = []
        for entry in deck:
            found = by_id.get(entry)
            if found is None and isinstance(entry, str):
                found = by_name.get(entry)
            if found is None:
                raise KeyError(f"no card with id or name {entry!r}")
            indexes.append(found)
        self.deck = indexes
        seen: dict[CardId, None] = {}
        for i in indexes:
            if self.cards[i].unmodelled:
                seen.setdefault(self.cards[i].id, None)
        self.blanks: tuple[CardId, ...] = tuple(seen)
        self._tables: dict[
            tuple[int, Opposition], tuple[tuple[CardDef, ...], tuple[int, ...], tuple[int, ...]]
        ] = {}

    def table(
        self, max_turns: int, opposition: Opposition
    ) -> tuple[tuple[CardDef, ...], tuple[int, ...], tuple[int, ...]]:
        """The card table, kinds and owners of a goldfish game of this deck against
        ``opposition`` (built once)."""
        key = (max_turns, opposition)
        found = self._tables.get(key)
        if found is None:
            found = card_table(2, self.cards, [self.deck, []], DUMMY, max_turns, opposition)
            self._tables[key] = found
        return found


def goldfish(
    cards: Sequence[CardDef | Mapping[str, Any]] | DeckPlan,
    deck: Sequence[CardId] = (),
    seed: int = 0,
    bot: BotSpec = "greedy",
    max_turns: int = DEFAULT_MAX_TURNS,
    opposition: Opposition = PROFILES[DEFAULT_PROFILE],
) -> GoldfishRecord:
    """Goldfish one game of ``deck`` (card ids or names from ``cards``) from a seed,
    against ``opposition`` (default: the "goldfish" profile), played by ``bot`` (a name,
    or a maker of one from its seed: a benchmark's yardstick).

    Pure: the same arguments give the same record. ``cards`` may be a :class:`DeckPlan`
    (then ``deck`` is ignored). A batch that passes the very same ``cards`` and ``deck``
    objects to every game has them read once (they must not change in between).
    """
    plan = cards if isinstance(cards, DeckPlan) else _plan(cards, deck)
    check_seed(seed)
    table, kind, owner = plan.table(2 * max_turns, opposition)
    state = deal_table(
        2, table, kind, owner, seed, PLAYER, DUMMY, 2 * max_turns, opposition.blockers
    )
    from .game import GAME  # the bots live with the game

    chooser = bot_for(GAME, bot, mix_seed(seed, BOT_SEED_OFFSET)).choose
    return _play(state, plan, chooser, seed)


#: The plans of the last few (cards, deck) objects seen, with the objects themselves:
#: held, they cannot be collected and their ids reused by other lists.
_PLANS: Final[list[tuple[object, object, DeckPlan]]] = []


def _plan(cards: Sequence[CardDef | Mapping[str, Any]], deck: Sequence[CardId]) -> DeckPlan:
    for known_cards, known_deck, plan in _PLANS:
        if known_cards is cards and known_deck is deck:
            return plan
    plan = DeckPlan(cards, deck)
    _PLANS.insert(0, (cards, deck, plan))
    del _PLANS[8:]
    return plan


def _play(state: ShadowfistState, plan: DeckPlan, chooser: Any, seed: int) -> GoldfishRecord:
    power: list[int] = []
    playable: set[int] = set()
    played: list[int] = []
    drawn: dict[int, int] = {}  # card -> the turn it was drawn, in draw order
    first_site = first_char = None
    turns, hand = state.turns, state.hands[PLAYER]
    defs, kind = state.defs, state.kind
    while legal := legal_actions(state):
        if state.to_act == PLAYER:
            for card in hand:
                if card not in drawn:
                    drawn[card] = turns[PLAYER] or 1
        if state.phase == MAIN and not state.pending and state.choice is None:
            if len(power) < turns[PLAYER]:
                power.append(state.pool[PLAYER])
            for option in legal:
                if option.kind == "play":
                    playable.add(option.args[0])  # type: ignore[arg-type]  # an int
        action: Action = chooser(state, legal)
        if action.kind == "play":
            # An int: from legal_actions.
            played_card: int = action.args[0]  # type: ignore[assignment]
            played.append(played_card)
            definition = defs[kind[played_card]]
            if definition.is_site and first_site is None:
                first_site = turns[PLAYER]
            elif definition.is_character and first_char is None:
                first_char = turns[PLAYER]
        advance(state, action)
    for card in range(len(kind)):  # drawn by the last action
        if state.owner[card] == PLAYER and state.zone[card] != DECK and card not in drawn:
            drawn[card] = turns[PLAYER]
    ids = [d.id for d in defs]
    return GoldfishRecord(
        seed=seed,
        turn_won=turns[PLAYER] if state.winner == PLAYER else None,
        turns=turns[PLAYER],
        power_by_turn=tuple(power),
        first_site_turn=first_site,
        first_character_turn=first_char,
        drawn=tuple(ids[kind[c]] for c in drawn),
        drawn_turns=tuple(drawn.values()),
        played=tuple(ids[kind[c]] for c in played),
        never_playable=tuple(ids[kind[c]] for c in drawn if c not in playable),
        blanks=plan.blanks,
        blanks_played=tuple(ids[kind[c]] for c in played if defs[kind[c]].unmodelled),
    )


def goldfish_setup(
    cards: Sequence[Mapping[str, Any]],
    deck: Sequence[CardId],
    max_turns: int = DEFAULT_MAX_TURNS,
    opposition: Opposition = PROFILES[DEFAULT_PROFILE],
) -> dict[str, Any]:
    """The engine setup of a goldfish game (for a match played by hand against the dummy):
    seat 0 plays ``deck`` and goes first, seat 1 is the dummy with ``opposition``;
    ``max_turns`` of the deck's."""
    return {
        "players": 2,
        "cards": list(cards),
        "decks": [list(deck), []],
        "dummy": DUMMY,
        "opposition": opposition.to_dict(),
        "first_player": PLAYER,
        "max_turns": 2 * max_turns,
    }


def goldfish_many(
    cards: Sequence[CardDef | Mapping[str, Any]],
    deck: Sequence[CardId],
    games: int,
    seed: int,
    bot: str = "greedy",
    max_turns: int = DEFAULT_MAX_TURNS,
    start: int = 0,
    opposition: Opposition = PROFILES[DEFAULT_PROFILE],
) -> Iterator[GoldfishRecord]:
    """Records of games ``start`` .. ``start + games - 1`` of the batch ``seed`` (game
    ``i`` is seeded ``mix_seed(seed, i)``, as in ``simulate.game_seed``)."""
    plan = DeckPlan(cards, deck)
    for index in range(start, start + games):
        seed_i = mix_seed(check_seed(seed), index)
        yield goldfish(plan, seed=seed_i, bot=bot, max_turns=max_turns, opposition=opposition)
