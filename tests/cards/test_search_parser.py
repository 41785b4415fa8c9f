"""The search language's parser: text in, a tree of frozen dataclasses out (no database)."""

from __future__ import annotations

import pytest

from cards.search import SearchError, parse_query
from cards.search.parser import (
    MAX_LENGTH,
    MAX_NESTING,
    MAX_REGEX_REPEATS,
    MAX_REGEXES,
    MAX_TERMS,
    And,
    FieldTerm,
    NameTerm,
    Not,
    Or,
    RegexTerm,
    Value,
    portable_regex,
)


def word(text: str, column: int) -> NameTerm:
    return NameTerm(text, column)


def parse_error(text: str) -> SearchError:
    with pytest.raises(SearchError) as caught:
        parse_query(text)
    return caught.value


def test_it_reads_an_empty_query_as_no_filter() -> None:
    assert parse_query("") == And(())
    assert parse_query("   \t\n ") == And(())


def test_it_reads_bare_words_as_names_joined_by_and() -> None:
    assert parse_query("golden egg") == And((word("golden", 1), word("egg", 8)))


def test_it_reads_a_quoted_phrase_as_one_name() -> None:
    assert parse_query('"golden egg"') == NameTerm("golden egg", 1)


def test_it_unescapes_quotes_inside_a_phrase() -> None:
    assert parse_query(r'"the \"big\" one"') == NameTerm('the "big" one', 1)


def test_it_reads_an_exact_name_after_a_bang() -> None:
    assert parse_query('!"Golden Egg"') == NameTerm("Golden Egg", 1, exact=True)
    assert parse_query("!Push") == NameTerm("Push", 1, exact=True)


def test_it_reads_a_key_and_value_with_the_key_lowercased() -> None:
    assert parse_query("T:Site") == FieldTerm("t", ":", Value("Site", 3), 1)


def test_it_reads_a_quoted_value() -> None:
    term = parse_query('t:"feng shui site"')
    assert term == FieldTerm("t", ":", Value("feng shui site", 3, is_quoted=True), 1)


@pytest.mark.parametrize("op", [":", "=", "!=", "<", "<=", ">", ">="])
def test_it_reads_every_comparison_operator(op: str) -> None:
    assert parse_query(f"cost{op}3") == FieldTerm("cost", op, Value("3", 5 + len(op)), 1)


def test_it_keeps_the_minus_sign_of_a_value() -> None:
    assert parse_query("order:-cost") == FieldTerm("order", ":", Value("-cost", 7), 1)
    assert parse_query("cost>=-1") == FieldTerm("cost", ">=", Value("-1", 7), 1)


def test_it_reads_a_bare_regex() -> None:
    assert parse_query("/^gold(en)?/") == RegexTerm("^gold(en)?", 1)


def test_it_reads_a_regex_value() -> None:
    term = parse_query("o:/draw \\d tiles/")
    assert term == FieldTerm("o", ":", Value("draw \\d tiles", 3, is_regex=True), 1)


def test_it_lets_a_value_hold_slashes_and_colons() -> None:
    assert parse_query("e:L/S") == FieldTerm("e", ":", Value("L/S", 3), 1)
    assert parse_query("t:Action/Reaction") == FieldTerm("t", ":", Value("Action/Reaction", 3), 1)


def test_it_negates_a_term_with_a_minus() -> None:
    assert parse_query("-t:site") == Not(FieldTerm("t", ":", Value("site", 4), 2), 1)


def test_it_negates_a_parenthesised_group() -> None:
    assert parse_query("-(a or b)") == Not(Or((word("a", 3), word("b", 8))), 1)


def test_it_reads_or_in_any_case() -> None:
    expected = Or((word("a", 1), word("b", 6)))
    assert parse_query("a or b") == expected
    assert parse_query("a OR b") == expected
    assert parse_query("a Or b") == expected


def test_it_accepts_an_explicit_and() -> None:
    assert parse_query("a and b") == And((word("a", 1), word("b", 7)))
    assert parse_query("a AND b") == And((word("a", 1), word("b", 7)))


def test_it_binds_and_tighter_than_or() -> None:
    assert parse_query("a b or c") == Or((And((word("a", 1), word("b", 3))), word("c", 8)))
    assert parse_query("a or b c") == Or((word("a", 1), And((word("b", 6), word("c", 8)))))


def test_it_binds_not_tighter_than_and() -> None:
    assert parse_query("-a b") == And((Not(word("a", 2), 1), word("b", 4)))


def test_it_lets_parentheses_override_precedence() -> None:
    assert parse_query("(a or b) c") == And((Or((word("a", 2), word("b", 7))), word("c", 10)))


def test_it_flattens_chains_of_the_same_operator() -> None:
    assert parse_query("a or b or (c or d)") == Or(
        (word("a", 1), word("b", 6), word("c", 12), word("d", 17))
    )


