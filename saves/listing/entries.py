"""A game's line in the saved-games list, made from the game itself: by the store for a file it
replays, and by the worker processes that replay many files at once."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.history.plays import facts_of_session, utc_offset_of
from saves.files import SaveError
from saves.games.document import SavedGame, read_document
from saves.history.kept_details import DetailsProblem, active_seconds, details_of
from saves.listing.cache import SaveEntry

UTC_OFFSET = "utc_offset"
"""The save's key for the minutes east of UTC of the machine that set the game up: the
statistics date it there."""


def entry_of(saved: SavedGame) -> SaveEntry:
    """The saved-games list's line for a game."""
    state = saved.session.state
    return SaveEntry(
        saved.id,
        saved.title,
        saved.game.id,
        saved.game.title,
        saved.updated,
        saved.game.summary(state),
        saved.status,
        waiting.text if (waiting := saved.game.waiting_for(state)) else "",
        created=saved.created,
        facts=facts_of_session(saved.session),
        utc_offset=utc_offset_of(saved.extra.get(UTC_OFFSET)),
        typed_minutes=typed_minutes(saved),
        active_seconds=active_seconds(saved.extra),
    )


def listed_entry(
    path: Path, content: bytes, games: Mapping[str, Game[Any, Any]] | None = None
) -> SaveEntry:
    """The list's line for a save's bytes, read as `SaveStore.load` reads them, so that the list,
    home, `show` and every device agree: a torn last line (no newline: a crash while it was
    appended) is never read; only a file that needs its last line though it has no newline (an
    editor dropped it) is read whole. `SaveError` when the file cannot be used."""
    complete = content[: content.rfind(b"\n") + 1]
    try:
        return entry_of(read_document(path, complete, games))
    except SaveError:
        if complete == content:
            raise
        return entry_of(read_document(path, content, games))


def typed_minutes(saved: SavedGame) -> int | None:
    """The duration typed in the game's newest details (None: none, or details not readable)."""
    try:
        details = details_of(saved.extra)
    except DetailsProblem:
        return None
    return details.minutes if details is not None else None
