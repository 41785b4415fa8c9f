"""Server-rendered pages of the deck builder."""
