"""Events of a game of ChiZo: what happened, as public facts only.

Events are built only when the caller collects them (``out`` is a list); the fast path
passes ``None`` and pays nothing. A drawn or face-down tile is never named.
"""

from __future__ import annotations

from typing import Any

from ...core import Event

Events = list[Event] | None


def emit(out: Events, kind: str, **data: Any) -> None:
    """Append an event to ``out`` unless events are not being collected."""
    if out is not None:
        out.append(Event(kind, data))
