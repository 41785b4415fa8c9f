"""Plain-text reports of simulation statistics, for the command line."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """Mean with a 95% normal-approximation confidence interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


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
