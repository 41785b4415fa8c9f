"""Page-numbered lists with a bounded page size."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.core.paginator import Page, Paginator
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

_DIGITS = re.compile(r"[0-9]+")
# Past any page and any size: a longer number means the same, and int() refuses very long
# strings.
HUGE = 10**18
#: The most results a page may hold (`page_size`); a larger size answers 400.
MAX_PAGE_SIZE = 200


def _positive(request: Request, name: str) -> int | None:
    """The whole number from 1 in `name`, None when absent; 400 for anything else (DRF
    would fall back to a default, or answer 404 for a page that is not a number)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    digits = raw.lstrip("0")
    if not _DIGITS.fullmatch(raw) or not digits:
        raise ValidationError({name: "must be a whole number from 1"})
    return int(digits) if len(digits) < 18 else HUGE


class BoundedPageNumberPagination(PageNumberPagination):
    """A page or size that is not a whole number from 1, or a size over MAX_PAGE_SIZE,
    answers 400 naming the parameter: a client asking for 1,000 results learns that it
    gets at most 200, instead of a page that looks like the end of the list."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request: Request) -> int:
        name = self.page_size_query_param
        size = _positive(request, name)
        if size is None:
            return self.page_size
        if size > MAX_PAGE_SIZE:
            raise ValidationError({name: f"must be at most {MAX_PAGE_SIZE}"})
        return size

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> Any:
        _positive(request, self.page_query_param)  # a page past the end stays a 404
        return super().paginate_queryset(queryset, request, view)

    def paginate_rows(
        self,
        fetch: Callable[[int, int], tuple[list[Any], int | None]],
        request: Request,
        view: Any = None,
    ) -> list[Any]:
        """Like `paginate_queryset`, for a page read together with its total:
        `fetch(offset, limit)` gives the page's items and the total, None when the page
        starts past the end. Same answers, links and errors as a counted queryset."""
        self.request = request
        size = self.get_page_size(request)
        number = _positive(request, self.page_query_param) or 1
        items, total = fetch((number - 1) * size, size)
        if total is None:
            # As Django's paginator says it (DRF's message may quote it).
            message = "That page contains no results"
            raise NotFound(self.invalid_page_message.format(page_number=number, message=message))
        paginator = CountedPaginator(size, total)
        self.page = Page(items, number, paginator)
        if paginator.num_pages > 1 and self.template is not None:
            self.display_page_controls = True  # the browsable API's page links
        return items

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["maximum"] = MAX_PAGE_SIZE
                parameter["description"] = (
                    f"Results per page (default {self.page_size}, at most {MAX_PAGE_SIZE}; "
                    "a larger size answers 400)."
                )
        return parameters


class CountedPaginator(Paginator):  # type: ignore[type-arg]
    """A paginator told its count (read with the page) instead of counting."""

    def __init__(self, per_page: int, count: int) -> None:
        super().__init__([], per_page)
        self._known_count = count

    @property
    def count(self) -> int:
        return self._known_count
