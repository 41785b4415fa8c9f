"""Decklist pages: browse and search the published decklists, read one (anyone), and the
community's writes on it (signed in): like, comment, report, copy; the owner and the
moderators unpublish. Each view parses its input, calls one selector or service, renders;
a write that works redirects (POST-redirect-GET), a refused one re-renders with why."""

from __future__ import annotations

import html
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from decks.decklists import selectors, services
from decks.decklists.models import Decklist
from decks.decklists.query import SORTS, DecklistQueryError, query_from_params, query_text
from decks.formats import FORMATS
from decks.pages import presenters
from decks.pages.decklist_forms import CommentForm, CopyForm, ReportForm, WithdrawForm
from decks.selectors import UnknownExportError
from decks.stats import deck_stats
from web.authrequest import AuthenticatedHttpRequest
from web.markdown import render_markdown
from web.sections import sections

SECTION = {"section": "decklists"}
#: Decklists a page of the browser lists.
PAGE_SIZE = 25
#: Characters of the description a link preview (OpenGraph) carries.
PREVIEW_CHARS = 200


@require_GET
def decklist_browse(request: HttpRequest) -> HttpResponse:
    """The listed decklists, searched and sorted as the query says; a query the browser
    cannot read answers 400 with its reason beside the search box."""
    params = {key: request.GET.getlist(key) for key in request.GET}
    params.pop("page", None)
    error: DecklistQueryError | None = None
    try:
        query = query_from_params(params)
        found = selectors.decklist_search(query)
    except DecklistQueryError as refused:
        error, query, found = refused, query_from_params({}), Decklist.objects.none()
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    text = request.GET.get("q", "") if error else query_text(query)
    context = {
        **SECTION,
        "page": page,
        "query": query,
        "q": text,
        "error": error,
        "sorts": SORTS,
        "formats": sorted(FORMATS.values(), key=lambda f: (f.game, f.name)),
        "sort_links": [
            (sort, words, "?" + urlencode({"q": query_text(query), "sort": sort}))
            for sort, words in SORTS.items()
        ],
        "page_query": urlencode({"q": query_text(query), "sort": query.sort}),
    }
    return render(request, "decks/decklists/browse.html", context, status=400 if error else 200)


@require_GET
def decklist_page(request: HttpRequest, decklist_id: int, slug: str = "") -> HttpResponse:
    return _render_decklist(request, decklist_id)


def _render_decklist(
    request: HttpRequest,
    decklist_id: int,
    *,
    status: int = 200,
    error: str = "",
    comment_form: CommentForm | None = None,
) -> HttpResponse:
    view = selectors.decklist_view(user=request.user, decklist_id=decklist_id)
    decklist = view.decklist
    game = decklist.game.slug
    stats = deck_stats(view.lines, game=game)
    url = request.build_absolute_uri(decklist_url(decklist))
    description_html = render_markdown(decklist.description)
    comments = [
        {
            "comment": comment,
            "html": render_markdown(comment.body),
            "can_delete": request.user.pk in (comment.author_id, decklist.owner_id)
            or view.is_moderator,
        }
        for comment in selectors.decklist_comments(decklist=decklist)
    ]
    context: dict[str, Any] = {
        **SECTION,
        "view": view,
        "decklist": decklist,
        "groups": presenters.grouped_rows(view.lines, view.report, game),
        "verdict": presenters.verdict(view.report),
        "stats": stats,
        "charts": presenters.stat_charts(stats),
        "noun_many": presenters.noun_many(game),
        "description_html": description_html,
        "preview": html.unescape(strip_tags(description_html)).strip()[:PREVIEW_CHARS]
        or f"A {decklist.game.name} decklist by {decklist.owner.username}",
        "share_url": url,
        "comments": comments,
        "comment_form": comment_form or CommentForm(),
        "report_form": ReportForm(),
        "copy_form": CopyForm(initial={"name": f"{decklist.name} (copy)"}),
        "withdraw_form": WithdrawForm(),
        "error": error,
        "sections": sections("decklist", request, view),
    }
    return render(request, "decks/decklists/decklist.html", context, status=status)


def decklist_url(decklist: Decklist) -> str:
    return reverse("decklist-page", kwargs={"decklist_id": decklist.pk})


