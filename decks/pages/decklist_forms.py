"""Forms of the decklist pages: they bound what a user sends; the services decide."""

from __future__ import annotations

from django import forms

from decks.decklists.models import DecklistReport
from decks.limits import (
    MAX_COMMENT_CHARS,
    MAX_REPORT_DETAILS_CHARS,
    MAX_VERSION_NAME_CHARS,
    MAX_WITHDRAW_REASON_CHARS,
)
from decks.pages.forms import version_field
from web.fields import WholeNumberField
from web.numbers import MAX_ID


class PublishForm(forms.Form):
    version = version_field()
    version_name = forms.CharField(
        max_length=MAX_VERSION_NAME_CHARS,
        required=False,
        label="Version name",
        help_text="Optional: what this version is (“After Nationals”).",
    )


class CommentForm(forms.Form):
    body = forms.CharField(
        label="Your comment",
        max_length=MAX_COMMENT_CHARS,
        strip=True,
        help_text="Markdown: *emphasis*, **strong**, lists, links, `code`. No HTML or images.",
        widget=forms.Textarea(attrs={"rows": 4}),
    )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(choices=DecklistReport.Reason.choices)
    details = forms.CharField(
        max_length=MAX_REPORT_DETAILS_CHARS,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    comment = WholeNumberField(
        min_value=1, max_value=MAX_ID, required=False, widget=forms.HiddenInput
    )


class WithdrawForm(forms.Form):
    reason = forms.CharField(max_length=MAX_WITHDRAW_REASON_CHARS, required=False)


class CopyForm(forms.Form):
    name = forms.CharField(max_length=100, required=False, label="Name of your copy")
