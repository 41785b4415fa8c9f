"""ChiZo RISING tiles drawn as SVG on the server.

A creature tile is a square in its class's colour: the class name in a band at the top,
STR and INT in the middle, the tile's name below, and a mark on the edges for each class
it is compatible with. The data gives a creature a list of compatible classes, not one
per edge, so the marks go on the edges in the stored (zodiac) order, clockwise from the
top; a fifth class would share the top edge. Other tiles (Actions, Items, ...) get a
plain variant with their type in the band. No JavaScript: the markup is the picture, and
every value placed in it is escaped.
"""

from __future__ import annotations

import colorsys
import textwrap

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cards.models import Card
from cards.vocabulary import CHIZO_CLASSES

SIZE = 200
EDGE = 14  # the tile's border sits this far inside the picture, so edge marks fit
INK = "#1d1f24"
SVG_NS = "http://www.w3.org/2000/svg"

# Twelve hues round the colour wheel, one per class in zodiac order.
CLASS_HUES: dict[str, int] = {name: index * 30 for index, name in enumerate(CHIZO_CLASSES)}
TYPE_HUES: dict[str, int] = {
    "Action": 215,
    "Reaction": 20,
    "Action/Reaction": 265,
    "Item": 140,
    "Obstacle": 35,
    "Modifier": 320,
}
# Three letters tell the twelve classes apart (Rat/Rabbit, Rooster/Ram ...) inside a mark.
CLASS_ABBREVIATIONS: dict[str, str] = {name: name[:3] for name in CHIZO_CLASSES}
EDGES = ("top", "right", "bottom", "left")
NO_COMPATIBILITY = "compatible with no creature"


def _colour(hue: int, saturation: float, lightness: float) -> str:
    red, green, blue = colorsys.hls_to_rgb(hue / 360, lightness, saturation)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def strong_colour(hue: int, saturation: float = 0.6) -> str:
    """The dark shade of a hue: bands, borders and marks (white text reads on it)."""
    return _colour(hue, saturation, 0.3)


def light_colour(hue: int, saturation: float = 0.6) -> str:
    """The pale shade of a hue: the tile's face (ink text reads on it)."""
    return _colour(hue, saturation, 0.93)


def is_creature(card: Card) -> bool:
    """A creature tile: drawn with its class and compatibility marks."""
    return card.type == "Creature" and bool(card.creature_class)


def tile_svg(card: Card) -> SafeString:
    """The tile as an inline SVG element (role img, with a title and an aria-label)."""
    if is_creature(card):
        face = _face(CLASS_HUES.get(card.creature_class, 0), card.creature_class, 0.6)
        body = _stats(card) + _name(card.name, 158) + _marks(card.compatible_list)
    else:
        # Greyer than any class, so a plain tile never passes for a creature.
        face = _face(TYPE_HUES.get(card.type, 220), card.type, 0.3)
        has_stats = card.strength is not None or card.intelligence is not None
        body = (_stats(card) + _name(card.name, 158)) if has_stats else _name(card.name, 112)
    if card.element:
        body += _text(card.element, SIZE / 2, 76, size=11, fill=INK, css="element")
    return _svg(card, face + body)


def describe(card: Card) -> str:
    """The tile in words: the SVG's accessible name."""
    parts = [card.name, card.type]
    if card.creature_class:
        parts.append(card.creature_class)
    if card.element:
        parts.append(f"element {card.element}")
    if card.strength is not None or card.intelligence is not None:
        parts.append(f"STR {_number(card.strength)}, INT {_number(card.intelligence)}")
    if is_creature(card):
        allies = card.compatible_list
        parts.append(f"compatible with {', '.join(allies)}" if allies else NO_COMPATIBILITY)
    return ", ".join(parts)


def _svg(card: Card, body: str) -> SafeString:
    label = escape(describe(card))
    kind = "creature" if is_creature(card) else "plain"
    # Safe: every text placed in `body` went through escape(); the rest are numbers.
    return mark_safe(
        f'<svg xmlns="{SVG_NS}" class="tile tile-{kind}" viewBox="0 0 {SIZE} {SIZE}" '
        f'role="img" aria-label="{label}"><title>{label}</title>{body}</svg>'
    )


