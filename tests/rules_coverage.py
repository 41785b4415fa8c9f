"""The rules coverage table: every sentence of every rulebook, with the tests that check it.

    python -m tests.rules_coverage --write           # (re)writes docs/rules-coverage.md
    python -m tests.rules_coverage --check           # fails when that file is stale or a
                                                     # marker or a classification is wrong
    python -m tests.rules_coverage --check --strict  # ... or a rules sentence has no test

Both print, per book, the sentences, those covered by tests, those classified as not
rules and the uncovered rules sentences.

The rulebooks are the text files (``*.txt``) in ``settings.RULEBOOKS_DIR`` (environment
``RULEBOOKS_DIR``, default ``../shared/rules`` beside the project).

Sentences
    A book's lines are its file split at ``\\n`` (a trailing ``\\r`` dropped), numbered
    from 1. A blank line (nothing but white space) has no sentence. Any other line, a
    bullet or a heading like any other, is stripped and split into sentences at each
    ``.``, ``!`` or ``?`` followed by one or more spaces and then an upper-case letter
    (A-Z) or an opening quote (``"``, ``'`` or their curly opening forms), except the
    full stop of a list number that opens the line (``1. Reveal``, ``• 2. Play``) and
    the one closing the abbreviations ``i.e.`` and ``e.g.``. The Nth sentence of line L
    is keyed ``"L.N"`` (N from 1); a line of one sentence has the key ``"L.1"``.

Markers
    A test names what it checks with ``@pytest.mark.rule(BOOK, *LINES)`` (on the test, its
    class, or the module's ``pytestmark``; several markers add up): BOOK is a file name in
    RULEBOOKS_DIR (``"raise.txt"``), each of LINES a line number (``40``: every sentence of
    that line) or a sentence key (``"40.2"``). The markers are read by pytest's own
    collection of ``tests/`` (``--collect-only``, in this process, through a plugin that
    reads ``item.iter_markers("rule")``); no test runs and no database is opened. A marker
    naming an unknown book, no line, a line past the end of the book or a blank one, a
    sentence the line does not have, or anything else is an error naming the test.

Classifications
    A sentence no test checks because it is not a rule is classified in
    ``tests/rulebooks/<book stem>.toml``, in its one table ``[not_rules]``: a key is a line
    number (every sentence of the line) or a sentence key, its value starts with a kind
    (title, table of contents, components, flavour, example, heading, cross-reference),
    free text may follow after a comma. Errors: another table or a non-string value, an
    unknown kind, a key that is no sentence of the book, a sentence classified twice, a
    classified sentence that a test also covers, a file for no book.

Every other sentence is a rules sentence; one with no test is *uncovered*: the document
counts them, ``--strict`` fails on them. The document ends with the mutants that
bench/mutation.py counts as equivalent (``bench/mutation_equivalents.toml``), with their
reasons. Without the rulebooks (``--check`` on a machine
that lacks them) the document stands in for them: every marker must be well-formed and
name a sentence the document quotes.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS_DIR = ROOT / "tests"
CLASSIFICATIONS_DIR = TESTS_DIR / "rulebooks"
DOCUMENT = ROOT / "docs" / "rules-coverage.md"
#: Surviving mutants no test can tell from the original (bench/mutation.py): the document
#: lists them with their reasons.
EQUIVALENTS = ROOT / "bench" / "mutation_equivalents.toml"
COMMAND = "python -m tests.rules_coverage --write"

KINDS = (
    "title",
    "table of contents",
    "components",
    "flavour",
    "example",
    "heading",
    "cross-reference",
)
TABLE = "not_rules"

#: Where a sentence may end: ., ! or ? then spaces then an upper-case letter or a quote.
_SENTENCE_END = re.compile("(?<=[.!?]) +(?=[A-Z\"'\u201c\u2018])")
#: A list number opening a line ("1.", "• 2."): its full stop ends no sentence.
_LIST_NUMBER = re.compile(r"^(?:[•*-] +)?\d+\.$")
_ABBREVIATION = re.compile(r"(?:^|\W)(?:i\.e|e\.g)\.$")
_KEY = re.compile(r"^([1-9]\d*)(?:\.([1-9]\d*))?$")


class CoverageError(Exception):
    """The table cannot be made or checked: each message is one problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


