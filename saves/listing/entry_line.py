"""A game's line in the saved-games list, made from the game itself: by a replay of its save, and
kept in its checkpoint (saves/games/checkpoint.py) for the bytes the checkpoint covers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.history.plays import facts_of_session, utc_offset_of
from saves.games.document import SavedGame
from saves.history.kept_details import DetailsProblem, active_seconds, details_of
from saves.listing.cache import SaveEntry

UTC_OFFSET = "utc_offset"
"""The save's key for the minutes east of UTC of the machine that set the game up: the
statistics date it there."""


def entry_of(saved: SavedGame, with_facts: bool = True) -> SaveEntry:
    """The saved-games list's line for a game (without its statistics' facts: `facts` None)."""
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
        facts=facts_of_session(saved.session) if with_facts else None,
        utc_offset=utc_offset_of(saved.extra.get(UTC_OFFSET)),
        typed_minutes=typed_minutes(saved.extra),
        active_seconds=active_seconds(saved.extra),
    )


def typed_minutes(extra: Mapping[str, Any]) -> int | None:
    """The duration typed in the game's newest details (None: none, or details not readable),
    from the keys its records gather (`SavedGame.extra`)."""
    try:
        details = details_of(extra)
    except DetailsProblem:
        return None
    return details.minutes if details is not None else None
