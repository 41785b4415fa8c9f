"""Catalogue pages: search with the query language and filters, and a card's own page.

The pages ask what the API asks: plain filters become query terms through the API's own
translation (cards.api.filters), the query goes through the same parser, and the cards
come from the same selectors. Views read the request with a form, call those and render.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.paginator import Paginator
from django.core.validators import RegexValidator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from cards import selectors
from cards.api.filters import filter_terms
from cards.api.serializers import COMMON_FIELDS, SERIALIZERS, CardSerializer
from cards.effects.forms import EffectForm
from cards.modelling import STATUS_TERMS, STATUS_WORDS, card_modelling
from cards.models import Card
from cards.pages.effect_data import effect_section
from cards.pages.tiles import is_creature, tile_svg
from cards.search import SearchError
from cards.search.deadline import SearchTimeoutError, search_deadline
from cards.search.parser import MAX_LENGTH
from cards.vocabulary import (
    CHIZO_CLASSES,
    CHIZO_TYPES,
    CHOCOBO_TYPES,
    GAMES,
    RAISE_TYPES,
    SHADOWFIST_FACTIONS,
    SHADOWFIST_RESOURCES,
    SHADOWFIST_TYPES,
)
from web.errors import ApiError
from web.fields import WholeNumberField
from web.numbers import page_number
from web.sections import sections

PAGE_SIZES = {"grid": 60, "list": 100}
MAX_STAT = 99
MAX_SHORT = 40  # longest value of a field without its own limit (choices: the factions)

ORDERINGS = [
    ("", "Default"),
    ("name", "Name, A to Z"),
    ("-name", "Name, Z to A"),
    ("type", "Type"),
    ("class", "Class (ChiZo)"),
    ("faction", "Faction (Shadowfist)"),
    ("-str", "STR, highest first"),
    ("str", "STR, lowest first"),
    ("-int", "INT, highest first"),
    ("int", "INT, lowest first"),
    ("cost", "Cost, lowest first"),
    ("-cost", "Cost, highest first"),
    ("-fighting", "Fighting, highest first"),
    ("-power", "Power, highest first"),
]
TYPES_BY_GAME = {
    "chizo": CHIZO_TYPES,
    "shadowfist": SHADOWFIST_TYPES,
    "raise": RAISE_TYPES,
    "chocobo": CHOCOBO_TYPES,
}


def _choices(empty: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [("", empty), *((value, value) for value in values)]


GAME_CHOICES = [("", "All games"), *GAMES.items()]
# Grouped by game; `t:` matches part of a type, so "Action" also finds "Action/Reaction".
TYPE_CHOICES: list[tuple[str, Any]] = [
    ("", "Any type"),
    *((GAMES[game], _choices("", types)[1:]) for game, types in TYPES_BY_GAME.items()),
]


def _stat(label: str) -> forms.IntegerField:
    return WholeNumberField(
        label=label,
        required=False,
        min_value=0,
        max_value=MAX_STAT,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class CardSearchForm(forms.Form):
    """The search box and the filters; every field is bounded."""

    q = forms.CharField(
        label="Search",
        required=False,
        strip=False,  # the error column counts what the user typed, spaces included
        max_length=MAX_LENGTH,
        error_messages={
            "max_length": f"the query is too long: at most {MAX_LENGTH} characters are allowed"
        },
    )
    game = forms.ChoiceField(label="Game", required=False, choices=GAME_CHOICES)
    type = forms.ChoiceField(label="Type", required=False, choices=TYPE_CHOICES)
    ordering = forms.ChoiceField(label="Order by", required=False, choices=ORDERINGS)
    creature_class = forms.ChoiceField(
        label="Class", required=False, choices=_choices("Any class", CHIZO_CLASSES)
    )
    element = forms.CharField(
        label="Element",
        required=False,
        max_length=16,
        validators=[RegexValidator(r'^[^"]*$', "an element has no quotes")],
    )
    strength__gte = _stat("STR at least")
    strength__lte = _stat("STR at most")
    intelligence__gte = _stat("INT at least")
    intelligence__lte = _stat("INT at most")
    faction = forms.ChoiceField(
        label="Faction", required=False, choices=_choices("Any faction", SHADOWFIST_FACTIONS)
    )
    cost__gte = _stat("Cost at least")
    cost__lte = _stat("Cost at most")

    GROUPS = {
        "Cards": ("game", "type", "ordering"),
        "ChiZo RISING": (
            "creature_class", "element", "strength__gte", "strength__lte",
            "intelligence__gte", "intelligence__lte",
        ),
        "Shadowfist": ("faction", "cost__gte", "cost__lte"),
    }  # fmt: skip
    # The fields that are filters (the API's plain parameters of the same names).
    FILTERS = tuple(name for names in GROUPS.values() for name in names if name != "ordering")

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The filters under their legends, in the order the page shows them."""
        return [(legend, [self[name] for name in names]) for legend, names in self.GROUPS.items()]

    def filter_params(self) -> dict[str, str]:
        """The filters set, as the API's plain parameters (strings)."""
        data = self.cleaned_data
        return {name: str(data[name]) for name in self.FILTERS if data.get(name) not in (None, "")}


