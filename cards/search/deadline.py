"""A time bound on running a search, on either database.

Past `settings.SEARCH_TIMEOUT_MS` the database stops the search's query and the caller
gets SearchTimeoutError, which the API and the pages answer with a 503:

- SQLite: a progress handler looks at the clock every SQLITE_PROGRESS_STEPS steps of
  SQLite's virtual machine and interrupts the query once the deadline has passed (one
  deadline for all the queries of the search).
- PostgreSQL: the search runs in a transaction (a savepoint inside one) whose
  `statement_timeout` is the bound, for each of its queries; the connection's own
  timeout (DATABASE_STATEMENT_TIMEOUT_MS) is back afterwards. That costs one statement
  (and, inside an outer transaction, a savepoint and its rollback).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

# About a millisecond of SQLite's work between two looks at the clock.
SQLITE_PROGRESS_STEPS = 1_000
QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE for a statement stopped by its timeout


class SearchTimeoutError(Exception):
    """A search stopped because it ran longer than its bound."""

    def __init__(self, milliseconds: int) -> None:
        self.milliseconds = milliseconds
        super().__init__(
            f"the search took longer than {milliseconds / 1000:g} s and was stopped; "
            "try a narrower query"
        )


@contextmanager
def search_deadline(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Run the queries of the block under the search time bound; raises SearchTimeoutError.

    The block must only read: on PostgreSQL its transaction is rolled back at the end.
    """
    connection = connections[using]
    milliseconds = settings.SEARCH_TIMEOUT_MS
    if connection.vendor == "sqlite":
        with _sqlite_deadline(connection, milliseconds):
            yield
    elif connection.vendor == "postgresql":
        with _postgresql_deadline(connection, milliseconds):
            yield
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL only
        yield


@contextmanager
def _sqlite_deadline(connection: BaseDatabaseWrapper, milliseconds: int) -> Iterator[None]:
    connection.ensure_connection()
    raw = connection.connection
    deadline = monotonic() + milliseconds / 1000
    stopped = False

    def past_deadline() -> bool:
        nonlocal stopped
        stopped = stopped or monotonic() > deadline
        return stopped  # true: SQLite interrupts the query

    raw.set_progress_handler(past_deadline, SQLITE_PROGRESS_STEPS)
    try:
        yield
    except DatabaseError as error:
        if stopped:
            raise SearchTimeoutError(milliseconds) from error
        raise
    finally:
        raw.set_progress_handler(None, 0)


@contextmanager
def _postgresql_deadline(connection: BaseDatabaseWrapper, milliseconds: int) -> Iterator[None]:
    try:
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute(_SET_LOCAL_TIMEOUT, [f"{milliseconds}ms"])
            yield
            # A search only reads: rolling its transaction (or savepoint) back undoes the
            # SET LOCAL too, also inside an outer transaction (a test, a view in atomic()).
            transaction.set_rollback(True, using=connection.alias)
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) == QUERY_CANCELED:
            raise SearchTimeoutError(milliseconds) from error
        raise


_SET_LOCAL_TIMEOUT = "SELECT set_config('statement_timeout', %s, true)"
