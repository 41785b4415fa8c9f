"""docs/rules-coverage.md is what tests/rules_coverage.py makes of the rulebooks, the tests'
``rule`` markers and the classifications in tests/rulebooks/; and that generator splits,
validates and renders as its docstring says (small fake books in tmp_path).

Where the rulebooks are present the document must be exactly what the generator writes
(a marker changed without regenerating fails). Where they are absent the document stands
in for them: every marker must be well-formed and name a sentence the document quotes.
Every rules sentence of every book has a test: the check is strict, so a rules sentence
left without a marked test fails here.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests import rules_coverage as rc
from tests.rules_coverage import Book, CoverageError, Marker


@pytest.fixture(scope="module")
def suite_markers(django_db_blocker: Any) -> list[Marker]:
    """Every rule marker of the test suite, by pytest's collection of tests/ (no query is
    made; the session's connection may be open: rules_coverage.collect_markers)."""
    with django_db_blocker.unblock():
        return rc.collect_markers()


def test_the_document_is_what_the_generator_writes(suite_markers: list[Marker]) -> None:
    """With the rulebooks: the document equals the generated table and no rules sentence is
    uncovered. Without them: every marker is checked against the document (check() picks
    the mode)."""
    lines: list[str] = []
    problems = rc.check(markers=suite_markers, report=lines.append, strict=True)
    assert problems == [], "\n".join(problems)
    assert lines, "the check reports each book's counts"


def test_every_marker_names_a_sentence_the_document_quotes(
    suite_markers: list[Marker], tmp_path: Path
) -> None:
    """The check a machine without the rulebooks makes, run here on every machine: an
    empty rulebooks folder makes the document stand in for the books."""
    lines: list[str] = []
    problems = rc.check(books_dir=tmp_path, markers=suite_markers, report=lines.append)
    assert problems == [], "\n".join(problems)
    assert lines[0].startswith("no rulebooks: checking the markers against")
    books = rc.books_from_document(rc.DOCUMENT.read_text(encoding="utf-8"))
    assert books, "the document quotes at least one book"
    assert all(book.sentence_keys() for book in books.values())


def test_the_collection_reads_function_class_and_module_markers(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    (tmp_path / "test_fake_rules.py").write_text(textwrap.dedent('''
        import pytest

        pytestmark = pytest.mark.rule("fake.txt", 1)


        @pytest.mark.rule("fake.txt", "2.2")
        class TestRound:
            @pytest.mark.rule("fake.txt", 3, 4)
            @pytest.mark.parametrize("n", [1, 2])
            def test_one(self, n):
                assert n


        def test_two():
            pass
    '''))  # fmt: skip
    with django_db_blocker.unblock():
        markers = rc.collect_markers(tmp_path)
    by_test: dict[str, set[tuple[object, ...]]] = {}
    for marker in markers:
        by_test.setdefault(marker.test.rsplit("::", 1)[-1], set()).add(marker.args)
    assert by_test == {
        "test_one": {("fake.txt", 1), ("fake.txt", "2.2"), ("fake.txt", 3, 4)},
        "test_two": {("fake.txt", 1)},
    }
    one = next(m.test for m in markers if m.test.endswith("test_one"))
    assert one.endswith("test_fake_rules.py::TestRound::test_one"), "parameters dropped"


# --- the splitter ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "sentences"),
    [
        ("", []),
        ("   \t ", []),
        ("One rule.", ["One rule."]),
        ("  Indented text.  ", ["Indented text."]),
        ("First one. Second one.", ["First one.", "Second one."]),
        ("Stop! Go? Yes.  Two spaces.", ["Stop!", "Go?", "Yes.", "Two spaces."]),
        ('He said. "Quoted" next.', ["He said.", '"Quoted" next.']),
        ("Curly. \u201cQuoted\u201d next.", ["Curly.", "\u201cQuoted\u201d next."]),
        ("A lower case. next is not a sentence.", ["A lower case. next is not a sentence."]),
        ("Place the board. (A)", ["Place the board. (A)"]),
        ("No space.Here stays one.", ["No space.Here stays one."]),
        ("1. Reveal a card", ["1. Reveal a card"]),
        ("• 2. Play cards. Then wait.", ["• 2. Play cards.", "Then wait."]),
        ("Tiles, i.e. Ram, Monkey. Next.", ["Tiles, i.e. Ram, Monkey.", "Next."]),
        ("Items, e.g. Sword. Next.", ["Items, e.g. Sword.", "Next."]),
        ("Year 1999. Then more.", ["Year 1999.", "Then more."]),
        ("• A bullet. Its second sentence.", ["• A bullet.", "Its second sentence."]),
    ],
)
def test_split_sentences(line: str, sentences: list[str]) -> None:
    assert rc.split_sentences(line) == sentences


