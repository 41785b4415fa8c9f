"""Effects on hands, Stacks and Discard Piles: ``draw``, ``force_discard``, ``recover``,
``search_stack``, ``extra_actions``.
"""

from __future__ import annotations

from ....core import Action
from ..actions import one
from ..events import Events, emit
from ..filters import Filter
from ..state import ChizoState, Frame
from ..targets import match_def
from ..zones import draw
from .base import Effect, canonical, choose_action, done_action, params, pop


class Draw(Effect):
    """Draw ``count`` tiles (fewer if the Stack runs out)."""

    key = "draw"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Draw at once."""
        pop(state, frame)
        draw(state, frame.player, params(state, frame)["count"], out)


class ExtraActions(Effect):
    """Swift Feet: "Take 2 more actions this turn." (only on your own turn)."""

    key = "extra_actions"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Add actions to the turn."""
        pop(state, frame)
        if state.active == frame.player:
            count = params(state, frame)["count"]
            state.actions_left += count
            if out is not None:
                emit(out, "extra_actions", player=frame.player, count=count)


class ForceDiscard(Effect):
    """Choose an opponent: they discard ``count`` tiles of their choice (all if fewer).

    Step 0: you choose among opponents holding tiles (at once if only one). Step 1: the
    chosen opponent (now the frame's player) discards one tile at a time.
    """

    key = "force_discard"

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Pick the opponent, then have them discard."""
        if frame.step == 0:
            holders = [s for s in state.opponents(frame.player) if state.hands[s]]
            if not holders:
                pop(state, frame)
                return
            if len(holders) > 1:
                frame.data = holders
                frame.wait = True
                return
            self._victim(frame, holders[0], params(state, frame)["count"])
        hand = state.hands[frame.player]
        if frame.left <= 0 or not hand:
            pop(state, frame)
            return
        found = canonical(state, hand)
        if len(hand) <= frame.left or len(found) == 1:
            pop(state, frame)
            for _ in range(min(frame.left, len(hand))):
                self._discard(state, frame.player, hand[-1], out)
            return
        frame.data = found
        frame.wait = True

    @staticmethod
    def _victim(frame: Frame, seat: int, count: int) -> None:
        frame.step, frame.player, frame.left, frame.data = 1, seat, count, []

    def options(self, state: ChizoState, frame: Frame) -> list[Action]:
        """Step 0: one "opponent" action per seat; step 1: a tile of the hand to discard."""
        if frame.step == 0:
            return [_opponent_action(frame.player, s) for s in frame.data]
        return super().options(state, frame)

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Record the opponent, or discard the chosen tile."""
        frame.wait = False
        seat: int = action.args[0]  # type: ignore[assignment]  # verified
        if frame.step == 0:
            self._victim(frame, seat, params(state, frame)["count"])
            return
        frame.left -= 1
        self._discard(state, frame.player, seat, out)

    @staticmethod
    def _discard(state: ChizoState, seat: int, uid: int, out: Events) -> None:
        state.hands[seat].remove(uid)
        state.discards[seat].append(uid)
        if out is not None:
            emit(out, "discarded", player=seat, tile=uid, name=state.name(uid))


def _opponent_action(player: int, seat: int) -> Action:
    return one("opponent", player, seat)


class _Fetch(Effect):
    """Put up to ``count`` matching tiles from one of your piles into your hand."""

    public = True

    def pile(self, state: ChizoState, frame: Frame) -> list[int]:
        """The pile tiles come from."""
        raise NotImplementedError

    def found(self, state: ChizoState, frame: Frame) -> list[int]:
        """Matching tiles, one per definition."""
        f: Filter = params(state, frame)["filter"]
        return canonical(state, [u for u in self.pile(state, frame) if match_def(state, f, u)])

    def run(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """Wait for a choice while there is something left to take."""
        if frame.step == 0:
            frame.step, frame.left = 1, params(state, frame)["count"]
        found = self.found(state, frame) if frame.left > 0 else []
        if not found:
            pop(state, frame)
            self.finish(state, frame, out)
            return
        frame.data = found
        frame.wait = True

    def options(self, state: ChizoState, frame: Frame) -> list[Action]:
        """Each matching tile, or "done"."""
        return [done_action(frame.player)] + [choose_action(frame.player, u) for u in frame.data]

    def choose(self, state: ChizoState, frame: Frame, action: Action, out: Events) -> None:
        """Take the chosen tile into the hand, or stop."""
        frame.wait = False
        if action.kind == "done":
            frame.left = 0
            return
        uid: int = action.args[0]  # type: ignore[assignment]  # verified
        self.pile(state, frame).remove(uid)
        state.hands[frame.player].append(uid)
        frame.left -= 1
        if self.public:
            if out is not None:
                emit(out, "recovered", player=frame.player, tile=uid, name=state.name(uid))
        else:
            if out is not None:
                emit(out, "searched", player=frame.player)

    def finish(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """After the last choice."""


class Recover(_Fetch):
    """From your Discard Pile (this tile is not in it yet: it is still resolving)."""

    key = "recover"

    def pile(self, state: ChizoState, frame: Frame) -> list[int]:
        """Your Discard Pile."""
        return state.discards[frame.player]


class SearchStack(_Fetch):
    """From your Stack, then shuffle it with the game's rng."""

    key = "search_stack"
    public = False

    def pile(self, state: ChizoState, frame: Frame) -> list[int]:
        """Your Stack."""
        return state.stacks[frame.player]

    def finish(self, state: ChizoState, frame: Frame, out: Events) -> None:
        """ "... then shuffle your Stack." """
        state.rng.shuffle(state.stacks[frame.player])
