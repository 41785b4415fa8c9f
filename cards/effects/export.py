"""Writing a game's current effects back to an effects file (what ``load_effects`` reads:
a load followed by an export gives the file back)."""

from __future__ import annotations

from cards.effects.files import write_effect_file
from cards.models import Card
from cards.titles import title_key


def export_effects(game: str, *, set_code: str | None = None) -> str:
    """Every card of ``game`` with an effect (of the set ``set_code`` only, when given),
    by title, as an effects file."""
    cards = Card.objects.filter(game__slug=game, effect_key__isnull=False)
    if set_code is not None:
        cards = cards.filter(printings__card_set__code=set_code).distinct()
    rows = sorted(
        cards.values_list("name", "effect_key", "effect_params", "effect_note"),
        key=lambda row: (title_key(row[0]), row[0]),
    )
    return write_effect_file((name, key, params or {}, note) for name, key, params, note in rows)
