"""A saved game's play details and active time: two top-level tables of its save file.

`[[play_details]]` is appended to at each edit (the newest record counts; no record is ever
rewritten, and the actions are left exactly as they were). `[activity]` keeps the active time:
the seconds between actions, pauses over 30 minutes left out. Both ride in `SavedGame.extra`,
which the store writes back untouched, so a version without them still loads and keeps them.
The format is in docs/save-format.md ("Play details").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.core import RuleError
from companion.play_details import (
    PlayDetails,
    active_minutes,
    add_activity,
    checked,
    from_plain,
    to_plain,
)
from saves.files import SaveError, parse_toml, read_file
from saves.store import SavedGame, SaveStore, entry_of

DETAILS_KEY = "play_details"
ACTIVITY_KEY = "activity"


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


def note_activity(saved: SavedGame, now: datetime) -> None:
    """Count the time since the last action into the active time (called before each autosave).

    A game saved before the active time was kept counts from its last save on."""
    activity = saved.extra.get(ACTIVITY_KEY)
    seconds = active_seconds(saved.extra)
    last = activity.get("last") if isinstance(activity, dict) else None
    if seconds is None or not isinstance(last, datetime) or last.tzinfo is None:
        seconds, last = 0, saved.created if len(saved.session.steps) <= 1 else saved.updated
    seconds = add_activity(seconds, last, now)
    saved.extra[ACTIVITY_KEY] = {"seconds": seconds, "last": now}


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


def add_details(store: SaveStore, saved: SavedGame, details: PlayDetails, now: datetime) -> None:
    """Append a details record and save (the play's date stays the time of its last action).

    `RuleError` for details the game refuses, `DetailsProblem` when the table in the file
    cannot be read; `SaveConflict` / `OSError` from the store as for any save."""
    try:
        details_of(saved.extra)  # a damaged table is reported, never appended to
    except DetailsProblem as error:
        raise DetailsProblem(f"{error}: fix or remove it first") from None
    details = checked(details, saved.game.id, players_of(saved))
    records = list(saved.extra.get(DETAILS_KEY, []))
    saved.extra[DETAILS_KEY] = [*records, to_plain(details, now)]
    try:
        store.save(saved, touch=False)
    except BaseException:
        if records:
            saved.extra[DETAILS_KEY] = records
        else:
            del saved.extra[DETAILS_KEY]
        raise


def details_in_file(store: SaveStore, save_id: str) -> PlayDetails | None:
    """A save's newest details read from its file without replaying it (for exports): only a
    file that names the table is parsed. None when it has none or they cannot be read."""
    try:
        path = store.path_for(save_id)
        content, _mark = read_file(path)
        if DETAILS_KEY.encode() not in content:
            return None
        return details_of(parse_toml(path, content))
    except (SaveError, DetailsProblem):
        return None
