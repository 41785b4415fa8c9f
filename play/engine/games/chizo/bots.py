"""Bots for ChiZo: ``random``, ``greedy`` and ``planner``.

Each reads only what its seat may see (the playing area, the piles, its own hand) and
draws ties from its own seeded rng, so a game between bots replays from the seeds.

``greedy`` takes points now, else builds towards squares (docs/chizo.md, "Bots"):

* its turn: the action worth most now. Completing squares is worth 10 a tile captured;
  an Action that scores, captures or removes for points, its points; a Battle it wins
  with its own Allies against the Defender and every creature of the defending player
  that could ally, 10 a tile captured (a Battle it would not win is never announced).
  Otherwise a creature goes where it builds towards squares (windows of compatible
  creatures, :mod:`.evaluate`), a tile that draws or fetches is played, or it draws,
  the more readily the smaller its hand;
* reactions: on a stack of its own tiles, a Reaction is added for what it brings
  (tiles it can really draw, a capture); against an opponent's tile or in a Battle, a
  one-ply lookahead resolves the stack as if everybody passed, scored by
  :func:`.evaluate.score`; targets too are chosen by that lookahead, moves by the
  squares they complete;
* tiles to lay face down, discard or bank: the one worth least to it; tiles to take:
  the one worth most, but never a tile that only draws, takes back or gives actions
  (taking those back and forth could go on forever while the game stands still).
  Allies: it asks every candidate and helps only its partner.

Speed matters (goldfish batches): the windows of the area are remembered across
decisions (:class:`.evaluate.Windows`, brought up to date from the cells that
changed), and a cell is only evaluated if a bound on what it can give reaches the best
value so far.

``planner`` (:mod:`.planner`) looks one ply ahead over its own two actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core import Action, Bot
from .actions import at
from .catalog import NO_MOVE
from .effects.base import canonical
from .evaluate import SPOIL, Windows, placement, score, windows_at
from .filters import CREATURE_BIT, Filter
from .grid import ORIGIN, Cell, can_reach, cell_at, distance, free_cells
from .placement import replace_cells
from .rules import advance, legal_actions
from .state import ALLIES, ANSWER, CHOICE, FACE_DOWN, REACT, TURN, ChizoState
from .tactics import predict_battle
from .targets import in_play, match, restrictions

_TAKES: Final = frozenset({"draw", "search_stack", "recover"})
#: Effects that only bring more tiles or actions: taking them back is no progress.
_CIRCULAR: Final = _TAKES | {"extra_actions"}
#: What starting an Action Stack with a tile whose effect is not modelled is worth: more
#: than ending the turn (0), less than any play that helps or a draw, so a blank leaves
#: the hand and spends an action as the tile would (docs/chizo.md, "Blanks").
BLANK_WORTH: Final = 0.05


def drawable(state: ChizoState, player: int, count: int) -> int:
    """How many tiles drawing ``count`` would bring: no more than the Stack holds."""
    return min(count, len(state.stacks[player]))


def fuel(state: ChizoState, player: int) -> int:
    """Tiles of the Discard Pile worth taking back: not those that only draw, take back
    tiles or give actions themselves (taking those back and forth goes round in circles
    while the game stands still)."""
    cat, kind = state.cat, state.kind
    return sum(1 for u in state.discards[player] if cat.key[kind[u]] not in _CIRCULAR)


def draw_unit(hand: int) -> float:
    """What one more tile in hand is worth: much with a small hand, little with a big."""
    return 0.8 if hand <= 2 else 0.5 if hand <= 4 else 0.2


class GreedyBot(Bot):
    """Points now, then squares in the making (see the module docstring)."""

    name = "greedy"

    def choose(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """The heuristic's pick among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == TURN:
            return self.turn_choice(state, legal)
        if phase == REACT:
            return self.react(state, legal)
        if phase == CHOICE:
            return self.choice(state, legal)
        if phase == ALLIES:
            return legal[1]  # ask the first candidate; "stop" when none is left
        if phase == ANSWER:
            battle = state.battle
            asker = (
                -1
                if battle is None
                else (battle.announcer if battle.step == 0 else battle.defending)
            )
            friend = asker >= 0 and state.team[asker] == state.team[legal[0].player]
            return legal[0] if friend else legal[1]
        if phase == FACE_DOWN:
            return self.cheapest(state, legal)
        return legal[0]

    # -- helpers -------------------------------------------------------------------------

    def best(self, legal: Sequence[Action], scores: list[float]) -> Action:
        """The best-scored action; ties drawn from the bot's rng."""
        top = max(scores)
        ties = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
        return ties[0] if len(ties) == 1 else ties[int(self.rng.random() * len(ties))]

    def tile_value(
        self, state: ChizoState, seat: int, uid: int, wins: Windows, free: list[Cell]
    ) -> float:
        """How useful a tile in hand is to ``seat`` now."""
        cat = state.cat
        d = state.kind[uid]
        if cat.bits[d] & CREATURE_BIT:
            if cat.replaces[d] >= 0:
                return 1.0
            best = 0.0
            terms, known = wins.terms, wins.known
            for cell in free:
                const, builds, completes = known.get(cell) or terms(cell)
                value = const
                for mask, delta in builds:
                    if mask >> d & 1:
                        value += delta
                if completes:
                    value += completion(d, completes)
                best = max(best, value)
            return 1.0 + best
        key = cat.key[d]
        if key in ("score_points", "capture_target", "remove_target"):
            return 3.0
        if key in _TAKES or key == "extra_actions":
            return 2.0
        return 1.0

    def cheapest(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """The action naming the tile (first argument) worth least."""
        return self._by_value(state, legal, lowest=True)

    def _by_value(self, state: ChizoState, legal: Sequence[Action], lowest: bool) -> Action:
        seat, wins, free = legal[0].player, self.windows(state), free_cells(state)
        values_ = [
            # A tile id: from legal_actions.
            self.tile_value(state, seat, a.args[0], wins, free)  # type: ignore[arg-type]
            for a in legal
        ]
        return self.best(legal, [-v for v in values_] if lowest else values_)

    # -- the turn ------------------------------------------------------------------------

    def windows(self, state: ChizoState) -> Windows:
        """The bot's window memo, brought up to date with ``state``."""
        wins: Windows | None = getattr(self, "_wins", None)
        if wins is None:
            wins = self._wins = Windows(state)
        else:
            wins.sync(state)
        return wins

    def placements(
        self, state: ChizoState, player: int, best_only: bool = False, floor: float = -1e18
    ) -> list[tuple[float, int, Cell]]:
        """(value, uid, cell) of the placements of the hand (copies once), a non-creature
        at the first free cell only: the greedy does not tell their spaces apart.

        With ``best_only``, only those of the highest value, if at least ``floor``:
        cells are then tried from the highest bound on what a creature could gain
        there, and the search stops when no remaining cell can reach the best.
        """
        cat, kind, grid = state.cat, state.kind, state.grid
        compat, bits, enters = cat.compat, cat.bits, cat.enters
        hand = state.hands[player]
        unit = draw_unit(len(hand))
        free = free_cells(state)
        found: list[tuple[float, int, Cell]] = []
        creatures: list[tuple[int, int, float]] = []
        for uid in canonical(state, hand):
            d = kind[uid]
            if not cat.placed[d]:
                continue
            bonus = self.enters_value(state, player, d, unit) if enters[d] else 0.0
            if cat.replaces[d] >= 0:
                for cell in replace_cells(state, player, cat.replaces[d]):
                    old = kind[grid[cell]]
                    if compat[d] == compat[old]:  # same windows: nothing completed or lost
                        value = 0.3 + bonus
                    else:
                        around = windows_at(state, cell, grid[cell])
                        points, build = placement(d, around)
                        value = 10.0 * points + 0.3 + bonus + build - placement(old, around)[1]
                    found.append((value, uid, cell))
            elif bits[d] & CREATURE_BIT:
                creatures.append((uid, d, 0.5 + bonus))
            else:
                found.append((0.1 + bonus, uid, free[0]))
        if not creatures:
            return _best(found, floor) if best_only else found
        wins = self.windows(state)
        terms, known = wins.terms, wins.known
        if not best_only:
            append = found.append
            for cell in free:
                const, builds, completes = known.get(cell) or terms(cell)
                for uid, d, base in creatures:
                    value = base + const
                    for mask, delta in builds:
                        if mask >> d & 1:
                            value += delta
                    if completes:
                        value += completion(d, completes)
                    append((value, uid, cell))
            return found
        found = _best(found, floor)
        top = found[0][0] - 1e-9 if found else floor - 1e-9
        best_base = -1e18
        hand_mask = 0
        for _, d, base in creatures:
            hand_mask |= 1 << d
            if base > best_base:
                best_base = base
        # Per cell: a bound on what a creature of the hand can gain there (its windows
        # that take some creature of the hand), then the cells from the best bound down.
        bounded = []
        holes = []
        for cell in free:
            const, builds, completes = known.get(cell) or terms(cell)
            bound = const + best_base
            for mask, delta in builds:
                if mask & hand_mask:
                    bound += delta
            if completes:
                holes += [(cell, (3, mask, uids)) for mask, uids in completes]
                if any(mask & hand_mask for mask, _ in completes):
                    bound += 1000.0
            if bound >= top:
                bounded.append((bound, cell, const, builds, completes))
        wins.note_holes(holes)
        bounded.sort(key=_first, reverse=True)
        append = found.append
        for bound, cell, const, builds, completes in bounded:
            if bound < top:
                break
            for uid, d, base in creatures:
                value = base + const
                for mask, delta in builds:
                    if mask >> d & 1:
                        value += delta
                if completes:
                    value += completion(d, completes)
                if value >= top:
                    if value > top + 2e-9:
                        top = value - 1e-9
                        found = [f for f in found if f[0] >= top]
                        append = found.append
                    append((value, uid, cell))
        return found

    def turn_choice(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """The best action of a turn (see the module docstring); ties from the rng."""
        player = legal[0].player
        top = -1e18
        ties: list[Any] = []
        later = []
        keys, kind = state.cat.key, state.kind
        for action in legal:
            if action.kind == "place":
                break  # the placements come last (rules.turn_actions)
            # A tile id: from legal_actions.
            if action.kind == "action" and keys[kind[action.args[0]]] == "move_tiles":  # type: ignore[index]
                later.append(action)  # after the placements, which find the squares' holes
                continue
            value = self.other_value(state, player, action)
            if value > top + 1e-9:
                top, ties = value, [action]
            elif value >= top - 1e-9:
                ties.append(action)
        places = self.placements(state, player, best_only=True, floor=top)
        if places:
            if places[0][0] > top + 1e-9:
                top, ties = places[0][0], []
            ties += [(uid, cell) for _, uid, cell in places]
        for action in later:
            value = self.other_value(state, player, action)
            if value > top + 1e-9:
                top, ties = value, [action]
            elif value >= top - 1e-9:
                ties.append(action)
        pick = ties[0] if len(ties) == 1 else ties[int(self.rng.random() * len(ties))]
        return pick if isinstance(pick, Action) else at("place", player, pick[0], pick[1])

    def other_value(self, state: ChizoState, player: int, action: Action) -> float:
        """The score of a turn action that is not a placement."""
        k = action.kind
        args: Any = action.args
        if k == "action":
            return self.action_value(state, player, args[0], draw_unit(len(state.hands[player])))
        if k == "battle":
            won, captured = predict_battle(state, player, args[0], args[1])
            return 10.0 * captured if won else -5.0
        if k == "attach":
            return self.attach_value(state, player, args[0], args[1])
        if k == "draw":
            return 2 * draw_unit(len(state.hands[player]))
        return 0.0  # end_turn

    def turn_scores(self, state: ChizoState, legal: Sequence[Action]) -> list[float]:
        """A score for each action of a turn (a placement not evaluated: -1)."""
        player = legal[0].player
        placed = {
            at("place", player, uid, cell): value
            for value, uid, cell in self.placements(state, player)
        }
        return [
            placed.get(a, -1.0) if a.kind == "place" else self.other_value(state, player, a)
            for a in legal
        ]

    def enters_value(self, state: ChizoState, player: int, d: int, unit: float) -> float:
        """What a tile's ``enters_play`` effect adds to placing it."""
        key = state.cat.key[d]
        p = state.cat.params[d]
        if key == "draw":
            return drawable(state, player, p["count"]) * unit
        if key == "recover":
            return unit if fuel(state, player) else 0.0
        if key == "force_discard":
            return 0.3
        return 0.1

    def targets(self, state: ChizoState, f: Filter, player: int, source: int) -> list[int]:
        """:func:`.targets.in_play`, remembered until the grid changes."""
        memo = self.windows(state).memo
        key = (f, player, source if f.adjacent == "source" else -1)
        found: list[int] | None = memo.get(key)
        if found is None:
            found = memo[key] = in_play(state, f, player, source)
        return found

    def action_value(self, state: ChizoState, player: int, uid: int, unit: float) -> float:
        """What starting an Action Stack with this tile is worth now."""
        cat = state.cat
        d = state.kind[uid]
        key, p = cat.key[d], cat.params[d]
        target = p.get("target")
        found = [] if target is None else self.targets(state, target, player, uid)
        mine, team, ctrl = state.team[player], state.team, state.ctrl
        theirs = [u for u in found if team[ctrl[u]] != mine] if found else found
        if key == "score_points":
            if target is not None and not found:
                return -5.0
            if state.printed:
                return 10.0 * int(p["points"])
            return 10.0 * (1 + min(int(p["points"]) - 1, len(state.discards[player])))
        if key == "capture_target":
            return 10.0 if theirs else -5.0
        if key == "remove_target":
            if not theirs and p.get("score", 0):
                return -5.0
            return 10.0 * int(p.get("score", 0)) + (1.0 if theirs else -1.0)
        if key == "take_control":
            return 3.0 if found else -5.0
        if key == "draw":
            return drawable(state, player, p["count"]) * unit
        if key == "search_stack":
            return 2 * unit if state.stacks[player] else -1.0
        if key == "extra_actions":
            return 1.5
        if key == "recover":
            return min(int(p["count"]), fuel(state, player)) * unit - 0.5
        if key == "put_into_play":
            hand = state.hands[player]
            creatures = sum(1 for u in hand if cat.bits[state.kind[u]] & CREATURE_BIT)
            return 1.0 if creatures > 1 else -1.0
        if key == "move_tiles":
            return 10.0 * self.best_move(state, player, uid)[0] - 0.5
        return -0.5 if cat.modelled[d] else BLANK_WORTH

    def best_move(self, state: ChizoState, player: int, source: int) -> tuple[int, int, Cell]:
        """(points, tile, destination) of the best single move a move effect allows:
        one of our creatures into a cell that completes a square."""
        found = self.windows(state).holes(free_cells(state))
        if not found:
            return (0, -1, ORIGIN)
        p = state.cat.params[state.kind[source]]
        spaces, jump, target = p["spaces"], p.get("jump", False), p["target"]
        kind, ctrl, pos, compat = state.kind, state.ctrl, state.pos, state.cat.compat
        mine = [u for u in pos if ctrl[u] == player and compat[kind[u]]]
        best: tuple[int, int, Cell] = (0, -1, ORIGIN)
        for cell, (_, mask, uids) in found:
            for uid in mine:
                if not mask >> kind[uid] & 1 or uid in uids:
                    continue
                start = pos[uid]
                if distance(cell, start) > spaces:
                    continue
                if (
                    not match(state, target, uid, player, source)
                    or restrictions(state, uid) & NO_MOVE
                ):
                    continue
                if can_reach(state.grid, start, cell, spaces, jump):
                    points, _ = placement(kind[uid], windows_at(state, cell, uid))
                    if points > best[0]:
                        best = (points, uid, cell)
        return best

    def attach_value(self, state: ChizoState, player: int, uid: int, host: int) -> float:
        """A Modifier that helps goes on our tile, one that hurts on an opponent's."""
        bonus = state.cat.bonus_host[state.kind[uid]]
        helps = bonus is None or bonus.dstr + bonus.dint >= 0
        friendly = state.team[state.ctrl[host]] == state.team[player]
        if state.att.get(host) is not None:
            return -1.0
        return 0.6 if helps == friendly else -2.0

    # -- reactions and choices -----------------------------------------------------------

    def react(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """On a stack of our own tiles outside a Battle, a reaction is played for what it
        brings (tiles, points); otherwise a lookahead picks the reaction (or pass) after
        which the resolved stack leaves us best off."""
        player = legal[0].player
        ours = all(e.player == player for e in state.stack)
        if ours and state.battle is None:
            unit = draw_unit(len(state.hands[player]))
            best, best_value = legal[0], 0.0
            for action in legal[1:]:
                if action.kind == "react":
                    # A tile id: from legal_actions.
                    value = self.reaction_value(state, player, action.args[0], unit)  # type: ignore[arg-type]
                    if value > best_value:
                        best, best_value = action, value
            return best
        options = [a for a in legal if a.kind != "lend"]
        lends = [a for a in legal if a.kind == "lend"]
        if lends:  # one cost per lender: the tile worth least
            wins, free = self.windows(state), free_cells(state)
            by_lender: dict[Any, tuple[float, Action]] = {}
            for a in lends:
                # A tile id: from legal_actions.
                cost = self.tile_value(state, player, a.args[1], wins, free)  # type: ignore[arg-type]
                if a.args[0] not in by_lender or cost < by_lender[a.args[0]][0]:
                    by_lender[a.args[0]] = (cost, a)
            options += [a for _, a in by_lender.values()]
        return self.look(state, options, player, prefer=legal[0])

    def reaction_value(self, state: ChizoState, player: int, uid: int, unit: float) -> float:
        """What adding this tile to our own stack brings (no opponent tile to answer)."""
        cat = state.cat
        d = state.kind[uid]
        key, p = cat.key[d], cat.params[d]
        if key == "draw":
            return drawable(state, player, p["count"]) * unit - 0.3
        if key == "capture_target" and in_play(state, p["target"], player, uid):
            return 5.0
        if key == "move_tiles":
            return 10.0 * self.best_move(state, player, uid)[0] - 0.5
        if key == "recover":
            return unit - 0.3 if fuel(state, player) else -1.0
        if key == "search_stack":
            return unit - 0.3 if state.stacks[player] else -1.0
        return -1.0

    def look(
        self,
        state: ChizoState,
        options: Sequence[Action],
        player: int,
        prefer: Action | None = None,
    ) -> Action:
        """The option whose outcome (the stack resolved, everybody passing) scores best;
        a tile spent costs a little, so an even outcome keeps ``prefer`` (passing)."""
        best, best_score = (prefer or options[0]), -1e18
        for action in options:
            twin = state.clone()
            advance(twin, action)
            finish(twin)
            value = score(twin, player) - (0.3 if action.kind in ("react", "lend") else 0.0)
            if value > best_score + 1e-9 or (action == prefer and value >= best_score - 1e-9):
                best, best_score = action, value
        return best

    def choice(self, state: ChizoState, legal: Sequence[Action]) -> Action:
        """Choices of a resolving effect."""
        frame = state.frames[-1]
        key = frame.key
        if key == "move_tiles":
            return self.move_choice(state, legal, frame.source)
        if key in ("recover", "search_stack"):
            takes = [a for a in legal if a.kind == "choose"]
            if key == "recover":  # taking back what only takes back goes round in circles
                kind, keys = state.kind, state.cat.key
                # A tile id: from legal_actions.
                takes = [a for a in takes if keys[kind[a.args[0]]] not in _CIRCULAR]  # type: ignore[index]
            return self._by_value(state, takes, lowest=False) if takes else legal[0]
        if legal[0].kind == "choose" and key in ("_bank", "force_discard"):
            return self.cheapest(state, legal)
        if key == "force_discard":  # the opponent: the one with the most points
            # A seat: from legal_actions.
            return max(legal, key=lambda a: (state.points(a.args[0]), a.args))  # type: ignore[arg-type]
        if key == "put_into_play":
            puts = [a for a in legal if a.kind == "put"]
            return self.best(puts, [self._put_score(state, a) for a in puts])
        return self.look(state, legal, legal[0].player)

    def _put_score(self, state: ChizoState, action: Action) -> float:
        uid, x, y = action.args
        d = state.kind[uid]  # type: ignore[index]  # a tile id: from legal_actions
        if not state.cat.bits[d] & CREATURE_BIT:
            return 0.1
        # Ints on the area: from legal_actions.
        points, build = placement(d, windows_at(state, cell_at(x, y), -1))  # type: ignore[arg-type]
        return 10.0 * points + build

    def move_choice(self, state: ChizoState, legal: Sequence[Action], source: int) -> Action:
        """Move one of our creatures into a square if one move does it; else stop."""
        if legal[0].kind == "to":
            moving = state.frames[-1].data[-1]
            d = state.kind[moving]
            scores = [
                float(
                    placement(
                        d,
                        windows_at(
                            state,
                            # Ints on the area: from legal_actions.
                            cell_at(a.args[0], a.args[1]),  # type: ignore[arg-type]
                            moving,
                        ),
                    )[0]
                )
                for a in legal
            ]
            return self.best(legal, scores)
        points, uid, _ = self.best_move(state, legal[0].player, source)
        if points:
            for action in legal:
                if action.kind == "choose" and action.args[0] == uid:
                    return action
        return legal[0]  # "done"


def _first(item: tuple[Any, ...]) -> float:
    first: float = item[0]
    return first


def _best(found: list[tuple[float, int, Cell]], floor: float) -> list[tuple[float, int, Cell]]:
    """The entries of the highest value, if it is at least ``floor`` (ties kept)."""
    top = max((f[0] for f in found), default=-1e18)
    if top < floor - 1e-9:
        return []
    return [f for f in found if f[0] >= top - 1e-9]


def completion(d: int, completes: list[tuple[int, tuple[int, ...]]]) -> float:
    """What a creature of definition ``d`` gains in windows of three: 10 a tile captured."""
    captured: set[int] = set()
    undo = 0.0
    for mask, uids in completes:
        if mask >> d & 1:
            captured.update(uids)
            undo -= SPOIL  # the sum counted the window as spoilt
    return 10.0 * (len(captured) + 1) + undo if captured else 0.0


def finish(state: ChizoState, limit: int = 60) -> None:
    """Play on as if everybody passed and took the first option, until the stack and
    its effects are done (a bot's lookahead, on a copy; never on the real game)."""
    for _ in range(limit):
        if state.over or not (state.stack or state.resolving or state.frames or state.battle):
            return
        legal = legal_actions(state)
        if not legal:
            return
        advance(state, legal[1] if state.phase == ANSWER else legal[0])
