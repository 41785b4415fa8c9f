"""Validate a deck against one or several formats at once, collecting every violation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from decks.formats.catalog import DEFAULT_FORMATS, FORMATS, formats_for_game
from decks.formats.format import Format
from decks.formats.rules import DeckLine, Violation, game_name

# Long, unknown slugs are echoed back shortened, so a hostile request cannot inflate the reply.
_ECHO = 40


@dataclass(frozen=True)
class FormatResult:
    valid: bool
    errors: list[Violation]

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "errors": [v.to_dict() for v in self.errors]}


@dataclass(frozen=True)
class ValidationReport:
    """The verdict per format, plus errors of the list itself (parse and name errors).

    `list_errors` carry format "" and make the report invalid: a list that did not parse
    cleanly is not a valid deck, whatever the lines that did match.
    """

    formats: dict[str, FormatResult]
    list_errors: list[Violation] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.list_errors and all(r.valid for r in self.formats.values())

    @property
    def errors(self) -> list[Violation]:
        """The list's errors, then each format's, in the order the formats were asked for."""
        found = list(self.list_errors)
        for result in self.formats.values():
            found += result.errors
        return found

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "formats": {slug: r.to_dict() for slug, r in self.formats.items()},
            "errors": [v.to_dict() for v in self.errors],
        }


def validate(
    lines: Sequence[DeckLine],
    format_slugs: Sequence[str],
    *,
    game: str,
    min_sizes: Mapping[str, int | None] | None = None,
    list_errors: Sequence[Violation] = (),
) -> ValidationReport:
    """Check `lines` against each format in `format_slugs` (none given: the game's default).

    `min_sizes` sets a format's minimum size by slug (the optional Shadowfist minimum);
    `list_errors` are carried into the report (see `LineError.to_violation`). Never raises
    on a well-typed call: unknown formats and games become `unknown_format` violations.
    """
    slugs = list(dict.fromkeys(format_slugs)) or _default_slugs(game)
    extra = list(list_errors)
    if not slugs:
        extra.append(_no_formats(game))
    results = {slug: _check_one(lines, slug, game, min_sizes or {}) for slug in slugs}
    return ValidationReport(formats=results, list_errors=extra)


def _default_slugs(game: str) -> list[str]:
    slug = DEFAULT_FORMATS.get(game)
    return [slug] if slug else []


def _check_one(
    lines: Sequence[DeckLine], slug: str, game: str, min_sizes: Mapping[str, int | None]
) -> FormatResult:
    fmt = FORMATS.get(slug)
    if fmt is None or fmt.game != game:
        return FormatResult(False, [_unknown_format(slug, game, fmt)])
    if slug in min_sizes:
        fmt = fmt.with_min_size(min_sizes[slug])
    errors = fmt.check(lines)
    return FormatResult(not errors, errors)


def _unknown_format(slug: str, game: str, fmt: Format | None) -> Violation:
    shown = slug if len(slug) <= _ECHO else slug[:_ECHO] + "..."
    choices = ", ".join(f.slug for f in formats_for_game(game))
    if fmt is not None:
        message = f"Format {shown!r} is for {game_name(fmt.game)}, not {game_name(game)}"
    else:
        message = f"Unknown format {shown!r} for {game_name(game)}"
    hint = f"use one of: {choices}" if choices else "decks exist for chizo and shadowfist"
    return Violation("unknown_format", message, [], None, hint, slug)


def _no_formats(game: str) -> Violation:
    return Violation(
        code="unknown_format",
        message=f"{game_name(game)} has no deck formats",
        cards=[],
        line=None,
        hint="decks exist for chizo and shadowfist",
    )
