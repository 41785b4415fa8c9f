"""Server-rendered pages of the catalogue."""
