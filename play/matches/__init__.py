"""Matches: one game played by people and bots, step by step, through the API and the
pages. Models, services (start, act, advance, undo, replay), selectors (what a seat sees),
setups (seats and decks into the engine's setup) and deck rows."""
