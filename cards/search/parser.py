"""Turn a search query into a small tree of frozen dataclasses.

The grammar lives in grammar.lark; this module runs Lark over it, turns Lark's parse
errors into SearchError with a plain message and a 1-based column, and checks what the
grammar cannot: limits against abuse, regexes outside the dialect both databases read
alike (see Regex checks), and values that must touch their operator (`t:site`, not
`t: site`).

It does not check field names: `colour:red` parses fine, and the compiler rejects it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeAlias

# google-re2 ships no type hints (no py.typed, no stubs package).
import re2  # type: ignore[import-untyped]
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from cards.search.fields import canonical_name
from cards.search.regexp import compile_pattern

MAX_LENGTH = 500
MAX_TERMS = 50
# Each level of '(' or '-' costs Python stack in Lark's transformer and in Django's SQL
# compiler; 500 characters of "((((" would otherwise reach the recursion limit.
MAX_NESTING = 16
# Regexes run on every card row; PostgreSQL's engine grows with repetitions (Regex checks).
MAX_REGEXES = 5
MAX_REGEX_REPEATS = 2
MAX_REGEX_COUNT = 255  # PostgreSQL's largest repetition count (RE_DUPMAX)


class SearchError(ValueError):
    """A query that cannot be run, with where it went wrong.

    `message` is the plain sentence ("unknown field 'colour'"), `column` the 1-based
    position in the query, `field` the field concerned (its canonical name, or the key as
    typed when it is unknown) and `hint` optional advice ("did you mean 'class'?").
    `str()` joins them: "unknown field 'colour' at column 12; did you mean 'class'?".
    """

    def __init__(
        self, message: str, column: int, *, field: str | None = None, hint: str | None = None
    ) -> None:
        self.message = message
        self.column = column
        self.field = field
        self.hint = hint
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.message} at column {self.column}"
        return f"{text}; {self.hint}" if self.hint else text


@dataclass(frozen=True)
class Value:
    """The value of a `key:value` term: a plain word, a quoted phrase or a /regex/."""

    text: str
    column: int
    is_regex: bool = False
    is_quoted: bool = False


@dataclass(frozen=True)
class FieldTerm:
    """`key:value` or a comparison such as `cost>=3`; `key` is lowercased."""

    key: str
    op: str
    value: Value
    column: int

    @property
    def op_column(self) -> int:
        return self.column + len(self.key)


@dataclass(frozen=True)
class NameTerm:
    """A bare word or "quoted phrase" (substring of the name), or `!name` when exact."""

    text: str
    column: int
    exact: bool = False


@dataclass(frozen=True)
class RegexTerm:
    """A bare /regex/, matched against the name and the effect text."""

    pattern: str
    column: int


@dataclass(frozen=True)
class Not:
    term: Node
    column: int


@dataclass(frozen=True)
class And:
    """All of the terms; no terms at all is the empty query and matches everything."""

    terms: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    terms: tuple[Node, ...]


Node: TypeAlias = FieldTerm | NameTerm | RegexTerm | Not | And | Or
Leaf: TypeAlias = FieldTerm | NameTerm | RegexTerm

_LARK = Lark.open("grammar.lark", rel_to=__file__, parser="lalr", lexer="basic")
_ALLOWED_GROUP_OPENINGS = ("(?:",)
_QUOTE_ESCAPE = re.compile(r'\\(["\\])')
# Escapes RE2 reads and PostgreSQL lacks or reads otherwise: octal and back references,
# \x (PostgreSQL takes any number of hex digits), Unicode classes, \C, \Q...\E, \z.
_UNPORTABLE_ESCAPES = frozenset("0123456789xpPCQEzN")
_WORD_BOUNDARIES = {"\\b": r"\y", "\\B": r"\Y"}  # RE2's spelling to PostgreSQL's
_ANCHOR_ESCAPES = frozenset("bBA")
_BOUNDS = re.compile(r"\{([0-9]+)(?:,([0-9]*))?\}")
_QUANTIFIER_END = re.compile(r"[*+?]")


def parse_query(text: str) -> Node:
    """Parse a search query into its tree; an empty query gives `And(())`.

    Raises SearchError for anything that cannot be parsed or breaks a limit.
    """
    _check_length(text)
    _check_characters(text)
    tokens = _lex(text)
    tree = _parse(text, tokens)
    _check_nesting(tree)
    try:
        node: Node = _ToAst().transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, SearchError):
            raise error.orig_exc from None
        raise
    _check_counts(node)
    return node


def leaves(node: Node) -> Iterator[Leaf]:
    """The terms of a query in the order they were written."""
    if isinstance(node, And | Or):
        for term in node.terms:
            yield from leaves(term)
    elif isinstance(node, Not):
        yield from leaves(node.term)
    else:
        yield node


# Limits and input checks -----------------------------------------------------------


def _check_length(text: str) -> None:
    if len(text) > MAX_LENGTH:
        raise SearchError(
            f"the query is {len(text)} characters long; at most {MAX_LENGTH} are allowed",
            MAX_LENGTH + 1,
        )


def _check_characters(text: str) -> None:
    # PostgreSQL refuses NUL in strings and no database takes a lone surrogate, so such
    # characters would fail at query time instead of here.
    for index, char in enumerate(text):
        if unicodedata.category(char) in ("Cc", "Cs") and not char.isspace():
            raise SearchError(f"unexpected control character {char!r}", index + 1)


def _check_nesting(tree: Tree[Token]) -> None:
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in ("group", "negation"):
            depth += 1
            if depth > MAX_NESTING:
                opener = node.children[0]
                assert isinstance(opener, Token)
                raise SearchError(
                    f"the query nests '(' and '-' more than {MAX_NESTING} levels deep",
                    _column(opener),
                )
        stack.extend((child, depth) for child in node.children if isinstance(child, Tree))


def _check_counts(node: Node) -> None:
    regexes = 0
    for count, leaf in enumerate(leaves(node), start=1):
        if count > MAX_TERMS:
            raise SearchError(f"the query has more than {MAX_TERMS} terms", leaf.column)
        regexes += _is_regex(leaf)
        if regexes > MAX_REGEXES:
            raise SearchError(f"the query has more than {MAX_REGEXES} regexes", leaf.column)


def _is_regex(leaf: Leaf) -> bool:
    return isinstance(leaf, RegexTerm) or (isinstance(leaf, FieldTerm) and leaf.value.is_regex)


# Lark and its errors ----------------------------------------------------------------


def _column(token: Token) -> int:
    # Lark's own column restarts on each line; ours counts from the start of the query.
    assert token.start_pos is not None
    return token.start_pos + 1


def _lex(text: str) -> list[Token]:
    try:
        return list(_LARK.lex(text))
    except UnexpectedCharacters as error:
        raise _character_error(text, error.pos_in_stream or 0) from None


def _character_error(text: str, pos: int) -> SearchError:
    char = text[pos]
    if char == '"':
        return SearchError("unclosed quote", pos + 1)
    if text.startswith("//", pos):
        return SearchError("empty regex", pos + 1)
    if char == "/":
        return SearchError("unclosed regex", pos + 1)
    return SearchError(f"unexpected character {char!r}", pos + 1)


def _parse(text: str, tokens: list[Token]) -> Tree[Token]:
    try:
        return _LARK.parse(text)
    except UnexpectedToken as error:
        raise _token_error(text, tokens, error.token) from None
    except UnexpectedInput as error:
        raise SearchError("the query could not be read", (error.pos_in_stream or 0) + 1) from None


def _token_error(text: str, tokens: list[Token], token: Token) -> SearchError:
    at_end = token.type == "$END"
    pos = len(text) if at_end else token.start_pos
    assert pos is not None
    before = [t for t in tokens if t.end_pos is not None and t.end_pos <= pos]
    error = _error_after(before, pos + 1) or _error_at(token, before, pos + 1)
    if error is None:
        found = "the end of the query" if at_end else f"'{token}'"
        error = SearchError(f"unexpected {found}", pos + 1)
    return error


def _error_after(before: list[Token], column: int) -> SearchError | None:
    """The error when the token before the fault wants something else after it."""
    previous = before[-1].type if before else None
    if previous == "OP":
        key, op = before[-2], before[-1]
        return SearchError(f"expected a value after '{key}{op}'", column, field=canonical_name(key))
    if previous == "BANG":
        return SearchError("expected a name after '!'", column)
    if previous in ("NEG", "OR", "AND"):
        return SearchError(f"expected a term after '{before[-1]}'", column)
    return None


def _error_at(token: Token, before: list[Token], column: int) -> SearchError | None:
    """The error when the faulty token cannot stand where it is."""
    if token.type in ("OR", "AND"):
        return SearchError(f"expected a term before '{token}'", column)
    if token.type == "OP":
        return SearchError(f"expected a field name before '{token}'", column)
    if token.type == "RPAR" and before and before[-1].type == "LPAR":
        return SearchError("empty parentheses", _column(before[-1]))
    if token.type == "RPAR":
        return SearchError("unmatched ')'", column)
    unclosed = _unclosed_parenthesis(before)
    if token.type == "$END" and unclosed is not None:
        return SearchError("unclosed parenthesis", _column(unclosed))
    return None


def _unclosed_parenthesis(tokens: list[Token]) -> Token | None:
    opened: list[Token] = []
    for token in tokens:
        if token.type == "LPAR":
            opened.append(token)
        elif token.type == "RPAR" and opened:
            opened.pop()
    return opened[-1] if opened else None


# Regex checks ------------------------------------------------------------------------
#
# One dialect on both databases: what RE2 (SQLite's engine, cards/search/regexp.py) and
# PostgreSQL's engine read alike. A regex must compile in RE2, and may not use what
# PostgreSQL lacks or reads otherwise: groups other than (...) and (?:...) (RE2 has no
# lookarounds; named groups, inline flags), the escapes in _UNPORTABLE_ESCAPES, a '['
# inside a class ([[:alpha:]] is ASCII in RE2, by locale in PostgreSQL), possessive
# quantifiers, a '{' that starts no bound, and counts over 255. \b and \B go to the
# database as PostgreSQL's \y and \Y. RE2 runs in linear time; PostgreSQL's engine grows
# with repetitions ((.?){255} is "too complex" there), so those stay limited.


def _check_regex(pattern: str, column: int) -> None:
    """Reject a regex outside the dialect or that could run for long; `column` is where
    the pattern starts in the query."""
    _check_regex_portability(pattern, column)
    _check_parentheses(pattern, column)
    try:
        compile_pattern(pattern)
    except re2.error as error:
        raise _engine_error(pattern, column, error) from None
    _check_regex_cost(pattern, column)


def _engine_error(pattern: str, column: int, error: re2.error) -> SearchError:
    """RE2's message ("invalid escape sequence: \\1"), placed at the fragment it quotes."""
    raw = error.args[0] if error.args else b""
    text = raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw)
    fragment = text.partition(": ")[2]
    return SearchError(f"invalid regex: {text}", column + max(pattern.find(fragment), 0))


