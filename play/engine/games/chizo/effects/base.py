"""The shape of an effect handler, and the helpers the effect families share.

An effect runs as a :class:`..state.Frame` on ``state.frames``. The flow (``flow.settle``)
calls :meth:`Effect.run` whenever its frame is on top and not waiting. ``run`` either
finishes (pops the frame), pushes a child frame (and is run again when the child is
done), or sets ``frame.wait`` with the choices in ``frame.data``: the game then waits for
the frame's player, whose action goes to :meth:`Effect.choose`.

"Targets are chosen on resolution" (docs/chizo-tiles.md): a target effect looks for
matching tiles when it runs; with none it "does not resolve" (fizzles). A choice with a
single option is made at once: there is nothing to decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ....core import Action
from ..actions import DONE, one
from ..events import Events, emit
from ..filters import Filter
from ..state import ChizoState, Frame
from ..targets import in_play
from ..zones import bank, score_unshown, sweep


def choose_action(player: int, uid: int) -> Action:
    """The shared ("choose", player, (uid,)) action."""
    return one("choose", player, uid)


def done_action(player: int) -> Action:
    """The ("done", player) action that ends an "up to N" choice."""
    return DONE[player]


def params(state: ChizoState, frame: Frame) -> Mapping[str, Any]:
    """The parsed parameters of the frame's source tile."""
    return state.cat.params[state.kind[frame.source]]


def pop(state: ChizoState, frame: Frame) -> None:
    """Finish ``frame`` (it must be on top)."""
    top = state.frames.pop()
    assert top is frame, "only the top frame can finish"


def fizzle(state: ChizoState, frame: Frame, out: Events, why: str = "no target") -> None:
    """The effect does not resolve: "If there are no more possible targets, that Effect
    does not resolve." """
    if out is not None:
        emit(out, "fizzled", tile=frame.source, name=state.name(frame.source), why=why)
    pop(state, frame)


def canonical(state: ChizoState, uids: list[int]) -> list[int]:
    """One uid per tile definition (the lowest), sorted: copies are interchangeable."""
    kind = state.kind
    # One plain loop: compiled, it indexes the list and the dict natively (a map over
    # ``kind.__getitem__`` went through Python calls for every tile).
    seen: dict[int, int] = {}
    for u in uids:
        d = kind[u]
        v = seen.get(d)
        if v is None or u < v:
            seen[d] = u
    found = list(seen.values())
    found.sort()
    return found


class Effect:
    """An effect key's handler. Stateless: all progress lives in the frame."""

    key: ClassVar[str]

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Carry the effect forward: finish, push a child, or wait for a choice."""
        raise NotImplementedError

    def options(self, state: ChizoState, frame: Frame) -> list[Action]:
        """The legal choices while the frame waits (default: one of ``frame.data``)."""
        return [choose_action(frame.player, u) for u in frame.data]

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Apply the frame player's choice (a legal one)."""
        raise NotImplementedError


class Targeted(Effect):
    """An effect on one tile in play matching the tile's ``target`` filter."""

    def target(self, state: ChizoState, frame: Frame) -> Filter:
        """The filter the target must match."""
        f: Filter = params(state, frame)["target"]
        return f

    def candidates(self, state: ChizoState, frame: Frame) -> list[int]:
        """Tiles the frame's player may choose now."""
        return in_play(state, self.target(state, frame), frame.player, frame.source)

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Choose the target now (one candidate) or wait for the choice."""
        found = self.candidates(state, frame)
        if not found:
            fizzle(state, frame, out)
        elif len(found) == 1:
            pop(state, frame)
            self.hit(state, frame, found[0], out)
        else:
            frame.data = found
            frame.wait = True

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """The chosen target takes the effect."""
        uid: int = action.args[0]  # type: ignore[assignment]  # verified
        pop(state, frame)
        self.hit(state, frame, uid, out)

    def hit(self, state: ChizoState, frame: Frame, uid: int, out: Events) -> None:
        """What the effect does to its target (the frame is already finished)."""
        raise NotImplementedError


def score(state: ChizoState, you: int, points: int, source: int, out: Events) -> None:
    """Score ``points`` by a special effect.

    "If you score by a Special Effect, add the Tile that caused the effect to your Point
    Pile. If you need more Tiles to show your actual score, pick them from your Discard
    Pile!" With too few tiles there, you score only what you can show
    (docs/chizo-tiles.md, "Score N points"); in the "printed" reading (setup
    ``effect_points``) the rest counts all the same (docs/chizo.md, "Points of effects").
    """
    current = state.current
    if current is not None and current.uid == source:
        state.current = None
        bank(state, source, you, out)
        points -= 1
        sweep(state, out)
    if points <= 0 or state.over:
        return
    discard = state.discards[you]
    if len(canonical(state, discard)) <= 1 or len(discard) <= points:
        shown = min(points, len(discard))
        for _ in range(shown):
            bank(state, discard.pop(), you, out)
        if state.printed and shown < points and not state.over:
            score_unshown(state, you, points - shown, out)
        return
    state.frames.append(Frame("_bank", you, source, left=points))


class Bank(Effect):
    """Choosing the tiles of the Discard Pile that show a special effect's points."""

    key = "_bank"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Bank at once when there is no real choice, else wait."""
        discard = state.discards[frame.player]
        found = canonical(state, discard)
        if frame.left <= 0 or not found or state.over:
            pop(state, frame)
        elif len(found) == 1 or len(discard) <= frame.left:
            pop(state, frame)
            for _ in range(min(frame.left, len(discard))):
                bank(state, discard.pop(), frame.player, out)
        else:
            frame.data = found
            frame.wait = True

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Move the chosen tile from the Discard Pile to the Point Pile."""
        uid: int = action.args[0]  # type: ignore[assignment]  # verified
        state.discards[frame.player].remove(uid)
        frame.left -= 1
        frame.wait = False
        bank(state, uid, frame.player, out)
