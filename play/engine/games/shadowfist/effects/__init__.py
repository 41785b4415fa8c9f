"""Card effects: the vocabulary's specs (``spec``), targets (``targets``), how a resolver
is called and written (``resolution``), the registry of resolvers (``registry``) and the
resolvers by concern (``fight``, ``removal``, ``economy``). Import the submodules
directly: ``spec`` is needed by the card table, which the others need in turn.
"""
