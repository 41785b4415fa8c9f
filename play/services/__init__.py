"""Writes of the play app: matches (play/services/matches.py), simulations (simulations.py)."""
