"""User Markdown as safe HTML (web/markdown.py): hostile input in every form we know of,
bounded work and output on pathological input, and what ordinary Markdown becomes. Every
output is read back with html.parser and each tag and attribute checked against the
allow-list (`assert_safe`), not only searched for substrings."""

from __future__ import annotations

import re
import tracemalloc
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from hypothesis import given, settings
from hypothesis import strategies as st

from web.markdown import (
    ALLOWED_TAGS,
    LINK_REL,
    MAX_HTML_CHARS,
    MAX_MARKDOWN_CHARS,
    MAX_NESTING,
    MAX_TABLE_CELLS,
    link_allowed,
    render_markdown,
    sanitise,
)

ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "rel"},
    "ol": {"start"},
    "th": {"align"},
    "td": {"align"},
}
# What a kept href may start with (case-insensitive), checked without the module's code.
HREF_PREFIX = re.compile(r"(https?:|mailto:|/(?![/\\]))", re.IGNORECASE)


class Tags(HTMLParser):
    """Every start tag with its attributes, entities decoded as a browser decodes them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(html)
    parser.close()
    return parser.tags


def assert_safe(html: str) -> None:
    """Only allowed tags and attributes; every href one of the allowed kinds, every link
    with our rel; no script, event handler or style anywhere; within the size bound."""
    assert len(html) <= MAX_HTML_CHARS
    assert "<script" not in html.lower()
    assert not re.search(r"<[^>]*\son\w+\s*=", html, re.IGNORECASE)
    for tag, attrs in tags_of(html):
        assert tag in ALLOWED_TAGS, (tag, html)
        assert set(attrs) <= ALLOWED_ATTRIBUTES.get(tag, set()), (tag, attrs)
        if tag == "a":
            assert attrs["rel"] == LINK_REL
            href = attrs.get("href")
            if href is not None:
                assert HREF_PREFIX.match(href), href
                assert not any(ord(ch) <= 0x20 for ch in href), href
        if tag in ("th", "td") and "align" in attrs:
            assert attrs["align"] in {"left", "center", "right"}


def links(html: str) -> list[dict[str, str | None]]:
    return [attrs for tag, attrs in tags_of(html) if tag == "a"]


def render(text: str) -> str:
    html = str(render_markdown(text))
    assert_safe(html)
    return html


# Script in the text, in code, in raw HTML


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "before <script>alert(1)</script> after",
        "`<script>alert(1)</script>`",
        "```\n<script>alert(1)</script>\n```",
        "    <script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "<scr<script>ipt>alert(1)</script>",
    ],
)
def test_script_is_shown_as_text(text: str) -> None:
    html = render(text)
    assert "&lt;script" in html.lower()
    assert {tag for tag, _ in tags_of(html)} <= {"p", "code", "pre"}


@pytest.mark.parametrize(
    "text",
    [
        "<img src=x onerror=alert(1)>",
        '<a href="/x" onclick="alert(1)">x</a>',
        "<p onmouseover=alert(1)>hover</p>",
        "<div onload=alert(1)>x</div>",
        "<body onload=alert(1)>",
        '<details open ontoggle="alert(1)">',
        "<iframe src=https://evil.example></iframe>",
        "<svg onload=alert(1)><circle/></svg>",
        "<style>body { display: none }</style>",
        "<object data=x></object><embed src=x>",
        "<form action=/x><input name=a></form>",
        "<meta http-equiv=refresh content='0;url=https://evil.example'>",
        "<base href=https://evil.example/>",
        "<link rel=stylesheet href=https://evil.example/x.css>",
        '<p style="position:fixed;top:0">cover</p>',
        "<!-- a comment -->",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ],
)
def test_raw_html_blocks_and_inline_html_are_shown_as_text(text: str) -> None:
    html = render(text)
    assert {tag for tag, _ in tags_of(html)} <= {"p"}
    assert "&lt;" in html


def test_the_words_of_raw_html_survive_as_text() -> None:
    html = render('<p style="color:red" onclick="x()">Hi</p>')
    assert html == '<p>&lt;p style="color:red" onclick="x()"&gt;Hi&lt;/p&gt;</p>\n'


@pytest.mark.parametrize(
    ("hostile", "kept"),
    [
        ("<script>alert(1)</script><p>x</p>", "<p>x</p>"),
        ("<style>p{}</style><p>x</p>", "<p>x</p>"),
        ('<p onclick="alert(1)" style="color:red" class="c" id="i">x</p>', "<p>x</p>"),
        ('<img src="https://tracker.example/p.gif" alt="x">', ""),
        ('<iframe src="https://evil.example"></iframe><svg onload="alert(1)"></svg>', ""),
        ('<a href="javascript:alert(1)">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        ('<a href="java&#x09;script:alert(1)">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        ('<a href=" &#x01;javascript:alert(1)">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        ('<a href="data:text/html,x">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        ('<a href="//evil.example">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        ('<a href="relative">x</a>', '<a rel="nofollow noopener ugc">x</a>'),
        (
            '<a href="/cards/1/" rel="opener" target="_blank" onclick="x()">x</a>',
            '<a href="/cards/1/" rel="nofollow noopener ugc">x</a>',
        ),
        ('<td align="left" style="x">1</td>', "1"),  # a cell outside a table is no cell
        (
            '<table><tr><td align="justify" valign="top">1</td></tr></table>',
            "<table><tbody><tr><td>1</td></tr></tbody></table>",
        ),
        ("<h1>big</h1><h2>b</h2><div>d</div><span>s</span>", "bigbds"),
        ("<!-- hidden --><p>x</p>", "<p>x</p>"),
    ],
)
def test_the_sanitiser_holds_on_its_own_against_hostile_html(hostile: str, kept: str) -> None:
    """The second stage alone, fed what markdown-it never writes."""
    html = sanitise(hostile)
    assert_safe(html)
    assert html == kept


# Links


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "java&#x09;script:alert(1)",
        "java&#9;script:alert(1)",
        "java&#x0A;script:alert(1)",
        "&#106;avascript:alert(1)",
        "&#x6A;&#x61;vascript:alert(1)",
        "&#0000106avascript:alert(1)",
        "javascript&colon;alert(1)",
        "  javascript:alert(1)",
        "\njavascript:alert(1)",
        "&#x20;javascript:alert(1)",
        "&#x01;javascript:alert(1)",
        "<javascript:alert(1)>",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "DATA:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "//evil.example/x",
        "\\\\evil.example",
        "ftp://example.com/x",
        "relative/path",
        "../up",
        "#fragment",
        "?query=1",
    ],
)
def test_a_link_to_anything_but_http_mailto_or_a_site_path_stays_text(url: str) -> None:
    for text in (
        f"[click]({url})",
        f'[click]({url} "title")',
        f"[click]\n\n[click]: {url}",
        f"[click][ref]\n\n[ref]: <{url}>",
    ):
        html = render(text)
        assert links(html) == [], (text, html)
        assert "click" in html


@pytest.mark.parametrize(
    "text",
    [
        "<javascript:alert(1)>",
        "<JAVASCRIPT:alert(1)>",
        "<vbscript:msgbox(1)>",
        "<data:text/html;base64,PHNjcmlwdD4=>",
        "<file:///etc/passwd>",
    ],
)
def test_an_autolink_of_a_refused_scheme_stays_text(text: str) -> None:
    html = render(text)
    assert links(html) == []
    assert "&lt;" in html


@pytest.mark.parametrize(
    ("text", "href"),
    [
        ("[card](/cards/12/)", "/cards/12/"),
        ("[deck](/decks/3/?v=2#list)", "/decks/3/?v=2#list"),
        ("[site](https://example.com/a?b=1&c=2)", "https://example.com/a?b=1&c=2"),
        ("[site](HTTP://example.com)", "HTTP://example.com"),
        ("[mail](mailto:someone@example.com)", "mailto:someone@example.com"),
        ("<https://example.com/x>", "https://example.com/x"),
        ("<someone@example.com>", "mailto:someone@example.com"),
        ("[ref]\n\n[ref]: /cards/1/", "/cards/1/"),
        ("[space](</cards/a b/>)", "/cards/a%20b/"),
        # Percent-encoded, the backslash is no separator: a path of this site.
        ("[back](/\\evil.example/x)", "/%5Cevil.example/x"),
    ],
)
def test_http_mailto_and_site_paths_are_links_with_rel(text: str, href: str) -> None:
    (link,) = links(render(text))
    assert link["href"] == href
    assert link["rel"] == LINK_REL


def test_a_link_keeps_its_title_and_the_title_is_escaped() -> None:
    html = render('[x](/a "say \\"hi\\" <b>")')
    (link,) = links(html)
    assert link["title"] == 'say "hi" <b>'
    assert "<b>" not in html


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://example.com", True),
        ("MAILTO:a@b.c", True),
        ("/cards/1/", True),
        ("/", True),
        ("\t/cards/", True),
        ("java\tscript:alert(1)", False),
        (" \x00javascript:alert(1)", False),
        ("//evil.example", False),
        ("/\\evil.example", False),
        ("\n//evil.example", False),
        ("/\t/evil.example", False),
        ("cards/1", False),
        ("", False),
    ],
)
def test_link_allowed_reads_urls_as_a_browser_does(url: str, allowed: bool) -> None:
    assert link_allowed(url) is allowed


# Images


@pytest.mark.parametrize(
    "text",
    [
        "![a *pixel* here](https://tracker.example/p.gif)",
        "![a *pixel* here](/media/p.gif)",
        "![a *pixel* here][img]\n\n[img]: https://tracker.example/p.gif",
        "[![a *pixel* here](https://tracker.example/p.gif)](https://example.com)",
    ],
)
def test_an_image_is_written_as_its_alt_text(text: str) -> None:
    html = render(text)
    assert "tracker.example" not in html
    assert "/media/p.gif" not in html
    assert "a pixel here" in html


def test_an_image_of_a_refused_url_is_text_and_no_link() -> None:
    html = render("![alt](javascript:alert(1))")
    assert links(html) == []
    assert "javascript:alert(1)" in html  # as text, not as any URL


def test_the_alt_text_of_an_image_is_escaped() -> None:
    html = render("![<script>alert(1)</script>](/x.png)")
    assert "&lt;script&gt;" in html


# Ordinary Markdown


def test_ordinary_markdown_renders_as_expected() -> None:
    text = (
        "# Title\n\n## Part\n\n### Small\n\n#### Smaller\n\n"
        "Some *emphasis*, **strong**, ~~struck~~ and `code`.  \nNext line.\n\n"
        "- one\n- two\n\n3. three\n4. four\n\n"
        "> quoted\n\n```python\nprint('<hi>')\n```\n\n---\n"
    )
    assert render(text) == (
        "<h3>Title</h3>\n<h4>Part</h4>\n<h5>Small</h5>\n<h6>Smaller</h6>\n"
        "<p>Some <em>emphasis</em>, <strong>strong</strong>, <s>struck</s> and "
        "<code>code</code>.<br>\nNext line.</p>\n"
        "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
        '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n'
        "<blockquote>\n<p>quoted</p>\n</blockquote>\n"
        "<pre><code>print('&lt;hi&gt;')\n</code></pre>\n<hr>\n"
    )


def test_a_table_keeps_its_alignment_as_align_not_style() -> None:
    html = render("| Card | Count | Note |\n|:--|--:|:-:|\n| Rat | 3 | *fast* |\n")
    assert html == (
        "<table>\n<thead>\n<tr>\n"
        '<th align="left">Card</th>\n<th align="right">Count</th>\n'
        '<th align="center">Note</th>\n'
        "</tr>\n</thead>\n<tbody>\n<tr>\n"
        '<td align="left">Rat</td>\n<td align="right">3</td>\n'
        '<td align="center"><em>fast</em></td>\n'
        "</tr>\n</tbody>\n</table>\n"
    )


def test_headings_never_outrank_the_page() -> None:
    tags = {tag for tag, _ in tags_of(render("# a\n\n## b\n\n###### c"))}
    assert tags == {"h3", "h4", "h6"}


def test_non_ascii_text_is_kept() -> None:
    text = "Ça coûte 3 ¥ — *日本語* テキスト, emoji 🃏, Ελληνικά, עברית"
    html = render(text)
    assert html == "<p>Ça coûte 3 ¥ — <em>日本語</em> テキスト, emoji 🃏, Ελληνικά, עברית</p>\n"


def test_nothing_renders_as_nothing() -> None:
    assert render("") == ""
    assert render("   \n\n") == ""


# Bounds


def test_text_past_the_limit_is_not_rendered() -> None:
    html = render("a" * (MAX_MARKDOWN_CHARS + 500))
    assert html == "<p>" + "a" * MAX_MARKDOWN_CHARS + "</p>\n"


@pytest.mark.parametrize(
    "text",
    [
        "> " * 10_000 + "deep",
        ">" * 100_000,
        "[" * 50_000,
        "*" * 100_000,
        "* a" * 30_000,
        "_" * 50_000,
        "`" * 50_000,
        "- " * 10_000 + "x",
        "1. " * 10_000 + "x",
        "[a" * 10_000 + "](/x)" * 10_000,
        "![" * 20_000,
        "<" * 50_000,
        "&amp;" * 10_000,
        "# \n" * 10_000,
        "<a@b.c>" * 5_000,
        "<a@b>" * 5_000,
        "|" + "a|" * 3_000 + "\n|" + "-|" * 3_000 + "\n" + "x\n" * 10_000,
        ("|" + "a|" * 200 + "\n|" + "-|" * 200 + "\n" + "x\n" * 330 + "\n") * 15,
        "[a]: /" + "x" * 10_000 + "\n\n" + "[a] " * 5_000,
        '[a]: /x "' + "t" * 10_000 + '"\n\n' + "[a] " * 5_000,
    ],
    ids=lambda text: repr(text[:12]) + f"x{len(text)}",
)
def test_pathological_input_returns_within_the_bounds(text: str) -> None:
    render(text)  # assert_safe checks the length


def test_blocks_nest_no_deeper_than_the_limit() -> None:
    html = render("> " * 10_000 + "deep")
    assert html.count("<blockquote>") == MAX_NESTING
    lists = render("".join("  " * depth + "- item\n" for depth in range(200)))
    assert lists.count("<ul>") <= MAX_NESTING


def test_tables_hold_at_most_the_cell_budget_and_the_rest_is_text() -> None:
    header = "|a|b|c|d|\n|-|-|-|-|\n"
    text = header + "|1|2|3|4|\n" * 1000 + "\n" + header + "|5|6|7|8|\n"
    html = render(text)
    assert html.count("<th>") + html.count("<td>") == MAX_TABLE_CELLS
    assert html.count("<table>") == 1
    tail = html.split("</table>", 1)[1]
    assert "|1|2|3|4|" in tail
    assert "|5|6|7|8|" in tail


def test_a_short_row_cannot_multiply_cells() -> None:
    text = "|" + "a|" * 500 + "\n|" + "-|" * 500 + "\n" + "x\n" * 5_000
    html = render(text)
    assert html.count("<td>") + html.count("<th>") <= MAX_TABLE_CELLS
    assert len(html) < 20 * len(text)


def test_a_reference_used_thousands_of_times_falls_back_to_the_text() -> None:
    text = "[a]: /" + "x" * 5_000 + "\n\n" + "[a] " * 3_000
    html = render(text)
    assert links(html) == []
    assert html.startswith("<p>[a]: /xxxx")


def test_a_reference_used_thousands_of_times_is_refused_before_it_is_written() -> None:
    """Without the check before rendering, this text made 25 MB of HTML on its way to the
    fallback (a peak of some 50 MB, against some 4 MB with it)."""
    text = "[a]: /" + "x" * 10_000 + "\n\n" + "[a] " * 2_500
    tracemalloc.start()
    try:
        html = render(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert links(html) == []
    assert peak < 20_000_000


def test_links_that_outgrow_the_bound_once_sanitised_fall_back_to_the_text() -> None:
    """markdown-it's HTML of this fits the bound; with nh3's rel on every link it does not."""
    html = render("<a@b>" * 4_000)
    assert links(html) == []
    assert html.startswith("<p>&lt;a@b&gt;&lt;a@b&gt;")


def test_a_reference_used_a_few_times_is_a_link() -> None:
    html = render("[a] and [a]\n\n[a]: /" + "x" * 1_000)
    assert len(links(html)) == 2


# The template filter


def test_the_template_filter_renders_once_and_is_not_escaped_again() -> None:
    template = Template("{% load markdown %}<div>{{ text|markdown }}</div>")
    html = template.render(Context({"text": "*hi* <b>&amp;</b>"}))
    assert html == "<div><p><em>hi</em> &lt;b&gt;&amp;&lt;/b&gt;</p>\n</div>"


def test_the_template_filter_takes_none_and_non_text() -> None:
    template = Template("{% load markdown %}{{ text|markdown }}")
    assert template.render(Context({"text": None})) == ""
    assert template.render(Context({"text": 42})) == "<p>42</p>\n"


# Any text at all

FRAGMENTS = [
    *("<", ">", "[", "]", "(", ")", "!", "*", "_", "`", "~", "|", "-", ":", "#", "=", "&"),
    *("\n", "\n\n", " ", "    ", "\t", ";", "\\", '"', "'", "/", "//", "é", "\x00", "\x01"),
    *("javascript:", "JaVaScRiPt:", "java\tscript:", "vbscript:", "data:text/html,", "http://"),
    *("&#106;", "&#x09;", "&#0;", "&colon;", "mailto:", "[x]: ", "]: ", "](", "!["),
    *("<script>", "</script>", "<img src=x onerror=alert(1)>", " onload=", " style=", "<svg"),
    *('<a href="', "<iframe>", "|-|", "> ", "- ", "1. ", "```", "a", "b"),
]
any_text = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=3)), max_size=80).map("".join),
)


@settings(max_examples=400, deadline=None)
@given(text=any_text)
def test_any_text_renders_to_allowed_tags_attributes_and_urls_only(text: str) -> None:
    render(text)  # assert_safe reads every tag and attribute
