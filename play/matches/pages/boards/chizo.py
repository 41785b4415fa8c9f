"""The ChiZo RISING board: the playing area as SVG, the hand, stacks, piles and actions.

Placing is played on the board: the player picks a tile of the hand (a link that selects
it), the spaces where that tile may go are highlighted in the SVG, and a button lies
over each of them (a real submit button, so it works without JavaScript and from the
keyboard). Every other action, and every placement again as a list, is a button below.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString

from play.engine.games.chizo.labels import tile_where, tiles_by_uid
from play.matches.pages.boards.common import (
    BoardInput,
    Button,
    Group,
    counted,
    group_by_kind,
    make_buttons,
    player_name,
    seat_colour,
    seat_fill,
    seat_rows,
    svg_image,
    turn_text,
)

CELL = 64  # SVG units per grid space
GAP = 3  # between spaces
REM_PER_CELL = 4.5  # the widest a space is drawn on a wide screen
MIN_REM_PER_CELL = 2.75  # the narrowest: a 44-pixel target
CELL_KINDS = ("place", "put", "to")
MOVE_KEY = "to"  # the selection key of the "where does the moved tile go" choice
KIND_TITLES = {
    "draw": "Your turn", "end_turn": "Your turn", "action": "Play an Action",
    "attach": "Attach a Modifier", "battle": "Announce a Battle", "ask": "Allies",
    "stop": "Allies", "accept": "Allies", "refuse": "Allies", "face_down": "Battle tile",
    "react": "React", "lend": "React", "pass": "React", "choose": "Choose",
    "opponent": "Choose", "done": "Choose",
}  # fmt: skip
PHASE_TEXT = {
    "turn": "Turn", "allies": "Battle: asking for Allies", "answer": "Battle: an Ally is asked",
    "face_down": "Battle: lay a tile face down", "react": "Action Stack: reactions",
    "choice": "Choosing",
}  # fmt: skip


@dataclass(frozen=True)
class CellChoice:
    """A legal action that puts something into a space."""

    id: int
    key: str  # the selection it belongs to: the tile's catalogue id, or MOVE_KEY
    x: int
    y: int
    label: str
    suggested: bool


def board(inp: BoardInput) -> dict[str, Any]:
    """The template context of the ChiZo board."""
    state = inp.view["state"]
    tiles = tiles_by_uid(state)
    defs = tile_defs(inp.setup)
    buttons = make_buttons(inp)
    cells = cell_choices(inp, buttons, tiles)
    selected = selection(inp.selected, cells, inp.suggested)
    chosen = [c for c in cells if c.key == selected]
    area = area_extent(state["grid"], cells)
    return {
        "template": "play/boards/chizo.html",
        "phase": phase_text(inp.view),
        "svg": area_svg(state, chosen, area, defs),
        "overlay": overlay(chosen, area),
        "area_rem": round(min(area.cols * REM_PER_CELL, 36), 2),
        # a space stays big enough to tap on a phone; a wide area scrolls sideways
        "area_min_rem": round(area.cols * MIN_REM_PER_CELL, 2),
        "hand": hand_tiles(state["hand"], defs, cells, selected),
        "selected": selected,
        "selected_name": _selection_name(selected, chosen, tiles),
        "groups": action_groups(buttons, cells, selected),
        "seats": _seats(inp),
        "stack": stack_lines(inp, tiles),
        "battle": battle_text(state.get("battle"), tiles),
        "choice": choice_text(inp, tiles),
    }


# -- tiles ----------------------------------------------------------------------------


def tile_defs(setup: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The catalogue rows of the match's tiles by id (as text), for class and STR/INT."""
    return {str(row.get("id", row.get("name"))): row for row in setup.get("tiles", [])}


# -- placements on the board -----------------------------------------------------------


def cell_choices(
    inp: BoardInput, buttons: list[Button], tiles: Mapping[int, Mapping[str, Any]]
) -> list[CellChoice]:
    """The legal actions that put a tile into a space, keyed by the tile placed."""
    found = []
    for legal, button in zip(inp.view["legal_actions"], buttons, strict=True):
        action = legal["action"]
        if action["kind"] not in CELL_KINDS:
            continue
        args = action["args"]
        if action["kind"] == "to":
            key, x, y = MOVE_KEY, args[0], args[1]
        else:
            tile = tiles.get(args[0])
            key, x, y = str(tile["tile"] if tile else args[0]), args[1], args[2]
        found.append(CellChoice(legal["id"], key, x, y, button.label, button.suggested))
    return found


def selection(wanted: str | None, cells: list[CellChoice], suggested: int | None) -> str | None:
    """The tile whose spaces are highlighted: the one asked for, else the suggested
    placement's, else the first tile that can be placed."""
    keys = list(dict.fromkeys(c.key for c in cells))
    if wanted in keys:
        return wanted
    for cell in cells:
        if cell.id == suggested:
            return cell.key
    return keys[0] if keys else None


