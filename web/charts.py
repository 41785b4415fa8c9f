"""Small SVG charts drawn on the server: bars (deck curves, breakdowns, histograms) and a
line (cumulative curves). No JavaScript, so a chart shows in any browser and a test can
read it as markup. Every chart carries `role="img"` and a readable `aria-label`."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 480, 200
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 16, 28  # room for the axis labels


def _number(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.3g}"


def bar_chart(bars: Sequence[tuple[str, float]], *, title: str, unit: str = "") -> SafeString:
    """Vertical bars, one per (label, value), each with its value above it."""
    top = max((value for _, value in bars), default=0) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(bars), 1)
    parts = []
    for index, (label, value) in enumerate(bars):
        height = plot_h * value / top
        x, y = LEFT + index * slot + slot * 0.1, TOP + plot_h - height
        centre = LEFT + index * slot + slot / 2
        parts.append(
            f'<g class="bar" data-label="{escape(label)}" data-value="{_number(value)}">'
            f"<title>{escape(label)}: {_number(value)}{escape(unit)}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" height="{height:.1f}" '
            'fill="#2454c5"></rect>'
            f'<text x="{centre:.1f}" y="{y - 3:.1f}" text-anchor="middle">{_number(value)}</text>'
            f'<text x="{centre:.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">'
            f"{escape(label)}</text></g>"
        )
    return _svg(title, "".join(parts))


def line_chart(
    points: Sequence[tuple[float, float]], *, title: str, y_max: float = 1.0, percent: bool = True
) -> SafeString:
    """A line through (x, y) points in x order, with the x values labelled below."""
    if not points:
        return _svg(title, "")
    xs = [x for x, _ in points]
    low, high = min(xs), max(xs)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def place(x: float, y: float) -> tuple[float, float]:
        across = (x - low) / (high - low) if high > low else 0.5
        return LEFT + across * plot_w, TOP + plot_h * (1 - min(y, y_max) / y_max)

    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in (place(x, y) for x, y in points))
    ticks = []
    for x, y in points:
        px, py = place(x, y)
        shown = f"{y:.0%}" if percent else _number(y)
        ticks.append(
            f'<g class="point" data-x="{_number(x)}" data-y="{y:.4f}"><title>{_number(x)}: '
            f'{shown}</title><circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="#2454c5"></circle>'
            f'<text x="{px:.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{_number(x)}'
            "</text></g>"
        )
    top_label = f"{y_max:.0%}" if percent else _number(y_max)
    axis = (
        f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end">{top_label}</text>'
        f'<text x="{LEFT - 4}" y="{TOP + plot_h}" text-anchor="end">0</text>'
    )
    line = f'<polyline points="{path}" fill="none" stroke="#2454c5" stroke-width="2"></polyline>'
    return _svg(title, axis + line + "".join(ticks))


def _svg(title: str, body: str) -> SafeString:
    base = HEIGHT - BOTTOM
    # Safe: every value placed in the markup above is escaped or a number.
    return mark_safe(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<line x1="{LEFT}" y1="{base}" x2="{WIDTH - RIGHT}" y2="{base}" stroke="#a9aeb8"></line>'
        f"{body}</svg>"
    )
