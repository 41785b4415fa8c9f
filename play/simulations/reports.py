"""Plain-text reports of simulation statistics, for the command line."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from decks.modelling import modelling_words, not_modelled_lines
from play.simulations.policies import gap_words


def histogram_lines(counts: dict[int, int], *, bins: int = 12, width: int = 40) -> list[str]:
    """A text histogram, grouping values into at most `bins` equal ranges."""
    if not counts:
        return ["(no data)"]
    low, high = min(counts), max(counts)
    size = max(1, math.ceil((high - low + 1) / bins))
    grouped: dict[int, int] = {}
    for value, count in counts.items():
        start = low + (value - low) // size * size
        grouped[start] = grouped.get(start, 0) + count
    top = max(grouped.values())
    lines = []
    for start in range(low, high + 1, size):
        count = grouped.get(start, 0)
        label = str(start) if size == 1 else f"{start}-{start + size - 1}"
        bar = "#" * max(1 if count else 0, round(width * count / top))
        lines.append(f"  {label:>9} | {bar} {count}")
    return lines


def seat_table(seats: Iterable[Any]) -> list[str]:
    lines = [f"  {'seat':>4}  {'bot':10} {'wins':>6} {'win rate':>9}  95% interval"]
    for s in seats:
        lines.append(
            f"  {s.seat:>4}  {s.bot:10} {s.wins:>6} {s.rate:>9.1%}  {s.low:.1%} to {s.high:.1%}"
        )
    return lines


def goldfish_lines(
    summary: dict[str, Any], *, label: str, effects: str | None = None
) -> list[str]:
    """The statistics of goldfish games, as the command line prints them; ``effects``:
    the effects version they ran with, in words (play/simulations/provenance.py)."""
    turn = summary["turn"]
    out = [f"{label}: {summary['games']} games", ""]
    modelling = summary.get("modelling")
    if modelling is not None:  # what the figures stand on, beside them
        out.append(f"what the engine modelled: {modelling_words(modelling)}")
    if effects is not None:
        out.append(f"effects: {effects}")
    if policy := summary.get("policy"):
        words = gap_words(summary.get("policy_gap"))
        out.append(f"bot: {policy}" + (f" (goldfish {words})" if words else ""))
    out += [f"warning: {warning}" for warning in summary.get("warnings", [])]
    if turn["mean"] is None:
        out.append("never reached the goal within the turn cap")
    else:
        out.append(
            f"goal reached in {summary['wins']} of {summary['games']} games; turn: mean "
            f"{turn['mean']:.2f} (95% interval {turn['low']:.2f} to {turn['high']:.2f}), "
            f"median {turn['median']}"
        )
        out += histogram_lines({int(t): n for t, n in turn["histogram"].items()}, bins=30)
    out.append(f"not within the turn cap: {summary['unfinished']}")
    for key, figures in summary.get("first_turns", {}).items():
        if figures["mean"] is not None:
            out.append(
                f"{key.replace('_', ' ')}: mean {figures['mean']:.2f}; never: {figures['never']}"
            )
    for key, curve in summary.get("curves", {}).items():
        values = ", ".join(f"{v:.1f}" for v in curve[:12])
        out.append(f"{key.replace('_', ' ')} (mean, turns 1-12): {values}")
    cards = summary["cards"]
    if cards:
        drawn_key = next(k for k in cards[0] if k.startswith("drawn_by_turn_"))
        out += ["", f"  {'card':32} {'drawn by turn ' + drawn_key.rsplit('_', 1)[1]:>16} "
                    f"{'played':>8} {'never playable':>15}"]  # fmt: skip
        for card in cards:
            out.append(
                f"  {card['name'][:32]:32} {card[drawn_key]:>16.0%} {card['played']:>8.0%} "
                f"{card['never_playable']:>15.0%}"
            )
    if modelling is None:  # a summary from before the cards' modelling was reported
        blanks = summary.get("blanks", [])
        names = ", ".join(b["name"] for b in blanks) if blanks else "none listed"
        return [*out, "", f"cards treated as blanks (effects not modelled): {names}"]
    if modelling["not_modelled"]:
        out += ["", "cards not fully modelled:", *not_modelled_lines(modelling)]
    return out