def _check_parentheses(pattern: str, column: int) -> None:
    opened: list[int] = []
    for index in _regex_syntax(pattern, column):
        if pattern[index] == "(":
            opened.append(index)
        elif pattern[index] == ")" and not opened:
            raise SearchError("invalid regex: unexpected )", column + index)
        elif pattern[index] == ")":
            opened.pop()
    if opened:
        raise SearchError("invalid regex: missing )", column + opened[-1])


def _check_regex_portability(pattern: str, column: int) -> None:
    for index in _regex_syntax(pattern, column):
        if pattern[index] in "^$":
            _check_not_repeated(pattern, index, 1, column)
        if pattern[index] == "{":
            _check_bounds(pattern, index, column)
        if _QUANTIFIER_END.match(pattern, index) and pattern.startswith("+", index + 1):
            raise SearchError("possessive quantifiers are not supported", column + index + 1)


def _check_bounds(pattern: str, index: int, column: int) -> None:
    bounds = _BOUNDS.match(pattern, index)
    if bounds is None:
        message = (
            "a '{' in a regex must start '{m}', '{m,}' or '{m,n}'; write a literal one as '\\{'"
        )
        raise SearchError(message, column + index)
    if any(int(count) > MAX_REGEX_COUNT for count in bounds.groups() if count):
        raise SearchError(f"regex repetition counts go up to {MAX_REGEX_COUNT}", column + index)
    if pattern.startswith("+", bounds.end()):
        raise SearchError("possessive quantifiers are not supported", column + bounds.end())


