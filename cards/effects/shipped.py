"""The starter set's effects, loaded from the engine's effects file like any player's
file. An effect a staff user or a loaded file changed since is kept: a new release of
the file never overwrites a local edit (the load says how many it kept)."""

from __future__ import annotations

from cards.effects.history import write_effects
from cards.effects.loading import check_effect_file
from cards.models import EffectRevision, Game
from play.engine.games.shadowfist.starter_set import EFFECTS_FILE, starter_file

SOURCE = f"the shipped starter effects ({EFFECTS_FILE})"


def load_shipped_effects(game: Game) -> tuple[int, int]:
    """Write the starter effects that differ; (written, kept because edited since)."""
    checked = check_effect_file(game, starter_file(EFFECTS_FILE))
    if checked.problems:  # the engine's own file, checked by its tests: never expected
        raise ValueError(f"{EFFECTS_FILE}: {checked.problems[0]}")
    latest: dict[int, str] = {}
    revisions = EffectRevision.objects.filter(card__game=game).order_by("change__number")
    for card_id, source in revisions.values_list("card_id", "change__source"):
        latest[card_id] = source
    edits, kept = [], 0
    for card, effect, _ in checked.good:
        if latest.get(card.pk, SOURCE) != SOURCE:
            kept += 1
        else:
            edits.append((card, effect))
    change = write_effects(game, edits, author=None, source=SOURCE)
    return (change.revisions.count() if change else 0), kept
