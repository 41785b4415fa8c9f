"""Readable words of actions and events: every game words its kinds of action from a table
of templates (``word_action``), so the API, the boards and the logs say the same words,
and its kinds of event likewise (``word_event``), for the logs; ``plain_event_text`` is
the generic wording of an event kind a game does not word."""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from .values import Action

C = TypeVar("C")

Wording = str | tuple[str, ...] | Callable[[list[Any]], str]
"""How a game words one kind of action (see ``word_action``): a template, templates to
try in turn, or a function of the action's arguments."""


class _ArgumentFormatter(string.Formatter):
    """``str.format`` where a field's format spec may name a namer: with a namer called
    ``card``, ``"Discard {0:card}"`` shows the first argument as ``card(argument)``."""

    def __init__(self, namers: Mapping[str, Callable[[Any], str]]) -> None:
        super().__init__()
        self.namers = namers

    def format_field(self, value: Any, format_spec: str) -> str:
        namer = self.namers.get(format_spec)
        return namer(value) if namer else super().format_field(value, format_spec)


def seat_words(seat: int) -> str:
    """ "Seat 2": how an action's argument that is a seat index reads."""
    return f"Seat {seat + 1}"


def counted(count: int, noun: str) -> str:
    """ "1 tile", "3 tiles": a count and its noun, plural unless the count is one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def a_or_an(noun: str) -> str:
    """ "an Action", "a Rat": a noun with its indefinite article, "an" before a vowel."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def word_action(
    action: Mapping[str, Any],
    wordings: Mapping[str, Wording],
    **namers: Callable[[Any], str],
) -> str:
    """The readable label of an action (``{"kind": ..., "args": [...]}``) by the wording
    of its kind, or "" (the caller falls back to the terse ``str(action)``) for a kind
    without one.

    A wording is a ``str.format`` template over the arguments whose format specs name how
    an argument reads: ``"Attach {0:name} to {1:where}"`` with ``name`` and ``where``
    among ``namers`` (``seat`` is always one: ``"Choose {0:seat}"`` reads "Choose Seat
    2"). A template without fields is a fixed label. A tuple of templates is tried in
    turn: the first that the arguments fill is the label, where a template does not fill
    when it refers to an argument the action lacks or a namer raises ``LookupError`` (a
    thing it does not know); when none fills, "". A function of the arguments words the
    kinds that templates cannot.
    """
    wording = wordings.get(action["kind"])
    args = list(action["args"])
    if wording is None:
        return ""
    if not isinstance(wording, str | tuple):
        return wording(args)
    formatter = _ArgumentFormatter({"seat": seat_words, **namers})
    for template in (wording,) if isinstance(wording, str) else wording:
        try:
            return formatter.format(template, *args)
        except LookupError:
            continue
    return ""


def label_each(
    actions: Sequence[Action],
    context: Callable[[int], C],
    label: Callable[[Mapping[str, Any], C], str],
) -> list[str]:
    """Each action's ``label(action dict, context(its player))``, the context (what that
    player sees) built once a player; the terse ``str(action)`` where the label is ""."""
    contexts: dict[int, C] = {}
    found = []
    for action in actions:
        if action.player not in contexts:
            contexts[action.player] = context(action.player)
        found.append(label(action.to_dict(), contexts[action.player]) or str(action))
    return found


def names_by_id(data: Any, key: str = "id") -> dict[int, str]:
    """Every object with an int ``key`` and a ``name`` anywhere in ``data``, by that id."""
    found: dict[int, str] = {}
    _collect(data, key, found)
    return found


def _collect(data: Any, key: str, found: dict[int, str]) -> None:
    if isinstance(data, dict):
        ident, name = data.get(key), data.get("name")
        if isinstance(ident, int) and not isinstance(ident, bool) and isinstance(name, str):
            found.setdefault(ident, name)
        for value in data.values():
            _collect(value, key, found)
    elif isinstance(data, list):
        for value in data:
            _collect(value, key, found)


# -- events ----------------------------------------------------------------------------

EventWording = str | tuple[str, ...] | Callable[[Mapping[str, Any], "EventWords"], str]
"""How a game words one kind of event (see ``word_event``): a template over the event's
data, templates to try in turn, or a function of the data and the ``EventWords``."""


