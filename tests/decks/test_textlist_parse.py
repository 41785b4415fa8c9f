"""parse_deck_text(): lists as players write them (syntax: docs/decks.md)."""

from __future__ import annotations

import pytest

from decks.textlist import MAX_BYTES, MAX_LINES, ListLine, parse_deck_text


def one(text: str) -> ListLine:
    parsed = parse_deck_text(text)
    assert parsed.errors == []
    [line] = parsed.lines
    return line


@pytest.mark.parametrize(
    "text",
    [
        "3 Golden Egg",
        "3x Golden Egg",
        "3X Golden Egg",
        "3 x Golden Egg",
        "3\u00d7 Golden Egg",
        "Golden Egg x3",
        "Golden Egg x 3",
        "Golden Egg 3x",
        "Golden Egg (x3)",
        "  3\tGolden   Egg  ",
        "3 Golden Egg # the best",
        "3 Golden Egg // the best",
        "\ufeff3 Golden Egg",
    ],
)
def test_a_count_is_read_wherever_players_put_it(text):
    line = one(text)
    assert (line.count, line.name) == (3, "Golden Egg")


def test_a_name_alone_means_one_copy():
    assert one("Golden Egg").count == 1


def test_case_is_left_for_the_name_index_to_ignore():
    assert one("3 GOLDEN egg").name == "GOLDEN egg"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("2 Pilgrims\u2019 Offerings", "Pilgrims' Offerings"),
        ("2 \u2018Pilgrims\u2018 Offerings", "'Pilgrims' Offerings"),
        ("1 \u201cIs That All You Got?\u201d", '"Is That All You Got?"'),
    ],
)
def test_curly_quotes_become_straight(text, name):
    assert one(text).name == name


@pytest.mark.parametrize(
    ("text", "edition"),
    [
        ("2 Ancient Temple (L/S)", "L/S"),
        ("2 Ancient Temple [Nw]", "Nw"),
        ("Ancient Temple [Nw] x2", "Nw"),
        ("Ancient Temple (Nw) x2", "Nw"),
        ("2 Ancient Temple (L/S) // cheap", "L/S"),
    ],
)
def test_an_edition_hint_in_brackets_is_kept_apart_from_the_name(text, edition):
    line = one(text)
    assert (line.count, line.name, line.edition) == (2, "Ancient Temple", edition)


def test_empty_brackets_belong_to_the_name():
    assert one("1 malloc()").name == "malloc()"


def test_blank_lines_comments_and_headers_are_skipped_and_lines_keep_their_numbers():
    text = "\n".join(
        [
            "# Golden stack",  # 1
            "",  # 2
            "Creatures:",  # 3
            "12 Rat",  # 4
            "// actions next",  # 5
            "## Events",  # 6
            "3 Golden Egg",  # 7
            "Sites (14)",  # 8
            "\t",  # 9
            "2 Push",  # 10
        ]
    )
    parsed = parse_deck_text(text)
    assert parsed.errors == []
    assert [(x.line, x.count, x.name, x.section) for x in parsed.lines] == [
        (4, 12, "Rat", "Creatures"),
        (7, 3, "Golden Egg", "Events"),
        (10, 2, "Push", "Sites"),
    ]


@pytest.mark.parametrize(
    ("text", "section"),
    [
        ("Creatures:", "Creatures"),
        ("Creatures: 12", "Creatures"),
        ("Creatures (12):", "Creatures"),
        ("## Events (8)", "Events"),
        ("### Feng Shui Sites", "Feng Shui Sites"),
        ("Feng Shui Sites", "Feng Shui Sites"),
        ("Actions/Reactions (5)", "Actions/Reactions"),
        ("Sideboard ideas:", "Sideboard ideas"),
    ],
)
def test_section_headers_are_recognised(text, section):
    parsed = parse_deck_text(f"{text}\n1 Golden Egg")
    assert [x.section for x in parsed.lines] == [section]


