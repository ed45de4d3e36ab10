"""BG Stats files from the data folder's plays, and BG Stats files brought in as recorded plays."""

from __future__ import annotations

import contextlib
import errno
import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from companion.history.bgstats import Exported, play_file, play_uuid
from companion.history.bgstats_import import FileProblem, Imported, read_play_file
from companion.history.details import PlayDetails
from companion.history.plays import Play
from companion.history.push import push_link
from companion.history.timing import play_minutes, span_seconds
from companion.phrases import joined, phrase, phrase_n
from saves.files import SaveError, parse_toml, read_file
from saves.games.document import DETAILS_KEY
from saves.games.store import SaveStore, utc_now
from saves.history.details import DetailsProblem, details_of, gathered
from saves.history.recorded import PREFIX, RecordedFile, RecordedStore

MAX_IMPORT_BYTES = 64 * 1024 * 1024
"""A BG Stats export of 20,000 plays is about 20 MB."""


def saved_details(store: SaveStore, play: Play) -> PlayDetails:
    """A game save's newest details, read without replaying it, with the play's one duration
    (`timing.play_minutes`: the one typed in, else its active time) and, when the details do
    not say, the setup's expansions. Only a file that holds one of those is parsed (an export
    of 2,000 saves parses few of them)."""
    details = PlayDetails()
    try:
        path = store.path_for(play.save_id)
        content, _mark = read_file(path)
        wanted = (DETAILS_KEY.encode(), b"details", b"expansions")
        data = gathered(parse_toml(path, content)) if any(k in content for k in wanted) else {}
    except SaveError:
        data = {}
    with contextlib.suppress(DetailsProblem):  # damaged details: none said
        details = details_of(data) or details
    minutes = play_minutes(details.minutes, span_seconds(play.started, play.ended))
    setup = data.get("setup")
    chosen = setup.get("expansions") if isinstance(setup, dict) else None
    if not details.expansions and isinstance(chosen, list):
        details = replace(details, expansions=tuple(str(e) for e in chosen))
    return replace(details, minutes=minutes)


def exported(home: Path, plays: Iterable[Play]) -> list[Exported]:
    """Each finished play with its details, uuid and dates (an imported play keeps BG Stats'
    uuids, its own and its players', exactly as they came)."""
    store = SaveStore(home)
    plays = list(plays)
    recorded: dict[str, RecordedFile] = {}
    if any(play.save_id.startswith(PREFIX) for play in plays):  # read once: an import's file
        recorded = {entry.id: entry for entry in RecordedStore(home, utc_now).listing()[0]}
    items = []
    for play in plays:
        if not play.finished:
            continue
        if play.save_id.startswith(PREFIX):
            entry = recorded.get(play.save_id)
            if entry is None:  # unreadable since (the listing says why)
                continue
            source = entry.play.source or play_uuid(play.save_id)
            details = entry.play.details
            minutes = play_minutes(details.minutes)  # the one rule its play ends by
            items.append(
                Exported(
                    play,
                    replace(details, minutes=minutes),
                    source,
                    entered=entry.recorded,
                    modified=entry.recorded,
                    player_sources=entry.play.player_sources,
                )
            )
        else:
            details = saved_details(store, play)
            uuid = play_uuid(play.save_id)
            entered = play.set_up or play.started  # set up in the app; modified: last action
            items.append(Exported(play, details, uuid, entered, play.ended, seated=True))
    return items


def push_link_of(home: Path, play: Play) -> str | None:
    """BG Stats' push link of one play: None while it is still being played (or, for a play
    typed in or imported, once its file can no longer be read: the plays list says why)."""
    items = exported(home, [play])
    return push_link(items[0]) if items else None


def bgstats_text(home: Path, plays: Iterable[Play], me: str = "") -> str:
    """BG Stats' play file of these plays, as JSON text (`me`: who the file's owner is)."""
    # ASCII: a name's control characters (C1 included) can never reach a terminal raw
    return json.dumps(play_file(exported(home, plays), me), indent=2) + "\n"


def import_file(home: Path, path: Path | str) -> tuple[Imported, int]:
    """Read a BG Stats file and keep its new plays of our games as recorded plays, many to a
    file (`saves.history.batches`).

    Returns what was read and how many were written; `SaveError` for a file that cannot be read,
    `FileProblem` for one that is not a play file, `Busy` when another import runs until the
    deadline (`RecordedStore.importing`: what is already imported is read and the new plays
    written under one lock, so two imports at once keep each play once). A failed write (a
    full disk) stops there: those written stay whole and are not imported again, the rest is
    not written at all, and `Imported.stopped` says why."""
    content, _mark = read_file(path, MAX_IMPORT_BYTES)
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        raise FileProblem(phrase("not JSON: not a BG Stats play file")) from None
    store = RecordedStore(home, utc_now)
    with store.importing():  # the check of what is imported and the write: one lock
        result = read_play_file(data, store.sources())
        written, error = store.add_many(result.plays)
    if error is not None:
        result.stopped = stop_reason(error, len(result.plays) - written)
    return result, written


def stop_reason(error: OSError, left: int) -> str:
    """Why an import stopped writing, in words, and what was left out."""
    cause = phrase("the disk is full") if error.errno == errno.ENOSPC else (error.strerror or "")
    why = cause or phrase("the data folder cannot be written")
    return phrase_n(
        "{why}: {n} play not written (import the file again to add them)",
        "{why}: {n} plays not written (import the file again to add them)",
        left,
        why=why,
    )


def import_report(result: Imported, written: int) -> str:
    """What `companion import` says: how many came in, why it stopped writing (a full disk),
    and each reason plays were left out."""
    games = sorted({play.game_id for play in result.plays})
    if games:
        lines = [
            phrase_n(
                "Imported {n} play ({games}).",
                "Imported {n} plays ({games}).",
                written,
                games=", ".join(games),
            )
        ]
    else:
        lines = [phrase_n("Imported {n} play.", "Imported {n} plays.", written)]
    if result.stopped:
        lines.append(phrase("Stopped: {why}.", why=result.stopped))
    for reason, count in sorted(result.unscored.items()):
        lines.append(
            phrase_n("Kept {n} play {reason}", "Kept {n} plays {reason}", count, reason=reason)
        )
    for reason, count in sorted(result.skipped.items()):
        lines.append(
            phrase_n(
                "Skipped {n} play: {reason}", "Skipped {n} plays: {reason}", count, reason=reason
            )
        )
    return joined("\n", [*lines, ""])
