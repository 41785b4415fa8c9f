"""Writing the bulk files anew when what they stand on changed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cards.bulk import storage
from cards.bulk.registry import BulkFile, find, registered


class UnknownBulkFileError(ValueError):
    """A name no registered file has."""

    def __init__(self, name: str) -> None:
        known = ", ".join(f.name for f in registered())
        super().__init__(f"no bulk file is named {name!r}; the files: {known}")
        self.name = name


@dataclass(frozen=True)
class Outcome:
    """What a refresh did with one file: wrote it, or found it current."""

    record: storage.Stored
    written: bool

    def describe(self) -> str:
        record = self.record
        if not self.written:
            written = f"{record.generated_at:%Y-%m-%d %H:%M:%S} UTC"
            return f"{record.name}: current ({record.count} records, written {written})"
        return (
            f"{record.name}: written ({record.count} records, {record.size:,} bytes, "
            f"{record.uncompressed_size:,} uncompressed)"
        )


def _files(names: Iterable[str] | None) -> list[BulkFile]:
    if names is None:
        return registered()
    files = []
    for name in names:
        bulk_file = find(name)
        if bulk_file is None:
            raise UnknownBulkFileError(name)
        files.append(bulk_file)
    return files


def is_current(bulk_file: BulkFile, version: str) -> storage.Stored | None:
    """The stored file when it was written at `version` and is there, else None."""
    record = storage.stored(bulk_file.name)
    if record is not None and record.version == version and storage.exists(record):
        return record
    return None


def refresh_bulk_files(names: Iterable[str] | None = None, *, force: bool = False) -> list[Outcome]:
    """Write each file (every registered one, or those named) whose version changed since
    it was written, or that was never written; every one with `force`."""
    outcomes = []
    for bulk_file in _files(names):
        version = bulk_file.version()
        current = None if force else is_current(bulk_file, version)
        if current is not None:
            outcomes.append(Outcome(current, written=False))
            continue
        with storage.writing(bulk_file.name):
            # Another process may have written it while this one waited for the lock.
            current = None if force else is_current(bulk_file, version)
            if current is not None:
                outcomes.append(Outcome(current, written=False))
            else:
                outcomes.append(Outcome(storage.write(bulk_file, version), written=True))
    return outcomes