# --- books -----------------------------------------------------------------------------


def split_sentences(line: str) -> list[str]:
    """The sentences of one line of a rulebook (none for a blank line); see the module
    docstring for the rule."""
    text = line.strip()
    if not text:
        return []
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        head = text[start : match.start()]
        if _LIST_NUMBER.match(head) or _ABBREVIATION.search(head):
            continue
        sentences.append(head)
        start = match.end()
    sentences.append(text[start:])
    return sentences


@dataclass
class Book:
    """A rulebook's sentences: line number -> its sentences (blank lines absent)."""

    name: str
    line_count: int
    lines: dict[int, list[str]]

    @classmethod
    def read(cls, path: Path) -> Book:
        raw = path.read_text(encoding="utf-8").split("\n")
        if raw and raw[-1] == "":
            raw.pop()  # the newline that ends the last line opens no line of its own
        lines = {}
        for number, line in enumerate(raw, start=1):
            sentences = split_sentences(line.removesuffix("\r"))
            if sentences:
                lines[number] = sentences
        return cls(name=path.name, line_count=len(raw), lines=lines)

    def sentence_keys(self) -> list[str]:
        return [f"{line}.{n}" for line, sentences in self.lines.items()
                for n in range(1, len(sentences) + 1)]  # fmt: skip

    def resolve(self, ref: object) -> tuple[list[str], str | None]:
        """The sentence keys a marker's or a classification's reference names, or why
        it names none."""
        if isinstance(ref, bool) or not isinstance(ref, int | str):
            return [], f"{ref!r} is neither a line number nor a 'LINE.N' sentence key"
        match = _KEY.match(str(ref))
        if not match:
            return [], f"{ref!r} is neither a line number nor a 'LINE.N' sentence key"
        line = int(match.group(1))
        if line > self.line_count:
            return [], f"line {line} is past the end of {self.name} ({self.line_count} lines)"
        if line not in self.lines:
            return [], f"line {line} of {self.name} is blank"
        count = len(self.lines[line])
        if match.group(2) is None:
            return [f"{line}.{n}" for n in range(1, count + 1)], None
        index = int(match.group(2))
        if index > count:
            plural = "sentence" if count == 1 else "sentences"
            return [], f"line {line} of {self.name} has {count} {plural}, not {index}"
        return [f"{line}.{index}"], None


def read_books(folder: Path) -> dict[str, Book]:
    return {path.name: Book.read(path) for path in sorted(folder.glob("*.txt"))}


# --- markers ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Marker:
    """One ``rule`` marker as a test carries it."""

    test: str  # file::test (parameters dropped)
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...] = ()


def _test_name(nodeid: str) -> str:
    return nodeid.split("[", 1)[0]


class _MarkerPlugin:
    def __init__(self) -> None:
        self.markers: list[Marker] = []
        self.errors: list[str] = []

    @staticmethod
    def _open_connection() -> bool:
        from django.db import connections

        return any(c.connection is not None for c in connections.all(initialized_only=True))

    def pytest_sessionstart(self, session: Any) -> None:
        """Collection opens no database. Inside a test session whose connection is already
        open, a test module's request at import time asks Django whether that connection
        is still usable (close_old_connections): let it, as the enclosing test allows."""
        from pytest_django.plugin import blocking_manager_key

        stash = session.config.stash
        if blocking_manager_key in stash and self._open_connection():
            stash[blocking_manager_key].unblock()  # undone with the rest when pytest ends

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.errors.append(f"{report.nodeid}: {report.longreprtext}")

    def pytest_collection_finish(self, session: Any) -> None:
        seen: set[Marker] = set()
        for item in session.items:
            for mark in item.iter_markers("rule"):
                marker = Marker(_test_name(item.nodeid), tuple(mark.args),
                                tuple(sorted(mark.kwargs.items())))  # fmt: skip
                if marker not in seen:  # one entry per test, not per parameter
                    seen.add(marker)
                    self.markers.append(marker)


