"""The bulk data files there are, named in the settings.

`BULK_DATA_FILES` lists, by dotted path, the functions that give the files: the
catalogue's card files (cards/bulk/catalogue.py), and an app above it (decks: published
decklists) adds its own the same way. The catalogue never imports that app: the settings
name it, as they name middleware and page sections (web/sections.py), so the table is
written where it is read and no app's ready() has to fill it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

#: A file's name: lower-case words joined by hyphens ("cards-shadowfist"). It names the
#: file on disk and in its download URL, so nothing else is allowed in it.
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_NAME_LENGTH = 64


def _nothing() -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class BulkFile:
    """One downloadable file: what it is, what it stands on and how to write it.

    `version()` says what the file's contents stand on (for the card files, the
    catalogue's version stamps and the shape of a card): when it differs from the version
    the stored file was written at, the file is stale. It is read before the rows, so a
    write that lands while the file is being written makes the next refresh write it
    again. `rows()` gives the records of `data`, each a JSON object; `extra()` further
    top-level keys, written before `data`."""

    name: str
    type: str
    description: str
    game: str | None
    version: Callable[[], str]
    rows: Callable[[], Iterable[Mapping[str, Any]]]
    extra: Callable[[], dict[str, Any]] = field(default=_nothing)


FilesMaker = Callable[[], Iterable[BulkFile]]


@cache
def _makers(paths: tuple[str, ...]) -> list[FilesMaker]:
    return [import_string(path) for path in paths]


def registered() -> list[BulkFile]:
    """Every file, in the order the settings name their makers. A name that is not of
    NAME, or that two files share, is a mistake of the settings: ImproperlyConfigured."""
    files: dict[str, BulkFile] = {}
    for maker in _makers(tuple(settings.BULK_DATA_FILES)):
        for bulk_file in maker():
            name = bulk_file.name
            if len(name) > MAX_NAME_LENGTH or not NAME.fullmatch(name):
                raise ImproperlyConfigured(
                    f"bulk file name {name!r}: lower-case words joined by hyphens, "
                    f"at most {MAX_NAME_LENGTH} characters"
                )
            if name in files:
                raise ImproperlyConfigured(f"two bulk files are named {name!r}")
            files[name] = bulk_file
    return list(files.values())


def find(name: str) -> BulkFile | None:
    return next((bulk_file for bulk_file in registered() if bulk_file.name == name), None)
