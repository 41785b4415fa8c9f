"""How card names are compared: one normalisation for the importer, deck rules and text lists.

Players type names with curly quotes, odd spacing and any letter case, and the Shadowfist
source spells some reprints differently (`SWAT Team` / `Swat Team`, `Iala Mané` /
`Iala Mane`, `Earth, Wind, and Fire` / `Earth, Wind and Fire`). Two keys cover both:

- `title_key`: case-insensitive, quotes and whitespace normalised, punctuation kept. It is
  what "the same name" means when a text list is matched against the catalogue.
- `loose_key`: letters and digits only, accents dropped. It is what "the same title" means
  for copy limits, so a reprint spelled differently still counts against the same limit.
"""

from __future__ import annotations

import bisect
import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

# Typographic quotes and primes that players (and word processors) put in card names, and
# invisible characters that survive copy and paste from web pages and spreadsheets.
_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",  # left single quotation mark
        "\u2019": "'",  # right single quotation mark
        "\u201a": "'",  # single low-9 quotation mark
        "\u201b": "'",  # single high-reversed-9 quotation mark
        "\u2032": "'",  # prime
        "\u00b4": "'",  # acute accent used as an apostrophe
        "`": "'",
        "\u201c": '"',  # left double quotation mark
        "\u201d": '"',  # right double quotation mark
        "\u201e": '"',  # double low-9 quotation mark
        "\u201f": '"',  # double high-reversed-9 quotation mark
        "\u2033": '"',  # double prime
        "\u00ab": '"',  # guillemets
        "\u00bb": '"',
        "\ufeff": None,  # byte order mark
        "\u200b": None,  # zero-width space
        "\u200c": None,  # zero-width non-joiner
        "\u200d": None,  # zero-width joiner
    }
)
_NOT_ALNUM_ASCII = re.compile(r"[^0-9a-z]+")


def clean_text(text: str) -> str:
    """`text` in NFC with straight quotes, no invisible characters and single spaces."""
    # Catalogue names are nearly all ASCII; skipping Unicode work for them keeps an index
    # over the full catalogue cheap to build per request.
    if not text.isascii():
        text = unicodedata.normalize("NFC", text).translate(_TRANSLATE)
    elif "`" in text:
        text = text.replace("`", "'")
    return " ".join(text.split())


def title_key(name: str) -> str:
    """The key under which two spellings of a name are the same name."""
    return clean_text(name).casefold()


def loose_key(name: str) -> str:
    """The key under which two spellings are the same title: letters and digits only."""
    if name.isascii():
        return _NOT_ALNUM_ASCII.sub("", name.lower())
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


#: Titles compared in full with difflib when suggesting.
SHORTLIST = 20


class TitleSuggester:
    """Close titles for one that is not known: by similarity (difflib over a shortlist of
    titles sharing the most three-letter runs), then by prefix, then by shared words.

    Works on ``title_key`` forms. The index behind it is built on the first question only
    (most lists have no unknown name, and it is the costly part over the full Shadowfist
    catalogue), aside and then swapped in, so threads sharing one never see half of it.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self._titles = sorted(set(keys))
        self._grams: dict[str, list[int]] = {}
        self._with_word: dict[str, set[int]] = {}

    def _build(self) -> None:
        grams: dict[str, list[int]] = {}
        with_word: dict[str, set[int]] = {}
        for position, title in enumerate(self._titles):
            for gram in _trigrams(title):
                grams.setdefault(gram, []).append(position)
            for word in title.split():
                with_word.setdefault(word, set()).add(position)
        self._with_word = with_word
        self._grams = grams  # last: its being non-empty is the "built" flag

    def suggest(self, key: str, limit: int) -> list[str]:
        """Up to ``limit`` known keys close to ``key`` (a ``title_key``), best first."""
        if not key or not self._titles:
            return []
        if not self._grams:
            self._build()
        keys = difflib.get_close_matches(key, self._similar(key), n=limit, cutoff=0.6)
        if len(keys) < limit and len(key) >= 3:
            keys += self._prefix_matches(key, limit)
        if len(keys) < limit:
            keys += self._word_matches(key)[:limit]
        return list(dict.fromkeys(keys))

    def _similar(self, key: str) -> list[str]:
        """The titles sharing most three-letter runs with `key`: difflib over the whole
        catalogue costs ~30 ms a name, over this shortlist well under 1 ms."""
        shared: Counter[int] = Counter()
        for gram in _trigrams(key):
            shared.update(self._grams.get(gram, ()))
        return [self._titles[position] for position, _ in shared.most_common(SHORTLIST)]

    def _prefix_matches(self, key: str, limit: int) -> list[str]:
        start = bisect.bisect_left(self._titles, key)
        found = self._titles[start : start + limit]
        return [title for title in found if title.startswith(key)]

    def _word_matches(self, key: str) -> list[str]:
        words = [w for w in key.split() if len(w) >= 3]
        if not words:
            return []
        positions = set.intersection(*(self._with_word.get(w, set()) for w in words))
        return [self._titles[p] for p in sorted(positions)]


def _trigrams(key: str) -> set[str]:
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}
