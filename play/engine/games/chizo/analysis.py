"""Can this stack ever reach 12? A static look at a ChiZo stack, before any game.

A square is four creature tiles each compatible with the three others (rulebook line
111: "all 4 Tiles must be compatible with each other"); two creatures are compatible when
each is on the other's list (``Catalog.compat``), so two of one class never are. The
analysis finds every set of four creature tiles of the stack that could make a square,
the creature tiles that have no compatible partner in the stack, the share of the stack
that can take part in some square, and the points the stack's tile effects can add
without squares (``score_points``: Golden Egg and the like, each needing its target in
play). A stack with no possible square scores only through such effects; one whose
effects add fewer than 12 points then can never reach 12.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .catalog import Catalog
from .filters import Filter
from .tiles import CLASSES, CREATURE, POINTS_TO_WIN, TileDef

TileId = int | str


def _squares(compat: Sequence[int], present: list[int]) -> list[tuple[int, int, int, int]]:
    """Every set of four definitions of ``present`` pairwise compatible (ascending)."""
    found = []
    for i, a in enumerate(present):
        for j in range(i + 1, len(present)):
            b = present[j]
            if not compat[a] >> b & 1:
                continue
            for k in range(j + 1, len(present)):
                c = present[k]
                if not (compat[a] >> c & 1 and compat[b] >> c & 1):
                    continue
                for d in present[k + 1 :]:
                    if compat[a] >> d & 1 and compat[b] >> d & 1 and compat[c] >> d & 1:
                        found.append((a, b, c, d))
    return found


def _matches(target: Filter, tile: TileDef, cls: int) -> bool:
    """Whether a creature tile of the stack can be the target of a scoring effect."""
    return tile.type == CREATURE and (target.cls < 0 or target.cls == cls)


def analyse_stack(
    tiles: Sequence[TileDef | Mapping[str, Any]], stack: Sequence[TileId]
) -> dict[str, Any]:
    """What the stack (tile ids of ``tiles``) can score, as plain data:

    ``squares``: the class sets (zodiac order) of the possible squares, without repeats;
    ``unpartnered``: creature tiles (names) compatible with no other creature of the
    stack; ``square_tiles``: how many tiles of the stack (copies) can take part in some
    square, of ``size``; ``effects``: per scoring tile, its copies, points and target
    class, and how many creature tiles of the stack it could target; ``effect_points``:
    the most those effects can add; ``verdict``: "squares", "effects_only" or "never".
    """
    catalog = Catalog(tiles)
    counts = Counter(catalog.index[tile_id] for tile_id in stack)
    defs, cls = catalog.defs, catalog.cls
    creatures = sorted(d for d in counts if defs[d].type == CREATURE and cls[d] >= 0)
    squares = _squares(catalog.compat, creatures)
    class_sets = sorted({tuple(sorted(cls[d] for d in square)) for square in squares})
    in_square = {d for square in squares for d in square}
    unpartnered = [
        defs[d].name for d in creatures
        if not any(catalog.compat[d] >> e & 1 for e in creatures)
    ]  # fmt: skip
    effects = []
    for d in sorted(counts):
        if catalog.key[d] != "score_points" or not catalog.modelled[d]:
            continue
        params = catalog.params[d]
        target: Filter | None = params.get("target")
        targets = sum(
            counts[e] for e in creatures if target is None or _matches(target, defs[e], cls[e])
        )
        effects.append({
            "name": defs[d].name,
            "copies": counts[d],
            "points": params["points"],
            "target_class": CLASSES[target.cls] if target is not None and target.cls >= 0 else None,
            "targets_in_stack": targets,
        })  # fmt: skip
    effect_points = sum(e["points"] * e["copies"] for e in effects if e["targets_in_stack"])
    if squares:
        verdict = "squares"
    elif effect_points >= POINTS_TO_WIN:
        verdict = "effects_only"
    else:
        verdict = "never"
    return {
        "size": sum(counts.values()),
        "squares": [[CLASSES[c] for c in classes] for classes in class_sets],
        "unpartnered": unpartnered,
        "square_tiles": sum(counts[d] for d in in_square),
        "effects": effects,
        "effect_points": effect_points,
        "goal": POINTS_TO_WIN,
        "verdict": verdict,
    }


def stack_warnings(analysis: Mapping[str, Any]) -> list[str]:
    """The analysis in a player's words: what may stop the stack from scoring."""
    goal, points = analysis["goal"], analysis["effect_points"]
    words = []
    if analysis["verdict"] == "never":
        words.append(
            f"This stack can never reach {goal} points: no four of its creature tiles are "
            f"all compatible with each other, so no square can form, and its tile effects "
            f"can add at most {points} point{'' if points == 1 else 's'}."
        )
    elif analysis["verdict"] == "effects_only":
        words.append(
            f"No square can form from this stack: it can score only through its tile "
            f"effects (at most {points} points)."
        )
    if analysis["unpartnered"]:
        words.append(
            "Creature tiles with no compatible partner in the stack: "
            + ", ".join(analysis["unpartnered"]) + "."
        )  # fmt: skip
    return words
