"""How the API answers the play services' domain errors."""

from __future__ import annotations

from play.matches.setups import SeatsError
from web.errors import ApiError


def seats_error(error: SeatsError) -> ApiError:
    """Seats or decks that cannot make a game: 400 naming the field."""
    return ApiError(
        str(error),
        code="invalid_seats",
        errors=[{"field": error.field, "message": str(error), "code": "invalid"}],
    )