def _selection_name(
    selected: str | None, chosen: list[CellChoice], tiles: Mapping[int, Mapping[str, Any]]
) -> str:
    if selected is None or not chosen:
        return ""
    if selected == MOVE_KEY:
        return "the tile being moved"
    return next((t["name"] for t in tiles.values() if str(t["tile"]) == selected), selected)


@dataclass(frozen=True)
class Extent:
    """The spaces drawn: x from x0, y from y0, cols x rows."""

    x0: int
    y0: int
    cols: int
    rows: int

    @property
    def width(self) -> int:
        """In SVG units."""
        return self.cols * CELL + GAP

    @property
    def height(self) -> int:
        """In SVG units."""
        return self.rows * CELL + GAP

    def origin(self, x: int, y: int) -> tuple[int, int]:
        """The top left corner of space (x, y) in SVG units."""
        return (x - self.x0) * CELL + GAP, (y - self.y0) * CELL + GAP


def area_extent(grid: list[Mapping[str, Any]], cells: list[CellChoice]) -> Extent:
    """Every tile in play and every space any tile may go to (so selecting another tile
    does not rescale the board)."""
    points = [(t["x"], t["y"]) for t in grid] + [(c.x, c.y) for c in cells]
    if not points:
        points = [(0, 0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Extent(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def area_svg(
    state: Mapping[str, Any],
    chosen: list[CellChoice],
    area: Extent,
    defs: Mapping[str, Mapping[str, Any]],
) -> SafeString:
    """The playing area: tiles in play, and the spaces of the selected tile highlighted."""
    size = CELL - GAP
    parts = [
        f'<rect class="ground" x="0" y="0" width="{area.width}" height="{area.height}" '
        'fill="#f4f5f7"></rect>'
    ]
    for tile in state["grid"]:
        parts.append(_tile_svg(tile, area, defs, state["player"]))
    for cell in chosen:
        left, top = area.origin(cell.x, cell.y)
        mark = " suggested" if cell.suggested else ""
        parts.append(
            f'<g class="cell legal{mark}" data-action-id="{cell.id}" data-x="{cell.x}" '
            f'data-y="{cell.y}"><title>{escape(cell.label)}</title>'
            f'<rect x="{left}" y="{top}" width="{size}" height="{size}" rx="6" '
            'fill="#2454c5" fill-opacity="0.12" stroke="#2454c5" stroke-width="2" '
            'stroke-dasharray="6 4"></rect>'
            f'<text x="{left + size / 2:g}" y="{top + size / 2 + 8:g}" text-anchor="middle" '
            f'font-size="24" fill="#2454c5">{"★" if cell.suggested else "+"}</text></g>'
        )
    title = f"Playing area: {counted(len(state['grid']), 'tile')} in play"
    if chosen:
        title += f", {counted(len(chosen), 'highlighted space')}"
    return svg_image("chizo-area", area.width, area.height, parts, title)


def _tile_svg(
    tile: Mapping[str, Any], area: Extent, defs: Mapping[str, Mapping[str, Any]], viewer: int
) -> str:
    left, top = area.origin(tile["x"], tile["y"])
    size, controller = CELL - GAP, tile["controller"]
    row = defs.get(str(tile["tile"]), {})
    cls = row.get("creature_class") or ""
    stats = f"{tile['str']}/{tile['int']}" if tile["str"] is not None else ""
    whose = "yours" if controller == viewer else f"Seat {controller + 1}'s"
    about = f"{tile['name']} ({tile['type']}{', ' + cls if cls else ''}), {whose}"
    if stats:
        about += f", STR {tile['str']} INT {tile['int']}"
    attached = tile.get("attached")
    if attached:
        about += f", with {attached['name']}"
    lines = [
        f'<g class="tile" data-uid="{tile["uid"]}" data-x="{tile["x"]}" data-y="{tile["y"]}" '
        f'data-owner="{tile["owner"]}"><title>{escape(about)}</title>',
        f'<rect x="{left}" y="{top}" width="{size}" height="{size}" rx="6" '
        f'fill="{seat_fill(controller)}" stroke="{seat_colour(controller)}" stroke-width="2">'
        "</rect>",
        _text(left + size / 2, top + 16, _short(tile["name"], 10), 11, "600"),
    ]
    second = cls if cls and cls != tile["name"] else ""
    if not second and tile["type"] != "Creature":
        second = tile["type"]
    if second:
        lines.append(_text(left + size / 2, top + 29, _short(second, 10), 9, "400", "#5d6470"))
    if stats:
        lines.append(_text(left + size / 2, top + 50, stats, 14, "700"))
    if attached:
        lines.append(
            f'<circle cx="{left + size - 9}" cy="{top + 9}" r="6" fill="#8a5a00"></circle>'
        )
    lines.append("</g>")
    return "".join(lines)


def _text(x: float, y: float, text: str, size: int, weight: str, fill: str = "#1d1f24") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" text-anchor="middle" font-size="{size}" '
        f'font-weight="{weight}" fill="{fill}">{escape(text)}</text>'
    )


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def overlay(chosen: list[CellChoice], area: Extent) -> list[dict[str, Any]]:
    """A button over each highlighted space, placed in percent of the drawn area."""
    size = CELL - GAP
    found = []
    for cell in chosen:
        left, top = area.origin(cell.x, cell.y)
        found.append(
            {
                "id": cell.id,
                "label": cell.label,
                "suggested": cell.suggested,
                "style": (
                    f"left:{100 * left / area.width:.3f}%;top:{100 * top / area.height:.3f}%;"
                    f"width:{100 * size / area.width:.3f}%;height:{100 * size / area.height:.3f}%"
                ),
            }
        )
    return found


# -- hand, stacks, seats ---------------------------------------------------------------


def hand_tiles(
    hand: list[Mapping[str, Any]],
    defs: Mapping[str, Mapping[str, Any]],
    cells: list[CellChoice],
    selected: str | None,
) -> list[dict[str, Any]]:
    """The hand, copies of one tile together, with their facts and whether they can be
    placed (then they link to their selection)."""
    placeable = {c.key for c in cells}
    found: dict[str, dict[str, Any]] = {}
    for tile in hand:
        key = str(tile["tile"])
        if key in found:
            found[key]["count"] += 1
            continue
        row = defs.get(key, {})
        strength, intelligence = row.get("strength"), row.get("intelligence")
        found[key] = {
            "key": key,
            "name": tile["name"],
            "type": tile["type"],
            "cls": row.get("creature_class") or "",
            "stats": f"{strength}/{intelligence}" if strength is not None else "",
            "count": 1,
            "placeable": key in placeable,
            "selected": key == selected,
        }
    return list(found.values())


def action_groups(
    buttons: list[Button], cells: list[CellChoice], selected: str | None
) -> list[Group]:
    """Every action as a button: non-placing actions by kind, then the placements of each
    tile as a folded list (the keyboard's way to every space). The list holding the
    suggested placement is open when that tile is not the one on the board."""
    placing = {c.id for c in cells}
    groups = group_by_kind([b for b in buttons if b.id not in placing], KIND_TITLES)
    by_key: dict[str, list[Button]] = {}
    for cell, button in zip(cells, (b for b in buttons if b.id in placing), strict=True):
        by_key.setdefault(cell.key, []).append(button)
    for key, items in by_key.items():
        name = items[0].label.split(" at (")[0]
        title = f"{name}: {counted(len(items), 'space')}"
        shown = key != selected and any(b.suggested for b in items)
        groups.append(Group(title, tuple(items), folded=not shown))
    return groups


def _seats(inp: BoardInput) -> list[dict[str, Any]]:
    state = inp.view["state"]
    return seat_rows(
        inp,
        state["points"],
        hand_size=state["hand_sizes"],
        stack_size=state["stack_sizes"],
        discards=[len(discards) for discards in state["discards"]],
        pile=[[t["name"] for t in pile] for pile in state["point_piles"]],
    )


def phase_text(view: Mapping[str, Any]) -> str:
    """ "Turn 4: You, 2 actions left", or what the game waits for."""
    state = view["state"]
    phase = state["phase"]
    if phase == "turn" and state["active"] is not None:
        return turn_text(view, f"{counted(state['actions_left'], 'action')} left")
    if phase not in PHASE_TEXT:
        return f"Turn {state['turn']}"
    return f"Turn {state['turn']}: {PHASE_TEXT[phase]}"


def stack_lines(inp: BoardInput, tiles: Mapping[int, Mapping[str, Any]]) -> list[str]:
    """The Action Stack, bottom first, and the tile resolving now."""
    view = inp.view
    state = view["state"]
    lines = []
    for entry in state["action_stack"]:
        lines.append(_entry_text(entry, view))
    if state.get("resolving"):
        lines.append("Resolving: " + _entry_text(state["resolving"], view))
    return lines


def _entry_text(entry: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    who = player_name(view, entry["player"])
    tile = entry.get("tile")
    what = f"{tile['name']} ({tile['type']})" if tile else "a face-down tile"
    if tile and entry.get("face_down"):
        what += ", face down"
    return f"{who}: {what}"


def battle_text(battle: Mapping[str, Any] | None, tiles: Mapping[int, Mapping[str, Any]]) -> str:
    """The Battle under way: who attacks whom, with which Allies."""
    if not battle:
        return ""
    text = (
        f"{tile_where(battle['attacker'], tiles)} attacks {tile_where(battle['defender'], tiles)}"
    )
    allies = [f"{tile_where(uid, tiles)} ({'attacker' if side == 0 else 'defender'})"
              for uid, side in battle["allies"]]  # fmt: skip
    return text + (f"; Allies: {', '.join(allies)}" if allies else "")


def choice_text(inp: BoardInput, tiles: Mapping[int, Mapping[str, Any]]) -> str:
    """The effect waiting for a decision, and whose."""
    choice = inp.view["state"].get("choice")
    if not choice:
        return ""
    who = player_name(inp.view, choice["player"])
    source = f" of {choice['source']['name']}" if choice.get("source") else ""
    effect = str(choice["effect"]).replace("_", " ")
    return f"{who}: choosing for {effect}{source} ({choice['left']} left)"
