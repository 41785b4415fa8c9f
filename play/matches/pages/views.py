"""Match pages: start a game (goldfish a deck; Raise or Chocobo Party Up! against bots),
the board of a match, its actions and undo.

Actions are POSTed and answered with a redirect back to the board (post/redirect/get); a
refused action (illegal, or chosen on an older step) comes back as a message and changes
nothing. With htmx the same endpoints answer with the match section only, which htmx
swaps in place; without JavaScript every page works as plain forms and links.

Starting a match and acting count against the API's throttles (match_create,
match_action): beyond them, 429 with Retry-After; with htmx the board with the reason.

Bots move a bounded number of decisions per request (play.matches.services): while they
are not done the board has a "Continue" form that lets them move on; htmx submits it by
itself as soon as the board is shown, so the page plays on until a human is to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from cards.vocabulary import DECK_GAMES
from decks.models import Deck
from decks.selectors import deck_for_read, deck_list
from play.engine.core import game_slugs, get_game, mix_seed
from play.engine.core.rng import MAX_SEED
from play.matches import services
from play.matches.models import Match
from play.matches.pages.boards import BoardInput, board_context, event_lines
from play.matches.pages.boards.common import Group, seat_name
from play.matches.pages.fields import illegal_deck_field, opposition_field, opposition_input
from play.matches.selectors import match_view
from play.matches.services import (
    Loaded,
    MatchRuleError,
    StaleSeqError,
    load,
    match_act,
    match_advance,
    match_for,
    match_undo,
)
from play.matches.setups import HUMAN, SeatsError
from web.authrequest import AuthenticatedHttpRequest
from web.fields import WholeNumberField
from web.limits import is_htmx, throttle_page
from web.numbers import MAX_ID, InvalidNumberError, is_whole_number, parse_int

BOT_GAMES = ("raise", "chocobo")
BOTS_POLL_DELAY = "300ms"  # before htmx asks for the bots' next moves: the board is seen
RECENT_MATCHES = 10
SUGGESTING_BOT = "greedy"
ALL_BOTS = frozenset(name for slug in game_slugs() for name in get_game(slug).bot_types())


# -- forms -----------------------------------------------------------------------------


class SeedField(WholeNumberField):
    """An optional seed within the engine's range."""

    def __init__(self) -> None:
        super().__init__(
            min_value=0,
            max_value=MAX_SEED - 1,
            required=False,
            label="Seed (optional)",
            help_text="The same seed deals the same game again; empty: a random one.",
        )


class DeckIdField(forms.TypedChoiceField):
    """A deck id: the select offers the user's decks, and which decks one may goldfish the
    service decides, with the reason the API gives."""

    def valid_value(self, value: Any) -> bool:
        return is_whole_number(str(value)) and 1 <= int(value) <= MAX_ID


