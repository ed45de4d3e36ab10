"""BG Stats files from the data folder's plays, and BG Stats files brought in as recorded plays."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from companion.history.bgstats import Exported, play_file, play_uuid
from companion.history.bgstats_import import FileProblem, Imported, read_play_file
from companion.history.details import PlayDetails, active_minutes
from companion.history.plays import Play
from companion.text import plural
from saves.files import SaveError, parse_toml, read_file
from saves.games.document import DETAILS_KEY
from saves.games.store import SaveStore, utc_now
from saves.history.details import (
    DetailsProblem,
    active_seconds,
    details_of,
    gathered,
)
from saves.history.recorded import PREFIX, RecordedStore

MAX_IMPORT_BYTES = 64 * 1024 * 1024
"""A BG Stats export of 20,000 plays is about 20 MB."""


def saved_details(store: SaveStore, save_id: str) -> PlayDetails:
    """A game save's newest details, read without replaying it; when they do not say, the
    duration is the active time and the expansions the setup's. Only a file that holds one of
    those is parsed (an export of 2,000 saves parses few of them)."""
    try:
        path = store.path_for(save_id)
        content, _mark = read_file(path)
        wanted = (DETAILS_KEY.encode(), b"details", b"activity", b"expansions", b"at = ")
        if not any(key in content for key in wanted):
            return PlayDetails()
        data = gathered(parse_toml(path, content))
    except SaveError:
        return PlayDetails()
    try:
        details = details_of(data) or PlayDetails()
    except DetailsProblem:
        details = PlayDetails()
    seconds = active_seconds(data)
    if details.minutes is None and seconds is not None:
        details = replace(details, minutes=active_minutes(seconds))
    setup = data.get("setup")
    chosen = setup.get("expansions") if isinstance(setup, dict) else None
    if not details.expansions and isinstance(chosen, list):
        details = replace(details, expansions=tuple(str(e) for e in chosen))
    return details


def exported(home: Path, plays: Iterable[Play]) -> list[Exported]:
    """Each finished play with its details, uuid and dates (an imported play keeps BG Stats'
    uuids, its own and its players', exactly as they came)."""
    store = SaveStore(home)
    recorded = RecordedStore(home, utc_now)
    items = []
    for play in plays:
        if not play.finished:
            continue
        if play.save_id.startswith(PREFIX):
            try:
                entry = recorded.load(play.save_id)
            except SaveError:
                continue
            source = entry.play.source or play_uuid(play.save_id)
            items.append(
                Exported(
                    play,
                    entry.play.details,
                    source,
                    entered=entry.recorded,
                    modified=entry.recorded,
                    player_sources=entry.play.player_sources,
                )
            )
        else:
            details = saved_details(store, play.save_id)
            uuid = play_uuid(play.save_id)
            items.append(Exported(play, details, uuid, play.started, play.ended, seated=True))
    return items


def bgstats_text(home: Path, plays: Iterable[Play], me: str = "") -> str:
    """BG Stats' play file of these plays, as JSON text (`me`: who the file's owner is)."""
    # ASCII: a name's control characters (C1 included) can never reach a terminal raw
    return json.dumps(play_file(exported(home, plays), me), indent=2) + "\n"


def import_file(home: Path, path: Path | str) -> tuple[Imported, int]:
    """Read a BG Stats file and keep its new plays of our games as recorded plays.

    Returns what was read and how many were written; `SaveError` for a file that cannot be read,
    `FileProblem` for one that is not a play file. A failed write stops there (those written
    stay, and are not imported again)."""
    content, _mark = read_file(path, MAX_IMPORT_BYTES)
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        raise FileProblem("not JSON: not a BG Stats play file") from None
    store = RecordedStore(home, utc_now)
    result = read_play_file(data, store.sources())
    written = 0
    for play in result.plays:
        store.add(play)
        written += 1
    return result, written


def import_report(result: Imported, written: int) -> str:
    """What `companion import` says: how many came in, and each reason plays were left out."""
    games = sorted({play.game_id for play in result.plays})
    lines = [f"Imported {plural(written, 'play')}" + (f" ({', '.join(games)})." if games else ".")]
    for reason, count in sorted(result.unscored.items()):
        lines.append(f"Kept {plural(count, 'play')} {reason}")
    for reason, count in sorted(result.skipped.items()):
        lines.append(f"Skipped {plural(count, 'play')}: {reason}")
    return "\n".join(lines) + "\n"
