"""Cardhouse's rules engine: pure Python, standard library only, no Django.

Start at :func:`play.engine.core.get_game` ("raise", ...) and the :class:`Game` contract;
``play.engine.simulate`` runs seeded games between bots. See docs/engine.md.
"""