class GoldfishForm(forms.Form):
    """Goldfish one of the user's ChiZo or Shadowfist decks."""

    deck = DeckIdField(coerce=int, label="Deck")
    seed = SeedField()
    opposition = opposition_field()
    test_anyway = illegal_deck_field()

    def __init__(self, *args: Any, decks: list[Deck], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # self.fields holds a copy of the TypedChoiceField declared above.
        cast(forms.ChoiceField, self.fields["deck"]).choices = [
            (deck.pk, f"{deck.name} ({deck.game.name})") for deck in decks
        ]


class SeatBotField(forms.ChoiceField):
    """A bot of this game, or of another game: whether this game has it the service
    decides, with the reason the API gives."""

    def valid_value(self, value: Any) -> bool:
        return value in ALL_BOTS or super().valid_value(value)


class BotGameForm(forms.Form):
    """A game against bots: the number of players, a bot per other seat, a seed."""

    def __init__(self, game: str, data: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(data, prefix=game, **kwargs)
        self.game = game
        info = get_game(game).info
        bots = sorted(get_game(game).bot_types())
        self.fields["players"] = forms.TypedChoiceField(
            coerce=int,
            choices=[(n, str(n)) for n in range(info.min_players, info.max_players + 1)],
            initial=info.min_players,
            label="Players (you and the bots)",
        )
        self.default_bot = SUGGESTING_BOT if SUGGESTING_BOT in bots else bots[0]
        for seat in range(2, info.max_players + 1):
            self.fields[f"seat_{seat}"] = SeatBotField(
                choices=[(name, name) for name in bots],
                initial=self.default_bot,
                required=False,  # seats beyond the number of players are not sent by all
                label=f"Seat {seat}",
            )
        self.fields["seed"] = SeedField()

    def seats(self) -> list[dict[str, Any]]:
        """You in seat 1, then the chosen bot of each other seat."""
        players = self.cleaned_data["players"]
        others = [
            self.cleaned_data[f"seat_{seat}"] or self.default_bot for seat in range(2, players + 1)
        ]
        return [{"player": HUMAN, "deck": None}] + [{"player": b, "deck": None} for b in others]


# -- starting games --------------------------------------------------------------------


def _goldfish_decks(user: AbstractBaseUser) -> list[Deck]:
    return list(deck_list(user=user).filter(game__slug__in=DECK_GAMES))


def _recent(user: AbstractBaseUser) -> list[dict[str, Any]]:
    rows = Match.objects.filter(owner_id=user.pk).order_by("-updated_at", "-id")
    return [
        {"match": match, "game": get_game(match.game).info.name} for match in rows[:RECENT_MATCHES]
    ]


def _home(
    request: AuthenticatedHttpRequest,
    goldfish: GoldfishForm | None = None,
    bots: BotGameForm | None = None,
    status: int = 200,
) -> HttpResponse:
    decks = _goldfish_decks(request.user)
    bot_forms = [bots if bots is not None and bots.game == g else BotGameForm(g) for g in BOT_GAMES]
    context = {
        "section": "play",
        "goldfish": goldfish or GoldfishForm(decks=decks),
        "has_decks": bool(decks),
        "bot_forms": [{"form": f, "name": get_game(f.game).info.name} for f in bot_forms],
        "recent": _recent(request.user),
    }
    return render(request, "play/home.html", context, status=status)


@login_required
def play_home(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Start a game, and the user's recent matches."""
    return _home(request)


@login_required
@throttle_page("match_create")
def goldfish_start(request: AuthenticatedHttpRequest) -> HttpResponse:
    """GET ?deck=<id>: confirm (with an optional seed); POST: start the goldfish match."""
    decks = _goldfish_decks(request.user)
    if request.method != "POST":
        deck = _wanted_deck(request)
        form = GoldfishForm(decks=_with(decks, deck), initial={"deck": deck.pk} if deck else None)
        return _goldfish_page(request, form, deck)
    with suppress(InvalidNumberError):  # not a deck id: the form refuses it, naming it
        wanted = parse_int(request.POST.get("deck", ""), "deck", low=1, high=MAX_ID)
        if wanted not in {d.pk for d in decks}:
            decks = _with(decks, _readable(request.user, wanted))
    form = GoldfishForm(request.POST, decks=decks)
    if form.is_valid():
        try:
            match = services.goldfish_start(
                user=request.user,
                deck_id=form.cleaned_data["deck"],
                seed=form.cleaned_data["seed"],
                test_anyway=form.cleaned_data["test_anyway"],
                opposition=opposition_input(form.cleaned_data["opposition"]),
            )
        except (SeatsError, MatchRuleError) as error:
            form.add_error(None, _reason(error))
        else:
            return redirect("match-page", match_id=match.pk)
    return _goldfish_page(request, form, None, status=400)


def _wanted_deck(request: AuthenticatedHttpRequest) -> Deck | None:
    """The deck ?deck= names, when the user may goldfish it; a value that is not an id
    is a 400 naming it."""
    raw = request.GET.get("deck", "")
    return _readable(request.user, parse_int(raw, "deck", low=1, high=MAX_ID)) if raw else None


def _readable(user: AbstractBaseUser, deck_id: int) -> Deck | None:
    try:
        deck = deck_for_read(user=user, deck_id=deck_id)
    except Http404:
        return None
    return deck if deck.game.slug in DECK_GAMES else None


def _with(decks: list[Deck], deck: Deck | None) -> list[Deck]:
    """The user's decks, and a public deck asked for by id."""
    if deck is None or any(d.pk == deck.pk for d in decks):
        return decks
    return [deck, *decks]


def _goldfish_page(
    request: HttpRequest, form: GoldfishForm, deck: Deck | None, status: int = 200
) -> HttpResponse:
    context = {"section": "play", "form": form, "deck": deck}
    return render(request, "play/match_goldfish.html", context, status=status)


@login_required
@require_POST
@throttle_page("match_create")
def bots_start(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    """Start a Raise or Chocobo Party Up! match against bots."""
    if game not in BOT_GAMES:
        raise Http404("no such game to play against bots")
    form = BotGameForm(game, request.POST)
    if form.is_valid():
        try:
            match = services.match_start(
                user=request.user,
                game=game,
                mode=Match.Mode.BOTS,
                seats=form.seats(),
                seed=form.cleaned_data["seed"],
            )
        except (SeatsError, MatchRuleError) as error:
            form.add_error(None, _reason(error))
        else:
            return redirect("match-page", match_id=match.pk)
    return _home(request, bots=form, status=400)


def _reason(error: Exception) -> str:
    return error.reason if isinstance(error, MatchRuleError) else str(error)


# -- the match -------------------------------------------------------------------------


def _options(data: Mapping[str, str]) -> tuple[str | None, bool]:
    """The selected tile (ChiZo) and whether suggestions are on, from GET or POST."""
    tile = data.get("tile") or None
    return (tile[:64] if tile else None), data.get("hint") == "1"


def suggestion(loaded: Loaded, view: Mapping[str, Any]) -> int | None:
    """The id of the action the greedy bot would take now, when the viewer is to act.

    The bot is seeded as the match seeds its bots (match seed and step), so the same
    position always gets the same suggestion.
    """
    if not view["legal_actions"]:
        return None
    game, state, match = loaded.game, loaded.state, loaded.match
    bots = game.bot_types()
    name = SUGGESTING_BOT if SUGGESTING_BOT in bots else sorted(bots)[0]
    legal = game.legal_actions(state)
    chosen = game.make_bot(name, mix_seed(match.seed, match.seq + 1)).choose(state.clone(), legal)
    return legal.index(chosen)


def outcome_text(view: Mapping[str, Any]) -> str:
    """ "You reached 12 points on turn 9", "Winner: Seat 2 (greedy)", or why it stopped."""
    if not view["is_over"]:
        return ""
    outcome, state, viewer = view["outcome"], view["state"], view["viewer"]
    if view["mode"] == Match.Mode.GOLDFISH:
        return _goldfish_outcome(view["game"], outcome, state, viewer)
    if outcome["status"] != "finished" or not outcome["winners"]:
        why = _STOPPED.get((view["game"], state.get("end", "")))
        return "The game stopped before anyone won" + (f": {why}." if why else ".")
    names = [_seat_name(seat, view) for seat in outcome["winners"]]
    if len(names) == 1:
        return f"Winner: {names[0]}."
    return f"Shared victory: {', '.join(names)}."


#: Why a game stopped without a winner, by (game, the state's "end").
_STOPPED = {
    ("chizo", "exhausted"): "nobody could act any more",
    ("chizo", "turn_cap"): "the turn limit was reached",
}


def _goldfish_outcome(
    game: str, outcome: Mapping[str, Any], state: Mapping[str, Any], viewer: int
) -> str:
    score = outcome["scores"][viewer]
    if game == "chizo":
        if outcome["status"] == "finished":
            return f"You reached {score} points on turn {state['turn']}."
        why = {"turn_cap": "the turn limit was reached", "exhausted": "no action was left"}
        return f"Stopped at {score} points on turn {state['turn']}: " + why.get(
            state.get("end", ""), "the game hit its length limit"
        ) + "."  # fmt: skip
    turns = state["seats"][viewer]["turns"] if game == "shadowfist" else None
    if outcome["status"] == "finished" and viewer in outcome["winners"]:
        return f"You won on your turn {turns}." if turns else "You won."
    return f"Stopped with {score} points: the goal was not reached."


def _seat_name(seat: int, view: Mapping[str, Any]) -> str:
    return seat_name(seat, view["viewer"], view["seats"])


def _status_text(view: Mapping[str, Any]) -> str:
    if view["is_over"]:
        return "Game over"
    if view["bots_pending"]:  # a bot, even in the viewer's seat of an all-bot match
        seat = view["to_act"]
        return f"Bots moving: Seat {seat + 1} ({view['seats'][seat]['player']}) to play"
    if view["to_act"] == view["viewer"] and view["legal_actions"]:
        return "Your move" if view["mode"] != Match.Mode.HOTSEAT else (
            f"Seat {view['viewer'] + 1} to move"
        )  # fmt: skip
    return f"Waiting for {_seat_name(view['to_act'], view)}"


def _render_match(
    request: HttpRequest,
    match: Match,
    *,
    selected: str | None,
    hints: bool,
    error: str = "",
) -> HttpResponse:
    loaded = load(match)
    view = match_view(loaded)
    suggested = suggestion(loaded, view) if hints else None
    board = board_context(BoardInput(view, match.setup, selected, suggested))
    query = {"hint": "1"} if hints else {}
    context = {
        "section": "play",
        "match": match,
        "view": view,
        "board": board,
        "game_name": get_game(match.game).info.name,
        "status": _status_text(view),
        "outcome": outcome_text(view),
        "log": event_lines(view),
        "hints": hints,
        "suggested": _suggested_label(board, suggested),
        "can_undo": match.mode != Match.Mode.BOTS and match.seq > 0,
        "bots_poll_delay": BOTS_POLL_DELAY,
        "page_url": reverse("match-page", args=[match.pk]),
        "hint_query": urlencode(query),
        "error": error,
    }
    template = "play/match_board.html" if is_htmx(request) else "play/match.html"
    return render(request, template, context)


def _suggested_label(board: Mapping[str, Any], wanted: int | None) -> str:
    groups: list[Group] = board.get("groups", [])
    for group in groups:
        for button in group.buttons:
            if button.id == wanted:
                return button.label
    return ""


@login_required
def match_page(request: AuthenticatedHttpRequest, match_id: int) -> HttpResponse:
    """The board as the requesting player sees it (?tile=: a hand tile selected;
    ?hint=1: the greedy bot's choice marked)."""
    match = match_for(user=request.user, match_id=match_id)
    selected, hints = _options(request.GET)
    return _render_match(request, match, selected=selected, hints=hints)


def _int(data: Mapping[str, str], name: str) -> int | None:
    """The whole number posted as `name`, None when absent or empty; anything else is a
    400 naming it (the board's forms always send one)."""
    raw = data.get(name, "")
    return parse_int(raw, name, low=0, high=MAX_ID) if raw else None


def _back(match_id: int, selected: str | None, hints: bool) -> str:
    query = {k: v for k, v in (("tile", selected), ("hint", "1" if hints else None)) if v}
    url = reverse("match-page", args=[match_id])
    return f"{url}?{urlencode(query)}" if query else url


def _refused(
    request: AuthenticatedHttpRequest, match_id: int, reason: str, selected: str | None, hints: bool
) -> HttpResponse:
    """The board again with the reason: swapped in place (htmx), else after a redirect."""
    if is_htmx(request):
        match = match_for(user=request.user, match_id=match_id)
        return _render_match(request, match, selected=selected, hints=hints, error=reason)
    messages.error(request, reason)
    return redirect(_back(match_id, selected, hints))


def _board_refused(request: AuthenticatedHttpRequest, reason: str, match_id: int) -> HttpResponse:
    """An htmx write refused before it ran (throttled): the board as it is, with the
    reason, swapped in place like a refused action."""
    return _refused(request, match_id, reason, *_options(request.POST))


@login_required
@require_POST
@throttle_page("match_action", htmx=_board_refused)
def match_act_view(request: AuthenticatedHttpRequest, match_id: int) -> HttpResponse:
    """Take the action `action_id` chosen at step `seq`; bots then move."""
    match_for(user=request.user, match_id=match_id)  # 404 before anything else
    selected, hints = _options(request.POST)
    seq, action_id = _int(request.POST, "seq"), _int(request.POST, "action_id")
    if seq is None or action_id is None:
        return _refused(request, match_id, "Choose an action.", selected, hints)
    try:
        match = match_act(
            user=request.user, match_id=match_id, seq=seq, action=None, action_id=action_id
        )
    except StaleSeqError as error:
        reason = f"Not played: {error}. Here is the board as it is now."
        return _refused(request, match_id, reason, selected, hints)
    except MatchRuleError as error:
        return _refused(request, match_id, error.reason, selected, hints)
    if is_htmx(request):
        return _render_match(request, match, selected=selected, hints=hints)
    return redirect(_back(match_id, None, hints))


@login_required
@require_POST
@throttle_page("match_action", htmx=_board_refused)  # the API counts undo as an action too
def match_undo_view(request: AuthenticatedHttpRequest, match_id: int) -> HttpResponse:
    """Take back the last action (goldfish and hotseat matches)."""
    match_for(user=request.user, match_id=match_id)
    selected, hints = _options(request.POST)
    seq = _int(request.POST, "seq")
    if seq is None:
        return _refused(request, match_id, "Nothing to undo.", selected, hints)
    try:
        match = match_undo(user=request.user, match_id=match_id, seq=seq)
    except StaleSeqError as error:
        reason = f"Nothing undone: {error}. Here is the board as it is now."
        return _refused(request, match_id, reason, selected, hints)
    except MatchRuleError as error:
        return _refused(request, match_id, error.reason, selected, hints)
    if is_htmx(request):
        return _render_match(request, match, selected=selected, hints=hints)
    return redirect(_back(match_id, selected, hints))


@login_required
@require_POST
@throttle_page("match_action", htmx=_board_refused)  # as the API's advance/
def match_advance_view(request: AuthenticatedHttpRequest, match_id: int) -> HttpResponse:
    """Let the bots play their next decisions (the board's "Continue" while they move).

    A stale step or no bot to move means another tab or request moved the match on:
    nothing to report, the board as it is now.
    """
    match = match_for(user=request.user, match_id=match_id)
    selected, hints = _options(request.POST)
    seq = _int(request.POST, "seq")
    if seq is not None:
        try:
            match = match_advance(user=request.user, match_id=match_id, seq=seq)
        except (StaleSeqError, MatchRuleError):
            match = match_for(user=request.user, match_id=match_id)
    if is_htmx(request):
        return _render_match(request, match, selected=selected, hints=hints)
    return redirect(_back(match_id, selected, hints))
