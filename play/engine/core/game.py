"""The contract every game implements (OpenSpiel's Game, pokerkit's verify/can/apply)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .errors import DataError, IllegalAction, UnknownGameError
from .state import State
from .values import IN_PROGRESS, UNFINISHED, Action, Event, GameInfo, Outcome
from .wording import names_by_id, plain_event_text, seat_words

if TYPE_CHECKING:
    from .bots import Bot
    from .search import GoldfishGap

S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """The rules of one game, as stateless methods over that game's ``State``.

    The flow of a game::

        state = game.new_game({"players": 4}, seed=7)
        while not game.is_over(state):
            actions = game.legal_actions(state)       # deterministic order
            events = game.apply(state, actions[0])    # verifies, mutates, reports
        game.outcome(state)

    ``apply`` verifies first and raises :class:`IllegalAction` with a code and a human
    reason. ``apply_unchecked`` skips the check (for an action taken from
    ``legal_actions``), and ``advance`` also skips building events: it is the path bots
    and simulations use.

    Like python-chess's variant boards, a game states only what is its own: its
    ``info``, ``state_class``, setup, rules (``legal_actions``, ``advance``,
    ``verify_rules``, ``apply_rules``, ``ended``), ``outcome``, ``view``, wordings
    (``labels``, ``event_words``) and bots. The base does the rest alike for every game:
    rebuilding a state, the length cap in ``verify`` and ``is_over``, collecting events.
    Each is a plain method (a game's calls its rules module), so the classes compile
    with mypyc as they are.
    """

    info: ClassVar[GameInfo]
    #: The game's ``State`` class: :meth:`state_from_dict` rebuilds one.
    state_class: type[S]

    # -- setting up -------------------------------------------------------------------

    @abstractmethod
    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> S:
        """A new game from a setup (e.g. ``{"players": 4}``) and a seed for its rng."""

    def state_from_dict(self, data: Any) -> S:
        """Rebuild a state from ``state.to_dict()`` output."""
        return self.state_class.from_dict(data)

    # -- acting -----------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action ``state.to_act`` may take now, in a deterministic order."""

    def verify(self, state: S, action: Action) -> None:
        """Raise :class:`IllegalAction` (with code and reason) unless ``action`` is legal:
        nothing is, once the game hit its length cap; else the rules say."""
        if state.step >= self.info.max_length and not self.ended(state):
            raise IllegalAction("game_over", "the game hit its length cap and is unfinished")
        self.verify_rules(state, action)

    def verify_rules(self, state: S, action: Action) -> None:
        """The rules' check of an action (raises :class:`IllegalAction`), which
        :meth:`verify` calls once the game is not capped."""
        raise NotImplementedError(f"{type(self).__name__} states no verify_rules")

    def can(self, state: S, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(state, action)
        except IllegalAction:
            return False
        return True

    def apply(self, state: S, action: Action) -> list[Event]:
        """Verify ``action``, apply it to ``state`` (in place) and return its events."""
        self.verify(state, action)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: S, action: Action) -> list[Event]:
        """Apply an action known to be legal and return its events."""
        events: list[Event] = []
        self.apply_rules(state, action, events)
        return events

    @abstractmethod
    def apply_rules(self, state: S, action: Action, events: list[Event] | None) -> None:
        """The rules' application of a legal action, appending its events to ``events``
        (or building none for ``None``), which :meth:`apply_unchecked` calls."""

    @abstractmethod
    def advance(self, state: S, action: Action) -> None:
        """Apply an action known to be legal, without building events (the fast path)."""

    # -- reading ----------------------------------------------------------------------

    @abstractmethod
    def ended(self, state: S) -> bool:
        """Whether the game has ended by its rules (won, or nobody able to go on)."""

    def is_over(self, state: S) -> bool:
        """Whether the game has ended, or hit ``info.max_length`` (then "unfinished")."""
        return self.ended(state) or state.step >= self.info.max_length

    def open_outcome(self, state: S, scores: tuple[int, ...], capped: bool = False) -> Outcome:
        """The outcome of a game nobody won: "unfinished" once at the length cap (or
        ``capped``: a cap of the game's own, such as a turn limit), else "in_progress"."""
        capped = capped or state.step >= self.info.max_length
        return Outcome(UNFINISHED if capped else IN_PROGRESS, scores, (), state.step)

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Scores and winners (status "finished", "unfinished" or "in_progress")."""

    @abstractmethod
    def view(self, state: S, viewer: object) -> dict[str, Any]:
        """What seat ``viewer`` may see, as JSON-ready data: no hidden cards, no rng. A
        viewer that is no seat is refused with ``check_seat``'s ``DataError`` (it may come
        from outside: typed ``object``, so compiled code checks it rather than the call)."""

    def legal_dicts(self, state: S, player: int) -> list[dict[str, Any]]:
        """``player``'s legal actions as JSON-ready data for their view: none unless they
        are to act."""
        if state.to_act != player:
            return []
        return [action.to_dict() for action in self.legal_actions(state)]

    def label(self, state: S, action: Action) -> str:
        """A readable description of a legal action, for the player choosing among them:
        "Bid 7" style words (a game words its kinds in its ``labels`` module, with
        :func:`.wording.word_action`), or the terse ``str(action)`` ("P0 bid 7") for a kind
        it does not word. Only words what the player to act may see."""
        return self.labels(state, [action])[0]

    def labels(self, state: S, actions: Sequence[Action]) -> list[str]:
        """``label`` of each of ``actions`` (legal now), in order; a game overrides this to
        read the state once for all of them."""
        return [str(action) for action in actions]

    def view_names(self, seen: Mapping[str, Any]) -> dict[int, str]:
        """What a player calls the ids of cards or tiles in events: every id their own
        view (``view(state, player)``, here ``seen``) names. Ids it does not name stay
        unnamed in :meth:`event_text`."""
        return names_by_id(seen)

    def event_words(
        self, event: Mapping[str, Any], names: Mapping[int, str], seat: Callable[[int], str]
    ) -> str:
        """The game's wording of one event (its ``events_text.event_text``): a sentence, or
        "" for a kind it does not word (then :meth:`event_text` uses the generic words)."""
        return ""

    def event_text(
        self,
        event: Mapping[str, Any],
        names: Mapping[int, str] | None = None,
        seat: Callable[[int], str] = seat_words,
    ) -> str:
        """One event (``Event.to_dict()``) as a sentence for a log: "Seat 2 played Diamond
        6 (value 18) to space 18" (a game words its kinds in its ``events_text`` module,
        with :func:`.wording.word_event`), or the generic "card chosen" style words of
        :func:`.wording.plain_event_text` for a kind it does not word.

        Words only what the event and ``names`` hold: ``names`` are what the reader may
        call the ids of cards or tiles (taken from the reader's own view); ``seat`` names
        a seat ("Seat 2" unless the caller, who knows the reader, says "you")."""
        return self.event_words(event, names or {}, seat) or plain_event_text(event, names)

    def state_hash(self, state: S) -> str:
        """The stable hash of the canonical state."""
        return state.hash()

    # -- bots -------------------------------------------------------------------------

    def goldfish_gap(self, bot: str) -> GoldfishGap | None:
        """How far the named bot's goldfish is from the yardsticks, as measured (None:
        not measured, or the game has no goldfish)."""
        return None

    def card_modelling(self, card: Mapping[str, Any]) -> tuple[str, str]:
        """How completely this engine plays a card given as a catalogue row: one of
        MODELLING, and why when it is not MODELLED ("" when it is). Deck games only."""
        raise NotImplementedError(f"{self.info.name} has no cards")

    @abstractmethod
    def bot_types(self) -> Mapping[str, type[Bot]]:
        """The bots of this game by name (at least "random" and "greedy")."""

    def make_bot(self, name: str, seed: int) -> Bot:
        """A bot of this game, with its own rng seeded by ``seed``."""
        types = self.bot_types()
        if name not in types:
            known = ", ".join(sorted(types))
            raise UnknownGameError(
                "unknown_bot", f"{self.info.name} has no bot {name!r}; try {known}"
            )
        return types[name](self, seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.info.slug}>"


def check_seat(viewer: object, players: int) -> int:
    """The seat ``viewer`` of a ``players``-player game; anything else is refused with a
    ``DataError``."""
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise DataError("bad_player", f"no seat {viewer!r} in a {players}-player game")
    return viewer