def listed(items: Any) -> str:
    """ "A", "A and B", "A, B and C": the items of a list in words."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class EventWords:
    """How one reader's log words events: ``seat`` names a seat ("Seat 2" unless the
    caller names seats its own way, e.g. "you"), ``namers`` name other values (a card by
    its id, say) and raise ``LookupError`` for a thing they do not know.

    ``seat`` and ``whose`` (the possessive: "Seat 2's", "your") are always namers."""

    def __init__(self, seat: Callable[[int], str] = seat_words, **namers: Callable[[Any], str]):
        self.seat = seat
        self.formatter = _ArgumentFormatter({"seat": seat, "whose": self.whose, **namers})

    def whose(self, seat: int) -> str:
        """ "Seat 2's", or "your" when the seat is named "you"."""
        name = self.seat(seat)
        return "your" if name.lower() == "you" else f"{name}'s"

    def fill(self, wording: str | tuple[str, ...], data: Mapping[str, Any]) -> str:
        """The first of the templates that ``data`` fills, or "" (as ``word_action``: a
        template does not fill when it names a key the data lacks, or whose value is
        None, or a namer raises ``LookupError``)."""
        known = {key: value for key, value in data.items() if value is not None}
        for template in (wording,) if isinstance(wording, str) else wording:
            try:
                return self.formatter.vformat(template, (), known)
            except LookupError:
                continue
        return ""


def word_event(
    event: Mapping[str, Any], wordings: Mapping[str, EventWording], words: EventWords
) -> str:
    """An event (``{"kind": ..., "data": {...}}``) as a sentence by the wording of its kind,
    its first letter capitalised; "" for a kind without a wording or data it does not fill
    (the caller falls back to ``plain_event_text``).

    A wording is a ``str.format`` template over the event's data by key, whose format
    specs name how a value reads (``"{player:seat} drew {count}"``), a tuple of templates
    tried in turn, or a function of the data and ``words`` for the kinds templates cannot
    word; a function that meets data of another shape (a ``LookupError``, ``TypeError`` or
    ``ValueError``) gives "", so an odd event falls back to the generic words instead of
    breaking a page."""
    wording = wordings.get(str(event.get("kind", "")))
    data = event.get("data") or {}
    if wording is None:
        return ""
    if isinstance(wording, str | tuple):
        text = words.fill(wording, data)
    else:
        try:
            text = wording(data, words)
        except (LookupError, TypeError, ValueError):
            text = ""
    return text[:1].upper() + text[1:]


ID_KEYS: Final = ("card", "tile", "target", "attacker", "defender", "source", "host")
ID_LISTS: Final = ("cards", "tiles")


def plain_event_text(event: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """An event in generic words, for a kind its game does not word: the kind and its
    data, "placed Rat at (1, 2)", "drew 2", "turn started (turn 3)".

    Instance ids (a tile's or card's uid) mean nothing to a reader: they are replaced by
    the names in ``names``, or left out when the event names the thing itself.
    """
    names = names or {}
    hidden = ("player", "args")  # raw action arguments: positions and ids, not words
    data = {k: v for k, v in event.get("data", {}).items() if v is not None and k not in hidden}
    head = str(event.get("kind", "")).replace("_", " ")
    name = data.pop("name", None) or data.pop("title", None)
    shown = data.pop("names", None)
    for key in ID_KEYS + ID_LISTS:
        if key in data:
            value = _named(data.pop(key), names)
            if value is not None and not (name and key in ID_KEYS) and not shown:
                data[key] = value
    if name is not None:
        head += f" {name}"
    if shown:
        head += " " + ", ".join(str(n) for n in shown)
    if "x" in data and "y" in data:
        head += f" at ({data.pop('x')}, {data.pop('y')})"
    if isinstance(data.get("count"), int):
        head += f" {data.pop('count')}"
    facts = ", ".join(f"{key.replace('_', ' ')} {_fact(value)}" for key, value in data.items())
    return f"{head} ({facts})" if facts else head


def _named(value: Any, names: Mapping[int, str]) -> Any:
    """An id, or a list of ids, by name; None when some id has no known name."""
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value)
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        found = [names.get(v) for v in value]
        return None if None in found else found
    return value if not isinstance(value, list) else None


def _fact(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_fact(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_fact(v)}" for k, v in value.items()) + "}"
    return "none" if value is None else str(value)