def _back(decklist_id: int, anchor: str = "") -> HttpResponse:
    url = reverse("decklist-page", kwargs={"decklist_id": decklist_id})
    return redirect(f"{url}#{anchor}" if anchor else url)


def _refused(
    request: HttpRequest, decklist_id: int, error: Exception, **kwargs: Any
) -> HttpResponse:
    """The decklist page again with why the write was refused, and the status that says
    it: 403 (not yours to do), 429 (too many), else 400."""
    if isinstance(error, services.DecklistForbiddenError):
        status = 403
    elif isinstance(error, services.DecklistThrottledError):
        status = 429
    else:
        status = 400
    response = _render_decklist(request, decklist_id, status=status, error=str(error), **kwargs)
    if isinstance(error, services.DecklistThrottledError):
        response["Retry-After"] = str(error.retry_after)
    return response


@login_required
@require_POST
def decklist_like(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    like = request.POST.get("like", "1") != "0"
    try:
        services.decklist_like(user=request.user, decklist_id=decklist_id, like=like)
    except services.DecklistRefusedError as error:
        return _refused(request, decklist_id, error)
    return _back(decklist_id, "like")


@login_required
@require_POST
def comment_add(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    form = CommentForm(request.POST)
    if not form.is_valid():
        return _render_decklist(request, decklist_id, status=400, comment_form=form)
    try:
        comment = services.comment_add(
            user=request.user, decklist_id=decklist_id, body=form.cleaned_data["body"]
        )
    except (services.DecklistRefusedError, services.DecklistThrottledError) as error:
        return _refused(request, decklist_id, error, comment_form=form)
    return _back(decklist_id, f"comment-{comment.pk}")


@login_required
@require_POST
def comment_delete(
    request: AuthenticatedHttpRequest, decklist_id: int, comment_id: int
) -> HttpResponse:
    try:
        services.comment_delete(user=request.user, decklist_id=decklist_id, comment_id=comment_id)
    except services.DecklistRefusedError as error:
        return _refused(request, decklist_id, error)
    messages.success(request, "Comment deleted.")
    return _back(decklist_id, "comments")


@login_required
@require_POST
def decklist_report(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    form = ReportForm(request.POST)
    if not form.is_valid():
        reasons = "; ".join(f"{k}: {' '.join(map(str, v))}" for k, v in form.errors.items())
        return _render_decklist(request, decklist_id, status=400, error=reasons)
    try:
        services.decklist_report(
            user=request.user,
            decklist_id=decklist_id,
            reason=form.cleaned_data["reason"],
            details=form.cleaned_data["details"],
            comment_id=form.cleaned_data["comment"],
        )
    except (services.DecklistRefusedError, services.DecklistThrottledError) as error:
        return _refused(request, decklist_id, error)
    messages.success(request, "Thank you: the moderators will look at your report.")
    return _back(decklist_id)


@login_required
@require_POST
def decklist_copy(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    form = CopyForm(request.POST)
    name = form.cleaned_data["name"] if form.is_valid() else ""
    try:
        deck = services.decklist_copy(
            user=request.user, decklist_id=decklist_id, name=name
        )
    except services.DecklistRefusedError as error:
        return _refused(request, decklist_id, error)
    messages.success(request, "Copied into your decks: this copy is yours to change.")
    return redirect("deck-page", deck_id=deck.pk)


@login_required
@require_POST
def decklist_withdraw(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    form = WithdrawForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else request.POST.get("reason", "")
    try:
        services.decklist_withdraw(user=request.user, decklist_id=decklist_id, reason=reason)
    except services.DecklistRefusedError as error:
        return _refused(request, decklist_id, error)
    messages.success(request, "Unpublished: only its owner and the moderators can read it now.")
    return _back(decklist_id)


@login_required
@require_POST
def decklist_restore(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    try:
        services.decklist_restore(user=request.user, decklist_id=decklist_id)
    except services.DecklistRefusedError as error:
        return _refused(request, decklist_id, error)
    messages.success(request, "Published again.")
    return _back(decklist_id)


@require_GET
def decklist_export(request: HttpRequest, decklist_id: int, kind: str) -> HttpResponse:
    """A download of the decklist as text (imports into a deck), JSON or CSV."""
    try:
        export = selectors.decklist_export(user=request.user, decklist_id=decklist_id, kind=kind)
    except UnknownExportError as error:
        raise Http404(str(error)) from None
    response = HttpResponse(export.body, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response
