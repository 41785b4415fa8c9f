"""Simulation pages: start one, watch it run, read its report, replay a sample game, and
compare two decks on the same seeds.

Views parse input, call one service or selector, and render. Every page needs a login, and
a simulation belongs to its owner: anyone else gets 404. While a simulation runs, its page
polls a fragment (htmx, every second) that carries the progress and, once the simulation
is done, the whole report; the fragment of a finished simulation no longer polls.

Starting a simulation or a comparison counts against the API's `simulation` throttle, and
replaying a sample game against `match_create` (it starts a match): 429 beyond. The forms
are in simulation_forms.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.modelling import modelling_shown
from play.engine.core.rng import MAX_SEED
from play.matches.services import MatchRuleError
from play.matches.setups import SeatsError
from play.simulations import services as simulations
from play.simulations.compare import compare_simulations
from play.simulations.models import Simulation
from play.simulations.pages.forms import (
    BotSimulationForm,
    CompareForm,
    SimulationForm,
    bound_form,
    game_name,
)
from play.simulations.policies import gap_words
from play.simulations.provenance import effects_provenance, effects_shown
from play.simulations.selectors import own_simulation, own_simulations
from play.simulations.specs import legality_words, reading_words
from web.authrequest import AuthenticatedHttpRequest
from web.charts import bar_chart, line_chart
from web.limits import throttle_page
from web.numbers import page_number, parse_int

T = TypeVar("T")
PER_PAGE = 50
HISTOGRAM_TITLE = "Games won on each turn"
CUMULATIVE_TITLE = "Share of games won by each turn"
LENGTH_TITLE = "Games by length in actions"
CURVE_TITLES = {
    "points_by_turn": "Mean points at the end of each turn",
    "power_by_turn": "Mean power at the start of each turn's main shot",
}
FIRST_TURN_LABELS = {
    "first_site_turn": "First site played",
    "first_character_turn": "First character played",
}
CARD_SORTS = {
    "name": (lambda row: row["name"].lower(), False),
    "drawn": (lambda row: row["drawn"], True),
    "played": (lambda row: row["played"], True),
    "never": (lambda row: row["never"], True),
}
MAX_LENGTH_BARS = 20


# ---------------------------------------------------------------- formatting


def _count(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def _turns(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


# ---------------------------------------------------------------- what the templates show


def simulation_title(simulation: Simulation) -> str:
    if simulation.kind == "bots":
        seats = ", ".join(simulation.spec.get("bots", []))
        return f"{game_name(simulation.game)}: {seats}"
    if simulation.spec.get("subject"):  # a published decklist or a variant of one
        return f"{simulation.spec['subject']} ({game_name(simulation.game)})"
    deck = simulation.deck.name if simulation.deck else "a deleted deck"
    return f"{deck} ({game_name(simulation.game)})"


def list_row(simulation: Simulation) -> dict[str, Any]:
    if simulation.kind == "bots":
        subject = f"{game_name(simulation.game)} bot games"
    else:
        subject = simulation_title(simulation)
    return {"simulation": simulation, "subject": subject, **progress(simulation)}


def progress(simulation: Simulation) -> dict[str, Any]:
    return {
        "active": simulation.status in simulations.ACTIVE,
        "done_text": _count(simulation.games_done),
        "total_text": _count(simulation.games),
    }


def modelling_context(modelling: dict[str, Any] | None) -> dict[str, Any]:
    """The report's words on how completely the deck's cards were modelled (none for a
    simulation from before they were reported)."""
    if modelling is None:
        return {"modelling": None}
    shown = modelling_shown(modelling)
    return {"modelling": shown, "modelling_words": shown["words"]}


def goldfish_report(simulation: Simulation, sort: str = "played") -> dict[str, Any]:
    """The report of a finished goldfish simulation, with its charts, ready to show."""
    results = simulation.results or {}
    turn = results.get("turn", {})
    histogram: dict[str, int] = turn.get("histogram", {})
    cumulative: dict[str, float] = turn.get("cumulative", {})
    return {
        "template": "play/simulation_report.html",
        **goldfish_figures(results),
        "histogram_chart": bar_chart(list(histogram.items()), title=HISTOGRAM_TITLE, unit=" games"),
        "cumulative_chart": line_chart(
            [(int(t), share) for t, share in cumulative.items()], title=CUMULATIVE_TITLE
        ),
        "buckets": buckets(results),
        "by_turn": simulation.spec.get("by_turn", 5),
        "cards": card_rows(results.get("cards", []), sort),
        "sort": sort if sort in CARD_SORTS else "played",
        "blanks": [blank["name"] for blank in results.get("blanks", [])],
        "policy": results.get("policy"),
        "policy_words": gap_words(results.get("policy_gap")),
        "seed": simulation.seed,
        "not_legal": legality_words(simulation.spec),
        "reading": reading_words(simulation.game, simulation.spec),
        "replay_refused": simulations.replay_refused(simulation),
        "warnings": results.get("warnings", []),
        **modelling_context(results.get("modelling")),
        "effects": effects_shown(effects_provenance(simulation)),
        "curves": [
            {"title": CURVE_TITLES.get(key, key), "chart": _curve_chart(key, values)}
            for key, values in results.get("curves", {}).items()
            if values
        ],
        "first_turns": first_turns(results),
    }


def goldfish_figures(results: dict[str, Any]) -> dict[str, str]:
    """Games, wins, unfinished and the finishing turn's mean, interval and median."""
    turn = results.get("turn", {})
    median = turn.get("median")
    return {
        "games": _count(results.get("games")),
        "wins": _count(results.get("wins")),
        "win_share": _share(results.get("wins", 0) / (results.get("games") or 1)),
        "unfinished": _count(results.get("unfinished")),
        "mean": _turns(turn.get("mean")),
        "low": _turns(turn.get("low")),
        "high": _turns(turn.get("high")),
        "median": "—" if median is None else f"{median:g}",
    }


