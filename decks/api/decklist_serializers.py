"""Input and output serializers of published decklists. Every input is bounded."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.analysis import answer_fields
from decks.api.serializers import ExportCardSerializer, ValidationReportSerializer
from decks.decklists.models import Decklist, DecklistComment, DecklistReport
from decks.decklists.selectors import DecklistView, is_moderator
from decks.formats import FORMATS
from decks.limits import (
    MAX_COMMENT_CHARS,
    MAX_REPORT_DETAILS_CHARS,
    MAX_VERSION_NAME_CHARS,
    MAX_WITHDRAW_REASON_CHARS,
)
from decks.selectors import EXPORT_KINDS
from web.inputs import JsonInput
from web.markdown import render_markdown
from web.numbers import MAX_ID

# --- links --------------------------------------------------------------------------------


def page_url(decklist_id: int) -> str:
    """The decklist's page."""
    return reverse("decklist-page", args=[decklist_id])


def api_url(decklist_id: int) -> str:
    return reverse("decklist-detail-api", args=[decklist_id])


def export_urls(decklist_id: int) -> dict[str, str]:
    base = reverse("decklist-export-api", args=[decklist_id])
    return {kind: f"{base}?kind={kind}" for kind in EXPORT_KINDS}


def factions_of(decklist: Decklist) -> list[str]:
    """The stored "|dragons|lotus|" as ["dragons", "lotus"]."""
    return [f for f in decklist.factions.split("|") if f]


def format_of(slug: str) -> dict[str, str]:
    known = FORMATS.get(slug)
    return {"slug": slug, "name": known.name if known else slug}


# --- inputs -------------------------------------------------------------------------------


class PublishInputSerializer(JsonInput):
    version_name = serializers.CharField(
        max_length=MAX_VERSION_NAME_CHARS,
        allow_blank=True,
        required=False,
        help_text='What sets this publication apart, e.g. "After Nationals".',
    )


class WithdrawInputSerializer(JsonInput):
    reason = serializers.CharField(
        max_length=MAX_WITHDRAW_REASON_CHARS,
        allow_blank=True,
        required=False,
        help_text="Why it is unpublished: optional for its owner, required of a moderator.",
    )


class CommentInputSerializer(JsonInput):
    body = serializers.CharField(max_length=MAX_COMMENT_CHARS, help_text="Markdown.")


class ReportInputSerializer(JsonInput):
    reason = serializers.ChoiceField(choices=DecklistReport.Reason.choices)
    details = serializers.CharField(
        max_length=MAX_REPORT_DETAILS_CHARS, allow_blank=True, required=False
    )
    comment = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="The comment of this decklist the report is about, if any.",
    )


class CopyInputSerializer(JsonInput):
    name = serializers.CharField(
        max_length=100,
        allow_blank=True,
        required=False,
        help_text='The new deck\'s name (default: "<decklist name> (copy)").',
    )


# --- outputs ------------------------------------------------------------------------------


class FormatNameSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()


class DecklistSummarySerializer(serializers.ModelSerializer[Decklist]):
    """One row of a list of decklists."""

    author = serializers.CharField(source="owner.username")
    game = serializers.CharField(source="game.slug")
    format = serializers.SerializerMethodField()
    factions = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="The decklist's page.")
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Decklist
        fields = [
            "id", "name", "version_name", "author", "game", "format", "published_at",
            "card_total", "factions", "like_count", "copy_count", "comment_count", "url",
            "api_url",
        ]  # fmt: skip

    @extend_schema_field(FormatNameSerializer)
    def get_format(self, decklist: Decklist) -> dict[str, str]:
        return format_of(decklist.format)

    def get_factions(self, decklist: Decklist) -> list[str]:
        return factions_of(decklist)

    def get_url(self, decklist: Decklist) -> str:
        return page_url(decklist.pk)

    def get_api_url(self, decklist: Decklist) -> str:
        return api_url(decklist.pk)


