"""Markdown written by users (published decklists' descriptions, comments) as safe HTML.

Two stages, each enough on its own against script: markdown-it-py writes HTML from the text
with raw HTML turned off (a `<script>` typed is shown as text) and only the links
`link_allowed` accepts, then nh3 keeps only the tags, attributes and URLs listed here and
adds `rel` to every link. docs/architecture.md, "User Markdown", says what is allowed.

- Headings are demoted by two levels (`#` is h3, `####` and below h6): a comment never
  outranks the page's own h1 and h2.
- Images are written as their alt text: an image of another site is a tracking pixel (it
  tells that site who reads the page and when), one of this site a request the reader did
  not choose; the author's words stay.
- Links go to http, https and mailto URLs, or to a path of this site ("/cards/12/");
  anything else, such as `javascript:`, a protocol-relative `//host` or a page-relative
  `../x`, stays text.
- Table alignment is written as `align` on the cells, not as a style attribute.

Bounds, so that neither the work nor the answer grows past a fixed size whatever was
stored: text past MAX_MARKDOWN_CHARS is not rendered; blocks nested deeper than MAX_NESTING
are dropped; tables hold MAX_TABLE_CELLS cells in all (a short row is filled up to the
header's width, so a few characters could make thousands of cells); and HTML that would
outgrow MAX_HTML_CHARS (one link reference used thousands of times) is replaced by the text
itself, escaped, in paragraphs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import nh3
from django.utils.html import escape, linebreaks
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.table import table as markdown_it_table
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

#: The longest text rendered, in characters. Forms and serializers refuse longer text with
#: their own, smaller limits; text stored past this one (by the admin, or before a limit
#: was lowered) is cut here rather than refused, so that a page never fails on it.
MAX_MARKDOWN_CHARS: Final = 20_000
#: The longest HTML written (the escaped text of MAX_MARKDOWN_CHARS fits well within it).
MAX_HTML_CHARS: Final = 10 * MAX_MARKDOWN_CHARS
#: How deep blocks (quotes, lists) and inline markup may nest; deeper content is dropped.
MAX_NESTING: Final = 20
#: Cells of all the tables of one text, header cells included; rows past it are text.
MAX_TABLE_CELLS: Final = 2000

ALLOWED_TAGS: Final = frozenset(
    {
        *("p", "br", "hr", "h3", "h4", "h5", "h6"),
        *("em", "strong", "del", "s", "code", "pre", "blockquote", "ul", "ol", "li", "a"),
        *("table", "thead", "tbody", "tr", "th", "td"),
    }
)
ALLOWED_SCHEMES: Final = frozenset({"http", "https", "mailto"})
LINK_REL: Final = "nofollow noopener ugc"
_ALIGNMENTS: Final = frozenset({"left", "center", "right"})
# `#` is h3 ... `####` and below h6 (see the module's docstring).
_DEMOTED: Final = {"h1": "h3", "h2": "h4", "h3": "h5", "h4": "h6", "h5": "h6", "h6": "h6"}
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.-]*):")
# Browsers drop tabs and line breaks anywhere in a URL, and C0 controls and spaces around
# it (WHATWG URL parser): "java\tscript:" is "javascript:" to them.
_URL_IGNORED = re.compile(r"[\t\n\r]")
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
_TABLE_CELLS_USED = "cardhouse_table_cells"  # key of the parse's env


def link_allowed(url: str) -> bool:
    """Whether a link may point at `url`: an http, https or mailto URL, or a path of this
    site. Both stages ask it: markdown-it of the URL it normalised (entities decoded,
    unsafe characters percent-encoded), nh3 of the attribute it reads back."""
    cleaned = _URL_IGNORED.sub("", url).strip(_C0_AND_SPACE)
    scheme = _SCHEME.match(cleaned)
    if scheme:
        return scheme.group(1).lower() in ALLOWED_SCHEMES
    # A path of this site, not "//host" (another site) nor "/\host" (read as "//host").
    return cleaned.startswith("/") and cleaned[1:2] not in ("/", "\\")


class _Markdown(MarkdownIt):
    # markdown-it asks this of every link, autolink, reference and image destination;
    # one refused is left as the text it was written as.
    def validateLink(self, url: str) -> bool:  # noqa: N802 (markdown-it's name)
        return link_allowed(url)


class _OversizedError(Exception):
    """The HTML would outgrow MAX_HTML_CHARS."""


def _bounded_table(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's table rule within what is left of MAX_TABLE_CELLS: no table when not
    even its header fits, else at most the rows that fit (the rest is read on as text)."""
    if start + 2 > end:
        return False
    delimiter_row = state.src[state.bMarks[start + 1] : state.eMarks[start + 1]]
    columns = max(1, sum(1 for part in delimiter_row.split("|") if part.strip()))
    used = state.env.get(_TABLE_CELLS_USED, 0)
    body_rows = (MAX_TABLE_CELLS - used) // columns - 1
    if body_rows < 0:
        return False
    if not markdown_it_table(state, start, min(end, start + 2 + body_rows), silent):
        return False
    if not silent:
        # The header and the body rows read (the delimiter row holds no cells).
        state.env[_TABLE_CELLS_USED] = used + columns * (state.line - start - 1)
    return True