def _book(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_a_book_numbers_its_lines_from_one_and_skips_blank_ones(tmp_path: Path) -> None:
    book = Book.read(_book(tmp_path, "fake.txt", "Title\n\nOne. Two.\r\n  \nLast line.\n"))
    assert book.line_count == 5
    assert book.lines == {1: ["Title"], 3: ["One.", "Two."], 5: ["Last line."]}
    assert book.sentence_keys() == ["1.1", "3.1", "3.2", "5.1"]
    unterminated = Book.read(_book(tmp_path, "other.txt", "A.\nB."))
    assert unterminated.line_count == 2


# --- markers and classifications ------------------------------------------------------

FAKE = "Fake Rulebook\n\nFirst rule. Second rule.\nThird rule.\n\nAn example line.\n"


@pytest.fixture
def fake_books(tmp_path: Path) -> dict[str, Book]:
    _book(tmp_path, "fake.txt", FAKE)
    return rc.read_books(tmp_path / "rules")


def _classify(tmp_path: Path, name: str, toml: str) -> Path:
    folder = tmp_path / "rulebooks"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(textwrap.dedent(toml), encoding="utf-8")
    return folder


def test_line_markers_cover_every_sentence_of_their_line(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    markers = [
        Marker("tests/a.py::test_line", ("fake.txt", 3)),
        Marker("tests/b.py::test_second", ("fake.txt", "3.2", 4)),
    ]
    coverage = rc.build(fake_books, markers, tmp_path / "none")["fake.txt"]
    assert coverage.tests == {
        "3.1": ["tests/a.py::test_line"],
        "3.2": ["tests/a.py::test_line", "tests/b.py::test_second"],
        "4.1": ["tests/b.py::test_second"],
    }
    assert coverage.uncovered() == ["1.1", "6.1"]


def test_every_bad_marker_is_reported_with_its_test(fake_books: dict[str, Book]) -> None:
    markers = [
        Marker("tests/a.py::test_past_end", ("fake.txt", 9)),
        Marker("tests/a.py::test_blank_line", ("fake.txt", 2)),
        Marker("tests/a.py::test_third_sentence", ("fake.txt", "3.3")),
        Marker("tests/a.py::test_unknown_book", ("nope.txt", 1)),
        Marker("tests/a.py::test_no_line", ("fake.txt",)),
        Marker("tests/a.py::test_no_book", ()),
        Marker("tests/a.py::test_bad_key", ("fake.txt", "3.0", "three", 0, True, 1.5)),
        Marker("tests/a.py::test_keyword", ("fake.txt", 1), (("line", 3),)),
    ]
    with pytest.raises(CoverageError) as caught:
        rc.build(fake_books, markers, Path("/nonexistent"))
    problems = caught.value.problems
    expected = {
        "test_past_end": "line 9 is past the end of fake.txt (6 lines)",
        "test_blank_line": "line 2 of fake.txt is blank",
        "test_third_sentence": "line 3 of fake.txt has 2 sentences, not 3",
        "test_unknown_book": "no rulebook 'nope.txt'",
        "test_no_line": "names no line",
        "test_no_book": "the first argument must be a rulebook's file name",
        "test_keyword": "takes no keyword arguments",
    }
    for test, message in expected.items():
        assert any(f"tests/a.py::{test}:" in p and message in p for p in problems), (test, problems)
    bad_keys = [p for p in problems if "test_bad_key" in p]
    assert len(bad_keys) == 5, bad_keys  # "3.0", "three", 0, True and 1.5, each named
    assert len(problems) == len(expected) + 5


def test_classifications_validate_and_count_by_kind(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    folder = _classify(tmp_path, "fake.toml", '''
        [not_rules]
        "1" = "title"
        "6.1" = "example, reproduced by tests/a.py::test_example"
    ''')  # fmt: skip
    coverage = rc.build(fake_books, [Marker("tests/a.py::t", ("fake.txt", 3, 4))], folder)
    entry = coverage["fake.txt"]
    assert entry.uncovered() == []
    assert entry.classified["6.1"].kind == "example"
    assert "covered by tests: 3" in entry.summary()
    assert "classified as not rules: 2 (title 1, example 1)" in entry.summary()
    assert entry.summary().endswith("uncovered rules sentences: 0")


def test_every_bad_classification_is_reported(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    folder = _classify(tmp_path, "fake.toml", '''
        extra = 1

        [not_rules]
        "1" = "title"
        "1.1" = "heading, twice"
        "3.2" = "flavour"
        "4" = "rule, not a kind"
        "5" = "title"
        "7" = "title"
        "3.5" = "title"
        "6" = 3

        [rules]
        "4" = "title"
    ''')  # fmt: skip
    _classify(tmp_path, "missing.toml", '[not_rules]\n"1" = "title"\n')
    markers = [Marker("tests/a.py::test_covered", ("fake.txt", "3.2"))]
    with pytest.raises(CoverageError) as caught:
        rc.build(fake_books, markers, folder)
    text = "\n".join(caught.value.problems)
    for message in [
        "unknown table or key 'extra'",
        "unknown table or key 'rules'",
        "'1.1': sentence 1.1 classified twice",
        "'4': unknown kind 'rule'",
        "'5': line 5 of fake.txt is blank",
        "'7': line 7 is past the end of fake.txt (6 lines)",
        "'3.5': line 3 of fake.txt has 2 sentences, not 5",
        "'6': the value must be a string",
        "missing.toml: no rulebook missing.txt",
        "fake.txt 3.2 is classified as not a rule (flavour) but a test covers it: "
        "tests/a.py::test_covered",
    ]:
        assert message in text, message
    assert len(caught.value.problems) == 10


# --- the document and the check --------------------------------------------------------


def test_the_document_quotes_every_sentence_and_stands_in_for_the_book(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    folder = _classify(tmp_path, "fake.toml", '[not_rules]\n"1" = "title"\n')
    markers = [Marker("tests/a.py::test_rule", ("fake.txt", "3.1"))]
    text = rc.render(rc.build(fake_books, markers, folder))
    assert "- **3.1** “First rule.”\n  - `tests/a.py::test_rule`\n" in text
    assert "- **3.2** “Second rule.”\n  - **uncovered**\n" in text
    assert "- **1.1** “Fake Rulebook”\n  - not a rule: title\n" in text
    assert "uncovered rules sentences: 3" in text
    again = rc.books_from_document(text)["fake.txt"]
    assert again.line_count == 6
    assert again.sentence_keys() == fake_books["fake.txt"].sentence_keys()


def test_the_document_lists_the_equivalent_mutants_with_their_reasons(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    equivalents = tmp_path / "equivalents.toml"
    equivalents.write_text('[raise]\n"m.x_f__mutmut_1" = "same_result"\n\n[chizo]\n')
    text = rc.render(rc.build(fake_books, [], tmp_path / "none"), rc.read_equivalents(equivalents))
    assert text.endswith("### chizo\n\nNone.\n\n### raise\n\n- `m.x_f__mutmut_1`: same\\_result\n")
    keys = rc.books_from_document(text)["fake.txt"].sentence_keys()
    assert keys == fake_books["fake.txt"].sentence_keys()


def test_markdown_in_a_sentence_is_escaped(tmp_path: Path) -> None:
    books = rc.read_books(_book(tmp_path, "md.txt", "Roll *two* dice_ [x] <y> `z`.\n").parent)
    text = rc.render(rc.build(books, [], tmp_path / "none"))
    assert r"“Roll \*two\* dice\_ \[x\] \<y\> \`z\`.”" in text


def test_the_check_finds_a_stale_document_and_strict_finds_uncovered_sentences(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    books_dir = tmp_path / "rules"
    document = tmp_path / "rules-coverage.md"
    none = tmp_path / "none"
    marker = Marker("tests/a.py::test_rule", ("fake.txt", 3, 4, 6))
    args = {"books_dir": books_dir, "document": document, "classifications_dir": none,
            "report": lambda _: None}  # fmt: skip
    assert "run `python -m tests.rules_coverage --write`" in rc.check(markers=[], **args)[0]
    assert rc.check(markers=[marker], write=True, **args) == []
    assert rc.check(markers=[marker], **args) == []
    strict = rc.check(markers=[marker], strict=True, **args)
    assert strict == ["fake.txt: 1 uncovered rules sentences: 1.1"]
    stale = rc.check(markers=[Marker("tests/a.py::test_rule", ("fake.txt", 3))], **args)
    assert len(stale) == 1
    assert "rules-coverage.md is not what" in stale[0]


def test_without_the_books_a_marker_must_name_a_quoted_sentence(
    fake_books: dict[str, Book], tmp_path: Path
) -> None:
    document = tmp_path / "rules-coverage.md"
    document.write_text(rc.render(rc.build(fake_books, [], tmp_path / "none")))
    absent = tmp_path / "absent"
    args = {"books_dir": absent, "document": document, "report": lambda _: None}
    good = [Marker("tests/a.py::test_ok", ("fake.txt", 3, "4.1"))]
    assert rc.check(markers=good, **args) == []
    bad = [
        Marker("tests/a.py::test_past_end", ("fake.txt", 7)),
        Marker("tests/a.py::test_sentence", ("fake.txt", "4.2")),
        Marker("tests/a.py::test_book", ("other.txt", 1)),
    ]
    problems = rc.check(markers=bad, **args)
    assert len(problems) == 3
    assert "test_past_end" in problems[0]
    assert "past the end" in problems[0]
    assert "line 4 of fake.txt has 1 sentence, not 2" in problems[1]
    assert "no rulebook 'other.txt'" in problems[2]
    assert rc.check(markers=good, books_dir=absent, document=tmp_path / "no.md",
                    report=lambda _: None)  # fmt: skip