@dataclass(frozen=True)
class QueryError:
    """A query error placed in the query: the text around the column, for a caret."""

    text: str
    before: str
    at: str
    after: str
    column: int

    @property
    def caret_indent(self) -> str:
        return " " * (self.column - 1)


def query_error(error: SearchError, query: str) -> QueryError:
    """The error with the query split at its column (past the end: a blank is marked)."""
    shown = query.replace("\t", " ").replace("\r", " ").replace("\n", " ")
    column = max(1, min(error.column, len(shown) + 1))
    at = shown[column - 1 : column] or " "
    return QueryError(str(error), shown[: column - 1], at, shown[column:], column)


def _bounded(params: QueryDict) -> dict[str, str]:
    """The form's parameters cut one past their limit, so an overlong value still fails
    its check without being echoed back in full."""
    fields = CardSearchForm.base_fields
    return {
        name: params.get(name, "")[: (getattr(field, "max_length", None) or MAX_SHORT) + 1]
        for name, field in fields.items()
        if name in params
    }


@require_safe
def card_search(request: HttpRequest) -> HttpResponse:
    """Search the catalogue: the query, the filters, ordering, grid or list, pages."""
    page = page_number(request.GET.get("page"))
    form = CardSearchForm(_bounded(request.GET))
    view = "list" if request.GET.get("view") == "list" else "grid"
    context: dict[str, Any] = {
        "section": "cards",
        "form": form,
        "view": view,
        "query": request.GET.get("q", "")[:MAX_LENGTH],
    }
    if not form.is_valid():
        return render(request, "cards/search.html", context, status=400)
    try:
        with search_deadline():
            context.update(_results(_search(form), view, page))
    except SearchError as error:
        context["query_error"] = query_error(error, form.cleaned_data["q"])
        return render(request, "cards/search.html", context, status=400)
    except (selectors.FilterTermsError, selectors.OrderingError, ApiError) as error:
        context["filter_error"] = str(error)
        return render(request, "cards/search.html", context, status=400)
    except SearchTimeoutError as error:
        context["search_error"] = str(error)
        return render(request, "cards/search.html", context, status=503)
    context.update(searched=True, has_filters=bool(form.filter_params()))
    return render(request, "cards/search.html", context)


def _search(form: CardSearchForm) -> QuerySet[Card]:
    """The cards the valid form asks for, exactly as the API's card list finds them."""
    return selectors.card_list(
        queryset=selectors.card_queryset(),
        q=form.cleaned_data["q"],
        ordering=form.cleaned_data["ordering"],
        filters=filter_terms(form.filter_params()),
    )


def _results(cards: QuerySet[Card], view: str, number: int) -> dict[str, Any]:
    page = Paginator(cards, PAGE_SIZES[view]).get_page(number)
    return {
        "page": page,
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
        "items": [_item(card, view) for card in page.object_list],
    }


def _item(card: Card, view: str) -> dict[str, Any]:
    return {
        "card": card,
        "tile": tile_svg(card) if view == "grid" and card.game.slug == "chizo" else None,
        "stats": card_stats(card),
    }


STAT_LABELS: dict[str, str] = {
    "strength": "STR",
    "intelligence": "INT",
    "cost": "Cost",
    "fighting": "Fighting",
    "power": "Power",
    "body": "Body",
    "value": "Value",
    "points": "Points",
    "copies": "Copies",
}
# The numbers shown beside a card in the grid and the list. A Shadowfist card shows only
# those its type has: the imported list writes 0, not nothing, where a type has none.
STATS_BY_GAME: dict[str, tuple[str, ...]] = {
    "chizo": ("strength", "intelligence"),
    "raise": ("value", "points", "copies"),
    "chocobo": ("copies",),
}
SHADOWFIST_STATS_BY_TYPE: dict[str, tuple[str, ...]] = {
    "Character": ("cost", "fighting"),
    "Site": ("cost", "power", "body"),
    "Feng Shui Site": ("power", "body"),
}


