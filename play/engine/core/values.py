"""Value types shared by every game: actions, events, outcomes and per-game facts.

They are small frozen dataclasses that round-trip through JSON unchanged
(``X.from_dict(json.loads(json.dumps(x.to_dict()))) == x``); they are what the API returns
and what a game log stores.
"""

from __future__ import annotations

import hashlib
import json
import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import DataError

#: An action argument: a card id, a name, or a tuple of them (JSON lists become tuples).
Arg = int | str | tuple["Arg", ...]

FINISHED: Final = "finished"
UNFINISHED: Final = "unfinished"
IN_PROGRESS: Final = "in_progress"
STATUSES: Final = (FINISHED, UNFINISHED, IN_PROGRESS)
#: How completely a deck game's engine plays a card (Game.card_modelling): its effect runs
#: (or it has none); it plays by its printed figures alone, its rules text unknown or not
#: modelled; or nothing of it runs but what it costs.
MODELLED: Final = "modelled"
STATS_ONLY: Final = "stats_only"
BLANK: Final = "blank"
MODELLING: Final = (MODELLED, STATS_ONLY, BLANK)
#: How deep lists may nest in an action argument ([1] is one deep). No game's actions
#: nest; a client's may not nest without bound, each level being a recursion here.
MAX_ARG_DEPTH: Final = 8


def canonical_json(data: Any) -> str:
    """One fixed JSON text for a JSON-ready value: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(data: Any) -> str:
    """The sha256 (hex) of the canonical JSON of ``data``: a stable hash across runs."""
    return hashlib.sha256(canonical_json(data).encode("ascii")).hexdigest()


def _shown(value: Any) -> str:
    """``value`` for an error message: cut short, however large or deep it is."""
    return reprlib.repr(value)


def _arg_from_json(value: Any, depth: int = 0) -> Arg:
    """An argument from JSON; ``depth`` lists hold ``value`` within it."""
    if isinstance(value, bool) or not isinstance(value, int | str | list | tuple):
        raise DataError(
            "bad_action", f"an action argument is an int, a str or a list: {_shown(value)}"
        )
    if isinstance(value, list | tuple):
        if depth == MAX_ARG_DEPTH:
            reason = f"action arguments nest lists at most {MAX_ARG_DEPTH} deep"
            raise DataError("bad_action", reason)
        return tuple(_arg_from_json(item, depth + 1) for item in value)
    return value


def _arg_to_json(value: Arg) -> Any:
    if isinstance(value, tuple):
        return [_arg_to_json(item) for item in value]
    return value


def _need(data: Any, key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``data[key]`` checked against ``kind``, or DataError naming ``what``."""
    if not isinstance(data, Mapping) or key not in data:
        raise DataError(f"bad_{what}", f"a {what} needs a {key!r} field")
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise DataError(f"bad_{what}", f"{what} field {key!r} has the wrong type: {_shown(value)}")
    if not isinstance(value, kind):
        raise DataError(f"bad_{what}", f"{what} field {key!r} has the wrong type: {_shown(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one player: a kind ("bid", "play", "pass"...) and its arguments.

    What the arguments mean is up to each game (Raise: the card id). Actions are
    hashable and compare by value, so ``action in legal_actions(state)`` works.
    """

    kind: str
    player: int
    args: tuple[Arg, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        args = [_arg_to_json(a) for a in self.args]
        return {"kind": self.kind, "player": self.player, "args": args}

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Parse (and type-check) an action, e.g. one received from a client."""
        kind = _need(data, "kind", str, "action")
        player = _need(data, "player", int, "action")
        args = data.get("args", [])
        if not isinstance(args, list | tuple):
            raise DataError("bad_action", f"action args must be a list, not {_shown(args)}")
        return cls(kind, player, tuple(_arg_from_json(a) for a in args))

    def __str__(self) -> str:
        args = " ".join(str(_arg_to_json(a)) for a in self.args)
        return f"P{self.player} {self.kind}{' ' + args if args else ''}"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as the game log records it.

    Events carry public information only (a face-down card is "chosen", not named, and
    a refill says how many cards were drawn, not which), so a log can go to every
    player. ``data`` holds JSON-native values (lists, not tuples).
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.kind, "data": self.data}

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Parse an event written by :meth:`to_dict`."""
        return cls(_need(data, "kind", str, "event"), dict(_need(data, "data", dict, "event")))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a game: status, score per seat, and the winning seats.

    ``status`` is "finished", "unfinished" (the game hit its length cap: nobody won) or
    "in_progress". Several winners means a shared victory.
    """

    status: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    length: int

    @property
    def is_tie(self) -> bool:
        """True when the victory is shared."""
        return len(self.winners) > 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``tie`` is derived, for readers' convenience)."""
        return {
            "status": self.status,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "tie": self.is_tie,
            "length": self.length,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Outcome:
        """Parse an outcome written by :meth:`to_dict`."""
        status = _need(data, "status", str, "outcome")
        if status not in STATUSES:
            raise DataError("bad_outcome", f"unknown outcome status {status!r}")
        scores = _need(data, "scores", list, "outcome")
        winners = _need(data, "winners", list, "outcome")
        return cls(status, tuple(scores), tuple(winners), _need(data, "length", int, "outcome"))


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game, in one place (OpenSpiel's GameType, in spirit)."""

    slug: str
    name: str
    min_players: int
    max_players: int
    #: Actions after which a game is stopped and reported "unfinished".
    max_length: int
    #: Whether the game has moves of chance (dice, shuffles) drawn from the state's rng.
    has_chance: bool = True
    #: Whether players have information the others do not (hands, face-down cards).
    hidden_information: bool = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "slug": self.slug,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "max_length": self.max_length,
            "has_chance": self.has_chance,
            "hidden_information": self.hidden_information,
        }
