"""Reads of the play app: what a player sees of a match."""

from __future__ import annotations

from typing import Any

from play.matches.models import Match
from play.matches.services import Loaded, bots_to_move, is_human

RECENT_STEPS = 50


def viewer_seat(match: Match, to_act: int | None) -> int:
    """Whose eyes the owner looks through: the human to act, else the first human seat."""
    if is_human(match, to_act):
        assert to_act is not None
        return to_act
    humans = [seat for seat in range(len(match.seats)) if is_human(match, seat)]
    return humans[0] if humans else 0


def match_view(loaded: Loaded) -> dict[str, Any]:
    match, game, state = loaded.match, loaded.game, loaded.state
    to_act = None if game.is_over(state) else state.to_act
    viewer = viewer_seat(match, to_act)
    legal = game.legal_actions(state) if to_act == viewer and is_human(match, viewer) else []
    labels = game.labels(state, legal)
    outcome = game.outcome(state)
    steps = list(match.actions.order_by("-seq")[:RECENT_STEPS])[::-1]
    seen = game.view(state, viewer)
    names = game.view_names(seen)  # the cards or tiles the viewer may call by name
    return {
        "id": match.pk,
        "game": match.game,
        "mode": match.mode,
        "seats": match.seats,
        "viewer": viewer,
        "seq": match.seq,
        "to_act": to_act,
        "state": seen,
        "legal_actions": [
            {"id": index, "label": label, "action": action.to_dict()}
            for index, (action, label) in enumerate(zip(legal, labels, strict=True))
        ],
        "is_over": game.is_over(state),
        "bots_pending": bots_to_move(loaded),
        "outcome": outcome.to_dict() if game.is_over(state) else None,
        "score": list(outcome.scores),
        "events": [
            {
                "seq": s.seq,
                "player": s.player,
                "by_bot": s.by_bot,
                "events": s.events,
                "text": [game.event_text(event, names) for event in s.events],
            }
            for s in steps
        ],
    }