def buckets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per finishing turn: games, share, share won by then, sample seeds."""
    turn = results.get("turn", {})
    games = results.get("games") or 1
    cumulative = turn.get("cumulative", {})
    samples = results.get("sample_seeds", {})
    return [
        {
            "turn": t,
            "games": _count(n),
            "share": _share(n / games),
            "by_then": _share(cumulative.get(t)),
            "seeds": samples.get(t, []),
        }
        for t, n in turn.get("histogram", {}).items()
    ]


def first_turns(results: dict[str, Any]) -> list[dict[str, str]]:
    """Shadowfist: the turn of the first site and first character, mean and interval."""
    return [
        {
            "label": FIRST_TURN_LABELS.get(key, key),
            "mean": _turns(figures.get("mean")),
            "low": _turns(figures.get("low")),
            "high": _turns(figures.get("high")),
            "never": _count(figures.get("never")),
        }
        for key, figures in results.get("first_turns", {}).items()
    ]


def _curve_chart(key: str, values: list[float]) -> Any:
    points = [(index + 1, value) for index, value in enumerate(values)]
    top = math.ceil(max(values)) or 1  # a whole number labels the axis legibly
    return line_chart(points, title=CURVE_TITLES.get(key, key), y_max=top, percent=False)


def card_rows(cards: list[dict[str, Any]], sort: str) -> list[dict[str, Any]]:
    """Per-card figures as shares of games, ordered by one column (the summary's order:
    most played first, when the column is not known)."""
    rows = []
    for card in cards:
        drawn = next((v for k, v in card.items() if k.startswith("drawn_by_turn_")), 0.0)
        rows.append(
            {
                "name": card["name"],
                "drawn": drawn,
                "played": card.get("played", 0.0),
                "never": card.get("never_playable", 0.0),
            }
        )
    if sort in CARD_SORTS:
        key, descending = CARD_SORTS[sort]
        rows.sort(key=key, reverse=descending)
    for row in rows:
        row.update({f"{name}_text": _share(row[name]) for name in ("drawn", "played", "never")})
    return rows


def bot_report(simulation: Simulation) -> dict[str, Any]:
    """The report of finished bot games: win rate per seat, game length, ties."""
    results = simulation.results or {}
    length = results.get("length", {})
    histogram = {int(k): v for k, v in length.get("histogram", {}).items()}
    samples: dict[str, list[int]] = results.get("sample_seeds", {})
    width = bin_width(histogram)
    return {
        "template": "play/simulation_report_bots.html",
        "games": _count(results.get("games")),
        "ties": _count(results.get("ties")),
        "unfinished": _count(results.get("unfinished")),
        "seats": [
            {
                "seat": seat["seat"] + 1,
                "bot": seat["bot"],
                "wins": _count(seat["wins"]),
                "rate": _share(seat["rate"]),
                "low": _share(seat["low"]),
                "high": _share(seat["high"]),
                "seeds": samples.get(str(seat["seat"]), []),
            }
            for seat in results.get("seats", [])
        ],
        "mean": _turns(length.get("mean")),
        "low": _turns(length.get("low")),
        "high": _turns(length.get("high")),
        "median": _count(length.get("median")),
        "length_chart": bar_chart(binned(histogram, width), title=LENGTH_TITLE, unit=" games"),
        "bin_width": width,
        "policy": ", ".join(results.get("policy") or []),
        "effects": effects_shown(effects_provenance(simulation)),
        "seed": simulation.seed,
    }


def bin_width(histogram: dict[int, int], most: int = MAX_LENGTH_BARS) -> int:
    """The width of equal ranges that put a histogram's values into at most `most` bars."""
    if not histogram:
        return 1
    return max(1, -(-(max(histogram) - min(histogram) + 1) // most))


def binned(histogram: dict[int, int], width: int) -> list[tuple[str, int]]:
    """Bars of `width` values each, labelled by their first value (a range label would
    not fit under a bar)."""
    low = min(histogram, default=0)
    bars: dict[int, int] = {}
    for value, count in sorted(histogram.items()):
        start = low + (value - low) // width * width
        bars[start] = bars.get(start, 0) + count
    return [(str(start), count) for start, count in bars.items()]


def sample_seeds(simulation: Simulation) -> set[int]:
    """The seeds of a goldfish simulation's sample games (none for bot games)."""
    if simulation.kind != "goldfish":
        return set()
    samples = (simulation.results or {}).get("sample_seeds", {})
    return {seed for seeds in samples.values() for seed in seeds}


def report(simulation: Simulation, sort: str = "played") -> dict[str, Any] | None:
    if simulation.status != Simulation.Status.DONE or not simulation.results:
        return None
    if simulation.kind == "bots":
        return bot_report(simulation)
    return goldfish_report(simulation, sort)


def live_context(simulation: Simulation, sort: str = "played") -> dict[str, Any]:
    return {
        "section": "simulations",
        "simulation": simulation,
        "title": simulation_title(simulation),
        "live": progress(simulation),
        "report": report(simulation, sort),
    }


def comparison_context(first: Simulation, second: Simulation) -> dict[str, Any]:
    """Both runs' progress, and once both are done the paired difference and histograms."""
    context: dict[str, Any] = {
        "section": "simulations",
        "runs": [
            {"letter": letter, "simulation": run, "title": simulation_title(run), **progress(run)}
            for letter, run in (("A", first), ("B", second))
        ],
        "active": first.status in simulations.ACTIVE or second.status in simulations.ACTIVE,
        "first": first,
        "second": second,
    }
    if any(
        run.status in (Simulation.Status.FAILED, Simulation.Status.CANCELLED)
        for run in (first, second)
    ):
        context["problem"] = "One of the two simulations stopped before the end: no comparison."
    elif not context["active"]:
        try:
            context["comparison"] = comparison(first, second)
        except ValueError as error:
            context["problem"] = f"These simulations cannot be compared: {error}."
        else:
            shown = zip(context["runs"], context["comparison"]["charts"],
                        context["comparison"]["effects"], strict=True)  # fmt: skip
            for run, chart, effects in shown:
                run["chart"], run["effects"] = chart, effects
    return context


def comparison(first: Simulation, second: Simulation) -> dict[str, Any]:
    result = compare_simulations(first, second)
    finishing, wins = result["turn_difference"], result["win_difference"]
    histograms = [
        (run.results or {}).get("turn", {}).get("histogram", {}) for run in (first, second)
    ]
    # One turn axis for both charts, so their bars line up.
    turns = sorted({int(t) for histogram in histograms for t in histogram})
    names = [simulation_title(run) for run in (first, second)]
    return {
        "games": _count(result["games"]),
        "cap": result["cap"],
        "headline": result["headline"],
        "wins_a": _count(result["wins"]["a"]),
        "wins_b": _count(result["wins"]["b"]),
        "only_a": _count(result["only"]["a"]),
        "only_b": _count(result["only"]["b"]),
        "win_mean": _percent_points(wins["mean"]),
        "win_low": _percent_points(wins["low"]),
        "win_high": _percent_points(wins["high"]),
        "both_won": _count(result["both_won"]),
        "turns_compared": finishing["mean"] is not None,
        "a_mean": _turns(result["a_mean"]),
        "b_mean": _turns(result["b_mean"]),
        "mean": _turns(finishing["mean"]),
        "low": _turns(finishing["low"]),
        "high": _turns(finishing["high"]),
        "turn_method": result["turn_method"],
        "unfinished_a": _count(result["unfinished"]["a"]),
        "unfinished_b": _count(result["unfinished"]["b"]),
        "effects": [effects_shown(result["effects"][letter]) for letter in "ab"],
        "charts": [
            bar_chart(
                [(str(t), histogram.get(str(t), 0)) for t in turns],
                title=f"{letter}, {name}: {HISTOGRAM_TITLE.lower()}",
                unit=" games",
            )
            for letter, name, histogram in zip("AB", names, histograms, strict=True)
        ],
    }


def _percent_points(share: float | None) -> str:
    return "—" if share is None else f"{100 * share:+.1f}"


# ---------------------------------------------------------------- views


@login_required
def simulation_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    number = page_number(request.GET.get("page"))
    page = Paginator(own_simulations(user=request.user), PER_PAGE).get_page(number)
    rows = [list_row(simulation) for simulation in page]
    return render(
        request, "play/simulations.html", {"section": "simulations", "page": page, "rows": rows}
    )


@login_required
@throttle_page("simulation")
def simulation_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    kind = request.POST.get("kind") if request.method == "POST" else None
    goldfish = SimulationForm(
        request.POST if kind == "goldfish" else None,
        user=request.user,
        initial={"deck": request.GET.get("deck", "")},
    )
    bots = BotSimulationForm(request.POST if kind == "bots" else None, prefix="bots")
    status = 200
    if kind in ("goldfish", "bots"):
        form = goldfish if kind == "goldfish" else bots
        simulation, status = start_from_form(
            form, lambda: simulations.simulation_start(user=request.user, data=form.spec_data())
        )
        if simulation is not None:
            return redirect("simulation-page", simulation.pk)
    context = {"section": "simulations", "form": goldfish, "bots_form": bots}
    return render(request, "play/simulation_new.html", context, status=status)


def start_from_form(form: forms.Form, start: Callable[[], T]) -> tuple[T | None, int]:
    """Start what a valid form asks for. On invalid input or a refusal the reason goes on
    the form, which shows again with what was typed: (None, the page's status)."""
    if not form.is_valid():
        return None, 400
    try:
        return start(), 200
    except SeatsError as error:
        bound_form(form, error)
        return None, 400
    except simulations.TooManySimulationsError as error:
        form.add_error(None, _too_many(error))
        return None, 429


def _too_many(error: simulations.TooManySimulationsError) -> str:
    if error.needed == 1:
        running = f"You already have {error.active} simulations running, the most one may have"
    else:
        running = (
            f"A comparison starts {error.needed} simulations and you have {error.active} "
            f"running, of the {error.limit} one may have"
        )
    return f"{running} at a time. Wait for one to finish, or cancel one, then start this one."


@login_required
def simulation_page(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    simulation = own_simulation(user=request.user, pk=pk)
    context = live_context(simulation, request.GET.get("cards", "played"))
    if simulation.records_pruned_at and simulation.finished_at:
        context["pruned_after_days"] = (simulation.records_pruned_at - simulation.finished_at).days
    return render(request, "play/simulation_detail.html", context)


@login_required
def simulation_live(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The polled fragment: progress while running, the report when done."""
    simulation = own_simulation(user=request.user, pk=pk)
    return render(request, "play/simulation_live.html", live_context(simulation))


@login_required
@require_POST
def simulation_cancel(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    simulation = own_simulation(user=request.user, pk=pk)
    was_active = simulation.status in simulations.ACTIVE
    simulation = simulations.simulation_cancel(simulation=simulation)
    if was_active and simulation.status == Simulation.Status.CANCELLED:
        messages.success(request, "Simulation cancelled.")
    return redirect("simulation-page", simulation.pk)


@login_required
@require_POST
def simulation_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    simulation = own_simulation(user=request.user, pk=pk)
    simulations.simulation_delete(simulation=simulation)
    messages.success(request, f"Simulation #{pk} deleted.")
    return redirect("simulation-list-page")


@login_required
@require_POST
@throttle_page("match_create")
def simulation_replay(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Start a goldfish match of one sample game and go to its board."""
    simulation = own_simulation(user=request.user, pk=pk)
    seed = parse_int(request.POST.get("seed", ""), "seed", low=0, high=MAX_SEED - 1)
    if seed not in sample_seeds(simulation):
        return HttpResponseBadRequest("Replay one of this simulation's sample games.")
    try:
        match = simulations.replay_sample(user=request.user, simulation=simulation, seed=seed)
    except (SeatsError, MatchRuleError) as error:
        messages.error(request, f"This game cannot be replayed: {error}")
        return redirect("simulation-page", simulation.pk)
    return redirect(reverse("match-page", args=[match.pk]))


@login_required
@throttle_page("simulation")  # one comparison, one count: as the API's compare
def compare_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = CompareForm(request.POST or None, user=request.user)
    status = 200
    if request.method == "POST":
        pair, status = start_from_form(
            form, lambda: simulations.comparison_start(user=request.user, **form.start_data())
        )
        if pair is not None:
            return redirect("simulation-compare-result", pair[0].pk, pair[1].pk)
    context = {"section": "simulations", "form": form}
    return render(request, "play/simulation_compare.html", context, status=status)


def _pair(request: AuthenticatedHttpRequest, a: int, b: int) -> tuple[Simulation, Simulation]:
    if a == b:
        raise Http404("compare two different simulations")
    return own_simulation(user=request.user, pk=a), own_simulation(user=request.user, pk=b)


@login_required
def compare_result(request: AuthenticatedHttpRequest, a: int, b: int) -> HttpResponse:
    context = comparison_context(*_pair(request, a, b))
    return render(request, "play/simulation_compare_result.html", context)


@login_required
def compare_live(request: AuthenticatedHttpRequest, a: int, b: int) -> HttpResponse:
    context = comparison_context(*_pair(request, a, b))
    return render(request, "play/simulation_compare_live.html", context)
