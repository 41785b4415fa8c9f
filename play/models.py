"""The play app's models, defined in its two packages; Django reads them here."""

from play.matches.models import Match, MatchAction
from play.simulations.models import Simulation, SimulationChunk

__all__ = ["Match", "MatchAction", "Simulation", "SimulationChunk"]
