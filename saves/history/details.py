"""A saved game's play details and active time.

Each edit of a play's details is a `details` record appended to its save (the newest counts; no
record is ever rewritten, and the actions are left exactly as they were). The active time is
counted from the records' times: the seconds between changes, pauses over 30 minutes left out.
Both are gathered into `SavedGame.extra` (`play_details`, `activity`) when the game is read, as
format 1 kept them. The format is in docs/save-format.md ("Play details and active time").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.core import RuleError
from companion.history.details import (
    PlayDetails,
    active_minutes,
    add_activity,
    checked,
    from_plain,
    to_plain,
)
from saves.files import SaveError, parse_toml, read_file
from saves.games.document import ACTIVITY_KEY, DETAILS_KEY
from saves.games.journal import Draft
from saves.games.records import RECORDS_KEY
from saves.games.store import SavedGame, SaveStore, entry_of


class DetailsProblem(Exception):
    """The file's play details cannot be read: they are left as they are, never added to."""


def details_of(extra: Mapping[str, Any]) -> PlayDetails | None:
    """The newest details record of a save's top-level keys; None when there is none.

    `DetailsProblem` when the table is not what this version writes."""
    records = extra.get(DETAILS_KEY)
    if records is None:
        return None
    if not isinstance(records, list) or not records:
        raise DetailsProblem(f"'{DETAILS_KEY}' must be a list of tables")
    try:
        parsed = [from_plain(record) for record in records]
    except RuleError as error:
        raise DetailsProblem(f"'{DETAILS_KEY}': {error}") from None
    return parsed[-1]


def active_seconds(extra: Mapping[str, Any]) -> int | None:
    """The active time kept in the save, or None when it was not kept (an older save)."""
    activity = extra.get(ACTIVITY_KEY)
    if not isinstance(activity, dict):
        return None
    seconds = activity.get("seconds")
    return seconds if type(seconds) is int and seconds >= 0 else None


def gathered(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A parsed save file's top level with its details and active time gathered, whatever its
    format (format 2 keeps them in its records), without replaying it."""
    records = data.get(RECORDS_KEY)
    if not isinstance(records, dict):
        return data
    found = dict(data)
    details: list[Any] = []
    seconds, last = 0, data.get("created")
    activity = data.get(ACTIVITY_KEY)
    if isinstance(activity, dict) and isinstance(activity.get("last"), datetime):
        seconds, last = activity.get("seconds", 0), activity["last"]
    timed = False
    for table in records.values():
        if not isinstance(table, dict):
            continue
        if "details" in table:
            details.append(table["details"])
            continue
        at = table.get("at")
        if isinstance(at, datetime) and isinstance(last, datetime) and type(seconds) is int:
            seconds, last, timed = add_activity(seconds, last, at), max(last, at), True
    if details and DETAILS_KEY not in found:
        found[DETAILS_KEY] = details
    if timed:
        found[ACTIVITY_KEY] = {"seconds": seconds, "last": last}
    return found


def players_of(saved: SavedGame) -> tuple[str, ...]:
    facts = entry_of(saved).facts
    return facts.players if facts is not None else ()


def prefilled(saved: SavedGame) -> PlayDetails:
    """What the form opens with: the newest details, else the active time and the setup's
    expansions. A damaged table opens the form empty (and saving it is refused)."""
    try:
        current = details_of(saved.extra)
    except DetailsProblem:
        current = None
    if current is not None:
        return current
    seconds = active_seconds(saved.extra)
    expansions = tuple(getattr(saved.session.setup, "expansions", ()))
    minutes = active_minutes(seconds) if seconds else None  # 0 seconds: nothing to go by
    return PlayDetails(minutes=minutes, expansions=expansions)


def add_details(
    store: SaveStore,
    saved: SavedGame,
    details: PlayDetails,
    now: datetime,
    by: str = "",
    seat: str = "",
) -> None:
    """Append a details record (the play's date stays the time of its last action).

    `RuleError` for details the game refuses, `DetailsProblem` when the file's details cannot be
    read; `Busy`, `Rewritten` / `SaveError` and `OSError` from the store as for any change."""
    try:
        details_of(saved.extra)  # a damaged table is reported, never appended to
    except DetailsProblem as error:
        raise DetailsProblem(f"{error}: fix or remove it first") from None
    table = to_plain(checked(details, saved.game.id, players_of(saved)), now)
    store.transact(saved, lambda: [Draft("details", details=table)], by=by, seat=seat)


def details_in_file(store: SaveStore, save_id: str) -> PlayDetails | None:
    """A save's newest details read from its file without replaying it (for exports): only a
    file that names them is parsed. None when it has none or they cannot be read."""
    try:
        path = store.path_for(save_id)
        content, _mark = read_file(path)
        if b"details" not in content:
            return None
        return details_of(gathered(parse_toml(path, content)))
    except (SaveError, DetailsProblem):
        return None
