"""The goldfish opposition: what the dummy seat puts on the table, and how it defends.

A goldfish plays a deck against a dummy that plays no cards of its own. What it does put
on the table is an *opposition* (docs/shadowfist.md, "Goldfish opposition"): on each of
its turns it lays one generic feng shui site of Body ``site_body`` (at most ``sites`` in
all, else as many as the game can need), and keeps ``blockers`` generic characters of
Fighting ``blocker_fighting`` in play, which intercept attacks as the rules allow.

The named profiles (:data:`PROFILES`) take their figures from the real card list: the
median Body of the real feng shui sites and the median Fighting of the real characters
(a test checks both constants against the list when it is present).

Setup key ``"opposition"`` (with ``"dummy"``): a profile's name, or a mapping with an
optional ``"profile"`` and any of the four figures, which replace the profile's
("custom": the default's figures replaced, as :meth:`Opposition.to_dict` names them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from ...core import Action, SetupError
from .attack import intercept, intercept_actions
from .cards import CHARACTER, FENG_SHUI, CardDef
from .state import ShadowfistState
from .stats import fighting

#: The median Body of the real feng shui sites (201 titles, the newest printing of each).
FENG_SHUI_MEDIAN_BODY: Final = 7
#: The median printed Fighting of the real characters (1,126 titles with a figure).
CHARACTER_MEDIAN_FIGHTING: Final = 4
#: The bounds of each figure, inclusive (``sites``: None is "one every turn").
BOUNDS: Final[Mapping[str, tuple[int, int]]] = {
    "site_body": (1, 30),
    "sites": (1, 60),
    "blockers": (0, 10),
    "blocker_fighting": (1, 30),
}


@dataclass(frozen=True, slots=True)
class Opposition:
    """What the goldfish dummy puts on the table."""

    site_body: int = FENG_SHUI_MEDIAN_BODY
    #: The most feng shui sites it lays (one a turn); None: as many as the game can need.
    sites: int | None = None
    #: Characters it keeps in play (those smoked are replaced on each of its turns).
    blockers: int = 0
    blocker_fighting: int = CHARACTER_MEDIAN_FIGHTING

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the profile it matches ("custom" when none)."""
        return {"profile": profile_name(self), "site_body": self.site_body,
                "sites": self.sites, "blockers": self.blockers,
                "blocker_fighting": self.blocker_fighting}  # fmt: skip

    def words(self) -> str:
        """The opposition in a player's words, for reports."""
        sites = f"a feng shui site of Body {self.site_body} each turn"
        if self.sites is not None:
            sites += f", {self.sites} in all"
        if not self.blockers:
            return f"{sites}; no blockers"
        noun = "blocker" if self.blockers == 1 else "blockers"
        return f"{sites}; {self.blockers} {noun} of Fighting {self.blocker_fighting} kept in play"


#: The named oppositions, the default first (docs/shadowfist.md gives each one's reason).
PROFILES: Final[Mapping[str, Opposition]] = {
    # A passive table with real figures: how fast the deck takes sites.
    "goldfish": Opposition(),
    # Two characters of real median Fighting that intercept: attacks must get through.
    "defended": Opposition(blockers=2),
    # The table of earlier releases (Body 5): to compare with figures measured on it.
    "soft": Opposition(site_body=5),
}
DEFAULT_PROFILE: Final = "goldfish"


def profile_name(opposition: Opposition) -> str:
    """The name of the profile ``opposition`` is, or "custom"."""
    for name, profile in PROFILES.items():
        if profile == opposition:
            return name
    return "custom"


def opposition_from(value: Any) -> Opposition:
    """An opposition from a setup's value (None: the default profile); raises
    :class:`SetupError` ("bad_opposition") saying what is wrong."""
    if value is None:
        return PROFILES[DEFAULT_PROFILE]
    if isinstance(value, str):
        value = {"profile": value}
    if not isinstance(value, Mapping):
        raise SetupError("bad_opposition", "'opposition' is a profile's name or a mapping")
    known = {"profile", *BOUNDS}
    unknown = sorted(str(key) for key in value if key not in known)
    if unknown:
        raise SetupError(
            "bad_opposition",
            f"'opposition' has no {', '.join(unknown)}; use {', '.join(sorted(known))}",
        )
    name = value.get("profile", DEFAULT_PROFILE)
    if name == "custom":  # as to_dict names figures that match no profile
        name = DEFAULT_PROFILE
    if name not in PROFILES:
        raise SetupError(
            "bad_opposition",
            f"no opposition profile {name!r}; use one of {', '.join(PROFILES)}",
        )
    figures: dict[str, Any] = {}
    for field in fields(Opposition):
        if field.name not in value:
            continue
        figure = value[field.name]
        low, high = BOUNDS[field.name]
        if figure is None and field.name == "sites":
            figures["sites"] = None
            continue
        if type(figure) is not int or not low <= figure <= high:
            raise SetupError(
                "bad_opposition",
                f"opposition {field.name} is a whole number {low} to {high}: {figure!r}",
            )
        figures[field.name] = figure
    return replace(PROFILES[name], **figures)


def dummy_cards(opposition: Opposition) -> tuple[CardDef, ...]:
    """The dummy's generic site, then its blocker when it has any."""
    site = CardDef(
        id="goldfish-dummy-site",
        name="Goldfish Dummy Site",
        type=FENG_SHUI,
        subtitle="Feng Shui Site",
        power=1,
        body=opposition.site_body,
        effect_text="The goldfish dummy's generic feng shui site.",
    )
    if not opposition.blockers:
        return (site,)
    blocker = CardDef(
        id="goldfish-dummy-blocker",
        name="Goldfish Dummy Blocker",
        type=CHARACTER,
        fighting=opposition.blocker_fighting,
        effect_text="The goldfish dummy's generic character: it intercepts.",
    )
    return site, blocker


def dummy_supply(opposition: Opposition, turns: int) -> tuple[int, int]:
    """How many sites and blockers the dummy may need in a game of ``turns`` turns of
    its own: a site a turn (at most ``sites``), and its blockers anew every turn."""
    sites = turns if opposition.sites is None else min(opposition.sites, turns)
    return sites, opposition.blockers * turns


def dummy_intercepts(state: ShadowfistState) -> list[Action]:
    """The dummy's interceptors, chosen as a plain defender would: the strongest attacker
    still unblocked gets the strongest blocker that may intercept it, one blocker each,
    until no attacker or blocker is left (ties: the lower card number)."""
    ranked: list[tuple[int, int, int, int, Action]] = []
    for action in intercept_actions(state, state.dummy):
        if action.kind == "intercept":
            blocker: int = action.args[0]  # type: ignore[assignment]  # ints: legal actions
            attacker: int = action.args[1]  # type: ignore[assignment]
            strength = (fighting(state, attacker), fighting(state, blocker))
            ranked.append((*strength, -attacker, -blocker, action))
    chosen: list[Action] = []
    blockers: set[object] = set()
    attackers: set[object] = set()
    # No two rows share their first four entries (one per pair): actions are never compared.
    for *_, action in sorted(ranked, reverse=True):
        blocker_card, attacker_card = action.args[0], action.args[1]
        if blocker_card not in blockers and attacker_card not in attackers:
            chosen.append(action)
            blockers.add(blocker_card)
            attackers.add(attacker_card)
    return chosen


def dummy_defends(state: ShadowfistState, out: Any) -> None:
    """Declare the dummy's interceptors (:func:`dummy_intercepts`), then the combats."""
    for action in dummy_intercepts(state):
        intercept(state, action, out)
