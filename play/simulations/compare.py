"""Paired comparison of two goldfish simulations run on the same seeds."""

from __future__ import annotations

from typing import Any

from play.simulations.models import Simulation
from play.simulations.tallies import mean_interval


def compare_simulations(a: Simulation, b: Simulation) -> dict[str, Any]:
    """Mean difference in finishing turn (b - a) over the same games, with a 95% interval.

    A game that did not finish within the cap counts as the cap plus one turn, so the
    pairs stay complete; the count of such games is reported beside.
    """
    if a.status != Simulation.Status.DONE or b.status != Simulation.Status.DONE:
        raise ValueError("both simulations must be done")
    if (a.seed, a.games, a.kind) != (b.seed, b.games, b.kind) or a.kind != "goldfish":
        raise ValueError("compare goldfish simulations with the same seed and number of games")
    first, second = _turns(a), _turns(b)
    cap = 1 + max([t for t in [*first.values(), *second.values()] if t is not None], default=0)

    def capped(turn: int | None) -> int:
        return cap if turn is None else turn

    diffs = [capped(second[i]) - capped(first[i]) for i in sorted(first)]
    return {
        "a": a.pk,
        "b": b.pk,
        "games": len(diffs),
        "difference": mean_interval(diffs),
        "a_mean": (a.results or {}).get("turn", {}).get("mean"),
        "b_mean": (b.results or {}).get("turn", {}).get("mean"),
        "unfinished": {
            "a": sum(t is None for t in first.values()),
            "b": sum(t is None for t in second.values()),
        },
    }


def _turns(simulation: Simulation) -> dict[int, int | None]:
    """Each game's finishing turn by game index (kept when the records are pruned)."""
    turns: dict[int, int | None] = {}
    for chunk in simulation.chunks.defer("records", "tally").iterator(chunk_size=1):
        if chunk.turns is not None:
            turns.update(enumerate(chunk.turns, start=chunk.start))
        else:  # written before the turns were kept apart
            turns.update((record["index"], record["turn"]) for record in chunk.records or [])
    return turns