def collect_markers(tests_dir: Path = TESTS_DIR) -> list[Marker]:
    """Every ``rule`` marker of the tests under tests_dir, by pytest's own collection.

    Inside a test session, call it with database access unblocked (``with
    django_db_blocker.unblock():``): the enclosing session may hold an open connection."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    plugin = _MarkerPlugin()
    output = io.StringIO()
    args = ["--collect-only", "-q", "-p", "no:cacheprovider",
            "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT), str(tests_dir)]  # fmt: skip
    with redirect_stdout(output), redirect_stderr(output):
        code = pytest.main(args, plugins=[plugin])
    if plugin.errors or code not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        raise CoverageError([f"collecting the tests failed (pytest exit {int(code)})",
                             *plugin.errors, output.getvalue()[-4000:]])  # fmt: skip
    return plugin.markers


def marker_problems(marker: Marker, books: dict[str, Book]) -> tuple[list[str], list[str]]:
    """(the sentence keys a marker covers, its problems), each problem naming the test."""
    where = f"{marker.test}: rule marker {_describe(marker)}"
    if marker.kwargs:
        return [], [f"{where}: takes no keyword arguments"]
    if not marker.args or not isinstance(marker.args[0], str):
        return [], [f"{where}: the first argument must be a rulebook's file name"]
    book = books.get(marker.args[0])
    if book is None:
        known = ", ".join(sorted(books)) or "none"
        return [], [f"{where}: no rulebook {marker.args[0]!r} (known: {known})"]
    if len(marker.args) == 1:
        return [], [f"{where}: names no line"]
    keys: list[str] = []
    problems: list[str] = []
    for ref in marker.args[1:]:
        resolved, problem = book.resolve(ref)
        keys.extend(resolved)
        if problem:
            problems.append(f"{where}: {problem}")
    return keys, problems


def _describe(marker: Marker) -> str:
    parts = [repr(a) for a in marker.args] + [f"{k}={v!r}" for k, v in marker.kwargs]
    return f"rule({', '.join(parts)})"


# --- classifications -------------------------------------------------------------------


@dataclass(frozen=True)
class Classification:
    kind: str
    text: str  # the whole value, kind first


def read_classifications(
    folder: Path, books: dict[str, Book]
) -> tuple[dict[str, dict[str, Classification]], list[str]]:
    """book -> sentence key -> its classification, and the problems found."""
    out: dict[str, dict[str, Classification]] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        where = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
        book = next((b for name, b in books.items() if Path(name).stem == path.stem), None)
        if book is None:
            problems.append(f"{where}: no rulebook {path.stem}.txt")
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            problems.append(f"{where}: not TOML: {error}")
            continue
        for key in data:
            if key != TABLE:
                problems.append(f"{where}: unknown table or key {key!r} (only [{TABLE}])")
        table = data.get(TABLE, {})
        if not isinstance(table, dict):
            problems.append(f"{where}: {TABLE} must be a table")
            continue
        classified: dict[str, Classification] = {}
        for key, value in table.items():
            if not isinstance(value, str):
                problems.append(f"{where}: {key!r}: the value must be a string")
                continue
            kind = value.split(",", 1)[0].strip()
            if kind not in KINDS:
                problems.append(f"{where}: {key!r}: unknown kind {kind!r} "
                                f"(one of: {', '.join(KINDS)})")  # fmt: skip
                continue
            resolved, problem = book.resolve(key)
            if problem:
                problems.append(f"{where}: {key!r}: {problem}")
            for sentence in resolved:
                if sentence in classified:
                    problems.append(f"{where}: {key!r}: sentence {sentence} classified twice")
                classified[sentence] = Classification(kind, value.strip())
        out[book.name] = classified
    return out, problems


# --- the table -------------------------------------------------------------------------


@dataclass
class BookCoverage:
    book: Book
    tests: dict[str, list[str]] = field(default_factory=dict)  # key -> tests
    classified: dict[str, Classification] = field(default_factory=dict)

    def uncovered(self) -> list[str]:
        done = self.tests.keys() | self.classified.keys()
        return [key for key in self.book.sentence_keys() if key not in done]

    def summary(self) -> str:
        kinds = Counter(c.kind for c in self.classified.values())
        per_kind = ", ".join(f"{kind} {kinds[kind]}" for kind in KINDS if kinds[kind])
        return (f"{len(self.book.sentence_keys())} sentences on {self.book.line_count} lines; "
                f"covered by tests: {len(self.tests)}; "
                f"classified as not rules: {len(self.classified)}"
                + (f" ({per_kind})" if per_kind else "")
                + f"; uncovered rules sentences: {len(self.uncovered())}")  # fmt: skip


def build(
    books: dict[str, Book],
    markers: Iterable[Marker],
    classifications_dir: Path = CLASSIFICATIONS_DIR,
) -> dict[str, BookCoverage]:
    """Each book's coverage; raises CoverageError listing every problem found."""
    coverage = {name: BookCoverage(book) for name, book in books.items()}
    problems: list[str] = []
    for marker in markers:
        keys, found = marker_problems(marker, books)
        problems.extend(found)
        if keys:
            tests = coverage[marker.args[0]].tests
            for key in keys:
                if marker.test not in tests.setdefault(key, []):
                    tests[key].append(marker.test)
    classified, found = read_classifications(classifications_dir, books)
    problems.extend(found)
    for name, table in classified.items():
        coverage[name].classified = table
        for key in table:
            if key in coverage[name].tests:
                tests = ", ".join(coverage[name].tests[key])
                problems.append(f"{name} {key} is classified as not a rule "
                                f"({table[key].kind}) but a test covers it: {tests}")  # fmt: skip
    if problems:
        raise CoverageError(problems)
    for entry in coverage.values():
        entry.tests = {key: sorted(entry.tests[key])
                       for key in entry.book.sentence_keys() if key in entry.tests}  # fmt: skip
    return coverage


