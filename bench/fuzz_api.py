"""API fuzzing, the long run: tests/api/test_schema_fuzz.py with many more examples.

    .venv/bin/python bench/fuzz_api.py [--examples 500] [--stateful-runs 200]

Schemathesis with every default check against the OpenAPI schema, in process, as a test
user (see the test module). The test suite runs the same with 15 examples an operation.
Prints, per operation, the requests sent and the statuses answered, and whether it
passed; then the totals. On SQLite the test database goes to a temporary folder, so the
run does not touch the test suite's. Exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEST_MODULE = "tests.api.test_schema_fuzz"


class Summary:
    """A pytest plugin that gives each test the requests sent while it ran."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, float, Counter[tuple[str, int]]]] = []
        self._seen: Counter[tuple[str, int]] = Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call" and report.passed:
            return
        calls: Counter[tuple[str, int]] = sys.modules[TEST_MODULE].CALLS
        new = calls - self._seen
        self._seen = calls.copy()
        name = (report.head_line or "").partition("[")[2].rstrip("]") or "stateful sequences"
        self.rows.append((name, report.outcome, report.duration, new))


def _statuses(calls: Counter[tuple[str, int]]) -> str:
    by_status: Counter[int] = Counter()
    for (_, status), count in calls.items():
        by_status[status] += count
    return " ".join(f"{status}:{count}" for status, count in sorted(by_status.items()))


def print_summary(summary: Summary, elapsed: float, args: argparse.Namespace) -> int:
    print(
        f"\n{args.examples} generated examples an operation (and the examples and coverage "
        f"phases' cases), {args.stateful_runs} stateful sequences of up to 8 requests"
    )
    print(f"\n{'operation':40} {'requests':>8}  {'result':6}  {'s':>6}  statuses")
    failed = 0
    for name, outcome, seconds, calls in summary.rows:
        failed += outcome != "passed"
        total = sum(calls.values())
        print(f"{name:40} {total:8}  {outcome:6}  {seconds:6.1f}  {_statuses(calls)}")
    operations = sum(1 for name, *_ in summary.rows if name != "stateful sequences")
    requests = sum(sum(calls.values()) for *_, calls in summary.rows)
    print(
        f"\n{operations} operations and stateful sequences: {requests} requests, "
        f"{failed} failed, {elapsed:.0f} s"
    )
    return failed


def _isolated_database() -> None:
    """On SQLite, a test database of our own instead of the suite's test-db.sqlite3."""
    import django
    from django.conf import settings

    django.setup()
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        folder = tempfile.mkdtemp(prefix="cardhouse-fuzz-")
        database.setdefault("TEST", {})["NAME"] = str(Path(folder) / "test.sqlite3")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="per operation")
    parser.add_argument("--stateful-runs", type=int, default=200)
    args = parser.parse_args()
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    os.environ["CARDHOUSE_FUZZ_EXAMPLES"] = str(args.examples)
    os.environ["CARDHOUSE_FUZZ_STATEFUL_RUNS"] = str(args.stateful_runs)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    _isolated_database()
    summary = Summary()
    start = time.perf_counter()
    pytest_args: list[Any] = ["-q", "-p", "no:cacheprovider", "tests/api/test_schema_fuzz.py"]
    pytest.main(pytest_args, plugins=[summary])
    return 1 if print_summary(summary, time.perf_counter() - start, args) else 0


if __name__ == "__main__":
    sys.exit(main())