def _check_regex_cost(pattern: str, column: int) -> None:
    groups: list[tuple[int, bool]] = []  # (column of '(', the enclosing group's choice)
    has_choice = False
    repeats = 0
    for index in _regex_syntax(pattern, column):
        char = pattern[index]
        repeated = char in "*+{"
        repeats += repeated
        if repeats > MAX_REGEX_REPEATS:
            message = f"a regex may use '*', '+' or '{{m,n}}' at most {MAX_REGEX_REPEATS} times"
            raise SearchError(message, column + index)
        if char == "(":
            groups.append((column + index, has_choice))
            has_choice = False
        elif char == ")" and groups:
            has_choice = _close_group(pattern, index, groups.pop(), has_choice)
        elif char in "|?" or repeated:
            has_choice = True


def _close_group(pattern: str, index: int, group: tuple[int, bool], has_choice: bool) -> bool:
    """Whether the enclosing group holds a choice once this one closes at `index`."""
    opened_at, outer_has_choice = group
    repeated = pattern.startswith(("*", "+", "{"), index + 1)
    if repeated and has_choice:
        message = "a repeated group in a regex may not hold '|', '?' or another repetition"
        raise SearchError(message, opened_at)
    return outer_has_choice or has_choice or repeated


def _regex_syntax(pattern: str, column: int) -> Iterator[int]:
    """The indexes of the pattern's operators: not escaped, not inside a [class]."""
    index = 0
    while index < len(pattern):
        if pattern[index] == "\\":
            _check_escape(pattern, index, column, in_class=False)
            index += 2
        elif pattern[index] == "[":
            index = _skip_class(pattern, index, column)
        else:
            yield index
            index += _group_opening_length(pattern, index, column)


