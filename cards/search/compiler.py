"""Compile a parsed query into a Django Q object and an ordering.

Every lookup used here (icontains, iexact, iregex, regex, isnull, comparisons and
subqueries) behaves the same on SQLite and PostgreSQL. Filters on printings go through a
`pk__in` subquery, so a card with many matching printings still comes back once and
negation reads "has no such printing".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import reduce
from operator import and_, or_

from django.db.models import F, Q
from django.db.models.expressions import OrderBy

from cards.models import Printing
from cards.search.fields import (
    FACTION_NAMES,
    HAS_COLUMNS,
    IS_PROPERTIES,
    RESOURCE_BY_FACTION,
    Kind,
    SearchField,
    closest,
    find_field,
    sortable_keys,
    suggest_field,
)
from cards.search.parser import (
    And,
    FieldTerm,
    NameTerm,
    Node,
    Not,
    Or,
    RegexTerm,
    SearchError,
    Value,
    leaves,
    portable_regex,
)
from cards.vocabulary import CHIZO_CLASSES, GAMES, SHADOWFIST_RESOURCES

# Small and positive columns share this range on every backend we support.
SMALLEST_NUMBER, LARGEST_NUMBER = -32768, 32767
_TEXT_OPERATORS = (":", "=", "!=")
_NUMBER_LOOKUPS = {":": "exact", "=": "exact", ">": "gt", ">=": "gte", "<": "lt", "<=": "lte"}
_REGEX_KINDS = frozenset(
    {
        Kind.TEXT,
        Kind.EXACT,
        Kind.CLASS,
        Kind.CLASS_LIST,
        Kind.FACTION,
        Kind.WORD_LIST,
        Kind.RESOURCES,
        Kind.SET,
        Kind.RARITY,
    }
)
_INTEGER = re.compile(r"[+-]?[0-9]{1,6}")  # ASCII only: \d also takes "٣" and full-width digits


@dataclass(frozen=True)
class OrderKey:
    """One `order:` term: a Card lookup, ascending unless `descending`."""

    column: str
    descending: bool = False

    def __str__(self) -> str:
        return f"-{self.column}" if self.descending else self.column

    def expression(self) -> OrderBy:
        # Cards without the value (a Raise card has no cost) go last either way; left to
        # the database, SQLite would put them first and PostgreSQL last.
        column = F(self.column)
        return column.desc(nulls_last=True) if self.descending else column.asc(nulls_last=True)


@dataclass(frozen=True)
class CompiledQuery:
    filter: Q
    ordering: tuple[OrderKey, ...]

    def order_by(self) -> list[OrderBy | str]:
        """The ordering with name and id after it, so equal values still page stably."""
        columns = {key.column for key in self.ordering}
        tie_breakers = [column for column in ("name", "pk") if column not in columns]
        return [*(key.expression() for key in self.ordering), *tie_breakers]


def compile_query(node: Node) -> CompiledQuery:
    """Compile a parsed query into a filter and the ordering its `order:` terms ask for.

    An order term may stand wherever it joins other terms by 'and' (`c:rat or c:ox
    order:str` sorts the lot) but not under '-' or directly beside 'or'.
    """
    ordering: dict[str, OrderKey] = {}
    return CompiledQuery(_compile_member(node, ordering), tuple(ordering.values()))


def _compile_member(node: Node, ordering: dict[str, OrderKey]) -> Q:
    """Compile a top-level term or a member of an 'and', where order terms may stand."""
    if isinstance(node, FieldTerm) and _is_order(node):
        key = _order_key(node)
        ordering.setdefault(key.column, key)  # the first order term for a column wins
        return Q()
    return _compile(node, ordering)


def _is_order(term: FieldTerm) -> bool:
    field = find_field(term.key)
    return field is not None and field.kind is Kind.ORDER


def _compile(node: Node, ordering: dict[str, OrderKey]) -> Q:
    if isinstance(node, And):
        return _all(_compile_member(term, ordering) for term in node.terms)
    if isinstance(node, Or):
        return _any(_compile_filter(term, ordering) for term in node.terms)
    if isinstance(node, Not):
        return ~_compile_filter(node.term, ordering)
    if isinstance(node, NameTerm):
        lookup = "name__iexact" if node.exact else "name__icontains"
        return Q(**{lookup: node.text})
    if isinstance(node, RegexTerm):
        pattern = portable_regex(node.pattern)
        return Q(name__iregex=pattern) | Q(effect_text__iregex=pattern)
    return _compile_field(node)


def _compile_filter(node: Node, ordering: dict[str, OrderKey]) -> Q:
    """Compile a term that must filter: the operand of '-' or of 'or'."""
    query = _compile(node, ordering)
    if not query:  # only order terms, as in "-(order:name)"
        raise _misplaced_order(next(leaves(node)))
    return query


def _misplaced_order(term: FieldTerm | NameTerm | RegexTerm) -> SearchError:
    return SearchError(
        "'order:' sorts the results, so it cannot be negated or used with 'or'",
        term.column,
        field="order",
    )


def _all(queries: Iterable[Q]) -> Q:
    return reduce(and_, queries, Q())


def _any(queries: Iterable[Q]) -> Q:
    return reduce(or_, queries)


# Fields ------------------------------------------------------------------------------


def _resolve(term: FieldTerm) -> SearchField:
    field = find_field(term.key)
    if field is None:
        suggestion = suggest_field(term.key)
        hint = f"did you mean '{suggestion}'?" if suggestion else None
        raise SearchError(f"unknown field '{term.key}'", term.column, field=term.key, hint=hint)
    return field


def _compile_field(term: FieldTerm) -> Q:
    field = _resolve(term)
    if field.kind is Kind.ORDER:
        raise _misplaced_order(term)
    _check_value_shape(field, term)
    if field.kind is Kind.NUMBER:
        return _number(field, term)
    query = _COMPILERS[field.kind](field, term.value)
    return ~query if term.op == "!=" else query


def _check_value_shape(field: SearchField, term: FieldTerm) -> None:
    if field.kind is not Kind.NUMBER and term.op not in _TEXT_OPERATORS:
        raise SearchError(
            f"'{term.key}' cannot be compared with '{term.op}'",
            term.op_column,
            field=field.name,
            hint=f"use '{term.key}:'",
        )
    if term.value.is_regex and field.kind not in _REGEX_KINDS:
        raise SearchError(
            f"'{term.key}' takes a plain value, not a regex", term.value.column, field=field.name
        )


def _number(field: SearchField, term: FieldTerm) -> Q:
    column, text = field.columns[0], term.value.text
    if field.x_flag and text.lower() == "x":
        return _number_is_x(field, term)
    if not _INTEGER.fullmatch(text) or not SMALLEST_NUMBER <= int(text) <= LARGEST_NUMBER:
        raise SearchError(
            f"'{term.key}' needs a whole number, not '{text}'",
            term.value.column,
            field=field.name,
            hint=f"numbers run from {SMALLEST_NUMBER} to {LARGEST_NUMBER}",
        )
    number = int(text)
    if term.op == "!=":
        # "cost!=2" asks about cards that have a cost; "-cost:2" is there for the rest.
        return Q(**{f"{column}__isnull": False}) & ~Q(**{column: number})
    return Q(**{f"{column}__{_NUMBER_LOOKUPS[term.op]}": number})


def _number_is_x(field: SearchField, term: FieldTerm) -> Q:
    assert field.x_flag is not None
    if term.op not in _TEXT_OPERATORS:
        raise SearchError(
            f"'{term.key}' cannot compare X with '{term.op}'", term.op_column, field=field.name
        )
    query = Q(**{field.x_flag: True})
    return ~query if term.op == "!=" else query


def _match(column: str, value: Value, lookup: str, regex_lookup: str = "iregex") -> Q:
    """`column` by `lookup`, or by the value's regex when it is one."""
    if value.is_regex:
        return Q(**{f"{column}__{regex_lookup}": portable_regex(value.text)})
    return Q(**{f"{column}__{lookup}": value.text})


