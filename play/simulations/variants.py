"""What a card does to a published deck: the decklist goldfished as published and as a
variant (without a card, or with it swapped for another) on the same seeds, compared game
by game by the simulations' paired comparison (play/simulations/compare.py).

Both runs are the reader's simulations (any signed-in reader may ask), made from the
decklist's frozen cards, so what they measure is the list as published, whatever its
owner did to their working deck since.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from cards.effects.history import effects_versions
from cards.modelling import card_row
from cards.models import Card
from decks.catalogue import name_index
from decks.decklists.models import Decklist
from decks.decklists.selectors import decklist_for_read, decklist_lines
from decks.lines import DeckLine
from play.matches.legality import checked, deck_legality
from play.matches.services import new_seed
from play.matches.setups import SeatsError
from play.simulations.models import Simulation
from play.simulations.services import MAX_COMPARE_GAMES, Plan, simulations_create
from play.simulations.specs import goldfish_spec


@dataclass(frozen=True)
class Variant:
    """The change: `copies` of `remove` out (all of them when None), and as many of `add`
    in when given."""

    remove: int
    copies: int | None = None
    add: str = ""


def variant_lines(lines: list[DeckLine], variant: Variant, game: str) -> tuple[list[DeckLine], str]:
    """The decklist's lines with the change made, and the change in words; SeatsError
    names the field that is wrong."""
    held = next((line for line in lines if line.card.id == variant.remove), None)
    if held is None:
        raise SeatsError("remove", "that card is not in the decklist")
    copies = held.count if variant.copies is None else variant.copies
    if not 1 <= copies <= held.count:
        raise SeatsError("copies", f"the decklist holds {held.count} of {held.card.name}")
    changed = [
        DeckLine(card=line.card, count=line.count - copies) if line is held else line
        for line in lines
    ]
    changed = [line for line in changed if line.count > 0]
    words = f"without {copies} {held.card.name}"
    if variant.add.strip():
        found = name_index(game).lookup(variant.add)
        if found.card is None:
            hint = f"; did you mean {found.suggestions[0]!r}?" if found.suggestions else ""
            raise SeatsError("add", f"no card named {variant.add!r}{hint}")
        if found.card.id == held.card.id:
            raise SeatsError("add", "swap the card for a different one")
        existing = next((line for line in changed if line.card.id == found.card.id), None)
        if existing is None:
            changed.append(DeckLine(card=found.card, count=copies))
        else:
            changed = [
                DeckLine(card=line.card, count=line.count + copies) if line is existing else line
                for line in changed
            ]
        words = f"{copies} {held.card.name} swapped for {found.card.name}"
    return changed, words


def _rows(lines: list[DeckLine], game: str) -> list[tuple[dict[str, Any], int]]:
    cards = {card.pk: card for card in Card.objects.filter(pk__in=[line.card.id for line in lines])}
    return [(card_row(cards[line.card.id], game), line.count) for line in lines]


def variant_comparison_start(
    *,
    user: User,
    decklist_id: int,
    variant: Variant,
    games: int,
    bot: str | None = None,
    seed: int | None = None,
    test_anyway: bool = False,
) -> tuple[Simulation, Simulation]:
    """Goldfish the decklist (A) and its variant (B) on one seed: both simulations or
    neither, every input checked first."""
    decklist = decklist_for_read(user=user, decklist_id=decklist_id)
    game = decklist.game.slug
    if not 1 <= games <= MAX_COMPARE_GAMES:
        raise SeatsError("games", f"games runs from 1 to {MAX_COMPARE_GAMES}")
    versions = effects_versions()  # one reading for both, before either's cards
    lines = decklist_lines(decklist=decklist)
    changed, words = variant_lines(lines, variant, game)
    seed = new_seed() if seed is None else seed
    data = {"bot": bot} if bot else {}
    plans = []
    for which, chosen, subject in (
        ("decklist", lines, _subject(decklist)),
        ("variant", changed, f"{_subject(decklist)}, {words}"),
    ):
        legality = deck_legality(chosen, game=game, format_slug=decklist.format)
        checked(which, subject, legality, test_anyway=test_anyway)
        spec = goldfish_spec(game, _rows(chosen, game), legality, data)
        plans.append(
            Plan(
                game,
                spec.kind,
                {**spec.spec, "subject": subject, "decklist": decklist.pk},
                games,
                seed,
                None,
                effects_version=versions.get(game, 0),
            )
        )
    first, second = simulations_create(owner=user, plans=plans)
    return first, second


def _subject(decklist: Decklist) -> str:
    return f"decklist “{decklist.name}” #{decklist.number} by {decklist.owner.username}"
