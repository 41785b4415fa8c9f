"""The site structure: columns two deep, grown in one direction; each column a location.

Rules summary, "Site Structure": "You may play sites in columns two deep, thus having a
front row and a back row, or you may play a site into a new column, thus expanding your
site structure. You may only play new sites in one direction from the original column,
first front row, then either back row or a new column. If you have a back row position
open anywhere in your site structure, you may fill it at a later date. Vacancies caused
by a site being seized are filled by moving the back row site forward, if there is no
back row site, that column is filled by the next column over. Sites are considered to be
locations for game purposes and each column is a separate location where your
characters are considered to reside."

A seat's structure is ``state.columns[seat]``: a list of columns ``[front]`` or
``[front, back]``; new columns are added at the end (the one direction). A *slot* is
where a site may go: a column index whose back row is open, or ``len(columns)`` for a
new column. A seat with no site still has one location (index 0), where its characters
wait for the first site.
"""

from __future__ import annotations

from .state import ShadowfistState


def locations(state: ShadowfistState, seat: int) -> int:
    """How many locations the seat has (its columns; one bare location without sites)."""
    return len(state.columns[seat]) or 1


def site_slots(state: ShadowfistState, seat: int) -> list[int]:
    """Where a new site of the seat may go: open back rows in order, then a new column."""
    columns = state.columns[seat]
    slots = [c for c, column in enumerate(columns) if len(column) == 1]
    slots.append(len(columns))
    return slots


def place_site(state: ShadowfistState, seat: int, site: int, slot: int) -> None:
    """Put a site (already out of its former zone) into ``slot`` of the seat's structure."""
    columns = state.columns[seat]
    if slot == len(columns):
        columns.append([site])
    else:
        columns[slot].append(site)
    state.ctrl[site] = seat


def site_position(state: ShadowfistState, site: int) -> tuple[int, int]:
    """(column, row) of a site in its controller's structure (row 0 front, 1 back)."""
    for c, column in enumerate(state.columns[state.ctrl[site]]):
        if column[0] == site:
            return c, 0
        if len(column) > 1 and column[1] == site:
            return c, 1
    raise ValueError(f"site {site} is not in a site structure")


def site_column(state: ShadowfistState, site: int) -> int:
    """The column (location) of a site in play."""
    return site_position(state, site)[0]


def remove_site(state: ShadowfistState, site: int) -> None:
    """Take a site out of its structure, closing the gap as the summary says.

    A back-row site simply leaves. A front-row site is replaced by the site behind it;
    without one, the column closes up and the next columns move over by one. Reading
    (docs/shadowfist.md): the characters of a closed column reside in the column that
    takes its place, or in the new last column when it was the last one.
    """
    seat = state.ctrl[site]
    columns = state.columns[seat]
    c = site_position(state, site)[0]
    column = columns[c]
    if len(column) == 2:  # either row: the site leaves, the other stays (in front)
        column.remove(site)
        return
    del columns[c]
    last = max(len(columns) - 1, 0)
    loc = state.loc
    for char in state.chars[seat]:
        if loc[char] > c or loc[char] > last:  # both at least 0: never below 0 after
            loc[char] -= 1


def front_sites(state: ShadowfistState, seat: int) -> list[int]:
    """The seat's front-row sites, column by column (the ones an attack may target)."""
    return [column[0] for column in state.columns[seat]]


def sites_of(state: ShadowfistState, seat: int) -> list[int]:
    """Every site the seat controls, front to back, column by column."""
    return [site for column in state.columns[seat] for site in column]


def feng_shui_count(state: ShadowfistState, seat: int) -> int:
    """Feng shui sites the seat controls."""
    defs, kind = state.defs, state.kind
    return sum(1 for column in state.columns[seat] for s in column if defs[kind[s]].is_fs)
