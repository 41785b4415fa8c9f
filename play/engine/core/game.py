"""The contract every game implements (OpenSpiel's Game, pokerkit's verify/can/apply)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .errors import IllegalAction, UnknownGameError
from .state import State
from .values import Action, Event, GameInfo, Outcome
from .wording import names_by_id, plain_event_text, seat_words

if TYPE_CHECKING:
    from .bots import Bot

S = TypeVar("S", bound=State)
EventWording = Callable[[Mapping[str, Any], Mapping[int, str], Callable[[int], str]], str]


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
    """

    info: ClassVar[GameInfo]

    # -- setting up -------------------------------------------------------------------

    @abstractmethod
    def new_game(self, setup: Mapping[str, Any] | None, seed: int) -> S:
        """A new game from a setup (e.g. ``{"players": 4}``) and a seed for its rng."""

    @abstractmethod
    def state_from_dict(self, data: Any) -> S:
        """Rebuild a state from ``state.to_dict()`` output."""

    # -- acting -----------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every action ``state.to_act`` may take now, in a deterministic order."""

    @abstractmethod
    def verify(self, state: S, action: Action) -> None:
        """Raise :class:`IllegalAction` (with code and reason) unless ``action`` is legal."""

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

    @abstractmethod
    def apply_unchecked(self, state: S, action: Action) -> list[Event]:
        """Apply an action known to be legal and return its events."""

    @abstractmethod
    def advance(self, state: S, action: Action) -> None:
        """Apply an action known to be legal, without building events (the fast path)."""

    # -- reading ----------------------------------------------------------------------

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended, or hit ``info.max_length`` (then "unfinished")."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Scores and winners (status "finished", "unfinished" or "in_progress")."""

    @abstractmethod
    def view(self, state: S, player: int) -> dict[str, Any]:
        """What ``player`` may see, as JSON-ready data: no hidden cards, no rng."""

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

    def event_wording(self) -> EventWording | None:
        """The game's event wording (its ``events_text.event_text``): a sentence, or "" for
        a kind it does not word; None: every event gets the generic words."""
        return None

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
        wording = self.event_wording()
        worded = wording(event, names or {}, seat) if wording else ""
        return worded or plain_event_text(event, names)

    def state_hash(self, state: S) -> str:
        """The stable hash of the canonical state."""
        return state.hash()

    # -- bots -------------------------------------------------------------------------

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