def card_stats(card: Card) -> list[tuple[str, str]]:
    """The card's numbers that apply, labelled (X for an X cost or Fighting)."""
    if card.game.slug == "shadowfist":
        names = SHADOWFIST_STATS_BY_TYPE.get(card.type, ("cost",))
    else:
        names = STATS_BY_GAME.get(card.game.slug, ())
    stats = []
    for name in names:
        if getattr(card, f"{name}_is_x", False):
            stats.append((STAT_LABELS[name], "X"))
        elif getattr(card, name) is not None:
            stats.append((STAT_LABELS[name], str(getattr(card, name))))
    return stats


@require_safe
def card_detail(request: HttpRequest, card_id: int) -> HttpResponse:
    """One card with every field its game has, its effect and its printings."""
    card = get_object_or_404(selectors.card_queryset(), pk=card_id)
    return render_card_page(request, card)


def render_card_page(
    request: HttpRequest,
    card: Card,
    *,
    effect_form: EffectForm | None = None,
    effect_error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The card's page; with a refused effect form or revert shown in its effect section."""
    effect = effect_section(request, card, form=effect_form, error=effect_error)
    context = {
        "section": "cards",
        "card": card,
        "tile": tile_svg(card) if card.game.slug == "chizo" else None,
        "facts": card_facts(card),
        # A game whose effects are data shows its effect as an effects file's entry.
        "effect_params": (
            json.dumps(card.effect_params, indent=2)
            if card.effect_params and effect is None
            else ""
        ),
        "modelling": modelling_shown(card),
        "effect": effect,
        # What other apps show about the card (the decklists that play it).
        "sections": sections("card", request, card),
    }
    return render(request, "cards/card.html", context, status=status)


def modelling_shown(card: Card) -> dict[str, str] | None:
    """How completely the rules engine plays the card, in words, with why when it is not
    modelled and the search term that finds its like; None for a game component (Raise,
    Chocobo), which has no status."""
    status, why = card_modelling(card)
    if not status:
        return None
    return {"words": STATUS_WORDS[status], "why": why, "term": f"is:{STATUS_TERMS[status]}"}


FACT_LABELS: dict[str, str] = {
    "subtitle": "Subtitle",
    "creature_class": "Class",
    "is_basic": "Basic creature",
    "element": "Element",
    "strength": "STR",
    "intelligence": "INT",
    "compatible_classes": "Compatible with",
    "faction": "Faction",
    "cost": "Cost",
    "requires": "Requires",
    "provides": "Provides",
    "fighting": "Fighting",
    "power": "Power",
    "body": "Body",
    "designators": "Designators",
    "is_no_max": "No Max",
    "is_unique": "Unique",
    "is_limited": "Limited",
    "symbol": "Symbol",
    "value": "Value",
    "points": "Points",
    "copies": "Copies",
}
# Shown elsewhere on the page, or folded into another fact (an X cost shows as "X").
NOT_FACTS = {*COMMON_FIELDS, "effect_params", "cost_is_x", "fighting_is_x", "modelling"}
# Said only of creatures: an Item's "compatible with none" would read as a rule.
CREATURE_FACTS = {"creature_class", "is_basic", "compatible_classes"}


def card_facts(card: Card) -> list[tuple[str, str]]:
    """The game's fields as the API shows them, labelled and written out for reading.

    A field without a value is left out, as the catalogue's grid and list leave out the
    numbers a card has not: a ChiZo Action has no STR or INT, and no row says so.
    """
    shown = CardSerializer().to_representation(card)
    fields = SERIALIZERS[card.game.slug].Meta.fields
    skipped = NOT_FACTS if is_creature(card) else NOT_FACTS | CREATURE_FACTS
    facts = [
        (FACT_LABELS.get(name, name.replace("_", " ").capitalize()), _fact(name, shown))
        for name in fields
        if name not in skipped
    ]
    return [(label, value) for label, value in facts if value is not None]


def _fact(name: str, shown: dict[str, Any]) -> str | None:
    """The field in words; None when it has no value (no resources is "none", a value)."""
    value = shown[name]
    if shown.get(f"{name}_is_x"):
        return "X"
    if name in ("requires", "provides"):
        return resources(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value) or "none"
    return None if value in (None, "") else str(value)


def resources(codes: str) -> str:
    """Shadowfist resource codes in words: 'ddH' is '2 Dragons, High Tech (ddH)'."""
    if not codes:
        return "none"
    counts = Counter(codes)
    words = [
        (f"{count} " if count > 1 else "") + SHADOWFIST_RESOURCES.get(code, code)
        for code, count in counts.items()
    ]
    return f"{', '.join(words)} ({codes})"
