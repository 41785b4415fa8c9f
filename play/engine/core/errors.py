"""Errors raised by the rules engine.

Every engine error carries a machine-readable ``code`` and a human ``reason`` that says
what went wrong and, where it can, what to do instead. The web layer maps them to its
one error shape without parsing messages. Both are checked when the error is made: a code
is a lower-case identifier (clients compare it), a reason is words a player can read.
"""

from __future__ import annotations

import re
from typing import Final

#: What a code looks like: ``bad_state``, ``space_not_empty``.
CODE_PATTERN: Final = re.compile(r"[a-z][a-z0-9_]*")


class InvalidEngineError(Exception):
    """An engine error made without an identifier code or without a reason: a bug in the
    engine. Not a TypeError nor a ValueError, so that no rule that turns those into a
    refusal ("malformed action") can hide it."""


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    code: str = "engine_error"

    def __init__(self, code: object, reason: object) -> None:
        # Typed object: checked here, so compiled code refuses a bad one as a bug too.
        if not isinstance(code, str) or not CODE_PATTERN.fullmatch(code):
            raise InvalidEngineError(f"an engine error's code is an identifier, not {code!r}")
        if not isinstance(reason, str) or not reason.strip():
            raise InvalidEngineError(f"an engine error ({code}) needs a reason, not {reason!r}")
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.reason!r})"


class IllegalAction(EngineError):  # noqa: N818 - the name of the concept, as in python-chess
    """An action the rules do not allow in this state (``verify`` raises it)."""


class SetupError(EngineError):
    """A setup a game cannot start from (wrong player count, unknown option...)."""


class DataError(EngineError):
    """A dict that does not describe a valid action, event, outcome or state."""


class UnknownGameError(EngineError):
    """No game (or no bot of a game) is registered under that name."""


class ReplayError(EngineError):
    """A replayed game diverged from its recording (a hash or an action did not match)."""
