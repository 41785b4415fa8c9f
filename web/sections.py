"""Sections a higher layer adds to a lower layer's page.

The card page (catalogue) shows the decklists that play a card, and the decklist page
(deck builder) shows its goldfish figures: both are written by an app the page's own app
may not import. The settings name each page's section makers by dotted path
(`PAGE_SECTIONS`), as they name middleware: the table is written where it is read, and
no app's ready() has to fill it. The page asks for its sections and includes each one's
template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.module_loading import import_string


@dataclass(frozen=True)
class Section:
    """A template and what it needs; the page includes it with `section` in context."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)


SectionMaker = Callable[[HttpRequest, Any], Section | None]


@cache
def _makers(page: str, paths: tuple[str, ...]) -> list[SectionMaker]:
    return [import_string(path) for path in paths]


def sections(page: str, request: HttpRequest, subject: Any) -> list[Section]:
    """The sections of `page` about `subject`, in the order the settings name them."""
    paths = tuple(settings.PAGE_SECTIONS.get(page, ()))
    made = (maker(request, subject) for maker in _makers(page, paths))
    return [section for section in made if section is not None]
