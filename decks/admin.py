"""The moderators' side of published decklists: the reports to look at, and unpublishing
(through the same service as the pages, so it records who did it and why)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from decks.decklists.models import Decklist, DecklistComment, DecklistReport
from decks.decklists.services import DecklistRefusedError, decklist_withdraw

#: The reason recorded when a moderator unpublishes from the admin's list.
ADMIN_REASON = "unpublished by a moderator after a report"


@admin.register(Decklist)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class DecklistAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "number", "owner", "game", "published_at", "withdrawn_at",
                    "like_count", "copy_count", "comment_count"]  # fmt: skip
    list_filter = ["game", "withdrawn_at"]
    search_fields = ["name", "owner__username"]
    # A publication is frozen: only unpublishing (the action) changes it.
    readonly_fields = [field.name for field in Decklist._meta.fields]
    actions = ["unpublish"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Unpublish the chosen decklists")
    def unpublish(self, request: HttpRequest, queryset: QuerySet[Decklist]) -> None:
        done = 0
        for decklist in queryset:
            try:
                decklist_withdraw(user=request.user, decklist_id=decklist.pk, reason=ADMIN_REASON)
            except DecklistRefusedError as error:
                self.message_user(request, f"{decklist}: {error}", messages.ERROR)
            else:
                done += 1
        self.message_user(request, f"{done} decklist(s) unpublished.")


@admin.register(DecklistComment)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class DecklistCommentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["decklist", "author", "created_at"]
    search_fields = ["body", "author__username"]
    readonly_fields = ["decklist", "author", "body", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(DecklistReport)
# ModelAdmin is generic only in django-stubs: Django's class takes no subscript at run time.
class DecklistReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["decklist", "reason", "reporter", "created_at", "resolved_at"]
    list_filter = ["reason", "resolved_at"]
    readonly_fields = ["decklist", "comment", "reporter", "reason", "details", "created_at"]
    actions = ["resolve"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Mark the chosen reports as dealt with")
    def resolve(self, request: HttpRequest, queryset: QuerySet[DecklistReport]) -> None:
        count = queryset.filter(resolved_at__isnull=True).update(resolved_at=timezone.now())
        self.message_user(request, f"{count} report(s) marked as dealt with.")
