"""Saved games: one TOML file per game in `games/`, replayed through the rules when loaded.

A file that cannot be used is never changed or deleted: it is reported with its path and problem.
Several writers per game: a game's file is only ever added to, one record a line, under the
game's lock, through `SaveStore.transact` (saves/games/journal.py); each process catches up on
what the others appended. A whole file is written only for a new game (or copy) and once for a
file opened for play that cannot be appended to as it is (`open_for_play`). The format is
documented in docs/save-format.md.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.dates import offset_minutes
from companion.guard import GameFault
from companion.phrases import phrase
from companion.session import Session
from saves import append_log
from saves.cleanup import remove_leftovers
from saves.files import (
    MAX_FILE_BYTES,
    LinkRefused,
    SaveError,
    mark_of,
    os_reason,
    read_file,
    write_target,
    write_text,
)
from saves.games import checkpoint, journal
from saves.games.document import FORMAT as FORMAT
from saves.games.document import MAX_TITLE as MAX_TITLE
from saves.games.document import SAVE_ID, FileState, document_text
from saves.games.document import SavedGame as SavedGame
from saves.games.document import clean_title as clean_title
from saves.games.document import from_document as from_document
from saves.games.document import to_document as to_document
from saves.games.document import utc_now as utc_now
from saves.games.journal import Behind, Draft, Rewritten, grown_past, position_of
from saves.games.records import Record, records_start
from saves.games.writers import publish_new
from saves.listing.cache import ListingCache, SaveEntry, UnreadableSave
from saves.listing.entries import read_save, replayed_entry, resumed_entry
from saves.listing.entry_line import UTC_OFFSET
from saves.listing.entry_line import entry_of as entry_of
from saves.listing.folder import list_folder
from saves.listing.pool import start_workers
from saves.paths import (
    exports_dir,
    games_dir,
    listing_cache_path,
    locks_dir,
    side_folder_inside,
)
from saves.shared.lock import DEADLINE_SECONDS, Busy, holding

DECIDE_AGAIN = 3
"""How many times a transaction catches up and decides again when records were appended beside
it (each time another process appended one between this one's catch-up and its write)."""


class SaveStore:
    """The games folder: create, load, open for play, change (`transact`) and list games."""

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
            raise SaveError(self.folder / "?", phrase("'{id}' is not a save id", id=save_id))
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
        title = clean_title(f"{saved.title} (copy)") or saved.title  # written in the file: English
        copy = saved.trial()
        copy.title, copy.updated = title, now
        self._save_new(copy, saved.game.id, now)
        return copy

    def game_lock(self, save_id: str, deadline: float = DEADLINE_SECONDS) -> Any:
        """Hold the game's lock for one transaction (`Busy` after `deadline` seconds)."""
        self.path_for(save_id)  # refuses an id that could leave the folder
        return holding(locks_dir(self.home) / f"{save_id}.lock", deadline)

    def wait_until_free(self, save_id: str, deadline: float) -> None:
        """For a worker thread, never a screen's: wait until neither the game's lock nor its
        file's own lock for a write is held elsewhere, taking each and letting it go at once
        (`Busy` after `deadline` seconds), so that a transaction tried next takes them at once."""
        give_up = time.monotonic() + deadline
        with self.game_lock(save_id, deadline):
            append_log.until_writable(self.path_for(save_id), max(0.0, give_up - time.monotonic()))

    def catch_up(self, saved: SavedGame) -> list[Record]:
        """Apply what other processes appended to the game since this one last read it.

        A game read without a position (a format 1 file shown but not opened for play, or one
        that cannot be added to) is not followed record by record: `Rewritten` once its file
        changed, to be read again. A game that could not apply records it wrote is read again
        from its file: returns those records."""
        path = self.path_for(saved.id)
        if saved.file.unapplied:
            unapplied, fresh = saved.file.unapplied, self.load(saved.id)
            saved.adopt(fresh)
            saved.file.position, saved.file.unapplied = fresh.file.position, []
            return unapplied
        if saved.file.position is None:
            if mark_of(path) != saved.file.mark:
                raise Rewritten(path, phrase("was written again since this window read it"))
            return []
        return journal.catch_up(path, saved)

    def append(
        self,
        saved: SavedGame,
        drafts: list[Draft],
        by: str = "",
        seat: str = "",
        deadline: float = DEADLINE_SECONDS,
    ) -> list[Record]:
        """Under `game_lock`, after `catch_up`: append and apply new records (journal.append;
        the game file's own lock for the write is waited for `deadline` seconds at most)."""
        path = self.path_for(saved.id)
        write_target(path, self.home)  # a link out of the data folder is never written through
        return journal.append(path, saved, drafts, by, seat, self.clock(), deadline)

    def transact(
        self,
        saved: SavedGame,
        drafts: Callable[[list[Record]], list[Draft]],
        by: str = "",
        seat: str = "",
        deadline: float = DEADLINE_SECONDS,
    ) -> tuple[list[Record], list[Record]]:
        """One transaction: lock, catch up, append what `drafts(theirs)` decides on the newest
        state, `theirs` being every record caught up on under the lock, in order. The locks are
        the game's (`game_lock`) and the game file's own (`append_log.holding_file`), both for the
        whole transaction: a writer whose lock file was deleted or replaced under another's
        still waits for the file's (`Busy` after `deadline` seconds, 0: tried once).

        Returns the records others had appended and this one's. `Busy`, `Rewritten`,
        `SaveError`, `RuleError` (from `drafts` or the rules) and OSError leave the file as it
        was (the game may have caught up: `drafts` was then given what it caught up on).
        Records appended beside this transaction (its lock file was deleted meanwhile) are
        caught up and `drafts` asked again, with them added to the ones before."""
        path = self.path_for(saved.id)
        with self.game_lock(saved.id, deadline), append_log.holding_file(path, deadline):
            theirs = self.catch_up(saved)
            for _attempt in range(DECIDE_AGAIN):
                try:
                    return theirs, self.append(saved, drafts(list(theirs)), by, seat, deadline)
                except Behind:
                    theirs = theirs + self.catch_up(saved)
            return theirs, self.append(saved, drafts(list(theirs)), by, seat, deadline)

    def catch_up_needed(self, saved: SavedGame) -> bool:
        """Whether the file has records this game has not read (`Rewritten` if it changed in
        any other way); for a game read without a position, whether its file changed."""
        path = self.path_for(saved.id)
        if saved.file.position is None and not saved.file.unapplied:
            return bool(mark_of(path) != saved.file.mark)
        return journal.has_news(path, saved)

    def export(self, saved: SavedGame, extension: str, content: str) -> Path:
        """Write an export of a game (a score sheet, a log) as `exports/<id>.<extension>`; a
        failed export leaves nothing behind, not even the folder."""
        path = exports_dir(self.home) / f"{saved.id}.{extension}"
        if not side_folder_inside(self.home, path.parent):  # a link: never written through
            raise LinkRefused(
                path.parent, phrase("is a link, not a folder of the data folder: not used")
            )
        write_text(path, content, links_within=self.home)
        return path

    def load(self, save_id: str) -> SavedGame:
        """Read and replay a saved game, or raise `SaveError` naming the file and the problem.

        Loading never writes: a file this version cannot append to as it is (format 1, or a
        last line without its newline) is read without a position, to be shown; it is written
        again in format 2 when it is opened for play (`open_for_play`)."""
        path = self.path_for(save_id)
        content, mark = read_file(path)
        saved, whole = self._read(path, content)
        saved.file.mark = mark
        if saved.file.format_read != FORMAT or whole:
            pass  # no position: `open_for_play` writes it again first
        elif records_start(content) is None:
            saved.file.cannot_add = phrase(
                "its records are not a [records] table, so a record added would be lost"
            )
        else:
            saved.file.position = position_of(content, mark.inode)
        return saved

    def open_for_play(self, save_id: str, deadline: float = 0.0) -> SavedGame:
        """Load a game to play on (a play screen, `companion act`): the one place a file is
        upgraded. One `load` read without a position is first written again whole in format 2,
        once, under the game's lock; every later change appends to that file.

        The lock is tried for `deadline` seconds: at once by default, as a screen must (a
        command may wait). When it is held, the game is returned to be shown only,
        `upgrade_waits` set: open it for play again once the lock is free. When it cannot be
        written again (a read-only folder, a lock file that cannot be made), it is shown only,
        `cannot_add` saying why; a link out of the data folder is left for the first change to
        refuse (`LinkRefused`: the screen keeps its game as a copy). `SaveError` when the file
        cannot be read."""
        saved = checkpoint.load(self, save_id)  # a long game replays only its newest records
        if saved.file.position is not None or saved.file.cannot_add:
            return saved
        path = self.path_for(save_id)
        try:
            with self.game_lock(save_id, deadline), append_log.holding_file(path, deadline):
                if mark_of(path) != saved.file.mark:  # changed before the lock was ours
                    saved = self.load(save_id)
                    if saved.file.position is not None or saved.file.cannot_add:
                        return saved
                self._write_again(path, saved)
        except LinkRefused:
            pass  # never written through: its first change says so, as for any save
        except OSError as error:  # Busy, and a disk that refuses the new file
            saved.file.cannot_add = phrase(
                "it could not be brought to format {format}: {why}",
                format=FORMAT,
                why=os_reason(error),
            )
            saved.file.upgrade_waits = isinstance(error, Busy)
        return saved

    def _write_again(self, path: Path, saved: SavedGame) -> None:
        """Under the game's lock, with the file as `saved` read it: write it whole in format 2
        (temp file, fsync, replace), its steps as records."""
        text = document_text(saved)
        _check_size(path, text)
        written = write_text(path, text, links_within=self.home)
        position = position_of(text.encode("utf-8"), written.inode)
        saved.file = FileState(FORMAT, written, position)

    def _read(self, path: Path, content: bytes) -> tuple[SavedGame, bool]:
        """Replay a file's bytes as every reader does (`saves.listing.entries.read_save`): a
        torn last line left out; True when it had to be read whole (written again before play)."""
        return read_save(path, content, self.games)

    def listing(self, with_facts: bool = True) -> tuple[list[SaveEntry], list[UnreadableSave]]:
        """Readable games newest first, and the files that could not be read.

        Every file is read; only those whose bytes changed since the last listing are replayed.
        The checkpoints of games whose files are gone are removed. `with_facts=False` spares
        decoding the statistics' facts (every entry's facts is None).
        """
        if not os.path.isdir(self.folder):  # False too for a folder this user cannot enter
            return [], []
        remove_leftovers(self.home)  # of writes killed since the last start
        cache = ListingCache(listing_cache_path(self.home))
        workers = start_workers if self.workers else None  # a test's games: here
        proofs = checkpoint.Proofs(self)

        def replay(path: Path, content: bytes) -> SaveEntry:
            return self._replayed_entry(path, content, proofs)

        def resumable(name: str) -> bool:
            return proofs.has(name.removesuffix(".toml"))

        def resume(path: Path, content: bytes, content_digest: str) -> SaveEntry | None:
            return resumed_entry(proofs, path, content, content_digest)

        facts_need_steps = None if with_facts else resume  # the statistics replay every step
        listed = list_folder(
            self.folder, cache, replay, with_facts, workers, resumable, facts_need_steps
        )
        cache.write()
        checkpoint.remove_orphans(self.home, self.folder)  # of games deleted since
        self.cache_problem = cache.problem
        return listed

    def _replayed_entry(
        self,
        path: Path,
        content: bytes,
        proofs: checkpoint.Proofs | None = None,
    ) -> SaveEntry:
        """The list's line for a file's bytes, read as `load` reads them (a torn last line left
        out), replayed through the rules (or `SaveError`, a game's fault in its `summary` or
        `facts` included); a long game's checkpoint is kept."""
        try:
            return replayed_entry(self, path, content, proofs)
        except GameFault as fault:
            raise SaveError(path, str(fault)) from None

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
        saved.file.position = position_of(text.encode("utf-8"), mark.inode)


def _check_size(path: Path, text: str) -> None:
    """Refuse to write a save larger than a save may be read (`MAX_FILE_BYTES`): it would be
    listed as unreadable at the next start. OSError, so it is said as a failed save."""
    if len(text) * 4 > MAX_FILE_BYTES and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, grown_past(MAX_FILE_BYTES))
