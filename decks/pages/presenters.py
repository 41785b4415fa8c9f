"""Shaping what the selectors return into what the templates show: cards grouped by type
with their problems, the validation summary, charts and the odds table. No rules here:
every verdict and figure comes from decks.formats and decks.stats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString

from cards.titles import title_key
from cards.vocabulary import SHADOWFIST_RESOURCES
from decks.cardfacts import CardFacts
from decks.formats import FORMATS, ValidationReport, Violation
from decks.formats.rules import noun_for
from decks.lines import DeckLine
from decks.models import DeckVersion
from decks.textlist import SECTION_TITLES, TYPE_ORDER
from web.charts import bar_chart, line_chart

# Violations shown beside the cards they name; the others (size, a shared designator)
# concern the deck as a whole and are shown in the summary only.
ROW_CODES = frozenset({"too_many_copies", "card_not_legal", "wrong_game"})


@dataclass(frozen=True)
class CardRow:
    card: CardFacts
    count: int
    problems: list[Violation] = field(default_factory=list)

    @property
    def facts(self) -> str:
        return card_facts(self.card)


@dataclass(frozen=True)
class TypeGroup:
    title: str
    total: int
    rows: list[CardRow]


def format_name(slug: str) -> str:
    fmt = FORMATS.get(slug)
    return fmt.name if fmt else slug


def card_facts(card: CardFacts) -> str:
    """The few facts a deck list shows beside a name: class and STR/INT, or faction,
    cost and Fighting/Power."""
    parts: list[str] = []
    if card.game == "chizo":
        parts.append(card.creature_class or card.element or "")
        if card.strength is not None or card.intelligence is not None:
            parts.append(f"STR {_shown(card.strength)} / INT {_shown(card.intelligence)}")
    else:
        parts.append(card.faction)
        # A feng shui site's stored cost 0 stands for "the number of sites in play".
        if card.type != "Feng Shui Site" and (card.cost is not None or card.cost_is_x):
            parts.append(f"cost {'X' if card.cost_is_x else card.cost}")
        if card.fighting is not None:
            parts.append(f"Fighting {card.fighting}")
        if card.power:
            parts.append(f"Power {card.power}")
    return " · ".join(part for part in parts if part)


def _shown(value: int | None) -> str:
    return "-" if value is None else str(value)


def grouped_rows(lines: Sequence[DeckLine], report: ValidationReport, game: str) -> list[TypeGroup]:
    """The deck's cards by type in the game's order, by name within a type, each with the
    violations that name it."""
    by_name: dict[str, list[Violation]] = {}
    for violation in report.errors:
        if violation.code in ROW_CODES:
            for name in violation.cards:
                by_name.setdefault(name, []).append(violation)
    order = TYPE_ORDER.get(game, ())
    groups: dict[str, list[CardRow]] = {}
    for line in sorted(lines, key=lambda e: (title_key(e.card.name), e.card.id)):
        rows = groups.setdefault(line.card.type, [])
        rows.append(CardRow(line.card, line.count, by_name.get(line.card.name, [])))
    ranked = sorted(groups, key=lambda t: (order.index(t) if t in order else len(order), t))
    return [
        TypeGroup(SECTION_TITLES.get(t, t) or "Other", sum(r.count for r in groups[t]), groups[t])
        for t in ranked
    ]


@dataclass(frozen=True)
class Verdict:
    """The validation panel's headline and one line per format."""

    valid: bool
    summary: str
    formats: list[tuple[str, int]]  # (format name, problems)
    problems: list[tuple[Violation, str]]  # every violation with its format's name


def verdict(report: ValidationReport) -> Verdict:
    names = [format_name(slug) for slug in report.formats]
    summary = f"Valid for {_and(names)}" if report.valid else _problems(len(report.errors))
    per_format = [
        (format_name(slug), len(result.errors)) for slug, result in report.formats.items()
    ]
    problems = [(v, format_name(v.format) if v.format else "") for v in report.errors]
    return Verdict(report.valid, summary, per_format, problems)


def _problems(count: int) -> str:
    return "1 problem" if count == 1 else f"{count} problems"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def noun(game: str, count: int) -> str:
    """'1 tile', '32 tiles', '6 cards'."""
    return noun_for(game).count(count)