def _check_escape(pattern: str, index: int, column: int, *, in_class: bool) -> None:
    escaped = pattern[index + 1 : index + 2]
    if escaped in _UNPORTABLE_ESCAPES:
        where = "inside [...]" if in_class else "in a regex"
        message = f"the escape '\\{escaped}' is not supported {where}"
        raise SearchError(message, column + index)
    if not in_class and escaped in _ANCHOR_ESCAPES:
        _check_not_repeated(pattern, index, 2, column)


def _check_not_repeated(pattern: str, index: int, length: int, column: int) -> None:
    """An anchor (^, $, \\b, \\B, \\A) takes no quantifier: PostgreSQL refuses one."""
    if pattern[index + length : index + length + 1] in ("*", "+", "?", "{"):
        anchor = pattern[index : index + length]
        raise SearchError(f"'{anchor}' cannot be repeated in a regex", column + index + length)


def _group_opening_length(pattern: str, index: int, column: int) -> int:
    if not pattern.startswith("(?", index):
        return 1
    for opening in _ALLOWED_GROUP_OPENINGS:
        if pattern.startswith(opening, index):
            return len(opening)
    message = f"regex groups starting '{pattern[index : index + 3]}' are not supported"
    raise SearchError(message, column + index)


def _skip_class(pattern: str, index: int, column: int) -> int:
    """The index just past the character class that opens at `index`."""
    index += 1
    if pattern.startswith("^", index):
        index += 1
    if pattern.startswith("]", index):
        index += 1
    while index < len(pattern) and pattern[index] != "]":
        if pattern[index] == "\\":
            _check_escape(pattern, index, column, in_class=True)
            index += 2
            continue
        if pattern[index] == "[":
            raise SearchError("write '[' inside [...] as '\\['", column + index)
        index += 1
    return index + 1