class DecklistEntrySerializer(serializers.Serializer[Any]):
    card = serializers.IntegerField()
    name = serializers.CharField()
    type = serializers.CharField()
    count = serializers.IntegerField()


class WithdrawnSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField()
    reason = serializers.CharField(allow_blank=True)
    by_moderator = serializers.BooleanField(
        help_text="Unpublished by a moderator: only a moderator can publish it again."
    )


class DecklistRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    author = serializers.CharField()


class PublicationSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    version_name = serializers.CharField(allow_blank=True)
    published_at = serializers.DateTimeField()


class ExportLinksSerializer(serializers.Serializer[Any]):
    text = serializers.CharField()
    json = serializers.CharField()
    csv = serializers.CharField()


class DecklistSerializer(serializers.Serializer[DecklistView]):
    """A decklist as published, with the community's counters; built from DecklistView."""

    id = serializers.IntegerField(source="decklist.pk")
    url = serializers.SerializerMethodField(help_text="The decklist's page.")
    api_url = serializers.SerializerMethodField()
    name = serializers.CharField(source="decklist.name")
    version_name = serializers.CharField(source="decklist.version_name", allow_blank=True)
    number = serializers.IntegerField(
        source="decklist.number", help_text="1 for the deck's first publication, then 2…"
    )
    deck_version = serializers.IntegerField(
        source="decklist.deck_version", help_text="The deck's version it froze."
    )
    is_latest = serializers.BooleanField(
        source="decklist.is_latest", help_text="False once the deck was published again."
    )
    author = serializers.CharField(source="decklist.owner.username")
    game = serializers.CharField(source="decklist.game.slug")
    format = serializers.SerializerMethodField()
    published_at = serializers.DateTimeField(source="decklist.published_at")
    description = serializers.CharField(
        source="decklist.description", allow_blank=True, help_text="Markdown, as written."
    )
    description_html = serializers.SerializerMethodField(
        help_text="The description rendered to sanitised HTML."
    )
    entries = serializers.SerializerMethodField(help_text="In list order.")
    card_total = serializers.IntegerField(source="decklist.card_total")
    validity = serializers.SerializerMethodField(
        help_text="The list checked against its format by today's rules."
    )
    factions = serializers.SerializerMethodField(
        help_text="The factions (Shadowfist) or classes (ChiZo) of its cards."
    )
    like_count = serializers.IntegerField(source="decklist.like_count")
    copy_count = serializers.IntegerField(source="decklist.copy_count")
    comment_count = serializers.IntegerField(source="decklist.comment_count")
    liked = serializers.BooleanField(help_text="Whether you like it (false when anonymous).")
    withdrawn = serializers.SerializerMethodField(help_text="Null while it is published.")
    derived_from = serializers.SerializerMethodField(
        help_text="The decklist its deck was copied from, if you may read it."
    )
    publications = serializers.SerializerMethodField(
        help_text="The deck's other publications you may read, newest first."
    )
    variants = serializers.SerializerMethodField(
        help_text="Listed decklists of decks copied from this one, newest first."
    )
    exports = serializers.SerializerMethodField()

    def get_url(self, view: DecklistView) -> str:
        return page_url(view.decklist.pk)

    def get_api_url(self, view: DecklistView) -> str:
        return api_url(view.decklist.pk)

    @extend_schema_field(FormatNameSerializer)
    def get_format(self, view: DecklistView) -> dict[str, str]:
        return format_of(view.decklist.format)

    def get_description_html(self, view: DecklistView) -> str:
        return str(render_markdown(view.decklist.description))

    @extend_schema_field(DecklistEntrySerializer(many=True))
    def get_entries(self, view: DecklistView) -> list[dict[str, Any]]:
        return [
            {"card": line.card.id, "name": line.card.name, "type": line.card.type,
             "count": line.count}
            for line in view.lines
        ]  # fmt: skip

    @extend_schema_field(ValidationReportSerializer)
    def get_validity(self, view: DecklistView) -> dict[str, Any]:
        return view.report.to_dict() | answer_fields(view.decklist.game.slug, view.lines)

    def get_factions(self, view: DecklistView) -> list[str]:
        return factions_of(view.decklist)

    @extend_schema_field(WithdrawnSerializer(allow_null=True))
    def get_withdrawn(self, view: DecklistView) -> dict[str, Any] | None:
        decklist = view.decklist
        if decklist.withdrawn_at is None:
            return None
        return {
            "at": serializers.DateTimeField().to_representation(decklist.withdrawn_at),
            "reason": decklist.withdrawn_reason,
            "by_moderator": decklist.withdrawn_by_id != decklist.owner_id,
        }

    @extend_schema_field(DecklistRefSerializer(allow_null=True))
    def get_derived_from(self, view: DecklistView) -> dict[str, Any] | None:
        if not view.ancestors:
            return None
        parent = view.ancestors[0]
        return {"id": parent.pk, "name": parent.name, "author": parent.owner.username}

    @extend_schema_field(PublicationSerializer(many=True))
    def get_publications(self, view: DecklistView) -> list[dict[str, Any]]:
        others = [p for p in view.publications if p.pk != view.decklist.pk]
        return PublicationSerializer(others, many=True).data  # type: ignore[return-value]

    @extend_schema_field(DecklistSummarySerializer(many=True))
    def get_variants(self, view: DecklistView) -> list[dict[str, Any]]:
        return DecklistSummarySerializer(view.variants, many=True).data  # type: ignore[return-value]

    @extend_schema_field(ExportLinksSerializer)
    def get_exports(self, view: DecklistView) -> dict[str, str]:
        return export_urls(view.decklist.pk)


