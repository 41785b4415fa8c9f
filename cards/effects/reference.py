"""The effect vocabulary as a player reads it: the reference page (/effects/shadowfist/)
and docs/shadowfist-effects.md are both drawn from :func:`vocabulary`, which reads the
engine's rules (``spec``: keys, parameters, triggers, targets, values) and words
(``vocabulary``), and takes each key's example from the starter set's effects file.

``python -m cards.effects.reference --write`` writes the docs file; a test fails when it
differs from what this module draws, so the two never drift.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from play.engine.games.shadowfist.effects.effect_file import entry_fields, read_effect_file
from play.engine.games.shadowfist.effects.spec import COMMON, KEYS, TRIGGERS
from play.engine.games.shadowfist.effects.vocabulary import (
    ABILITY_DOCS,
    KEY_DOCS,
    PARAMS,
    READINGS,
    TARGET_DOCS,
    TRIGGER_DOCS,
    allowed_values,
    key_params,
)
from play.engine.games.shadowfist.starter_set import EFFECTS_FILE, starter_file

DOCS_FILE = Path(__file__).resolve().parents[2] / "docs" / "shadowfist-effects.md"


def code_parts(text: str) -> tuple[tuple[str, bool], ...]:
    """Text with `code` spans as (piece, is code) pairs: the page shows them in <code>
    (escaped by the template), the docs file keeps the backticks."""
    return tuple((piece, index % 2 == 1) for index, piece in enumerate(text.split("`")) if piece)


@dataclass(frozen=True)
class Described:
    """A name and its words (a trigger, a target, an ability)."""

    name: str
    text: str

    @property
    def parts(self) -> tuple[tuple[str, bool], ...]:
        return code_parts(self.text)


@dataclass(frozen=True)
class ParamRow:
    name: str
    required: bool
    kind: str
    values: tuple[str, ...]
    meaning: str

    @property
    def parts(self) -> tuple[tuple[str, bool], ...]:
        return code_parts(self.meaning)


@dataclass(frozen=True)
class KeyReference:
    key: str
    meaning: str
    params: tuple[ParamRow, ...]
    triggers: tuple[str, ...]
    targets: tuple[str, ...]
    example_title: str
    example: str

    @property
    def parts(self) -> tuple[tuple[str, bool], ...]:
        return code_parts(self.meaning)


@dataclass(frozen=True)
class Vocabulary:
    keys: tuple[KeyReference, ...]
    triggers: tuple[Described, ...]
    targets: tuple[Described, ...]
    params: tuple[ParamRow, ...]
    common: tuple[str, ...]
    abilities: tuple[Described, ...]
    readings: tuple[Described, ...]


def vocabulary() -> Vocabulary:
    """Everything the reference says, in its order."""
    examples = _examples()
    keys = []
    for key, rule in KEYS.items():
        rows = tuple(
            ParamRow(
                name,
                name in rule.required,
                PARAMS[name].kind,
                allowed_values(key, name),
                PARAMS[name].meaning,
            )
            for name in key_params(key)
        )
        title, example = examples.get(key, ("", ""))
        keys.append(
            KeyReference(
                key=key,
                meaning=KEY_DOCS[key].meaning,
                params=rows,
                triggers=allowed_values(key, "trigger"),
                targets=allowed_values(key, "target"),
                example_title=title,
                example=example,
            )
        )
    return Vocabulary(
        keys=tuple(keys),
        triggers=tuple(Described(name, TRIGGER_DOCS[name]) for name in TRIGGERS),
        targets=tuple(Described(name, text) for name, text in TARGET_DOCS.items()),
        params=tuple(
            ParamRow(name, False, doc.kind, doc.values, doc.meaning) for name, doc in PARAMS.items()
        ),
        common=tuple(sorted(COMMON)),
        abilities=tuple(Described(name, text) for name, text in ABILITY_DOCS.items()),
        readings=tuple(Described(title, text) for title, text in READINGS),
    )


def _examples() -> dict[str, tuple[str, str]]:
    """Per key, the first starter card (by title) that uses it, as a file entry."""
    entries, _ = read_effect_file(starter_file(EFFECTS_FILE))
    found: dict[str, tuple[str, str]] = {}
    for entry in entries:
        if isinstance(entry.key, str) and entry.key not in found:
            fields = entry_fields(entry.key, entry.params, entry.note)
            found[entry.key] = (entry.title, tomli_w.dumps({"cards": {entry.title: fields}}))
    return found


def markdown() -> str:
    """docs/shadowfist-effects.md."""
    words = vocabulary()
    out = [
        "# Shadowfist effect vocabulary",
        "",
        "<!-- Drawn from the engine's vocabulary by `python -m cards.effects.reference "
        "--write`; do not edit by hand. -->",
        "",
        "Every key the engine runs, with its parameters, triggers and targets: what an "
        'effects file may say (how to write and load one: docs/shadowfist.md, "Writing '
        'effects"). The same reference is on the site at `/effects/shadowfist/`.',
        "",
        f"Any key also takes the common parameters {_names(words.common)}.",
        "",
        "## How effects resolve",
        "",
        *(line for one in words.readings for line in (f"**{one.name}.** {one.text}", "")),
        "## Triggers",
        "",
        "| trigger | when |",
        "| --- | --- |",
        *(f"| `{one.name}` | {one.text} |" for one in words.triggers),
        "",
        "## Targets",
        "",
        "| target | what |",
        "| --- | --- |",
        *(f"| `{one.name}` | {one.text} |" for one in words.targets),
        "",
        "## Parameters",
        "",
        "| parameter | value | meaning |",
        "| --- | --- | --- |",
        *(f"| `{p.name}` | {_kind(p.kind, p.values)} | {p.meaning} |" for p in words.params),
        "",
        "## Keys",
    ]
    for key in words.keys:
        out += ["", f"### `{key.key}`", "", key.meaning, ""]
        required = [p.name for p in key.params if p.required]
        optional = [p.name for p in key.params if not p.required]
        out.append(
            f"- Parameters: {_names(required) or 'none'} required"
            + (f"; {_names(optional)} optional" if optional else "")
            + "."
        )
        out.append(f"- Triggers: {_names(key.triggers) or 'none (no trigger)'}.")
        out.append(f"- Targets: {_names(key.targets) or 'none (not targeted)'}.")
        for param in key.params:
            if param.name in ("target", "trigger"):
                continue
            if param.values:
                out.append(f"- `{param.name}`: {_names(param.values, ' or ')}.")
        if key.example:
            out += [
                "",
                f"Example ({key.example_title}, starter set):",
                "",
                "```toml",
                key.example.rstrip("\n"),
                "```",
            ]
    out += [
        "",
        "## Keyword abilities",
        "",
        'Written in `abilities` lists, e.g. `["toughness:1", "ambush"]`.',
        "",
        "| ability | how the engine applies it |",
        "| --- | --- |",
        *(f"| `{one.name}` | {one.text} |" for one in words.abilities),
        "",
    ]
    return "\n".join(out)


def _names(names: tuple[str, ...] | list[str], last: str = " and ") -> str:
    quoted = [f"`{n}`" for n in names]
    if len(quoted) < 2:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + last + quoted[-1]


def _kind(kind: str, values: tuple[str, ...]) -> str:
    return f"{kind}: {_names(values, ' or ')}" if values else kind


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check docs/shadowfist-effects.md.")
    parser.add_argument("--write", action="store_true", help="Write the file (else print it).")
    parser.add_argument("--check", action="store_true", help="Fail when the file differs.")
    options = parser.parse_args(argv)
    text = markdown()
    if options.check:
        same = DOCS_FILE.is_file() and DOCS_FILE.read_text(encoding="utf-8") == text
        print(f"{DOCS_FILE.name}: {'current' if same else 'out of date: run with --write'}")
        return 0 if same else 1
    if options.write:
        DOCS_FILE.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
