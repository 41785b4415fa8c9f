"""Changing a card's effect from its page, for staff: the effect form and the revert of
one change. Each is a POST that goes back to the card's page with a message (POST,
redirect, GET), or shows the page again with what was refused (400), the form as sent.
Every write goes through ``cards.effects.history``: checked by the vocabulary, and kept
in the card's history with its author."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from cards import selectors
from cards.effects.forms import EffectForm, RevertForm
from cards.effects.history import Effect, EffectRefusedError, revert, write_effects
from cards.modelling import STATUS_WORDS
from cards.models import Card, EffectChange, EffectRevision
from cards.pages.catalogue import render_card_page
from cards.pages.effect_data import can_edit_effects
from web.authrequest import AuthenticatedHttpRequest

#: The source of a change made with the form, in the history.
SOURCE = "card page"
SECTION = "effect-data"


def _editable_card(request: AuthenticatedHttpRequest, card_id: int) -> Card:
    if not request.user.is_staff:
        raise PermissionDenied("only staff change a card's effect")
    card = get_object_or_404(selectors.card_queryset(), pk=card_id)
    if not can_edit_effects(request, card):
        raise Http404(f"{card.game.name} cards have no effect data")
    return card


def _back(card: Card) -> HttpResponse:
    return redirect(reverse("card-page", args=[card.pk]) + f"#{SECTION}")


@login_required
@require_POST
def card_effect_save(request: AuthenticatedHttpRequest, card_id: int) -> HttpResponse:
    """Write the effect the form sends, or show the page again with every problem."""
    card = _editable_card(request, card_id)
    form = EffectForm(request.POST, current=Effect.of(card))
    if form.is_valid() and form.effect is not None:
        try:
            change = write_effects(
                card.game, [(card, form.effect)], author=request.user, source=SOURCE
            )
        except EffectRefusedError as refused:
            form.add_problems(refused.problems)
        else:
            _say_written(request, card, change, "Effect saved")
            return _back(card)
    return render_card_page(request, card, effect_form=form, status=400)


@login_required
@require_POST
def card_effect_revert(request: AuthenticatedHttpRequest, card_id: int) -> HttpResponse:
    """Put the card's effect back to what it was before one of its changes."""
    card = _editable_card(request, card_id)
    form = RevertForm(request.POST)
    if not form.is_valid():
        return render_card_page(
            request, card, effect_error="No change of this card to revert was named.", status=400
        )
    revision = get_object_or_404(
        EffectRevision.objects.select_related("change", "card__game"),
        pk=form.cleaned_data["revision"],
        card=card,
    )
    number = revision.change.number
    try:
        change = revert(revision, author=request.user)
    except EffectRefusedError as refused:
        problems = "; ".join(problem.message for problem in refused.problems)
        error = f"The effect before version {number} is refused by the vocabulary: {problems}."
        return render_card_page(request, card, effect_error=error, status=400)
    if change is None:
        messages.info(
            request, f"Nothing changed: the effect is already as it was before version {number}."
        )
    else:
        _say_written(request, revision.card, change, f"Reverted to before version {number}")
    return _back(card)


def _say_written(
    request: AuthenticatedHttpRequest, card: Card, change: EffectChange | None, done: str
) -> None:
    if change is None:
        messages.info(request, "Nothing changed: the effect was already so.")
        return
    status = STATUS_WORDS.get(card.modelling, card.modelling)
    messages.success(
        request,
        f"{done}: effects version {change.number}. Rules engine: {status}.",
    )
