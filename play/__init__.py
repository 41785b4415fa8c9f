"""Cardhouse's play app: matches, simulations and the rules engine (``play.engine``).

Importing it chooses the engine that runs, compiled or pure Python (play/engine_choice.py).
"""

from play.engine_choice import choose

choose()
