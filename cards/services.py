"""Writes to the catalogue: loading the shipped catalogue."""

from __future__ import annotations

from django.db import transaction

from cards.effects.history import EFFECT_GAMES
from cards.effects.shipped import load_shipped_effects
from cards.shipped import CATALOGUES
from cards.upsert import LoadReport, ensure_games, refresh_modelling, upsert_cards, upsert_set


def catalogue_load(*, games: list[str] | None = None) -> dict[str, LoadReport]:
    """Load (or refresh) the shipped catalogue; a second run changes nothing. Every card
    of the games loaded gets its modelling status anew (the engine may have changed)."""
    reports: dict[str, LoadReport] = {}
    with transaction.atomic():
        known = ensure_games()
        for slug, read in CATALOGUES.items():
            if games and slug not in games:
                continue
            set_specs, card_specs = read()
            sets = {spec.code: upsert_set(known[slug], spec) for spec in set_specs}
            report = LoadReport()
            upsert_cards(known[slug], sets, card_specs, report)
            if slug in EFFECT_GAMES:
                report.effects = load_shipped_effects(known[slug])
            reports[slug] = report
        refresh_modelling(games or None)
    return reports
