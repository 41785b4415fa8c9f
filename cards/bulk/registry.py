"""The bulk data files there are: a registry filled by the apps that own the data.

The catalogue registers its card files (cards/bulk/catalogue.py) from CardsConfig.ready();
an app above it (decks: published decklists) registers its own from its ready() the same
way. The catalogue never imports that app, which is why this table is filled at start-up
rather than written where it is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

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


_files: dict[str, BulkFile] = {}


def register(bulk_file: BulkFile) -> None:
    """Add a file to the registry; a name already taken or not of NAME is an error."""
    name = bulk_file.name
    if len(name) > MAX_NAME_LENGTH or not NAME.fullmatch(name):
        raise ValueError(f"bulk file name {name!r}: lower-case words joined by hyphens")
    if name in _files:
        raise ValueError(f"a bulk file named {name!r} is registered already")
    _files[name] = bulk_file


def unregister(name: str) -> None:
    """Take a file out of the registry (tests register files of their own)."""
    _files.pop(name, None)


def registered() -> list[BulkFile]:
    """Every registered file, in the order of registration."""
    return list(_files.values())


def find(name: str) -> BulkFile | None:
    return _files.get(name)