def _text(field: SearchField, value: Value) -> Q:
    return _any(_match(column, value, "icontains") for column in field.columns)


def _exact(field: SearchField, value: Value) -> Q:
    return _match(field.columns[0], value, "iexact")


def _class(field: SearchField, value: Value) -> Q:
    if value.is_regex:
        return _exact(field, value)
    return Q(**{f"{field.columns[0]}__iexact": _class_name(field, value)})


def _class_list(field: SearchField, value: Value) -> Q:
    if value.is_regex:
        return _exact(field, value)
    # A whole item of "Rat,Rabbit,Horse": "Ra" must not match "Rat" or "Rabbit".
    pattern = f"(^|,){re.escape(_class_name(field, value))}(,|$)"
    return Q(**{f"{field.columns[0]}__iregex": pattern})


def _class_name(field: SearchField, value: Value) -> str:
    by_lower = {name.lower(): name for name in CHIZO_CLASSES}
    if value.text.lower() in by_lower:
        return by_lower[value.text.lower()]
    suggestion = closest(value.text, CHIZO_CLASSES)
    hint = f"did you mean '{suggestion}'?" if suggestion else "classes: " + ", ".join(CHIZO_CLASSES)
    raise SearchError(f"unknown class '{value.text}'", value.column, field=field.name, hint=hint)


def _faction(field: SearchField, value: Value) -> Q:
    column = field.columns[0]
    if value.is_regex:
        return _match(column, value, "iexact")
    # A known name matches that faction only: "chi" is inside "Architects" too.
    if value.text.lower() in FACTION_NAMES:
        return Q(**{f"{column}__iexact": FACTION_NAMES[value.text.lower()]})
    return Q(**{f"{column}__icontains": value.text})


