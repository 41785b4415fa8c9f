"""Deck builder pages: my decks, a deck (edit, search, paste, validate), statistics,
history and export. Each view parses its input, calls one selector or service, renders;
a write is a POST that redirects (POST-redirect-GET) or re-renders its form with errors."""

from __future__ import annotations

import secrets
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.forms import ChoiceField
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks import selectors, services
from decks.decklists import services as decklist_services
from decks.decklists.selectors import deck_family
from decks.formats import formats_for_game
from decks.intake import DeckListError
from decks.models import Deck
from decks.pages import presenters
from decks.pages.decklist_forms import PublishForm
from decks.pages.forms import (
    CardAddForm,
    CardCountForm,
    DeckCreateForm,
    DeckDeleteForm,
    DeckSettingsForm,
    DiffForm,
    ListCheckForm,
    ListImportForm,
    StatsForm,
    format_choices,
)
from decks.stats import DEFAULT_TURNS
from web.authrequest import AuthenticatedHttpRequest
from web.markdown import render_markdown

SECTION = {"section": "decks"}
MAX_QUERY = 500
# A seed the page picks is short enough to read out and type (any seed the engine takes,
# up to MAX_SEED, can be typed in).
PICKED_SEEDS = 999_999


def _deck_context(deck: Deck, tab: str, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """What the deck header needs on every tab: its description, its publications and the
    decklist it was copied from, as far as the reader may see them."""
    return {
        **SECTION,
        "deck": deck,
        "tab": tab,
        "format_label": presenters.format_name(deck.format),
        "family": deck_family(user=user, deck=deck),
        "description_html": render_markdown(deck.description),
    }


# --- my decks ---------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def deck_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    """My decks, and the form that makes a new one (with an optional pasted list)."""
    form = DeckCreateForm(request.POST or None)
    line_errors: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            deck = services.deck_create_from_text(
                owner=request.user,
                game=data["game"],
                name=data["name"],
                text=data["list"],
                format=data["format"] or None,
                visibility=data["visibility"],
            )
        except DeckListError as error:
            line_errors = presenters.with_typed_lines(error.errors, data["list"])
            form.add_error("list", _list_refused(len(error.errors)))
        except services.DeckFieldError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
        else:
            messages.success(request, f"Deck “{deck.name}” created.")
            return redirect("deck-page", deck_id=deck.pk)
    context = {
        **SECTION,
        "form": form,
        "overviews": selectors.deck_overviews(user=request.user),
        "line_errors": line_errors,
        "checked": request.method == "POST",
    }
    return render(request, "decks/list.html", context, status=400 if form.errors else 200)


def _list_refused(count: int) -> str:
    problems = "1 line has a problem" if count == 1 else f"{count} lines have problems"
    return f"{problems} (listed beside the box); nothing was saved."


@login_required
@require_POST
def list_check(request: HttpRequest) -> HttpResponse:
    """Fragment: a pasted list read without saving (validate-as-you-type)."""
    form = ListCheckForm(request.POST)
    if not form.is_valid():
        reason = next(iter(form.errors.values()))[0]
        return render(request, "decks/_list_check.html", {"invalid": reason, "checked": True})
    text = form.cleaned_data["list"]
    check = selectors.list_check(
        game=form.cleaned_data["game"], text=text, formats=form.chosen_formats()
    )
    return render(request, "decks/_list_check.html", _check_context(check, text))


def _check_context(check: selectors.ListCheck, text: str) -> dict[str, Any]:
    return {
        "checked": True,
        "empty": not text.strip(),
        "line_errors": presenters.with_typed_lines(check.errors, text),
        "check": check,
        "noun": presenters.noun(check.game, check.total),
        "verdict": presenters.verdict(check.report) if check.report else None,
    }


# --- a deck -----------------------------------------------------------------------------------


@require_GET
def deck_page(request: HttpRequest, deck_id: int) -> HttpResponse:
    return _render_deck(request, deck_id)


def _render_deck(
    request: HttpRequest,
    deck_id: int,
    *,
    status: int = 200,
    stale: services.StaleVersionError | None = None,
    import_form: ListImportForm | None = None,
    settings_form: DeckSettingsForm | None = None,
    line_errors: list[dict[str, Any]] | None = None,
    error: str = "",
    publish_form: PublishForm | None = None,
) -> HttpResponse:
    """The deck page; a refused write passes its bound form (kept as typed) and errors."""
    query = (request.POST.get("q") or request.GET.get("q", ""))[:MAX_QUERY]
    bench = selectors.deck_workbench(
        user=request.user, deck_id=deck_id, formats=request.GET.getlist("formats"), query=query
    )
    deck = bench.deck
    game = deck.game.slug
    context = {
        **_deck_context(deck, "deck", request.user),
        "publish_form": publish_form or PublishForm(initial={"version": deck.version}),
        "bench": bench,
        "groups": presenters.grouped_rows(bench.lines, bench.report, game),
        "total": sum(line.count for line in bench.lines),
        "verdict": presenters.verdict(bench.report),
        "game_formats": formats_for_game(game),
        "search": bench.search,
        "stale": stale,
        "import_form": import_form or ListImportForm(initial={"version": deck.version}),
        "settings_form": _for_game(settings_form, game) or _settings_of(deck),
        "line_errors": line_errors or [],
        "checked": line_errors is not None,
        "error": error,
        "noun_many": presenters.noun_many(game),
    }
    return render(request, "decks/deck.html", context, status=status)


def _settings_of(deck: Deck) -> DeckSettingsForm:
    fields = ("name", "format", "visibility", "description", "version")
    return DeckSettingsForm(
        game=deck.game.slug, initial={field: getattr(deck, field) for field in fields}
    )


def _for_game(form: DeckSettingsForm | None, game: str) -> DeckSettingsForm | None:
    """A re-shown settings form offers the deck's own formats only."""
    if form is not None:
        cast(ChoiceField, form.fields["format"]).choices = format_choices(game)
    return form


@require_GET
def deck_search(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Fragment: catalogue search results for the deck's game, each with an Add button."""
    query = request.GET.get("q", "")[:MAX_QUERY]
    deck, search = selectors.deck_card_search(user=request.user, deck_id=deck_id, query=query)
    context = {"deck": deck, "search": search, "can_edit": deck.owner_id == request.user.pk}
    return render(request, "decks/_search_results.html", context)


def _back_to_deck(deck_id: int, anchor: str, **query: str) -> HttpResponse:
    url = reverse("deck-page", kwargs={"deck_id": deck_id})
    params = {k: v for k, v in query.items() if v}
    return redirect(f"{url}{'?' + urlencode(params) if params else ''}#{anchor}")


@login_required
@require_POST
def card_add(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    form = CardAddForm(request.POST)
    if not form.is_valid():
        return _render_deck(request, deck_id, status=400, error="That card cannot be added.")
    data = form.cleaned_data
    try:
        deck = services.deck_add_card(
            deck_id=deck_id,
            user=request.user,
            card_id=data["card"],
            expected_version=data["version"],
        )
    except services.StaleVersionError as error:
        return _render_deck(request, deck_id, status=409, stale=error)
    except services.DeckFieldError as error:
        return _render_deck(request, deck_id, status=400, error=str(error))
    messages.success(request, f"Card added (version {deck.version}).")
    return _back_to_deck(deck_id, "search", q=data["q"])


@login_required
@require_POST
def card_count(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    form = CardCountForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(str(e) for field in form.errors.values() for e in field)
        return _render_deck(request, deck_id, status=400, error=errors)
    data = form.cleaned_data
    try:
        services.deck_set_count(
            deck_id=deck_id,
            user=request.user,
            card_id=data["card"],
            count=form.wanted_count(),
            expected_version=data["version"],
        )
    except services.StaleVersionError as error:
        return _render_deck(request, deck_id, status=409, stale=error)
    except services.DeckFieldError as error:
        return _render_deck(request, deck_id, status=400, error=str(error))
    return _back_to_deck(deck_id, "cards")


@login_required
@require_POST
def list_import(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    """Replace or add to the deck's cards from a pasted list; any line error saves nothing
    and shows every error beside the box, which keeps the text as typed."""
    form = ListImportForm(request.POST)
    if not form.is_valid():
        return _render_deck(request, deck_id, status=400, import_form=form)
    data = form.cleaned_data
    try:
        deck = services.deck_import_text(
            deck_id=deck_id,
            user=request.user,
            text=data["list"],
            append=data["mode"] == "append",
            expected_version=data["version"],
        )
    except DeckListError as error:
        errors = presenters.with_typed_lines(error.errors, data["list"])
        form.add_error("list", _list_refused(len(error.errors)))  # drops cleaned "list"
        return _render_deck(request, deck_id, status=400, import_form=form, line_errors=errors)
    except services.StaleVersionError as error:
        # Keep the text and offer it again on top of the latest version.
        fresh = ListImportForm({**request.POST.dict(), "version": error.current})
        return _render_deck(request, deck_id, status=409, stale=error, import_form=fresh)
    except services.DeckFieldError as error:
        form.add_error("list", str(error))
        return _render_deck(request, deck_id, status=400, import_form=form)
    verb = "Added the list to" if data["mode"] == "append" else "Replaced the cards of"
    messages.success(request, f"{verb} “{deck.name}” (version {deck.version}).")
    return _back_to_deck(deck_id, "validation")


@login_required
@require_POST
def deck_settings(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    """Rename the deck, change its format, visibility or description."""
    form = DeckSettingsForm(request.POST)
    if not form.is_valid():
        return _render_deck(request, deck_id, status=400, settings_form=form)
    data = form.cleaned_data
    changes = services.DeckChanges(
        name=data["name"],
        description=data["description"],
        format=data["format"],
        visibility=data["visibility"],
    )
    try:
        services.deck_update(
            deck_id=deck_id, user=request.user, changes=changes, expected_version=data["version"]
        )
    except services.StaleVersionError as error:
        fresh = DeckSettingsForm({**request.POST.dict(), "version": error.current})
        return _render_deck(request, deck_id, status=409, stale=error, settings_form=fresh)
    except services.DeckFieldError as error:
        form.add_error(error.field if error.field in form.fields else None, str(error))
        return _render_deck(request, deck_id, status=400, settings_form=form)
    messages.success(request, "Deck settings saved.")
    return _back_to_deck(deck_id, "settings")


@login_required
@require_POST
def deck_delete(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    form = DeckDeleteForm(request.POST)
    if not form.is_valid():
        return _render_deck(request, deck_id, status=400)
    try:
        services.deck_delete(
            deck_id=deck_id, user=request.user, expected_version=form.cleaned_data["version"]
        )
    except services.StaleVersionError as error:
        return _render_deck(request, deck_id, status=409, stale=error)
    messages.success(request, "Deck deleted.")
    return redirect("deck-list-page")


@login_required
@require_POST
def deck_publish(request: AuthenticatedHttpRequest, deck_id: int) -> HttpResponse:
    """Publish the deck as it is now: a frozen decklist anyone can read."""
    form = PublishForm(request.POST)
    if not form.is_valid():
        return _render_deck(request, deck_id, status=400, publish_form=form)
    try:
        decklist = decklist_services.decklist_publish(
            user=request.user,
            deck_id=deck_id,
            version_name=form.cleaned_data["version_name"],
            expected_version=form.cleaned_data["version"],
        )
    except services.StaleVersionError as error:
        fresh = PublishForm({**request.POST.dict(), "version": error.current})
        return _render_deck(request, deck_id, status=409, stale=error, publish_form=fresh)
    except decklist_services.DecklistRefusedError as error:
        form.add_error(None, str(error))
        return _render_deck(request, deck_id, status=400, publish_form=form)
    messages.success(request, f"Published as #{decklist.number}: anyone can read this version.")
    return redirect("decklist-page", decklist_id=decklist.pk)


# --- statistics, history, export ------------------------------------------------------------


@require_GET
def deck_stats(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Charts, the draw-odds table and a seeded sample hand."""
    form = StatsForm(request.GET)
    data = form.cleaned_data if form.is_valid() else {}
    turns = data.get("turns") or DEFAULT_TURNS
    at_least = int(data.get("at_least") or 1)
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbelow(PICKED_SEEDS) + 1
    figures = selectors.deck_statistics(user=request.user, deck_id=deck_id, turns=turns, seed=seed)
    stats = figures.stats
    context = {
        **_deck_context(figures.deck, "stats", request.user),
        "form": form,
        "stats": stats,
        "turns": turns,
        "at_least": at_least,
        "charts": presenters.stat_charts(stats),
        "odds_chart": presenters.odds_chart(stats),
        "odds": presenters.odds_rows(stats, at_least),
        "resources": presenters.resource_rows(stats),
        "seed": seed,
        "hand": figures.hand,
        "next_seed": _another_seed(seed),
    }
    return render(request, "decks/stats.html", context)


def _another_seed(seed: int) -> int:
    fresh = secrets.randbelow(PICKED_SEEDS) + 1
    return fresh if fresh != seed else fresh % PICKED_SEEDS + 1


@require_GET
def deck_history(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Saved versions, newest first, and what changed between two of them."""
    form = DiffForm(request.GET if "start" in request.GET else None)
    chosen = form.cleaned_data if form.is_bound and form.is_valid() else {}
    history = selectors.deck_diff(
        user=request.user, deck_id=deck_id, start=chosen.get("start"), end=chosen.get("end")
    )
    if not form.is_bound:
        form = DiffForm(initial={"start": history.start, "end": history.end})
    context = {
        **_deck_context(history.deck, "history", request.user),
        "history": history,
        "versions": presenters.version_rows(selectors.deck_versions(deck=history.deck)),
        "changes": presenters.diff_rows(history.changes),
        "form": form,
    }
    return render(request, "decks/history.html", context)


@require_GET
def deck_export(request: HttpRequest, deck_id: int, kind: str) -> HttpResponse:
    """A download of the deck as text (re-importable), JSON or CSV."""
    try:
        export = selectors.deck_export(user=request.user, deck_id=deck_id, kind=kind)
    except selectors.UnknownExportError as error:
        raise Http404(str(error)) from None
    response = HttpResponse(export.body, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response
