"""The simulations on a published decklist's page: its author's goldfish of exactly the
list, and the paired comparison of the list with and without a card (or with a swap)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from decks.decklists.selectors import DecklistView, decklist_view, swap_suggestions
from decks.lines import DeckLine
from play.simulations import variants
from play.simulations.goldfish import turn_cap
from play.simulations.models import Simulation
from play.simulations.pages.forms import VariantForm
from play.simulations.pages.views import goldfish_figures, modelling_context, start_from_form
from play.simulations.provenance import effects_provenance, effects_shown
from play.simulations.selectors import decklist_goldfish
from play.simulations.specs import reading_words
from web.authrequest import AuthenticatedHttpRequest
from web.limits import throttle_page
from web.sections import Section


def _card_choices(lines: list[DeckLine]) -> list[tuple[int, str]]:
    return [(line.card.id, f"{line.card.name} ({line.count})") for line in lines]


def author_goldfish(view: DecklistView) -> dict[str, Any] | None:
    """The author's latest finished goldfish of exactly this list, as the report says it:
    its figures, the bot, the reading, how much of the deck the engine modelled."""
    cards = {line.card.id: line.count for line in view.lines}
    run = decklist_goldfish(owner_id=view.decklist.owner_id, game=view.decklist.game.slug,
                            cards=cards)  # fmt: skip
    if run is None:
        return None
    results = run.results or {}
    return {
        "simulation": run,
        **goldfish_figures(results),
        "bot": run.spec.get("bot", ""),
        "cap": turn_cap(run.game, run.spec),
        "reading": reading_words(run.game, run.spec),
        **modelling_context(results.get("modelling")),
        "effects": effects_shown(effects_provenance(run)),
    }


def decklist_simulations_section(request: HttpRequest, view: Any) -> Section | None:
    if not isinstance(view, DecklistView) or view.decklist.game.slug not in ("chizo", "shadowfist"):
        return None
    form = None
    if request.user.is_authenticated and not view.decklist.is_withdrawn:
        form = VariantForm(cards=_card_choices(view.lines))
    return Section(
        "play/decklist_simulations.html",
        {
            "goldfish": author_goldfish(view),
            "form": form,
            "swaps": swap_suggestions(decklist=view.decklist),
            "decklist": view.decklist,
        },
    )


@login_required
@throttle_page("simulation")  # one comparison, one count: as the API's compare
def variant_compare(request: AuthenticatedHttpRequest, decklist_id: int) -> HttpResponse:
    """GET: the form; POST: both simulations started, then the comparison's page."""
    view = decklist_view(user=request.user, decklist_id=decklist_id)
    cards = _card_choices(view.lines)
    form = VariantForm(
        request.POST or None, cards=cards, initial={"remove": request.GET.get("remove")}
    )
    status = 200
    if request.method == "POST":
        pair, status = start_from_form(form, lambda: _start(request, decklist_id, form))
        if pair is not None:
            return redirect("simulation-compare-result", pair[0].pk, pair[1].pk)
    context = {
        "section": "decklists",
        "view": view,
        "decklist": view.decklist,
        "form": form,
        "swaps": swap_suggestions(decklist=view.decklist),
    }
    return render(request, "play/decklist_variant.html", context, status=status)


def _start(
    request: AuthenticatedHttpRequest, decklist_id: int, form: VariantForm
) -> tuple[Simulation, Simulation]:
    data = form.cleaned_data
    return variants.variant_comparison_start(
        user=request.user,
        decklist_id=decklist_id,
        variant=variants.Variant(remove=data["remove"], copies=data["copies"], add=data["add"]),
        games=data["games"],
        bot=data["bot"],
        seed=data["seed"],
        test_anyway=data["test_anyway"],
    )
