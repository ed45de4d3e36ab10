"""Saved games: one TOML file per game in `games/`, replayed through the rules when loaded.

A file that cannot be used is never changed or deleted: it is reported with its path and problem.
Several writers per game: a game's file is only ever added to, one record a line, under the
game's lock (saves/games/journal.py); each process catches up on what the others appended. The
format
is documented in docs/save-format.md.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.dates import offset_minutes
from companion.session import Session
from saves.files import (
    MAX_FILE_BYTES,
    SaveError,
    mark_of,
    read_file,
    remove_stale_temp_files,
    write_target,
    write_text,
)
from saves.games import journal
from saves.games.document import FORMAT as FORMAT
from saves.games.document import MAX_TITLE as MAX_TITLE
from saves.games.document import SAVE_ID, document_text, read_document
from saves.games.document import SavedGame as SavedGame
from saves.games.document import clean_title as clean_title
from saves.games.document import from_document as from_document
from saves.games.document import to_document as to_document
from saves.games.document import utc_now as utc_now
from saves.games.journal import Behind, Draft, Rewritten, position_of
from saves.games.records import Record, records_start
from saves.games.writers import SaveConflict, publish_new
from saves.listing.cache import ListingCache, SaveEntry, UnreadableSave
from saves.listing.entries import UTC_OFFSET
from saves.listing.entries import entry_of as entry_of
from saves.listing.folder import list_folder
from saves.listing.pool import start_workers
from saves.paths import exports_dir, games_dir, listing_cache_path, locks_dir
from saves.shared.lock import DEADLINE_SECONDS, holding

DECIDE_AGAIN = 3
"""How many times a transaction catches up and decides again when records were appended beside
it (each time another process appended one between this one's catch-up and its write)."""


class SaveStore:
    """The games folder: create, save, load and list games."""

    def __init__(
        self,
        home: Path,
        clock: Callable[[], datetime] = utc_now,
        games: Mapping[str, Game[Any, Any]] | None = None,
        workers: bool = True,
    ) -> None:
        self.home = home
        self.folder = games_dir(home)
        self.clock = clock
        self.games = games
        """The games this store reads; None: every game of the registry."""
        self.workers = workers and games is None  # a test's games exist only in this process
        """Whether a listing without its cache may replay many saves in worker processes (the
        command line); the app's store never starts a process (`make_app`)."""
        self.cache_problem: str | None = None
        """Why the listing cache cannot be used, as found by the last listing."""

    def path_for(self, save_id: str) -> Path:
        """The file of a save id; an id that could leave the folder is refused."""
        if not SAVE_ID.fullmatch(save_id):
            raise SaveError(self.folder / "?", f"'{save_id}' is not a save id")
        return self.folder / f"{save_id}.toml"

    def create(self, game: Game[Any, Any], setup: Any, title: str = "") -> SavedGame:
        """Start a new game file (the setup is checked by the rules first)."""
        session = Session(game, setup)
        now = self.clock()
        saved = SavedGame("", clean_title(title) or game.title, session, now, now)
        saved.extra[UTC_OFFSET] = offset_minutes(now)  # read by older versions as an unknown key
        self._save_new(saved, game.id, now)
        return saved

    def save_copy(self, saved: SavedGame) -> SavedGame:
        """Save a game under a new id (its file is left to whoever changed it); the copy is
        the same game, played on from here."""
        now = self.clock()
        title = clean_title(f"{saved.title} (copy)") or saved.title
        copy = saved.trial()
        copy.title, copy.updated = title, now
        self._save_new(copy, saved.game.id, now)
        return copy

    def game_lock(self, save_id: str, deadline: float = DEADLINE_SECONDS) -> Any:
        """Hold the game's lock for one transaction (`Busy` after `deadline` seconds)."""
        self.path_for(save_id)  # refuses an id that could leave the folder
        return holding(locks_dir(self.home) / f"{save_id}.lock", deadline)

    def catch_up(self, saved: SavedGame) -> list[Record]:
        """Apply what other processes appended to the game since this one last read it.

        A format 1 save not yet written again: nothing while the file is as read; once another
        window has written it in format 2 (with its first change), that file is taken up. A
        game that could not apply records it wrote is read again from its file: returns those
        records."""
        path = self.path_for(saved.id)
        if saved.unapplied:
            unapplied, fresh = saved.unapplied, self.load(saved.id)
            saved.adopt(fresh)
            saved.position, saved.unapplied = fresh.position, []
            return unapplied
        if saved.position is not None or saved.cannot_add:
            return journal.catch_up(path, saved)
        if mark_of(path) == saved.read_mark:
            return []
        fresh = self.load(saved.id)
        if fresh.position is None:  # not written again by this app: another program's file
            raise Rewritten(path, "was written again by another program since this window read it")
        ours = saved.session.actions
        same_start = fresh.session.actions[: len(ours)] == ours
        theirs = fresh.origins[len(ours) :] if same_start else fresh.origins[-1:]
        saved.adopt(fresh)
        saved.position, saved.format_read = fresh.position, FORMAT
        return list(theirs)

    def append(
        self, saved: SavedGame, drafts: list[Draft], by: str = "", seat: str = ""
    ) -> list[Record]:
        """Under `game_lock`, after `catch_up`: append and apply new records (journal.append)."""
        path = self.path_for(saved.id)
        write_target(path, self.home)  # a link out of the data folder is never written through
        self._bring_up_to_date(path, saved)
        return journal.append(path, saved, drafts, by, seat, self.clock())

    def transact(
        self,
        saved: SavedGame,
        drafts: Callable[[], list[Draft]],
        by: str = "",
        seat: str = "",
        deadline: float = DEADLINE_SECONDS,
    ) -> tuple[list[Record], list[Record]]:
        """One transaction: lock, catch up, append what `drafts()` decides on the newest state.

        Returns the records others had appended and this one's. `Busy`, `Rewritten`,
        `SaveError`, `RuleError` (from `drafts` or the rules) and OSError leave the file as it
        was (the game may have caught up). Records appended beside this transaction (its lock
        file was deleted meanwhile) are caught up and `drafts()` asked again."""
        with self.game_lock(saved.id, deadline):
            theirs = self.catch_up(saved)
            for _attempt in range(DECIDE_AGAIN):
                try:
                    return theirs, self.append(saved, drafts(), by, seat)
                except Behind:
                    theirs = theirs + self.catch_up(saved)
            return theirs, self.append(saved, drafts(), by, seat)

    def save(self, saved: SavedGame, touch: bool = True) -> None:
        """Write the steps of the game's session the file does not have yet, as records: for a
        program (a test, a tool) that changed the session itself. The app's screens use
        `transact`, which never refuses another writer's records.

        `SaveConflict` (nothing written) when another process added to the file since this
        store last read or wrote it. `touch=False`: no time is given to the records (a play's
        date stays the time of its last action)."""
        path = self.path_for(saved.id)
        with self.game_lock(saved.id):
            if saved.position is None and (saved.format_read != FORMAT or saved.whole_first):
                write_target(path, self.home)
                self._bring_up_to_date(path, saved)  # with this game's steps, as they are now
                return
            if saved.position is None:
                self._write_whole(path, saved)
                return
            if self.catch_up_needed(saved):
                raise SaveConflict(path, "was changed in another window since this one read it")
            steps = saved.session.steps
            kept = 0
            for filed, step in zip(saved.filed, steps, strict=False):
                if filed is not step:
                    break
                kept += 1
            drafts = [Draft("undo", target=record.number) for record in saved.origins[kept:]]
            drafts.reverse()
            drafts += [Draft("do", step.action) for step in steps[kept:]]
            if not drafts:
                return
            now = self.clock() if touch else None
            write_target(path, self.home)
            taken_back = saved.origins[kept:][::-1]
            undone = [*saved.undone, *taken_back] if kept == len(steps) else []
            records = journal.write_records(path, saved, drafts, now)
            saved.origins = saved.origins[:kept] + [r for r in records if r.kind == "do"]
            saved.filed, saved.undone = list(steps), undone  # what a redo puts back
            saved.record_count = records[-1].number
            if now is not None:
                saved.updated = now

    def _write_whole(self, path: Path, saved: SavedGame) -> None:
        """A game made in memory (a tool's, a test's) written as a new file: never over one."""
        if path.exists() or path.is_symlink():
            raise SaveConflict(path, "this window has not read this file: not replaced")
        text = document_text(saved)
        _check_size(path, text)
        mark = write_text(path, text, links_within=self.home)
        saved.position = position_of(text.encode("utf-8"), mark.inode)

    def catch_up_needed(self, saved: SavedGame) -> bool:
        """Whether the file has records this game has not read (`Rewritten` if it changed in
        any other way)."""
        return journal.has_news(self.path_for(saved.id), saved)

    def export(self, saved: SavedGame, extension: str, content: str) -> Path:
        """Write an export of a game (a score sheet, a log) as `exports/<id>.<extension>`; a
        failed export leaves nothing behind, not even the folder."""
        path = exports_dir(self.home) / f"{saved.id}.{extension}"
        write_text(path, content, links_within=self.home)
        return path

    def load(self, save_id: str) -> SavedGame:
        """Read and replay a saved game, or raise `SaveError` naming the file and the problem.

        Loading never writes: a file of format 1 is written again in format 2 by its first
        change (under the game's lock, only if it still holds what was read)."""
        path = self.path_for(save_id)
        content, mark = read_file(path)
        saved = self._read(path, content)
        saved.read_mark = mark
        if saved.format_read != FORMAT or saved.whole_first:
            pass  # written again whole, in format 2, by the first change (`_bring_up_to_date`)
        elif records_start(content) is None:
            saved.cannot_add = (
                "its records are not a [records] table, so a record added would be lost"
            )
        else:
            saved.position = position_of(content, mark.inode)
        return saved

    def _read(self, path: Path, content: bytes) -> SavedGame:
        """Replay a file's bytes; a torn last line (a crash while it was appended) is left out.
        A file that needs its last line though it has no newline (an editor dropped it) is
        read whole, and written again whole by its first change (an append would cut it)."""
        complete = content[: content.rfind(b"\n") + 1]
        try:
            return read_document(path, complete, self.games)
        except SaveError:
            if complete == content:
                raise
            saved = read_document(path, content, self.games)
            saved.whole_first = True
            return saved

    def _bring_up_to_date(self, path: Path, saved: SavedGame) -> None:
        """Under the game's lock, before a format 1 save's first record: write it again in
        format 2 (`Rewritten` if it changed since it was read: it is then left as it is)."""
        if saved.position is not None or (saved.format_read == FORMAT and not saved.whole_first):
            return
        if mark_of(path) != saved.read_mark:
            raise Rewritten(path, "was changed by another program since this window read it")
        text = document_text(saved)
        _check_size(path, text)
        written = write_text(path, text, links_within=self.home)
        saved.position, saved.format_read = position_of(text.encode("utf-8"), written.inode), FORMAT
        saved.whole_first = False

    def listing(self, with_facts: bool = True) -> tuple[list[SaveEntry], list[UnreadableSave]]:
        """Readable games newest first, and the files that could not be read.

        Every file is read; only those whose bytes changed since the last listing are replayed.
        `with_facts=False` spares decoding the statistics' facts (every entry's facts is None).
        """
        if not os.path.isdir(self.folder):  # False too for a folder this user cannot enter
            return [], []
        for folder in (self.home, self.folder, exports_dir(self.home)):
            remove_stale_temp_files(folder)
        cache = ListingCache(listing_cache_path(self.home))
        workers = start_workers if self.workers else None  # a test's games: here
        listed = list_folder(self.folder, cache, self._replayed_entry, with_facts, workers)
        cache.write()
        self.cache_problem = cache.problem
        return listed

    def _replayed_entry(self, path: Path, content: bytes) -> SaveEntry:
        """The list's line for a file's bytes, replayed through the rules (or `SaveError`)."""
        return entry_of(read_document(path, content, self.games))

    def _save_new(self, saved: SavedGame, game_id: str, now: datetime) -> None:
        """Publish the game whole under a new id (no empty file is ever seen under it)."""

        def text_for(candidate: str) -> str:
            saved.id = candidate
            text = document_text(saved)
            _check_size(self.path_for(candidate), text)
            return text

        try:
            saved.id, mark, text = publish_new(
                f"{game_id}-{now:%Y%m%d-%H%M%S}", self.path_for, text_for
            )
        except BaseException:
            saved.id = ""
            raise
        saved.position = position_of(text.encode("utf-8"), mark.inode)


def _check_size(path: Path, text: str) -> None:
    """Refuse to write a save larger than a save may be read (`MAX_FILE_BYTES`): it would be
    listed as unreadable at the next start. OSError, so it is said as a failed save."""
    if len(text) * 4 > MAX_FILE_BYTES and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise OSError(errno.EFBIG, f"the game has grown past {limit} MiB, the most a save holds")
