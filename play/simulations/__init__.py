"""Simulations: many games of one deck (goldfish) or of a table of bots, run in chunks by
the task queue. Models, services, the runners, tallies and reports, retention, comparison of two
decks, dispatch and the Celery tasks. Simulations start matches (a sample game replayed);
matches know nothing of simulations."""
