"""Card effects as data: effects files (load, check, export), the vocabulary reference,
and each change of a card's effect kept with who made it and when (docs/shadowfist.md,
"Writing effects")."""
