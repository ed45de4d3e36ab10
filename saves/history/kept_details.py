"""A save's newest play details and its active time, read from its top-level keys.

Apart from `details.py` (which writes them through the store) so that the saved-games list can
read them while the store itself is being built: this module needs no store.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import RuleError
from companion.history.details import PlayDetails, from_plain
from companion.phrases import phrase
from saves.games.document import ACTIVITY_KEY, DETAILS_KEY


class DetailsProblem(Exception):
    """The file's play details cannot be read: they are left as they are, never added to."""


def details_of(extra: Mapping[str, Any]) -> PlayDetails | None:
    """The newest details record of a save's top-level keys; None when there is none.

    `DetailsProblem` when the table is not what this version writes."""
    records = extra.get(DETAILS_KEY)
    if records is None:
        return None
    if not isinstance(records, list) or not records:
        raise DetailsProblem(phrase("'{key}' must be a list of tables", key=DETAILS_KEY))
    try:
        parsed = [from_plain(record) for record in records]
    except RuleError as error:
        raise DetailsProblem(phrase("'{key}': {problem}", key=DETAILS_KEY, problem=error)) from None
    return parsed[-1]


def active_seconds(extra: Mapping[str, Any]) -> int | None:
    """The active time kept in the save, or None when it was not kept (an older save)."""
    activity = extra.get(ACTIVITY_KEY)
    if not isinstance(activity, dict):
        return None
    seconds = activity.get("seconds")
    return seconds if type(seconds) is int and seconds >= 0 else None
