"""The card list and detail read as plain rows (cards/rows.py) answer byte for byte what
the documented serializers answer over model instances, the way the API answered before:
for searches, filters, orderings and pages, empty results, the last page and past it,
and cards with several printings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db.models import QuerySet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework import generics
from rest_framework.permissions import AllowAny
from rest_framework.test import APIClient, APIRequestFactory

from cards import selectors
from cards.api.filters import filter_terms
from cards.api.serializers import CardSerializer
from cards.importers.shadowfist import import_shadowfist
from cards.models import Card
from cards.search import SearchError
from tests.cards.test_shadowfist_import import row, write_csv

pytestmark = pytest.mark.django_db

REFUSED = (SearchError, selectors.FilterTermsError, selectors.OrderingError)


class ReferenceCardList(generics.ListAPIView[Card]):
    """The card list as the serializers render it: CardSerializer over the prefetched
    model instances of `selectors.card_queryset()`, counted and paged by DRF."""

    permission_classes = [AllowAny]
    serializer_class = CardSerializer
    filter_backends: list[Any] = []

    def get_queryset(self) -> QuerySet[Card]:
        params = self.request.query_params
        return selectors.card_list(
            queryset=selectors.card_queryset(),
            q=params.get("q", ""),
            ordering=params.get("ordering", ""),
            filters=filter_terms(params),
        )

    def handle_exception(self, exc: Exception) -> Any:
        if isinstance(exc, REFUSED):
            raise exc  # the test tells a refused query from an answer
        return super().handle_exception(exc)


class ReferenceCardDetail(generics.RetrieveAPIView[Card]):
    permission_classes = [AllowAny]
    serializer_class = CardSerializer

    def get_queryset(self) -> QuerySet[Card]:
        return selectors.card_queryset()


def reference(params: dict[str, str]) -> tuple[int, bytes] | None:
    """The reference answer, None for a query the search refuses (a 400 either way)."""
    request = APIRequestFactory().get("/api/v1/cards/", params)
    try:
        response = ReferenceCardList.as_view()(request)
    except REFUSED:
        return None
    response.render()
    return response.status_code, response.content


def assert_same_answer(api: APIClient, params: dict[str, str]) -> Any:
    expected = reference(params)
    response = api.get("/api/v1/cards/", params)
    if expected is None:
        assert response.status_code == 400, (params, response.content[:300])
        return None
    assert (response.status_code, response.content) == expected, params
    return response.json() if response.status_code == 200 else None


@pytest.fixture
def reprinted(tmp_path: Path) -> list[str]:
    """Shadowfist cards with several printings, in editions imported out of release order
    (a printing's place is its edition's, not its row's)."""
    editions = {"edition": "Netherworld 2", "edition_short": "Nw2", "edition_seq": "6"}
    older = {"edition": "Year of the Dragon", "edition_short": "YotD", "edition_seq": "2"}
    rows = [
        row(9001, "Reprinted Adept", **editions, rarity="Rare", rarity_short="R"),
        row(9002, "Reprinted Adept", **older),
        row(9003, "Reprinted Adept", fighting="3"),
        row(9004, "Reprinted Monk", **editions),
        row(9005, "Reprinted Monk"),
        row(9006, "Printed Once", **older),
    ]
    import_shadowfist(write_csv(tmp_path / "cards.csv", rows))
    unprinted = Card.objects.get(name="Printed Once")
    unprinted.pk = None
    unprinted.name, unprinted.slug = "Unprinted Reprint", "unprinted-reprint"
    unprinted.save()  # a card with no printing at all
    return ["Reprinted Adept", "Reprinted Monk"]


SEARCHES = [
    "",
    "dragon",
    "rat",
    "reprinted",
    "unprinted",
    "t:creature",
    "t:site",
    "t:character f:dragons",
    "(f:lotus or f:hand) -t:event",
    "game:shadowfist cost>=3 fighting>=6",
    "game:chizo c:ox str>=3",
    "c:rat or compat:rat",
    "is:unique req:dd",
    "is:basic",
    'o:"draw"',
    "/^the /",
    '!"Golden Egg"',
    "e:nw2",
    "e:chs t:character",
    "r:rare",
    "has:effect order:cost",
    "t:character order:-fighting",
    "game:raise order:-points",
    "game:chocobo",
    "xyzzy",
    "-t:creature -t:character",
    "colour:red",
]
ORDERINGS = ["", "name", "-name", "cost", "-fighting", "str,-int", "type,-id", "-value", "nope"]
FILTERS: list[dict[str, str]] = [
    {},
    {"game": "chizo"},
    {"game": "shadowfist", "type": "character", "cost__lte": "2"},
    {"strength__gte": "3", "is_basic": "false"},
    {"set": "Netherworld 2"},
    {"faction": "dragons"},
    {"strength__lte": "-32768"},  # out of the column's range: the ORM asks no database
]


@pytest.mark.parametrize("q", SEARCHES)
@pytest.mark.parametrize("ordering", ["", "-fighting", "name"])
def test_each_search_answers_as_the_serializers(
    api: APIClient, reprinted: list[str], q: str, ordering: str
) -> None:
    assert_same_answer(api, {"q": q, "ordering": ordering, "page_size": "7"})


@pytest.mark.parametrize("filters", FILTERS)
@pytest.mark.parametrize("ordering", ORDERINGS)
def test_each_filter_and_ordering_answers_as_the_serializers(
    api: APIClient, reprinted: list[str], filters: dict[str, str], ordering: str
) -> None:
    assert_same_answer(api, filters | {"ordering": ordering, "page_size": "20", "page": "2"})


@pytest.mark.parametrize("page_size", ["1", "7", "50", "200"])
def test_every_page_to_the_last_and_past_it_answers_as_the_serializers(
    api: APIClient, reprinted: list[str], page_size: str
) -> None:
    params = {"q": "game:shadowfist", "page_size": page_size}
    count = assert_same_answer(api, params)["count"]
    last = -(-count // int(page_size))
    pages = {"2", str(last - 1), str(last), str(last + 1), str(last + 50), "9" * 19}
    for page in sorted(pages - {"0"}):
        assert_same_answer(api, params | {"page": page})
    assert api.get("/api/v1/cards/", params | {"page": str(last + 1)}).status_code == 404


def test_an_empty_result_answers_as_the_serializers(api: APIClient) -> None:
    body = assert_same_answer(api, {"q": "xyzzy"})

    assert body == {"count": 0, "next": None, "previous": None, "results": []}
    assert_same_answer(api, {"q": "xyzzy", "page": "2"})


def test_printings_come_in_release_order_as_the_serializers_give_them(
    api: APIClient, reprinted: list[str]
) -> None:
    body = assert_same_answer(api, {"q": "reprint", "ordering": "name"})

    printed = {card["name"]: [p["set"] for p in card["printings"]] for card in body["results"]}
    assert printed == {
        "Reprinted Adept": ["L/S", "YotD", "Nw2"],
        "Reprinted Monk": ["L/S", "Nw2"],
        "Unprinted Reprint": [],
    }


def test_each_card_detail_answers_as_the_serializers(api: APIClient, reprinted: list[str]) -> None:
    for pk in [*Card.objects.values_list("pk", flat=True), 0, 999_999, 2**63, 10**20]:
        request = APIRequestFactory().get(f"/api/v1/cards/{pk}/")
        expected = ReferenceCardDetail.as_view()(request, pk=pk)
        expected.render()

        response = api.get(f"/api/v1/cards/{pk}/")

        assert (response.status_code, response.content) == (
            expected.status_code,
            expected.content,
        ), pk


TERMS = st.sampled_from(
    [
        "dragon", "rat", "the", "reprinted", "t:creature", "t:character", "t:site", "t:event",
        "f:dragons", "f:lotus", "f:hand", "c:ox", "compat:rat", "str>=3", "int<=2",
        "cost>=3", "cost:0", "fighting>=6", "power>0", "body<3", "is:unique", "is:basic",
        "req:d", "has:text", "o:draw", "o:card", "e:nw2", "e:chs", "r:rare", "game:chizo",
        "game:shadowfist", "game:raise", "value>5", "order:-cost", "order:str", "/^the /",
        '!"Golden Egg"', "sub:assassin",
    ]
)  # fmt: skip
JOINED = st.lists(st.tuples(st.sampled_from(["", "-"]), TERMS).map("".join), min_size=0, max_size=3)
queries = st.tuples(JOINED, st.sampled_from([" ", " or "])).map(lambda t: t[1].join(t[0]))


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    q=queries,
    ordering=st.sampled_from(ORDERINGS),
    filters=st.sampled_from(FILTERS),
    page=st.integers(1, 4),
    page_size=st.sampled_from(["1", "3", "10", "50"]),
)
def test_any_mix_of_search_filters_order_and_page_answers_as_the_serializers(
    api: APIClient,
    reprinted: list[str],
    q: str,
    ordering: str,
    filters: dict[str, str],
    page: int,
    page_size: str,
) -> None:
    params = filters | {"q": q, "ordering": ordering, "page": str(page), "page_size": page_size}
    assert_same_answer(api, params)
