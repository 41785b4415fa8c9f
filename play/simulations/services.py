"""Batch simulations: split into chunks, run anywhere, written once, summarised at the end.

Each chunk's task may run twice (acks_late: a worker killed mid-chunk leaves its task
to another worker). Records are written under a row lock only if the chunk is not yet
done, and the simulation's count grows in the same transaction, so a re-run changes
nothing and the total is always exactly the requested number of games.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from cards.effects.history import effects_version, effects_versions
from play.engine.core import get_game
from play.matches.models import Match
from play.matches.services import BOARD_BY_HAND, match_create, new_seed
from play.matches.setups import SeatsError, deck_setup
from play.matches.tables import spec_table
from play.simulations.dispatch import QUEUE_UNREACHABLE, QueueUnreachableError, run_chunks
from play.simulations.models import Simulation, SimulationChunk
from play.simulations.runners import run_records
from play.simulations.specs import simulation_spec
from play.simulations.tallies import (
    Tally,
    chunk_columns,
    merged,
    summary_of,
    tally_from_json,
    tally_records,
)

logger = logging.getLogger(__name__)
ACTIVE = (Simulation.Status.PENDING, Simulation.Status.RUNNING)
# The most games one simulation plays and the most each deck of a comparison plays (two
# simulations, together no more than one); the API, the pages and the simulate command
# check these.
MAX_GAMES = 100_000
MAX_COMPARE_GAMES = MAX_GAMES // 2


class TooManySimulationsError(Exception):
    def __init__(self, limit: int, active: int, needed: int = 1) -> None:
        if needed == 1:
            message = f"you already have {active} simulations running, the most at a time"
        else:
            message = (
                f"this starts {needed} simulations and you have {active} running, "
                f"of at most {limit} at a time"
            )
        super().__init__(f"{message}; wait for one to finish or cancel one")
        self.limit, self.active, self.needed = limit, active, needed


@dataclass(frozen=True)
class Plan:
    """One simulation, checked and ready to create."""

    game: str
    kind: str
    spec: dict[str, Any]
    games: int
    seed: int
    deck_id: int | None = None
    # The game's effects version, read before the spec's cards; None: read at creation.
    effects_version: int | None = None


def chunk_size_for(games: int) -> int:
    """About 20 chunks a simulation (so two workers share it evenly), 50 to 2,000 games."""
    return max(50, min(2000, -(-games // 20)))


def simulation_plan(
    *, user: User, data: dict[str, Any], versions: Mapping[str, int] | None = None
) -> Plan:
    """What the API's input asks for (a deck to goldfish, or bots in a game), read with the
    user's rights; SeatsError names the field that is wrong. ``versions``: the games'
    effects versions as read before (else read now)."""
    # Taken before the deck's cards are read: an effect written in between is then
    # marked on the report as changed since the run (which it may not be), never hidden.
    versions = effects_versions() if versions is None else versions
    spec = simulation_spec(user=user, data=data)
    seed = data["seed"] if data.get("seed") is not None else new_seed()
    return Plan(spec.game, spec.kind, spec.spec, data["games"], seed, data.get("deck"),
                effects_version=versions.get(spec.game, 0))  # fmt: skip


def simulation_start(*, user: User, data: dict[str, Any]) -> Simulation:
    """Check the input, then create the simulation (it runs once committed)."""
    return simulations_create(owner=user, plans=[simulation_plan(user=user, data=data)])[0]


def comparison_start(
    *, user: User, decks: Sequence[int], games: int, bot: str | None = None,
    seed: int | None = None, test_anyway: bool = False, opposition: Any = None,
) -> list[Simulation]:  # fmt: skip
    """Two decks of one game goldfished on one seed: both simulations or neither. Both
    decks and every parameter are checked before anything is created."""
    seed = new_seed() if seed is None else seed
    versions = effects_versions()  # one reading for both decks, before either's cards
    plans = []
    for index, deck in enumerate(decks):
        data = {"deck": deck, "games": games, "seed": seed, "test_anyway": test_anyway,
                **({"bot": bot} if bot else {}),
                **({"opposition": opposition} if opposition is not None else {})}  # fmt: skip
        try:
            plans.append(simulation_plan(user=user, data=data, versions=versions))
        except SeatsError as error:
            field = f"decks[{index}]" if error.field == "deck" else error.field
            raise SeatsError(field, str(error)) from None
    first, second = plans
    if first.deck_id == second.deck_id:
        raise SeatsError("decks[1]", "compare two different decks")
    if first.game != second.game:
        name = get_game(first.game).info.name
        raise SeatsError("decks[1]", f"deck {second.deck_id} is not a {name} deck like the first")
    return simulations_create(owner=user, plans=plans)


@transaction.atomic
def simulations_create(
    *, owner: User, plans: Sequence[Plan], enforce_limit: bool = True
) -> list[Simulation]:
    """Create the simulations together, within the owner's running limit, and dispatch
    them once committed. The owner's row is locked first, so concurrent starts of one
    user take turns: each counts the simulations the others committed (PostgreSQL; on
    SQLite a writing transaction holds the database from its start)."""
    limit = settings.SIMULATIONS_RUNNING_PER_USER
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    if enforce_limit:
        active = Simulation.objects.filter(owner_id=owner.pk, status__in=ACTIVE).count()
        if active + len(plans) > limit:
            raise TooManySimulationsError(limit, active, len(plans))
    created = [_create(owner, plan) for plan in plans]
    for simulation in created:
        transaction.on_commit(partial(dispatch_simulation, simulation.pk))
    return created


def simulation_create(
    *,
    owner: User,
    game: str,
    kind: str,
    spec: dict[str, Any],
    games: int,
    seed: int,
    deck_id: int | None = None,
    enforce_limit: bool = True,
    effects_version: int | None = None,
) -> Simulation:
    """One simulation of a spec built by the caller; ``effects_version``: the game's
    effects version as read before the spec's cards were (None: read now)."""
    plan = Plan(game, kind, spec, games, seed, deck_id, effects_version)
    return simulations_create(owner=owner, plans=[plan], enforce_limit=enforce_limit)[0]