def _image_as_text(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return escape(self.renderInlineAsText(tokens[idx].children or [], options, env))


def _demote_and_align(state: StateCore) -> None:
    for token in state.tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = _DEMOTED[token.tag]
        elif token.type in ("th_open", "td_open"):
            align = str(token.attrGet("style") or "").removeprefix("text-align:")
            token.attrs = {"align": align} if align in _ALIGNMENTS else {}


def _bound_links(state: StateCore) -> None:
    """Refuse before rendering when the links' destinations and titles alone outgrow the
    bound: a reference defined once with a long URL can be used thousands of times."""
    total = 0
    for token in state.tokens:
        for child in token.children or ():
            if child.type == "link_open":
                total += sum(len(str(value)) for value in child.attrs.values())
        if total > MAX_HTML_CHARS:
            raise _OversizedError


def _parser() -> MarkdownIt:
    md = _Markdown("commonmark", {"html": False, "maxNesting": MAX_NESTING})
    md.enable(["table", "strikethrough"])
    md.block.ruler.at("table", _bounded_table, {"alt": ["paragraph", "reference"]})
    md.add_render_rule("image", _image_as_text)
    md.core.ruler.push("demote_and_align", _demote_and_align)
    md.core.ruler.push("bound_links", _bound_links)
    return md


def _href_filter(tag: str, attribute: str, value: str) -> str | None:
    return None if attribute == "href" and not link_allowed(value) else value


_MD: Final = _parser()
_CLEANER: Final = nh3.Cleaner(
    tags=ALLOWED_TAGS,
    attributes={"a": {"href", "title"}, "ol": {"start"}},
    # Only these values of align; nh3 wants them here and not in attributes as well.
    tag_attribute_values={"th": {"align": _ALIGNMENTS}, "td": {"align": _ALIGNMENTS}},
    attribute_filter=_href_filter,
    url_schemes=ALLOWED_SCHEMES,
    link_rel=LINK_REL,
)


def _html(text: str) -> str | None:
    """markdown-it's HTML of `text`, or None when it outgrows the bound."""
    try:
        html = _MD.render(text)
    except _OversizedError:
        return None
    return html if len(html) <= MAX_HTML_CHARS else None


def sanitise(html: str) -> str:
    """`html` with only the allowed tags, attributes and links left: the second stage,
    which holds on its own whatever the first lets through."""
    return _CLEANER.clean(html)


def render_markdown(text: str) -> SafeString:
    """`text` (its first MAX_MARKDOWN_CHARS characters) as sanitised HTML, at most
    MAX_HTML_CHARS long."""
    text = text[:MAX_MARKDOWN_CHARS]
    html = _html(text)
    # Checked again once sanitised: nh3 adds `rel` to every link.
    clean = "" if html is None else sanitise(html)
    if html is None or len(clean) > MAX_HTML_CHARS:
        clean = sanitise(linebreaks(text, autoescape=True))
    return mark_safe(clean)
