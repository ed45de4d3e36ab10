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

from companion.history.details import (
    PlayDetails,
    active_minutes,
    add_activity,
    checked,
    to_plain,
)
from companion.phrases import phrase
from saves.games.document import ACTIVITY_KEY, DETAILS_KEY
from saves.games.journal import Draft
from saves.games.records import RECORDS_KEY
from saves.games.store import SavedGame, SaveStore, entry_of
from saves.history.kept_details import DetailsProblem as DetailsProblem
from saves.history.kept_details import active_seconds as active_seconds
from saves.history.kept_details import details_of as details_of
from saves.shared.lock import DEADLINE_SECONDS


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
    """What the form opens with: the newest details, else the setup's expansions (the
    duration is left for the players to say: `offered_minutes` is only offered). A damaged
    table opens the form empty (and saving it is refused)."""
    try:
        current = details_of(saved.extra)
    except DetailsProblem:
        current = None
    if current is not None:
        return current
    return PlayDetails(expansions=tuple(getattr(saved.session.setup, "expansions", ())))


def offered_minutes(saved: SavedGame) -> int | None:
    """The active time the duration field offers for a game played in the app; None when
    there is nothing to go by (no time kept, or none between its changes)."""
    seconds = active_seconds(saved.extra)
    return active_minutes(seconds) if seconds else None


def details_draft(saved: SavedGame, details: PlayDetails, now: datetime) -> Draft:
    """The record of a play's details, checked by the game's rules (the play's date stays the
    time of its last action). It only reads the game: it is decided under the game's lock.

    `RuleError` for details the game refuses, `DetailsProblem` when the file's details cannot
    be read (they are never added to)."""
    try:
        details_of(saved.extra)
    except DetailsProblem as error:
        raise DetailsProblem(
            phrase("{problem}: fix or remove it first", problem=error.args[0])
        ) from None
    table = to_plain(checked(details, saved.game.id, players_of(saved)), now)
    return Draft("details", details=table)


def add_details(
    store: SaveStore,
    saved: SavedGame,
    details: PlayDetails,
    now: datetime,
    by: str = "",
    seat: str = "",
    deadline: float = DEADLINE_SECONDS,
) -> None:
    """Append a details record in one transaction of its own (a game not on a play screen).

    `RuleError`, `DetailsProblem` as `details_draft`; `Busy` (the lock not had within
    `deadline` seconds), `Rewritten` / `SaveError` and `OSError` from the store as for any
    change."""
    store.transact(
        saved,
        lambda _theirs: [details_draft(saved, details, now)],
        by=by,
        seat=seat,
        deadline=deadline,
    )