def _create(owner: User, plan: Plan) -> Simulation:
    size = chunk_size_for(plan.games)
    simulation = Simulation.objects.create(
        owner=owner,
        game=plan.game,
        kind=plan.kind,
        deck_id=plan.deck_id,
        spec={**plan.spec, "game": plan.game, "kind": plan.kind},
        games=plan.games,
        seed=plan.seed,
        effects_version=(
            effects_version(plan.game) if plan.effects_version is None else plan.effects_version
        ),
        chunk_size=size,
        progressed_at=timezone.now(),
    )
    SimulationChunk.objects.bulk_create(
        SimulationChunk(
            simulation=simulation, index=i, start=start, count=min(size, plan.games - start)
        )
        for i, start in enumerate(range(0, plan.games, size))
    )
    return simulation


def simulation_run_chunk(chunk_id: int) -> None:
    """Run one chunk (idempotent); the last chunk to finish writes the results."""
    chunk = SimulationChunk.objects.select_related("simulation").filter(pk=chunk_id).first()
    if chunk is None:
        return  # its simulation was deleted
    simulation = chunk.simulation
    if chunk.done or simulation.status not in ACTIVE:
        return
    Simulation.objects.filter(pk=simulation.pk, status=Simulation.Status.PENDING).update(
        status=Simulation.Status.RUNNING
    )
    try:
        records = run_records(simulation.spec, simulation.seed, chunk.start, chunk.count)
    except Exception as error:
        logger.exception("simulation %s chunk %s failed", simulation.pk, chunk.index)
        simulation_fail(simulation.pk, f"chunk {chunk.index} failed: {error}")
        raise
    tally, turns = chunk_columns(simulation.spec, records)
    with transaction.atomic():
        locked = SimulationChunk.objects.select_for_update().filter(pk=chunk_id).first()
        if locked is None or locked.done:
            return  # written by another run of this task, or the simulation was deleted
        locked.records, locked.tally, locked.turns, locked.done = records, tally, turns, True
        locked.save(update_fields=["records", "tally", "turns", "done"])
        Simulation.objects.filter(pk=simulation.pk).update(
            games_done=F("games_done") + len(records), progressed_at=timezone.now()
        )
        transaction.on_commit(lambda: simulation_finish(simulation.pk))


def simulation_finish(simulation_id: int) -> None:
    """Summarise once every chunk is done; a no-op before, and after it has run once.

    The chunks' tallies are merged one at a time in game order: the summary of any
    number of games holds one chunk's tally at a time, never the records."""
    # Cheap checks first: every chunk's commit calls this.
    if SimulationChunk.objects.filter(simulation_id=simulation_id, done=False).exists():
        return
    with transaction.atomic():
        simulation = Simulation.objects.select_for_update().filter(pk=simulation_id).first()
        if simulation is None or simulation.status not in ACTIVE:
            return
        written = simulation.chunks.order_by("index").defer("records", "turns")
        chunks = written.iterator(chunk_size=1)
        tally = merged(simulation.spec, (chunk_tally(simulation.spec, c) for c in chunks))
        simulation.results = summary_of(simulation.spec, tally, game=simulation.game)
        simulation.status = Simulation.Status.DONE
        simulation.finished_at = timezone.now()
        simulation.save(update_fields=["results", "status", "finished_at"])