def _word_list(field: SearchField, value: Value) -> Q:
    if value.is_regex:
        return _exact(field, value)
    pattern = f"(^| ){re.escape(value.text)}( |$)"
    return Q(**{f"{field.columns[0]}__iregex": pattern})


def _resources(field: SearchField, value: Value) -> Q:
    column = field.columns[0]
    # Codes are case-sensitive ('m' Four Monarchs, 'M' Magic), hence regex, not iregex,
    # and not contains, which SQLite runs case-insensitively.
    if value.is_regex:
        return _match(column, value, "exact", regex_lookup="regex")
    codes = _resource_codes(field, value)
    return _all(
        Q(**{f"{column}__regex": ".*".join(code * codes.count(code))}) for code in set(codes)
    )


def _resource_codes(field: SearchField, value: Value) -> str:
    faction = FACTION_NAMES.get(value.text.lower())
    if faction is not None:
        if faction not in RESOURCE_BY_FACTION:
            raise SearchError(f"{faction} has no resource code", value.column, field=field.name)
        return RESOURCE_BY_FACTION[faction]
    for index, code in enumerate(value.text):
        if code not in SHADOWFIST_RESOURCES:
            raise SearchError(
                f"unknown resource code '{code}'",
                value.column + index,
                field=field.name,
                hint=_resource_hint(code),
            )
    return value.text


def _resource_hint(code: str) -> str:
    other_case = code.swapcase()
    if other_case in SHADOWFIST_RESOURCES:
        return f"codes are case-sensitive: did you mean '{other_case}'?"
    return "codes are " + " ".join(SHADOWFIST_RESOURCES) + ", or a faction such as 'dragons'"


def _printings(condition: Q) -> Q:
    return Q(pk__in=Printing.objects.filter(condition).values("card_id"))


def _set(field: SearchField, value: Value) -> Q:
    code, name = field.columns
    return _printings(_match(code, value, "iexact") | _match(name, value, "icontains"))


def _rarity(field: SearchField, value: Value) -> Q:
    return _printings(_match(field.columns[0], value, "iexact"))


def _game(field: SearchField, value: Value) -> Q:
    slugs = {slug: slug for slug in GAMES} | {name.lower(): slug for slug, name in GAMES.items()}
    slug = slugs.get(value.text.lower())
    if slug is None:
        raise _unknown_choice(field, value, f"unknown game '{value.text}'", list(GAMES))
    return Q(**{field.columns[0]: slug})


def _is(field: SearchField, value: Value) -> Q:
    conditions = IS_PROPERTIES.get(value.text.lower())
    if conditions is None:
        message = f"unknown property 'is:{value.text}'"
        raise _unknown_choice(field, value, message, list(IS_PROPERTIES))
    return _any(Q(**{column: wanted}) for column, wanted in conditions)


def _has(field: SearchField, value: Value) -> Q:
    column = HAS_COLUMNS.get(value.text.lower())
    if column is None:
        message = f"unknown property 'has:{value.text}'"
        raise _unknown_choice(field, value, message, list(HAS_COLUMNS))
    return Q(**{f"{column}__isnull": False}) & ~Q(**{column: ""})


def _unknown_choice(
    field: SearchField, value: Value, message: str, choices: list[str]
) -> SearchError:
    suggestion = closest(value.text, choices)
    hint = f"did you mean '{suggestion}'?" if suggestion else "use one of " + ", ".join(choices)
    return SearchError(message, value.column, field=field.name, hint=hint)


_COMPILERS: dict[Kind, Callable[[SearchField, Value], Q]] = {
    Kind.TEXT: _text,
    Kind.EXACT: _exact,
    Kind.CLASS: _class,
    Kind.CLASS_LIST: _class_list,
    Kind.FACTION: _faction,
    Kind.WORD_LIST: _word_list,
    Kind.RESOURCES: _resources,
    Kind.SET: _set,
    Kind.RARITY: _rarity,
    Kind.GAME: _game,
    Kind.IS: _is,
    Kind.HAS: _has,
}


# Ordering ----------------------------------------------------------------------------


def _order_key(term: FieldTerm) -> OrderKey:
    field = _resolve(term)
    _check_value_shape(field, term)
    if term.op == "!=":
        raise SearchError("'order' cannot be negated", term.op_column, field="order")
    text = term.value.text
    descending = text.startswith("-")
    key = text.removeprefix("-")
    target = find_field(key)
    if target is None or target.sort is None:
        raise SearchError(
            f"cannot order by '{key}'",
            term.value.column,
            field="order",
            hint=_order_hint(key),
        )
    return OrderKey(target.sort, descending)


def _order_hint(key: str) -> str:
    suggestion = suggest_field(key)
    target = find_field(suggestion) if suggestion else None
    if target is None or target.sort is None:
        suggestion = closest(key, sortable_keys())
    if suggestion:
        return f"did you mean '{suggestion}'?"
    return "sortable fields: " + ", ".join(sortable_keys())
