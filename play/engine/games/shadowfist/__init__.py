"""Shadowfist: Power, resources, site structures, attacks with interception chains,
seizing and burning feng shui sites; the starter set's effects; goldfish."""

from __future__ import annotations

from .bots import GreedyBot
from .cards import CardDef, card_from_dict, card_to_dict, unmodelled_cards
from .game import GAME, ShadowfistGame
from .goldfish import DeckPlan, GoldfishRecord, goldfish, goldfish_many, goldfish_setup
from .opposition import DEFAULT_PROFILE, PROFILES, Opposition, opposition_from
from .state import ShadowfistState
from .tactics import TacticianBot

__all__ = [
    "DEFAULT_PROFILE",
    "GAME",
    "PROFILES",
    "CardDef",
    "DeckPlan",
    "GoldfishRecord",
    "GreedyBot",
    "Opposition",
    "ShadowfistGame",
    "ShadowfistState",
    "TacticianBot",
    "card_from_dict",
    "card_to_dict",
    "goldfish",
    "goldfish_many",
    "goldfish_setup",
    "opposition_from",
    "unmodelled_cards",
]