_MARKDOWN = re.compile(r"([\\`*_\[\]<>|])")


def _quote(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text)


def read_equivalents(path: Path = EQUIVALENTS) -> dict[str, dict[str, str]]:
    """game -> mutant name -> why no test can tell it from the original."""
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {game: {str(k): str(v) for k, v in table.items()} for game, table in data.items()}


def render(
    coverage: dict[str, BookCoverage], equivalents: dict[str, dict[str, str]] | None = None
) -> str:
    out = [
        "# Rules coverage",
        "",
        "Generated by `tests/rules_coverage.py` from the rulebooks and the tests' `rule`",
        "markers; do not edit it: change a marker or a classification",
        f"(`tests/rulebooks/<book>.toml`) and run `{COMMAND}`.",
        "`tests/test_rules_coverage.py` fails while this file is not what the command",
        "writes. Every sentence of each rulebook is quoted, keyed `LINE.N` (the Nth",
        "sentence of line LINE), with the tests that check it or its classification as",
        "not a rule (docs/engine.md, \"Rules coverage\").",
        "",
    ]
    for name, entry in coverage.items():
        out.append(f"- `{name}`: {entry.summary()}")
    for name, entry in coverage.items():
        out += ["", f"## {name}", "", entry.summary() + ".", ""]
        for line, sentences in entry.book.lines.items():
            for index, sentence in enumerate(sentences, start=1):
                key = f"{line}.{index}"
                out.append(f"- **{key}** “{_quote(sentence)}”")
                if key in entry.tests:
                    out += [f"  - `{test}`" for test in entry.tests[key]]
                elif key in entry.classified:
                    out.append(f"  - not a rule: {_quote(entry.classified[key].text)}")
                else:
                    out.append("  - **uncovered**")
    out += ["", "## Equivalent mutants", "",
            "Mutants of the rules modules that survive `bench/mutation.py` because no test",
            "can tell them from the original, with the reason (`bench/mutation_equivalents.toml`;",
            "docs/benchmarks.md, \"Mutation testing\")."]  # fmt: skip
    for game, table in sorted((equivalents or {}).items()):
        out += ["", f"### {game}", ""]
        out += [f"- `{name}`: {_quote(reason)}" for name, reason in sorted(table.items())]
        if not table:
            out.append("None.")
    return "\n".join(out) + "\n"


