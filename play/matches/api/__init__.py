"""The REST API of matches."""
