"""Paired comparison of two goldfish simulations run on the same seeds.

Two questions, in this order, each paired game by game (game i of both decks has the same
seed): how often each deck wins within the turn cap, and, over the games both decks won,
how much sooner one finishes. An unfinished game has no finishing turn: it counts in the
win rates only, never as a turn (a mean difference built on capped values would measure
the cap). The headline says which deck never won, when one never did.
"""

from __future__ import annotations

from typing import Any

from play.matches.tables import spec_table, table_dict
from play.simulations.goldfish import turn_cap
from play.simulations.models import Simulation
from play.simulations.provenance import effects_provenance
from play.simulations.tallies import mean_interval

#: How the finishing turns are compared: the report says it beside the figure.
TURN_METHOD = (
    "finishing turns compared over the games both decks won within the cap; a game not "
    "won counts in the win rates only"
)


def table_of(simulation: Simulation) -> dict[str, Any]:
    """The table a goldfish faced: both decks of a comparison must face the same one."""
    game = simulation.game
    return table_dict(game, spec_table(game, simulation.spec))


def compare_simulations(a: Simulation, b: Simulation) -> dict[str, Any]:
    """Win rates within the cap and their paired difference (b - a, a share of the
    games, with a 95% interval), and the paired difference in finishing turn (b - a)
    over the games both won, with the headline that sums them up."""
    if a.status != Simulation.Status.DONE or b.status != Simulation.Status.DONE:
        raise ValueError("both simulations must be done")
    if (a.seed, a.games, a.kind) != (b.seed, b.games, b.kind) or a.kind != "goldfish":
        raise ValueError("compare goldfish simulations with the same seed and number of games")
    cap = turn_cap(a.game, a.spec)
    if a.game != b.game or cap != turn_cap(b.game, b.spec):
        raise ValueError("compare simulations of one game with the same turn cap")
    if table_of(a) != table_of(b):
        raise ValueError("compare simulations against the same opposition")
    first, second = _turns(a), _turns(b)
    games = sorted(first)
    won = [(first[i] is not None, second[i] is not None) for i in games]
    both = [i for i in games if first[i] is not None and second[i] is not None]
    result = {
        "a": a.pk,
        "b": b.pk,
        "games": len(games),
        "cap": cap,
        "wins": {"a": sum(x for x, _ in won), "b": sum(y for _, y in won)},
        "win_difference": mean_interval(int(y) - int(x) for x, y in won),
        "only": {"a": sum(x and not y for x, y in won), "b": sum(y and not x for x, y in won)},
        "both_won": len(both),
        "turn_difference": mean_interval(second[i] - first[i] for i in both),  # type: ignore[operator]  # both: no None
        "turn_method": TURN_METHOD,
        "a_mean": (a.results or {}).get("turn", {}).get("mean"),
        "b_mean": (b.results or {}).get("turn", {}).get("mean"),
        "unfinished": {
            "a": sum(t is None for t in first.values()),
            "b": sum(t is None for t in second.values()),
        },
        # What each deck's figures stand on: its effects version and the cards changed since.
        "effects": {"a": effects_provenance(a), "b": effects_provenance(b)},
    }
    result["headline"] = headline(result)
    return result


def _share(count: int, games: int) -> str:
    return f"{100 * count / games:.1f}%" if games else "-"


def _points(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:+.1f}"


def headline(result: dict[str, Any]) -> str:
    """The comparison in a sentence or two, as the API and the page both give it."""
    games, cap = result["games"], result["cap"]
    wins_a, wins_b = result["wins"]["a"], result["wins"]["b"]
    within = f"within {cap} turns"
    if not wins_a and not wins_b:
        return f"Neither deck won {within} in {games} games: no difference to measure."
    if not wins_b:
        return f"B never won {within}; A won {wins_a} of {games} games."
    if not wins_a:
        return f"A never won {within}; B won {wins_b} of {games} games."
    rates = f"A {_share(wins_a, games)}, B {_share(wins_b, games)}"
    win = result["win_difference"]
    interval = (
        f"B - A {_points(win['mean'])} points, "
        f"95% interval {_points(win['low'])} to {_points(win['high'])}"
    )
    if win["low"] is not None and win["low"] > 0:
        first = f"B wins more often {within}: {rates} ({interval})."
    elif win["high"] is not None and win["high"] < 0:
        first = f"A wins more often {within}: {rates} ({interval})."
    else:
        first = f"No clear difference in wins {within}: {rates} ({interval})."
    turns, both = result["turn_difference"], result["both_won"]
    if turns["mean"] is None:
        return first + " No game was won by both decks: finishing turns not compared."
    span = f"{turns['mean']:+.2f} turns, 95% interval {turns['low']:+.2f} to {turns['high']:+.2f}"
    over = f"Over the {both} games both won"
    if turns["high"] < 0:
        second = f"{over}, B finishes sooner: B - A {span}."
    elif turns["low"] > 0:
        second = f"{over}, A finishes sooner: B - A {span}."
    else:
        second = f"{over}, no clear difference in finishing turn: B - A {span}."
    return f"{first} {second}"


def _turns(simulation: Simulation) -> dict[int, int | None]:
    """Each game's finishing turn by game index (kept when the records are pruned)."""
    turns: dict[int, int | None] = {}
    for chunk in simulation.chunks.defer("records", "tally").iterator(chunk_size=1):
        if chunk.turns is not None:
            turns.update(enumerate(chunk.turns, start=chunk.start))
        else:  # written before the turns were kept apart
            turns.update((record["index"], record["turn"]) for record in chunk.records or [])
    return turns
