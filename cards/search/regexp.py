"""Regular expressions in linear time: RE2, and SQLite's REGEXP function on it.

Django gives SQLite a REGEXP function on Python's `re`, a backtracking engine in which a
pattern such as `(.|.)(.|.)...#` takes exponential time: one search could hold a process
for ever. `install_regexp` (connected to `connection_created` by the cards app) replaces
it on each new SQLite connection with RE2, which runs in time linear in the text.

The patterns the search language sends to the database are PostgreSQL's, so RE2 reads
them as PostgreSQL does: `.` matches a line break too, and `\\y` and `\\Y` are the word
boundaries (RE2's `\\b` and `\\B`; PostgreSQL reads `\\b` as a backspace).
"""

from __future__ import annotations

import functools
import re
from typing import Any

# google-re2 ships no type hints (no py.typed, no stubs package).
import re2  # type: ignore[import-untyped]

# Distinct patterns kept compiled per process; a search runs a few, each on every row.
CACHED_PATTERNS = 256
_POSTGRESQL_ESCAPES = re.compile(r"\\(.)", re.DOTALL)
_WORD_BOUNDARIES = {"y": r"\b", "Y": r"\B"}


def options() -> re2.Options:
    """RE2's options for the search language: PostgreSQL's line breaks, no error log."""
    chosen = re2.Options()
    chosen.dot_nl = True
    chosen.log_errors = False  # a refused pattern is reported to the user, not logged
    return chosen


_OPTIONS = options()


def compile_pattern(pattern: str) -> Any:
    """The pattern compiled by RE2; raises re2.error for one RE2 refuses."""
    return re2.compile(pattern, _OPTIONS)


@functools.lru_cache(maxsize=CACHED_PATTERNS)
def _compiled(pattern: str) -> Any:
    return compile_pattern(_POSTGRESQL_ESCAPES.sub(_to_re2, pattern))


def _to_re2(escape: re.Match[str]) -> str:
    return _WORD_BOUNDARIES.get(escape.group(1), escape.group(0))


def regexp(pattern: str | None, value: Any) -> bool | None:
    """SQLite's `value REGEXP pattern` (called as regexp(pattern, value)); NULL stays NULL."""
    if pattern is None or value is None:
        return None
    return _compiled(pattern).search(str(value)) is not None


def install_regexp(sender: Any, connection: Any, **kwargs: Any) -> None:
    """connection_created receiver: SQLite's REGEXP on RE2 for this connection."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("REGEXP", 2, regexp, deterministic=True)
