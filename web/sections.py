"""Sections a higher layer adds to a lower layer's page.

The card page (catalogue) shows the decklists that play a card, and the decklist page
(deck builder) shows its goldfish figures: both are written by an app the page's own app
may not import. The higher app registers a section maker in its AppConfig.ready(); the
page asks for its sections and includes each one's template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest


@dataclass(frozen=True)
class Section:
    """A template and what it needs; the page includes it with `section` in context."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)


SectionMaker = Callable[[HttpRequest, Any], Section | None]
_makers: dict[str, list[tuple[str, SectionMaker]]] = {}


def register(page: str, name: str, maker: SectionMaker) -> None:
    """Add `maker` to `page`'s sections (again under the same name: replaced, so a
    reloaded app does not show its section twice)."""
    makers = [(n, m) for n, m in _makers.get(page, []) if n != name]
    _makers[page] = [*makers, (name, maker)]


def sections(page: str, request: HttpRequest, subject: Any) -> list[Section]:
    """The sections of `page` about `subject`, in the order they were registered."""
    made = (maker(request, subject) for _, maker in _makers.get(page, []))
    return [section for section in made if section is not None]
