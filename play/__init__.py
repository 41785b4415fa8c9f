"""Cardhouse's play app: matches, simulations and the rules engine (``play.engine``).

The engine that runs, compiled or pure Python, is chosen when ``play.engine`` is first
imported (play/engine_choice.py).
"""

from play.engine_choice import choose_on_first_import

choose_on_first_import()
