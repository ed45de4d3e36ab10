"""Saved games: one TOML file per game in `games/`, replayed through the rules when loaded.

A file that cannot be used is never changed or deleted: it is reported with its path and problem.
One writer per game: the store remembers which bytes it last read or wrote for each game and
refuses (`SaveConflict`) to replace a file that another process changed since. The format is
documented in docs/save-format.md.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.dates import offset_minutes
from companion.plays import facts_of_session, utc_offset_of
from companion.session import Session
from saves.codec import TOML_INT_MAX
from saves.document import FORMAT as FORMAT
from saves.document import MAX_TITLE as MAX_TITLE
from saves.document import SAVE_ID, document_text
from saves.document import SavedGame as SavedGame
from saves.document import clean_title as clean_title
from saves.document import from_document as from_document
from saves.document import to_document as to_document
from saves.document import utc_now as utc_now
from saves.files import (
    MAX_FILE_BYTES,
    SaveError,
    parse_toml,
    read_file,
    remove_stale_temp_files,
    write_text,
)
from saves.listing import ListingCache, SaveEntry, UnreadableSave, list_folder
from saves.locks import GameLock, writing
from saves.paths import exports_dir, games_dir, listing_cache_path, locks_dir
from saves.rendered import RenderedArray
from saves.replay_pool import replay_in_workers
from saves.writers import LastSeen, publish_new

UTC_OFFSET = "utc_offset"
"""Minutes east of UTC of the machine that set the game up: the statistics date it there."""


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
        self.seen = LastSeen()
        """What this store last read or wrote of each game: no other writer's save is lost."""
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
        copy = SavedGame("", title, saved.session, saved.created, now)
        copy.extra = dict(saved.extra)
        self._save_new(copy, saved.game.id, now)
        return copy

    def save(self, saved: SavedGame, touch: bool = True) -> None:
        """Write the whole game atomically (autosave calls this after every action).

        `touch=False` keeps `updated` (the time of the last action): a play's details, added
        after the game, do not move the play's date.

        Refused with `SaveConflict` (nothing written) if the file changed since this store last
        read or wrote it. The file is the same as `tomli_w.dumps(to_document(saved))`, but only
        actions not saved before are rendered, so an autosave in a long game costs little more
        than its fsync.
        """
        path = self.path_for(saved.id)
        with writing(locks_dir(self.home) / "writing.lock"):
            self.seen.check(path, saved.id)
            updated = saved.updated
            if touch:
                saved.updated = self.clock()
            revision = saved.revision
            saved.revision = min(revision + 1, TOML_INT_MAX)  # a counter TOML can hold
            try:
                text = document_text(saved)
                _check_size(path, text)
                mark = write_text(path, text, links_within=self.home)
            except BaseException:  # the game is as it was before this save: not saved
                saved.revision, saved.updated = revision, updated
                raise
        self.seen.saw(saved.id, mark, text)

    def lock(self, save_id: str) -> GameLock | None:
        """Claim a game for this window while it is open, or None if another window has it.

        OSError if the lock file cannot be made (a read-only folder)."""
        self.path_for(save_id)  # refuses an id that could leave the folder
        return GameLock.take(locks_dir(self.home) / f"{save_id}.lock")

    def export(self, saved: SavedGame, extension: str, content: str) -> Path:
        """Write an export of a game (a score sheet, a log) as `exports/<id>.<extension>`; a
        failed export leaves nothing behind, not even the folder."""
        path = exports_dir(self.home) / f"{saved.id}.{extension}"
        write_text(path, content, links_within=self.home)
        return path

    def load(self, save_id: str) -> SavedGame:
        """Read and replay a saved game, or raise `SaveError` naming the file and the problem."""
        path = self.path_for(save_id)
        content, mark = read_file(path)
        saved = from_document(path, parse_toml(path, content), self.games)
        # The file's own rows stand for its actions: the first save renders only new ones.
        head = to_document(saved, with_actions=False)
        saved.rendered.adopt(saved.session.steps, head, content.decode("utf-8"))
        self.seen.saw(save_id, mark, content)
        return saved

    def listing(self, with_facts: bool = True) -> tuple[list[SaveEntry], list[UnreadableSave]]:
        """Readable games newest first, and the files that could not be read.

        Every file is read; only those whose bytes changed since the last listing are replayed.
        `with_facts=False` spares decoding the statistics' facts (every entry's facts is None).
        """
        if not self.folder.is_dir():
            return [], []
        for folder in (self.home, self.folder, exports_dir(self.home)):
            remove_stale_temp_files(folder)
        cache = ListingCache(listing_cache_path(self.home))
        workers = replay_in_workers if self.workers else None  # a test's games: here
        listed = list_folder(self.folder, cache, self._replayed_entry, with_facts, workers)
        cache.write()
        self.cache_problem = cache.problem
        return listed

    def _replayed_entry(self, path: Path, content: bytes) -> SaveEntry:
        """The list's line for a file's bytes, replayed through the rules (or `SaveError`)."""
        return entry_of(from_document(path, parse_toml(path, content), self.games))

    def _save_new(self, saved: SavedGame, game_id: str, now: datetime) -> None:
        """Publish the game whole under a new id (no empty file is ever seen under it)."""

        def text_for(candidate: str) -> str:
            saved.id, saved.revision = candidate, 1
            saved.rendered = RenderedArray("actions")  # it held the rows of another id's file
            text = document_text(saved)
            _check_size(self.path_for(candidate), text)
            return text

        try:
            saved.id, mark, text = publish_new(
                f"{game_id}-{now:%Y%m%d-%H%M%S}", self.path_for, text_for
            )
        except BaseException:
            saved.id, saved.revision = "", 0
            raise
        self.seen.saw(saved.id, mark, text)


def _check_size(path: Path, text: str) -> None:
    """Refuse to write a save larger than a save may be read (`MAX_FILE_BYTES`): it would be
    listed as unreadable at the next start. OSError, so it is said as a failed save."""
    if len(text) * 4 > MAX_FILE_BYTES and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise OSError(errno.EFBIG, f"the game has grown past {limit} MiB, the most a save holds")


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
    )
