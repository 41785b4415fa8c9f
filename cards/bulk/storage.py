"""The bulk files on disk, in BULK_DATA_DIR.

Each file is written as `<name>.<hash>.json.gz` beside a sidecar `<name>.json` that
records its version, when it was written, its record count, sizes and SHA-256. Both are
written to a temporary file and moved into place (os.replace), the sidecar last: a reader
sees the old file and its sidecar or the new ones, never half of a file, and a download
already under way keeps reading the file it opened. Writers of one name take turns
(a lock file), so two processes refreshing at once cannot delete each other's file.

The gzip stream is deterministic (no time or name in its header): the same contents give
the same bytes and the same hash.
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from rest_framework.utils.encoders import JSONEncoder

from cards.bulk.registry import BulkFile

#: What the `object` key of every bulk file says.
OBJECT = "bulk"
#: Bytes read at a time when hashing a written file.
READ_CHUNK = 1 << 20
#: Readable by all: the web server may run as another user than the command that wrote
#: them (a temporary file is made readable by its owner only).
FILE_MODE = 0o644
_DATA_FILE = re.compile(r"[a-z0-9-]+\.[0-9a-f]{16}\.json\.gz")


@dataclass(frozen=True)
class Stored:
    """A written file, as its sidecar records it."""

    name: str
    file: str  # the data file's name in the directory
    version: str
    generated_at: datetime
    count: int
    size: int  # bytes as stored and served (gzip)
    uncompressed_size: int  # bytes of the JSON inside
    sha256: str  # of the stored bytes

    @property
    def etag(self) -> str:
        return f'"{self.sha256}"'


def directory() -> Path:
    return Path(settings.BULK_DATA_DIR)


def _sidecar(name: str) -> Path:
    return directory() / f"{name}.json"


def stored(name: str) -> Stored | None:
    """The file's sidecar, None when it was never written (or the sidecar is unreadable:
    then it is written anew at the next refresh)."""
    try:
        data = json.loads(_sidecar(name).read_text(encoding="utf-8"))
        record = Stored(**{**data, "generated_at": datetime.fromisoformat(data["generated_at"])})
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if record.name != name or not _DATA_FILE.fullmatch(record.file):
        return None
    return record


def exists(record: Stored) -> bool:
    return (directory() / record.file).is_file()


def open_stored(name: str) -> tuple[Stored, BinaryIO] | None:
    """The file's record and its data, opened; None when there is none. A refresh may
    replace the file between the sidecar's read and the opening: the sidecar is read
    again once."""
    for _attempt in range(2):
        record = stored(name)
        if record is None:
            return None
        try:
            return record, (directory() / record.file).open("rb")
        except FileNotFoundError:
            continue
    return None


def now() -> datetime:
    # Whole seconds: Last-Modified and If-Modified-Since carry no finer time.
    return datetime.now(UTC).replace(microsecond=0)


@contextlib.contextmanager
def writing(name: str) -> Iterator[None]:
    """Hold the name's lock: one writer of a file at a time, in any process."""
    folder = directory()
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f".{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def write(bulk_file: BulkFile, version: str) -> Stored:
    """Write the file and its sidecar (hold `writing(name)` around it)."""
    folder = directory()
    folder.mkdir(parents=True, exist_ok=True)
    generated_at = now()
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{bulk_file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as raw:
            with gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as stream:
                count, uncompressed = _write_json(stream, bulk_file, version, generated_at)
            raw.flush()
            os.fsync(raw.fileno())
        os.chmod(temporary, FILE_MODE)
        digest = _sha256(Path(temporary))
        data_file = f"{bulk_file.name}.{digest[:16]}.json.gz"
        os.replace(temporary, folder / data_file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    record = Stored(
        name=bulk_file.name,
        file=data_file,
        version=version,
        generated_at=generated_at,
        count=count,
        size=(folder / data_file).stat().st_size,
        uncompressed_size=uncompressed,
        sha256=digest,
    )
    _write_sidecar(record)
    _remove_others(record)
    return record


def _write_json(
    stream: gzip.GzipFile, bulk_file: BulkFile, version: str, generated_at: datetime
) -> tuple[int, int]:
    """Write the document, rows one by one; (records, bytes written)."""
    header = {
        "object": OBJECT,
        "name": bulk_file.name,
        "type": bulk_file.type,
        "game": bulk_file.game,
        "generated_at": _iso(generated_at),
        "version": version,
        **bulk_file.extra(),
    }
    written = 0

    def put(text: str) -> None:
        nonlocal written
        data = text.encode("utf-8")
        stream.write(data)
        written += len(data)

    put(_dumps(header)[:-1] + ',"data":[')
    count = 0
    for row in bulk_file.rows():
        put(("," if count else "") + _dumps(row))
        count += 1
    put(f'],"count":{count}}}\n')
    return count, written


def _dumps(value: Any) -> str:
    # As the API renders JSON: compact, UTF-8 as such (DRF's JSONRenderer).
    return json.dumps(value, cls=JSONEncoder, ensure_ascii=False, separators=(",", ":"))


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        while chunk := data.read(READ_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _write_sidecar(record: Stored) -> None:
    text = json.dumps({**asdict(record), "generated_at": _iso(record.generated_at)}, indent=1)
    handle, temporary = tempfile.mkstemp(dir=directory(), prefix=f".{record.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as sidecar:
            sidecar.write(text)
        os.chmod(temporary, FILE_MODE)
        os.replace(temporary, _sidecar(record.name))
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _remove_others(record: Stored) -> None:
    """Remove the name's earlier data files (a download of one already open reads on)."""
    for path in directory().glob(f"{record.name}.*.json.gz"):
        if path.name != record.file and _DATA_FILE.fullmatch(path.name):
            path.unlink(missing_ok=True)
