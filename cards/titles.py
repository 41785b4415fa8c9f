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

import re
import unicodedata

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