class CommentSerializer(serializers.ModelSerializer[DecklistComment]):
    author = serializers.CharField(source="author.username")
    body = serializers.CharField(help_text="Markdown, as written.")
    body_html = serializers.SerializerMethodField(help_text="The body as sanitised HTML.")
    can_delete = serializers.SerializerMethodField(help_text="Whether you may delete it.")

    class Meta:
        model = DecklistComment
        fields = ["id", "author", "body", "body_html", "created_at", "can_delete"]

    def get_body_html(self, comment: DecklistComment) -> str:
        return str(render_markdown(comment.body))

    def get_can_delete(self, comment: DecklistComment) -> bool:
        user: AbstractBaseUser | AnonymousUser = self.context["user"]
        if not user.is_authenticated:
            return False
        owner_id: int = self.context["owner_id"]
        return user.pk in (comment.author_id, owner_id) or is_moderator(user)


class LikeSerializer(serializers.Serializer[Any]):
    like_count = serializers.IntegerField()
    liked = serializers.BooleanField()


class ReportSerializer(serializers.ModelSerializer[DecklistReport]):
    comment = serializers.IntegerField(source="comment_id", allow_null=True)

    class Meta:
        model = DecklistReport
        fields = ["id", "reason", "details", "comment", "created_at"]


class PlayedWithSerializer(serializers.Serializer[Any]):
    card = serializers.IntegerField()
    name = serializers.CharField()
    together = serializers.IntegerField(help_text="Listed decklists playing both cards.")
    decklists_with_card = serializers.IntegerField(
        help_text="Listed decklists of the game playing this card."
    )
    lift = serializers.FloatField(
        help_text="How much more often the two are played together than chance would say."
    )


class CardDecklistsSerializer(serializers.Serializer[Any]):
    card = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    decklists = serializers.IntegerField(help_text="Listed decklists of the card's game.")
    playing = serializers.IntegerField(help_text="Those of them playing the card.")
    recent = DecklistSummarySerializer(many=True, help_text="The newest of them.")
    played_with = PlayedWithSerializer(many=True)
    min_together = serializers.IntegerField(
        help_text="Decklists two cards must share before a pairing is shown."
    )
    method = serializers.CharField()


class DecklistExportSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.CharField()
    author = serializers.CharField()
    published_at = serializers.DateTimeField()
    cards = ExportCardSerializer(many=True)