def test_a_name_with_a_colon_and_a_number_is_a_card_not_a_header():
    assert one("Evacuation: 2066").name == "Evacuation: 2066"


def test_windows_and_old_mac_line_endings_number_lines_alike():
    for newline in ("\r\n", "\r", "\n"):
        parsed = parse_deck_text(newline.join(["1 A", "", "2 B"]))
        assert [(x.line, x.name) for x in parsed.lines] == [(1, "A"), (3, "B")]


@pytest.mark.parametrize("text", ["0 Golden Egg", "100 Golden Egg", "Golden Egg x0", "-1 Push"])
def test_a_count_outside_1_to_99_is_an_error_on_its_line(text):
    parsed = parse_deck_text(f"# list\n\n\n{text}")
    assert parsed.lines == []
    [error] = parsed.errors
    assert (error.line, error.code) == (4, "bad_count")
    assert error.message == "line 4: count must be 1 to 99"


def test_a_count_of_99_is_the_most_a_line_may_hold():
    assert one("99 Rat").count == 99


def test_a_line_with_two_counts_is_an_error():
    [error] = parse_deck_text("3 Golden Egg x2").errors
    assert error.message == "line 1: two counts (3 and x2)"


@pytest.mark.parametrize("text", ["3", "3x", "12 x"])
def test_a_count_without_a_name_is_an_error(text):
    [error] = parse_deck_text(text).errors
    assert error.code == "missing_name"


def test_a_very_long_line_is_refused_before_any_pattern_runs():
    [error] = parse_deck_text("1 (" + "a" * 50_000).errors
    assert error.code == "name_too_long"
    assert error.message == "line 1: the line is 50,003 characters; a card name is at most 100"


def test_a_name_may_have_100_characters_but_not_101():
    assert one("1 " + "a" * 100).name == "a" * 100
    [error] = parse_deck_text("1 " + "a" * 101).errors
    assert error.code == "name_too_long"
    assert error.message == "line 1: the name is 101 characters; at most 100 are allowed"


def test_a_list_may_have_500_lines_but_not_501():
    assert len(parse_deck_text("1 Rat\n" * MAX_LINES).lines) == MAX_LINES
    parsed = parse_deck_text("1 Rat\n" * (MAX_LINES + 1))
    assert parsed.lines == []
    [error] = parsed.errors
    assert (error.line, error.code) == (0, "too_many_lines")
    assert error.message == "the list has 501 lines; at most 500 are allowed"


def test_a_list_may_have_100_kb_but_not_a_byte_more():
    comment = "# " + "x" * 297 + "\n"  # 300 bytes
    fits = comment * 341 + "# " + "x" * 98
    assert len(fits.encode()) == MAX_BYTES == 102_400
    assert parse_deck_text(fits).errors == []
    [error] = parse_deck_text(fits + "x").errors
    assert (error.line, error.code) == (0, "too_large")
    assert error.message == "the list is 102,401 bytes; at most 102,400 (100 KB) are allowed"


def test_size_is_measured_in_utf8_bytes():
    [error] = parse_deck_text("é" * (MAX_BYTES // 2 + 1)).errors
    assert error.code == "too_large"


def test_a_bare_number_in_front_is_also_kept_as_a_possible_title():
    line = one("18 Bronze Men")
    assert (line.count, line.name, line.literal) == (18, "Bronze Men", "18 Bronze Men")
    assert one("18x Bronze Men").literal == ""


@pytest.mark.parametrize(
    "text",
    ["\u0663 Golden Egg", "\uff13 Golden Egg", "Golden Egg x\u0663", "\u00b2 Golden Egg"],
    ids=["arabic-indic", "full-width", "trailing-arabic-indic", "superscript"],
)
def test_a_count_is_ascii_digits_only_so_other_scripts_digits_stay_in_the_name(text):
    line = one(text)
    assert line.count == 1
    assert line.name == text