def test_it_treats_words_that_start_like_keywords_as_names() -> None:
    assert parse_query("oracle android") == And((word("oracle", 1), word("android", 8)))


def test_it_searches_for_a_keyword_when_it_is_quoted() -> None:
    assert parse_query('"or"') == NameTerm("or", 1)


def test_it_reads_a_keyword_as_a_value_after_a_colon() -> None:
    assert parse_query("n:or") == FieldTerm("n", ":", Value("or", 3), 1)


def test_it_counts_columns_from_the_start_of_the_query_across_lines() -> None:
    assert parse_query("a\nb") == And((word("a", 1), word("b", 3)))


def test_it_leaves_unknown_fields_to_the_compiler() -> None:
    assert parse_query("colour:red") == FieldTerm("colour", ":", Value("red", 8), 1)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ('t:"feng shui', "unclosed quote", 3),
        ('"', "unclosed quote", 1),
        ("/gold", "unclosed regex", 1),
        ("//", "empty regex", 1),
        ("t:site or", "expected a term after 'or'", 10),
        ("a or )", "expected a term after 'or'", 6),
        ("a or or b", "expected a term after 'or'", 6),
        ("a and", "expected a term after 'and'", 6),
        ("or a", "expected a term before 'or'", 1),
        ("(and a)", "expected a term before 'and'", 2),
        ("a -", "expected a term after '-'", 4),
        ("()", "empty parentheses", 1),
        ("a (b (c)", "unclosed parenthesis", 3),
        ("a)", "unmatched ')'", 2),
        ("t:", "expected a value after 't:'", 3),
        ("t:(site)", "expected a value after 't:'", 3),
        ("t: site", "expected a value after 't:'", 4),
        ('t: "site"', "expected a value right after 't:'", 4),
        ("!", "expected a name after '!'", 2),
        ("! egg", "expected a name right after '!'", 3),
        (":site", "expected a field name before ':'", 1),
        ('""', "expected something inside the quotes", 1),
        ('o:"  "', "expected something inside the quotes", 3),
        ("a\x00b", "unexpected control character '\\x00'", 2),
    ],
)
def test_it_reports_syntax_errors_with_their_column(text: str, message: str, column: int) -> None:
    error = parse_error(text)
    assert (error.message, error.column) == (message, column)


def test_it_formats_an_error_as_message_and_column() -> None:
    assert str(parse_error("a or")) == "expected a term after 'or' at column 5"


def test_it_names_the_field_of_a_value_error() -> None:
    assert parse_error("t:").field == "type"
    assert parse_error("o:/[/").field == "text"


def test_it_reports_an_invalid_regex_at_the_fault() -> None:
    error = parse_error("name:/gold(/")
    assert error.message.startswith("invalid regex: missing )")
    assert error.column == 11  # the unclosed '('


def test_it_rejects_regex_groups_that_postgresql_lacks() -> None:
    error = parse_error("/(?P<x>gold)/")
    assert (error.message, error.column) == ("regex groups starting '(?P' are not supported", 2)


def test_it_accepts_non_capturing_groups() -> None:
    assert parse_query("/(?:gold)(en)?/") == RegexTerm("(?:gold)(en)?", 1)


@pytest.mark.parametrize("opening", ["(?=", "(?!", "(?<=", "(?<!"])
def test_it_rejects_lookarounds_which_re2_lacks(opening: str) -> None:
    error = parse_error(f"o:/gold{opening}en)/")
    assert (error.message, error.column) == (
        f"regex groups starting '{opening[:3]}' are not supported",
        8,
    )


@pytest.mark.parametrize(
    ("pattern", "message", "column"),
    [
        ("gold(en", "invalid regex: missing )", 8),
        ("gold)", "invalid regex: unexpected )", 8),
        ("a[z-b]", "invalid regex: invalid character class range: z-b", 6),
        ("a**", "invalid regex: bad repetition operator: **", 5),
        ("gold\\y", "invalid regex: invalid escape sequence: \\y", 8),
        ("[[:alfa:]]", "write '[' inside [...] as '\\['", 5),
    ],
)
def test_it_places_what_re2_refuses_at_the_fault(pattern: str, message: str, column: int) -> None:
    error = parse_error(f"o:/{pattern}/")
    assert (error.message, error.column) == (message, column)