def chunk_tally(spec: dict[str, Any], chunk: SimulationChunk) -> Tally:
    """A written chunk's tally (from its records if it was written before tallies were)."""
    if chunk.tally is not None:
        return tally_from_json(chunk.tally)
    return tally_records(spec, chunk.records or [])


def simulation_fail(simulation_id: int, message: str) -> None:
    Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(
        status=Simulation.Status.FAILED, error=message[:2000], finished_at=timezone.now()
    )


def simulation_resume_stalled(*, stalled_for: timedelta) -> list[int]:
    """Dispatch again the unfinished chunks of every active simulation that has not
    progressed for `stalled_for`; Celery beat runs it, and each web process without a
    broker (play/simulations/resumer.py). Safe to run anywhere at any time: a stalled simulation is
    claimed by one conditional update, so of resumers running at once exactly one
    dispatches it, and a chunk that runs twice is written once. Returns the ids of the
    simulations this call dispatched again."""
    cutoff = timezone.now() - stalled_for
    stalled = Q(progressed_at__lt=cutoff) | Q(progressed_at__isnull=True)
    ids = list(
        Simulation.objects.filter(stalled, status__in=ACTIVE).values_list("pk", flat=True)
    )
    claimed = []
    for simulation_id in ids:
        if not Simulation.objects.filter(stalled, pk=simulation_id, status__in=ACTIVE).update(
            progressed_at=timezone.now()
        ):
            continue  # another resumer claimed it first, or it moved or ended meanwhile
        logger.warning("simulation %s stalled; dispatching its chunks again", simulation_id)
        claimed.append(simulation_id)
        dispatch_simulation(simulation_id)
    return claimed


def dispatch_simulation(simulation_id: int) -> None:
    """Run a simulation's unfinished chunks (play/simulations/dispatch.py says where); fail it
    at once if the task queue cannot be reached."""
    chunk_ids = list(
        SimulationChunk.objects.filter(simulation_id=simulation_id, done=False)
        .order_by("index")
        .values_list("id", flat=True)
    )
    if not chunk_ids:
        # Every chunk is written but the summary is not (its process stopped in between).
        simulation_finish(simulation_id)
        return
    try:
        run_chunks(simulation_id, chunk_ids, simulation_run_chunk)
    except QueueUnreachableError:
        simulation_fail(simulation_id, QUEUE_UNREACHABLE)


def simulation_keep_alive(simulation_ids: Iterable[int]) -> None:
    """Mark simulations as alive though no chunk has finished lately: those a process
    holds queued or running, so that no resumer takes them from it (play/simulations/resumer.py)."""
    Simulation.objects.filter(pk__in=list(simulation_ids), status__in=ACTIVE).update(
        progressed_at=timezone.now()
    )


def simulation_cancel(*, simulation: Simulation) -> Simulation:
    Simulation.objects.filter(pk=simulation.pk, status__in=ACTIVE).update(
        status=Simulation.Status.CANCELLED, finished_at=timezone.now()
    )
    simulation.refresh_from_db()
    return simulation


def simulation_delete(*, simulation: Simulation) -> None:
    """Delete a simulation with everything it kept. One still running stops: its chunks'
    tasks find no chunk to write (simulation_run_chunk) and end."""
    simulation.delete()


def replay_refused(simulation: Simulation) -> str:
    """Why the simulation's sample games cannot be replayed by hand ("" when they can):
    a ChiZo game beside a passive board has no match to replay it in."""
    if simulation.game == "chizo" and spec_table("chizo", simulation.spec):
        return BOARD_BY_HAND
    return ""


def replay_sample(*, user: User, simulation: Simulation, seed: int) -> Match:
    """A goldfish match of one of the simulation's sample games, dealt from its seed with
    the deck as it was simulated (the deck may have changed or gone since)."""
    if refused := replay_refused(simulation):
        raise SeatsError("seed", refused)
    spec, game = simulation.spec, simulation.game
    table = spec_table(game, spec)
    setup = deck_setup(game, [spec["cards"]], goldfish=True,
                       opposition=table if game == "shadowfist" else None)  # fmt: skip
    return match_create(
        owner=user,
        game=simulation.game,
        mode=Match.Mode.GOLDFISH,
        seats=[{"player": "human", "deck": simulation.deck_id}],
        setup=setup,
        seed=seed,
    )