def _face(hue: int, band: str, saturation: float) -> str:
    inner = SIZE - 2 * EDGE
    strong = strong_colour(hue, saturation)
    return (
        f'<rect x="{EDGE}" y="{EDGE}" width="{inner}" height="{inner}" rx="12" '
        f'fill="{light_colour(hue, saturation)}"></rect>'
        f'<rect x="{EDGE}" y="{EDGE}" width="{inner}" height="44" rx="12" fill="{strong}"></rect>'
        f'<rect x="{EDGE}" y="{EDGE + 30}" width="{inner}" height="14" fill="{strong}"></rect>'
        f'<rect x="{EDGE}" y="{EDGE}" width="{inner}" height="{inner}" rx="12" fill="none" '
        f'stroke="{strong}" stroke-width="3"></rect>'
        + _text(band, SIZE / 2, EDGE + 30, size=_band_size(band), fill="#fff", css="band")
    )


def _band_size(text: str) -> int:
    return 20 if len(text) <= 10 else 15


def _stats(card: Card) -> str:
    return "".join(
        _text(label, x, 92, size=11, fill=INK, css=f"label {css}")
        + _text(_number(value), x, 126, size=32, fill=INK, css=f"stat {css}")
        for label, css, value, x in (
            ("STR", "str", card.strength, 64),
            ("INT", "int", card.intelligence, 136),
        )
    )


def _number(value: int | None) -> str:
    return "\N{EN DASH}" if value is None else str(value)


def _name(name: str, y: float) -> str:
    """The name on one line, or two when long; very long names are squeezed to fit."""
    lines = textwrap.wrap(name, 18, max_lines=2, placeholder="…") or [""]
    top = y - 9 * (len(lines) - 1)
    return "".join(
        _text(line, SIZE / 2, top + 18 * index, size=15, fill=INK, css="name", fit=True)
        for index, line in enumerate(lines)
    )


def _text(
    text: str, x: float, y: float, *, size: int, fill: str, css: str, fit: bool = False
) -> str:
    squeeze = ""
    if fit and len(text) > 18:
        squeeze = f' textLength="{SIZE - 2 * EDGE - 16}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text class="{css}" x="{x:g}" y="{y:g}" text-anchor="middle" font-size="{size}" '
        f'font-weight="700" fill="{fill}" font-family="system-ui, sans-serif"{squeeze}>'
        f"{escape(text)}</text>"
    )


def _marks(allies: list[str]) -> str:
    if not allies:
        return _no_compatibility_mark()
    per_edge: dict[str, list[str]] = {edge: [] for edge in EDGES}
    for index, ally in enumerate(allies):
        per_edge[EDGES[index % len(EDGES)]].append(ally)
    return "".join(
        _mark(ally, *_edge_point(edge, slot, len(names)))
        for edge, names in per_edge.items()
        for slot, ally in enumerate(names)
    )


def _edge_point(edge: str, slot: int, count: int) -> tuple[float, float]:
    along = SIZE / 2 + (slot - (count - 1) / 2) * 32
    return {
        "top": (along, EDGE),
        "right": (SIZE - EDGE, along),
        "bottom": (along, SIZE - EDGE),
        "left": (EDGE, along),
    }[edge]


def _mark(ally: str, x: float, y: float) -> str:
    colour = strong_colour(CLASS_HUES.get(ally, 0))
    abbreviation = CLASS_ABBREVIATIONS.get(ally, ally[:3])
    return (
        f'<g class="compat" data-class="{escape(ally)}"><title>Compatible with '
        f'{escape(ally)}</title><circle cx="{x:g}" cy="{y:g}" r="14" fill="{colour}" '
        f'stroke="#fff" stroke-width="2"></circle>'
        + _text(abbreviation, x, y + 3.5, size=10, fill="#fff", css="compat-label")
        + "</g>"
    )


def _no_compatibility_mark() -> str:
    x, y = SIZE / 2, EDGE
    return (
        f'<g class="compat compat-none"><title>{NO_COMPATIBILITY.capitalize()}</title>'
        f'<circle cx="{x:g}" cy="{y:g}" r="14" fill="#fff" stroke="{INK}" stroke-width="2">'
        f'</circle><line x1="{x - 7:g}" y1="{y + 7:g}" x2="{x + 7:g}" y2="{y - 7:g}" '
        f'stroke="{INK}" stroke-width="2"></line></g>'
    )
