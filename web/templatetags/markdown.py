"""`{% load markdown %}` then `{{ text|markdown }}`: user Markdown as sanitised HTML
(web/markdown.py)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from web.markdown import render_markdown

register = template.Library()


@register.filter(name="markdown")
def markdown_filter(value: object) -> SafeString:
    # The raw text is wanted, not an escaped copy: markdown-it escapes it, nh3 checks it.
    return render_markdown("" if value is None else str(value))