def portable_regex(pattern: str) -> str:
    """The pattern as the databases get it: \\b and \\B spelled \\y and \\Y.

    PostgreSQL reads \\b as a backspace and \\B as a backslash, and has \\y and \\Y for
    word boundaries; SQLite's REGEXP (RE2, cards/search/regexp.py) reads \\y and \\Y too.
    """
    parts: list[str] = []
    start = index = 0
    while index < len(pattern):
        if pattern[index] == "[":
            index = _skip_class(pattern, index, column=1)  # checked already when parsed
            continue
        escape = pattern[index : index + 2]
        if escape in _WORD_BOUNDARIES:
            parts += [pattern[start:index], _WORD_BOUNDARIES[escape]]
            start = index + 2
        index += 2 if pattern[index] == "\\" else 1
    return "".join([*parts, pattern[start:]])


# Parse tree to AST ---------------------------------------------------------------


def _flatten(kind: type[And] | type[Or], nodes: list[Node]) -> tuple[Node, ...]:
    flat: list[Node] = []
    for node in nodes:
        flat.extend(node.terms if isinstance(node, kind) else (node,))
    return tuple(flat)


def _unquote(token: Token) -> str:
    """The text inside a quoted token, which must not be blank."""
    text = _QUOTE_ESCAPE.sub(r"\1", token[1:-1])
    if not text.strip():
        raise SearchError("expected something inside the quotes", _column(token))
    return text


def _require_adjacent(first: Token, second: Token, message: str) -> None:
    if first.end_pos != second.start_pos:
        raise SearchError(message, _column(second))


def _regex_value(token: Token) -> Value:
    pattern = token[1:-1]
    _check_regex(pattern, _column(token) + 1)
    return Value(pattern, _column(token), is_regex=True)


def _value(token: Token) -> Value:
    if token.type == "REGEX":
        return _regex_value(token)
    if token.type == "STRING":
        return Value(_unquote(token), _column(token), is_quoted=True)
    return Value(str(token), _column(token))


@v_args(inline=True)
class _ToAst(Transformer[Token, Node]):
    """Lark's parse tree to our dataclasses (one method per grammar alias)."""

    def start(self, node: Node | None = None) -> Node:
        return And(()) if node is None else node

    def or_expr(self, *items: Node | Token) -> Node:
        return Or(_flatten(Or, [item for item in items if not isinstance(item, Token)]))

    def and_expr(self, *items: Node | Token) -> Node:
        return And(_flatten(And, [item for item in items if not isinstance(item, Token)]))

    def negation(self, neg: Token, node: Node) -> Node:
        return Not(node, _column(neg))

    def group(self, _open: Token, node: Node, _close: Token) -> Node:
        return node

    def field(self, key: Token, op: Token, value: Token) -> Node:
        try:
            _require_adjacent(op, value, f"expected a value right after '{key}{op}'")
            parsed = _value(value)
        except SearchError as error:
            error.field = canonical_name(key)
            raise
        return FieldTerm(key.lower(), str(op), parsed, _column(key))

    def exact_name(self, bang: Token, name: Token) -> Node:
        _require_adjacent(bang, name, "expected a name right after '!'")
        text = _unquote(name) if name.type == "STRING" else str(name)
        return NameTerm(text, _column(bang), exact=True)

    def regex(self, token: Token) -> Node:
        value = _regex_value(token)
        return RegexTerm(value.text, value.column)

    def word(self, token: Token) -> Node:
        return NameTerm(str(token), _column(token))

    def phrase(self, token: Token) -> Node:
        return NameTerm(_unquote(token), _column(token))