_DOC_BOOK = re.compile(r"^## (\S+\.txt)$")
_DOC_LINES = re.compile(r"^\d+ sentences on (\d+) lines;")
_DOC_SENTENCE = re.compile(r"^- \*\*(\d+)\.(\d+)\*\* ")


def books_from_document(text: str) -> dict[str, Book]:
    """The books as the document quotes them (their sentences' keys; the texts are left
    empty): it stands in for the rulebooks where they are absent."""
    books: dict[str, Book] = {}
    book: Book | None = None
    for line in text.splitlines():
        if match := _DOC_BOOK.match(line):
            book = books[match.group(1)] = Book(match.group(1), 0, {})
        elif line.startswith("## "):
            book = None
        elif book and (match := _DOC_LINES.match(line)):
            book.line_count = int(match.group(1))
        elif book and (match := _DOC_SENTENCE.match(line)):
            book.lines.setdefault(int(match.group(1)), []).append("")
    return books


# --- the command -----------------------------------------------------------------------


def rulebooks_dir() -> Path:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    return Path(settings.RULEBOOKS_DIR)


def check(
    *,
    write: bool = False,
    strict: bool = False,
    books_dir: Path | None = None,
    document: Path = DOCUMENT,
    markers: Iterable[Marker] | None = None,
    classifications_dir: Path = CLASSIFICATIONS_DIR,
    equivalents: Path = EQUIVALENTS,
    report: Any = print,
) -> list[str]:
    """Make the table and compare it with (or write it to) document; the problems found
    (none: all is well). Each book's counts are reported either way."""
    books_dir = rulebooks_dir() if books_dir is None else books_dir
    books = read_books(books_dir) if books_dir.is_dir() else {}
    markers = collect_markers() if markers is None else list(markers)
    if not books:
        if write:
            return [f"no rulebooks in {books_dir}: nothing to write"]
        return _check_against_document(document, markers, report)
    try:
        coverage = build(books, markers, classifications_dir)
    except CoverageError as error:
        return error.problems
    for name, entry in coverage.items():
        report(f"{name}: {entry.summary()}")
    text = render(coverage, read_equivalents(equivalents))
    problems: list[str] = []
    if write:
        document.write_text(text, encoding="utf-8")
        report(f"wrote {document}")
    elif not document.is_file() or document.read_text(encoding="utf-8") != text:
        problems.append(f"{document.name} is not what the rulebooks, the markers and the "
                        f"classifications give: run `{COMMAND}`")  # fmt: skip
    if strict:
        for name, entry in coverage.items():
            if uncovered := entry.uncovered():
                problems.append(f"{name}: {len(uncovered)} uncovered rules sentences: "
                                + ", ".join(uncovered))  # fmt: skip
    return problems


def _check_against_document(document: Path, markers: list[Marker], report: Any) -> list[str]:
    if not document.is_file():
        return [f"neither the rulebooks nor {document} to check the markers against"]
    books = books_from_document(document.read_text(encoding="utf-8"))
    report(f"no rulebooks: checking the markers against {document.name}")
    problems: list[str] = []
    tests: defaultdict[str, set[str]] = defaultdict(set)
    for marker in markers:
        keys, found = marker_problems(marker, books)
        problems.extend(found)
        if keys:
            tests[marker.args[0]].update(keys)
    for name in books:
        report(f"{name}: {len(books[name].sentence_keys())} sentences in {document.name}; "
               f"named by markers: {len(tests[name])}")  # fmt: skip
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.rules_coverage",
        description="Write or check docs/rules-coverage.md (see this module's docstring).",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write docs/rules-coverage.md")
    action.add_argument("--check", action="store_true",
                        help="fail when the file is stale or a marker or classification "
                             "is wrong")  # fmt: skip
    parser.add_argument("--strict", action="store_true",
                        help="also fail on uncovered rules sentences")  # fmt: skip
    options = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    try:
        problems = check(write=options.write, strict=options.strict)
    except CoverageError as error:
        problems = error.problems
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