def noun_many(game: str) -> str:
    """'tiles' or 'cards'."""
    return noun_for(game).many


def with_typed_lines(errors: Sequence[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Each line error with the line as the user typed it, to show the two side by side.

    Lines are split as decks.textlist splits them (\n, \r\n or \r), so the numbers agree.
    """
    typed = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    shown = []
    for error in errors:
        number = error.get("line") or 0
        line = typed[number - 1] if 0 < number <= len(typed) else ""
        shown.append({**error, "typed": line[:200]})
    return shown


def version_rows(versions: Iterable[DeckVersion]) -> list[dict[str, Any]]:
    """A version's number, date, name, format and size, for the history table."""
    return [
        {
            "version": v.version,
            "created_at": v.created_at,
            "name": v.name,
            "format": format_name(v.format),
            "total": sum(entry["count"] for entry in v.entries),
            "distinct": len(v.entries),
        }
        for v in versions
    ]


def diff_rows(changes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each change with its signed difference and whether the card came, went or changed."""
    rows = []
    for change in changes:
        delta = change["after"] - change["before"]
        kind = "added" if not change["before"] else "removed" if not change["after"] else "changed"
        rows.append({**change, "delta": f"{delta:+d}", "kind": kind})
    return rows


# --- statistics -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chart:
    title: str
    svg: SafeString
    note: str = ""


def stat_charts(stats: dict[str, Any]) -> list[Chart]:
    """Bar charts of the curves and breakdowns decks.stats computed for the game."""
    noun = noun_for(stats["game"]).many.capitalize()
    charts = [_bars(f"{noun} by type", stats["by_type"])]
    if stats["game"] == "chizo":
        charts += [
            _curve("Creatures by STR", stats["str_curve"]),
            _curve("Creatures by INT", stats["int_curve"]),
            _bars("Creatures by class", stats["by_class"]),
            _bars("Tiles by element", stats["by_element"]),
        ]
    elif stats["game"] == "shadowfist":
        x_note = f"{stats['cost_x']} more with cost X" if stats["cost_x"] else ""
        charts += [
            _curve("Cost curve (feng shui sites left out)", stats["cost_curve"], x_note),
            _bars("Cards by faction", stats["by_faction"]),
        ]
    return [chart for chart in charts if chart is not None]


def _bars(title: str, counts: dict[str, int], note: str = "") -> Chart | None:
    if not counts:
        return None
    return Chart(title, bar_chart(list(counts.items()), title=title, unit=" copies"), note)


def _curve(title: str, points: list[dict[str, int]], note: str = "") -> Chart | None:
    if not points:
        return None
    bars = [(str(p["value"]), p["count"]) for p in points]
    return Chart(title, bar_chart(bars, title=title, unit=" copies"), note)


def odds_chart(stats: dict[str, Any]) -> Chart | None:
    """A line of the least certain group's chance by turn: a group the opening hand
    nearly always holds makes a flat, uninformative line."""
    groups = [entry for entry in stats["draw_odds"] if entry["group"]]
    if not groups:
        return None
    group = min(groups, key=lambda entry: entry["opening"])
    title = f"Chance to have seen {group['card']} by turn"
    points = [(turn, p) for turn, p in enumerate(group["by_turn"], start=1)]
    return Chart(title, line_chart(points, title=title, y_max=1.0, percent=True))


@dataclass(frozen=True)
class OddsRow:
    card: str
    group: bool
    copies: int
    opening: str
    by_turn: list[str]


def odds_rows(stats: dict[str, Any], at_least: int) -> list[OddsRow]:
    """The draw-odds table for "at least `at_least` copies", cards then groups."""
    rows = []
    for entry in stats["draw_odds"]:
        odds = next((row for row in entry["at_least"] if row["k"] == at_least), None)
        if odds is None:
            continue
        rows.append(
            OddsRow(
                entry["card"],
                entry["group"],
                entry["copies"],
                percent(odds["opening"]),
                [percent(p) for p in odds["by_turn"]],
            )
        )
    return rows


def percent(p: float) -> str:
    """A chance as a whole percentage that never rounds to a false 0% or 100%."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{p:.0%}"


def resource_rows(stats: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"code": code, **row, "name": SHADOWFIST_RESOURCES.get(code, row["name"])}
        for code, row in stats.get("resources", {}).items()
    ]