@pytest.mark.parametrize(
    ("pattern", "message", "column"),
    [
        ("[[:alpha:]]", "write '[' inside [...] as '\\['", 5),
        ("[^a[]", "write '[' inside [...] as '\\['", 7),
        ("\\N{BULLET}", "the escape '\\N' is not supported in a regex", 4),
        ("[a\\1]", "the escape '\\1' is not supported inside [...]", 6),
        ("gold\\1", "the escape '\\1' is not supported in a regex", 8),
        ("\\x41", "the escape '\\x' is not supported in a regex", 4),
        ("[\\x41]", "the escape '\\x' is not supported inside [...]", 5),
        ("\\pL", "the escape '\\p' is not supported in a regex", 4),
        ("\\Qa.b\\E", "the escape '\\Q' is not supported in a regex", 4),
        ("gold\\z", "the escape '\\z' is not supported in a regex", 8),
        ("(?i)gold", "regex groups starting '(?i' are not supported", 4),
        ("^*gold", "'^' cannot be repeated in a regex", 5),
        ("gold$?", "'$' cannot be repeated in a regex", 9),
        ("\\b{2}gold", "'\\b' cannot be repeated in a regex", 6),
        ("a++", "possessive quantifiers are not supported", 6),
        ("a{2}+", "possessive quantifiers are not supported", 8),
        (
            "a{",
            "a '{' in a regex must start '{m}', '{m,}' or '{m,n}'; write a literal one as '\\{'",
            5,
        ),
        (
            "a{,3}",
            "a '{' in a regex must start '{m}', '{m,}' or '{m,n}'; write a literal one as '\\{'",
            5,
        ),
        ("a{256}", "regex repetition counts go up to 255", 5),
        ("(?>a)", "regex groups starting '(?>' are not supported", 4),
    ],
)
def test_it_rejects_regexes_that_the_databases_read_differently(
    pattern: str, message: str, column: int
) -> None:
    error = parse_error(f"o:/{pattern}/")
    assert (error.message, error.column) == (message, column)


def test_it_spells_word_boundaries_as_postgresql_does() -> None:
    assert portable_regex(r"\bgold\b") == r"\ygold\y"
    assert portable_regex(r"[\b]\\b") == r"[\b]\\b"  # a class, then '\' and 'b'
    assert portable_regex(r"a\Bb") == r"a\Yb"


@pytest.mark.parametrize("pattern", ["[a&&b]", "[+--]x", "[~~]", "[a||b]", "a\\b\\B"])
def test_it_accepts_what_both_engines_read_alike(pattern: str) -> None:
    assert parse_query(f"/{pattern}/") == RegexTerm(pattern, 1)


@pytest.mark.parametrize("pattern", ["(a+)+", "(a|b)*", "(a?)*", "((a)*)+", "(\\w+){2,}"])
def test_it_rejects_regexes_that_could_backtrack_for_ever(pattern: str) -> None:
    error = parse_error(f"o:/{pattern}/")
    assert (
        error.message == "a repeated group in a regex may not hold '|', '?' or another repetition"
    )


@pytest.mark.parametrize("pattern", ["(gold)+", "(a|b)", "(ab)?c+", "[(]+", "\\(a+\\)+"])
def test_it_accepts_regexes_without_nested_repetition(pattern: str) -> None:
    assert parse_query(f"o:/{pattern}/") == FieldTerm("o", ":", Value(pattern, 3, is_regex=True), 1)


def test_it_rejects_a_regex_with_too_many_repetitions() -> None:
    error = parse_error("/a.*b.*c.*/")
    assert (
        error.message == f"a regex may use '*', '+' or '{{m,n}}' at most {MAX_REGEX_REPEATS} times"
    )
    assert error.column == 10  # the third '*'


def test_it_accepts_repetitions_up_to_the_limit() -> None:
    assert parse_query("/a.*b+c[*+]\\*/") == RegexTerm("a.*b+c[*+]\\*", 1)


def test_it_rejects_more_regexes_than_the_limit() -> None:
    error = parse_error(" ".join(["/a/"] * MAX_REGEXES + ["o:/b/"]))
    assert error.message == f"the query has more than {MAX_REGEXES} regexes"
    assert error.column == 4 * MAX_REGEXES + 1


def test_it_rejects_a_query_over_the_length_limit() -> None:
    error = parse_error("a" * (MAX_LENGTH + 1))
    assert error.column == MAX_LENGTH + 1
    assert "at most 500" in error.message


def test_it_rejects_more_terms_than_the_limit() -> None:
    error = parse_error(" ".join(["a"] * (MAX_TERMS + 1)))
    assert error.message == f"the query has more than {MAX_TERMS} terms"
    assert error.column == 2 * MAX_TERMS + 1


def test_it_accepts_terms_up_to_the_limit() -> None:
    node = parse_query(" ".join(["a"] * MAX_TERMS))
    assert isinstance(node, And)
    assert len(node.terms) == MAX_TERMS


def test_it_rejects_nesting_deeper_than_the_limit() -> None:
    deep = "(" * (MAX_NESTING + 1) + "a" + ")" * (MAX_NESTING + 1)
    error = parse_error(deep)
    assert error.column == MAX_NESTING + 1
    assert parse_error("-" * (MAX_NESTING + 1) + "a").column == MAX_NESTING + 1


def test_it_accepts_nesting_up_to_the_limit() -> None:
    assert parse_query("(" * MAX_NESTING + "a" + ")" * MAX_NESTING) == word("a", MAX_NESTING + 1)
