"""A checkpoint of a replayed game, so that a command on a long game costs what it costs on a
short one: `load` replays only the records after it.

A checkpoint is a cache the save always overrules, one file a game: `checkpoints/<id>.json`. It
holds the state the game's records reached, the log in words, who made each step, the game's
line in the saved-games list, and what it was made from: how many bytes of the save it covers,
a digest of those bytes, and the stamp of the code that replayed them (saves/listing/stamps.py).
Its lines are written and read in saves/games/checkpoint_file.py, sealed with the key of
saves/games/checkpoint_folder.py. Before anything in it is believed:

- its own content must carry its seal: a BLAKE2 keyed with this data folder's secret
  (`checkpoints/key`, made once, readable by its owner only), so that a hand edit, a file
  copied from another folder or a damaged one is never taken for the game's state;
- the save's first bytes must be exactly those it covers (an edit, a cut, a replaced file shows
  as another digest), ending at a line's end, and the code must be the same bytes;
- the count of records it says it covers must be the count the file shows there (the number of
  the last record line covered, and the number of lines): the count, and with it the next
  record's number, is always the file's;
- every value must be within what a save can hold (64-bit whole numbers...), every step's record
  number within the count and in order, one log line per step.

Any disagreement leaves the checkpoint ignored (the save is replayed whole, and the checkpoint
written again); any problem with the save itself is reported by a full `SaveStore.load`, word
for word as without a checkpoint. A `checkpoints/` folder that is a link, or not a folder, is
neither read nor written through; a checkpoint whose game is gone is removed (`remove_orphans`,
and `load` of a save that is no longer there).

A listing without its cache proves the checkpoints of all its saves with one `Proofs`: a save
whose checkpoint covers all its lines is listed from the line kept there; one with records after
it from the state kept there, decoded once, with those records played on it by the rules (the
listing's own resume, saves/games/listing_resume.py: no head, setup, steps or log read); and
only the others are replayed.

An undo reaching before the checkpoint replays the steps before it from the save's bytes it
covers (`Session.resumed`), and refuses them if they do not end at the checkpoint's state.
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from companion.core import Game
from companion.registry import get_game, is_built
from companion.session import Checkpoint, Session, Step
from saves.codec import from_plain
from saves.files import SaveError, parse_toml, read_file
from saves.games.checkpoint_file import (
    CHECKPOINT_FORMAT,
    Kept,
    gathered_keys,
    log_lines,
    read_kept,
    records_covered,
    step_origin,
    write_saved,
    zoned_moment,
)
from saves.games.checkpoint_folder import checkpoint_names, checkpoints_folder, folder_key
from saves.games.document import (
    FORMAT,
    SAVE_ID,
    SavedGame,
    apply_record,
    from_document,
    read_document,
)
from saves.games.journal import position_of
from saves.games.listing_resume import NeedsSteps, played_on, refresh_tail
from saves.games.record_lines import parse_records
from saves.games.records import RecordReader, records_start, table_after_records
from saves.listing.cache import SaveEntry, digest, entry_from_record
from saves.listing.entry_line import entry_of
from saves.listing.stamps import KERNEL, code_stamp
from saves.paths import checkpoints_dir

SMALLEST_GAME = 100
"""A game of fewer records is replayed whole (a few milliseconds): it gets no checkpoint."""
REFRESH_AFTER = 50
"""A checkpoint is written again once this many records follow it."""
LISTING_REFRESHES = 20
"""The most checkpoints one listing writes again for saves played on past them: the saves played
since the last listing (home after a game), never thousands in a listing without its cache,
which it would make twice as long."""


class Store(Protocol):
    """What a checkpoint needs of the games folder (`saves.games.store.SaveStore`), so that the
    store may start from one without an import circle."""

    home: Path
    games: Mapping[str, Game[Any, Any]] | None

    def path_for(self, save_id: str) -> Path: ...

    def load(self, save_id: str) -> SavedGame: ...


def checkpoint_path(home: Path, save_id: str) -> Path:
    """Where a game's checkpoint is kept: beside the listing cache, in `checkpoints/`."""
    return checkpoints_dir(home) / f"{save_id}.json"


def load(store: Store, save_id: str) -> SavedGame:
    """The game as `store.load` reads it, from its checkpoint when the checkpoint is proved
    against the file (only the records after it are replayed); the checkpoint is written (again)
    when it is missing, refused or far behind. `SaveError` as `store.load` raises it."""
    path = store.path_for(save_id)
    try:
        content, mark = read_file(path)
    except SaveError:
        if not os.path.lexists(path):
            forget(store.home, save_id)  # the game is gone: so is its checkpoint
        raise
    saved, covered = proved(store, path, content)
    if saved is not None:
        saved.read_mark, saved.position = mark, position_of(content, mark.inode)
        if saved.record_count - covered >= REFRESH_AFTER:
            write_saved(store.home, saved, content, stamp)
        return saved
    saved = store.load(save_id)
    if saved.read_mark == mark and saved.record_count >= SMALLEST_GAME:
        write_saved(
            store.home, saved, content, stamp
        )  # else changed since: its bytes are not `content`
    return saved


def proved(store: Store, path: Path, content: bytes) -> tuple[SavedGame | None, int]:
    """The game of the save's bytes `content` from its checkpoint and the records after it, and
    how many records the checkpoint covers; (None, 0) when there is no checkpoint that the file
    proves, or anything after it is not as a full load would read it."""
    if not os.path.lexists(checkpoint_path(store.home, path.stem)):
        return None, 0  # the usual case of a short game: nothing more to look at
    return Proofs(store).proved(path, content)


class Proofs:
    """The checkpoints of one data folder as a listing proves them, with what every proof needs
    found once: the folder's key, which checkpoints there are (one look at their folder), each
    game's stamp (a digest of its modules). A listing of 2,000 saves would find each 2,000 times
    (that took seconds); a checkpoint written meanwhile is simply not used by this listing. Each
    is found when first needed: a listing its cache answers whole needs none."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._stamps: dict[str, str] = {}
        self._games: dict[str, bool] = {}
        self._refreshes = LISTING_REFRESHES

    @property
    def found(self) -> tuple[Path, bytes] | None:
        """The checkpoints' folder and its key, as `_found`."""
        return self._found

    @functools.cached_property
    def _found(self) -> tuple[Path, bytes] | None:
        """The checkpoints' folder and its key; None when either is missing or not ours."""
        folder = checkpoints_folder(self.store.home)
        key = folder_key(folder) if folder is not None else None
        return (folder, key) if folder is not None and key is not None else None

    @functools.cached_property
    def _present(self) -> frozenset[str]:
        """The names in the checkpoints' folder, seen once (a listing asks for each save)."""
        return checkpoint_names(self._found[0]) if self._found is not None else frozenset()

    def has(self, save_id: str) -> bool:
        """Whether the save has a checkpoint to try (whether it is true is not yet known)."""
        return f"{save_id}.json" in self._present

    def stamp(self, game_id: str) -> str:
        """`stamp(game_id)`, found once for these proofs."""
        found = self._stamps.get(game_id)
        if found is None:
            found = self._stamps[game_id] = stamp(game_id)
        return found

    def proved(self, path: Path, content: bytes) -> tuple[SavedGame | None, int]:
        """As `proved` says, with these proofs."""
        return self._resumed(path, content, self._kept(path.stem))

    def entry(self, path: Path, content: bytes, known: str = "") -> SaveEntry | None:
        """The list's line (without facts) for the save's complete lines `content`, its
        checkpoint read once: the line kept there when the checkpoint covers every line and
        the file proves it; else the listing's own resume (`played_on`: the state kept there
        with the records after it played on it), the checkpoint then written again for the
        whole file (for `LISTING_REFRESHES` saves a listing), so that the next listing without
        its cache lists the save from there. None when the checkpoint is missing, refused or
        not for these bytes (the save is replayed). `known`: the digest of `content`, when the
        caller has found it."""
        kept = self._kept(path.stem)
        made_from = kept.made_from if kept is not None else None
        entry = self._kept_entry(path, content, made_from, known) if made_from else None
        if kept is None or entry is None:
            return None
        if kept.made_from["covers"] == len(content):
            return entry
        try:
            tail = played_on(self.game, path, content, kept, entry)
        except NeedsSteps:  # an undo or a redo: the game resumed whole
            return self._resumed_entry(path, content, kept)
        if tail is not None and self._refreshes > 0:  # the next listing lists it from there
            self._refreshes -= 1
            refresh_tail(self.store.home, self.found, content, kept, tail)
        return tail.entry if tail is not None else None

    def _resumed_entry(self, path: Path, content: bytes, kept: Kept) -> SaveEntry | None:
        """The line of the game resumed whole at its checkpoint (its checkpoint written again
        for the whole file, within the listing's `LISTING_REFRESHES`)."""
        saved, _covered = self._resumed(path, content, kept)
        if saved is None:
            return None
        resumed = entry_of(saved, with_facts=False)
        if self._refreshes > 0:  # the next listing lists it from there
            self._refreshes -= 1
            write_saved(self.store.home, saved, content, self.stamp)
        return resumed

    def game(self, game_id: str) -> Game[Any, Any] | None:
        """The game of this id as the store reads it (its rules imported now)."""
        games = self.store.games
        return get_game(game_id) if games is None else games.get(game_id)

    def _kept_entry(
        self, path: Path, content: bytes, made_from: dict[str, Any], known: str
    ) -> SaveEntry | None:
        """The line kept in a checkpoint made from `made_from`, when the file proves it for the
        bytes it covers: the same bytes (their digest), as many records as the file shows
        there, the same code, the game still here; else None."""
        covers, start = made_from["covers"], records_start(content)
        if start is None or not start <= covers <= len(content):
            return None
        if records_covered(content, start, covers) != made_from["records"]:
            return None  # the count, and the next record's number, are the file's
        whole = covers == len(content) and known
        if (known if whole else digest(content[:covers])) != made_from["digest"]:
            return None
        if made_from["entry"].get("digest") != made_from["digest"]:
            return None
        entry = entry_from_record(made_from["entry"], with_facts=False)
        if entry is None or entry.id != path.stem:
            return None
        if made_from["stamp"] != self.stamp(entry.game_id):
            return None
        return entry if self._game_there(entry.game_id) else None

    def _resumed(
        self, path: Path, content: bytes, kept: Kept | None
    ) -> tuple[SavedGame | None, int]:
        """The game resumed at the checkpoint `kept`, and how many records it covers."""
        whole = kept.whole() if kept is not None else None
        saved = _resumed(self, path, content, whole) if whole is not None else None
        return (saved, whole["records"]) if saved is not None and whole else (None, 0)

    def _kept(self, save_id: str) -> Kept | None:
        if self._found is None:
            return None
        folder, key = self._found
        return read_kept(folder, key, save_id)

    def _game_there(self, game_id: str) -> bool:
        """Whether the game is still here (its package may have been removed since), found
        without importing its rules, which a line kept for the same code does not need: else
        its saves are replayed, and listed as a replay lists them."""
        there = self._games.get(game_id)
        if there is None:
            games = self.store.games
            there = is_built(game_id) if games is None else game_id in games
            self._games[game_id] = there
        return there


def forget(home: Path, save_id: str) -> None:
    """Remove a game's checkpoint (a plain file in a `checkpoints/` of ours: never a link)."""
    folder = checkpoints_folder(home)
    if folder is None or not SAVE_ID.fullmatch(save_id):
        return
    path = folder / f"{save_id}.json"
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(path).st_mode):
            path.unlink()


def keep(home: Path, saved: SavedGame, content: bytes, made_by: str | None = None) -> None:
    """Keep a checkpoint of a long game just replayed whole from the save's bytes `content`
    (its complete lines), as a listing replays it: the next command starts from there.
    `made_by`: the game's `stamp`, when the caller has found it."""
    if saved.record_count >= SMALLEST_GAME:
        write_saved(home, saved, content, stamp if made_by is None else lambda _game: made_by)


def remove_orphans(home: Path, games: Path) -> None:
    """Remove the checkpoints whose game's file is gone from `games` (deleted by its player):
    only regular files named as a checkpoint, in a `checkpoints/` folder that is no link, each
    removed only when nothing at all is at its game's name, as the folder was listed and just
    before (a link, even a broken one, keeps it; a games folder that cannot be listed keeps
    them all). A checkpoint is a cache: one removed as its game is made again is rebuilt."""
    try:
        with os.scandir(games) as found:
            present = {item.name for item in found}
        folder = os.open(checkpoints_dir(home), os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:  # no games folder to trust, no checkpoints, a link, out of reach
        return
    try:
        with os.scandir(folder) as found:
            names = [item.name for item in found if item.is_file(follow_symlinks=False)]
        for name in names:
            save_id = name.removesuffix(".json")
            if name == save_id or not SAVE_ID.fullmatch(save_id):
                continue
            game = f"{save_id}.toml"
            if game not in present and not os.path.lexists(games / game):
                with contextlib.suppress(OSError):
                    os.unlink(name, dir_fd=folder)  # the name itself: never followed
    except OSError:
        return
    finally:
        os.close(folder)


def stamp(game_id: str) -> str:
    """What a checkpoint of this game was made by: its format, and the digests of the modules
    that decide its content (the kernel's and the storage's, the game's rules package)."""
    return f"{CHECKPOINT_FORMAT}/{code_stamp(KERNEL)}/{code_stamp(game_id)}"


def _resumed(proofs: Proofs, path: Path, content: bytes, kept: dict[str, Any]) -> SavedGame | None:
    """The game from its checkpoint and the records after it; None when the checkpoint is not
    for these bytes, or anything after it is not as a full load would read it (that load
    then says what is wrong)."""
    covers, start = kept["covers"], records_start(content)
    if not content.endswith(b"\n") or start is None or not start <= covers <= len(content):
        return None
    if records_covered(content, start, covers) != kept["records"]:
        return None  # the count, and the next record's number, are the file's
    if digest(content[:covers]) != kept["digest"]:
        return None
    try:
        head = parse_toml(path, content[:start])
        if head.get("format") != FORMAT or head.get("records") != {}:
            return None
        saved = from_document(path, head, proofs.store.games)
        game = saved.game
        if kept["stamp"] != proofs.stamp(game.id):
            return None
        if table_after_records(content, covers) is not None:
            return None
        prefix, games = content[:covers], proofs.store.games

        def earlier() -> tuple[Step, ...]:
            return read_document(path, prefix, games).session.steps

        state = from_plain(game.state_type, kept["state"])
        lines = tuple(log_lines(kept["lines"]))
        setup, rules = saved.session.setup, saved.session.rules
        saved.session = Session.resumed(game, setup, rules, Checkpoint(state, lines, earlier))
        reader = RecordReader(path, game)
        actions = [reader.action(table, "checkpoint actions") for table in kept["actions"]]
        saved.origins = [step_origin(actions, item) for item in kept["origins"]]
        numbers = [origin.number for origin in saved.origins]
        if len(saved.origins) != len(lines) or numbers != sorted(set(numbers)):
            return None
        if numbers and not 1 <= numbers[0] <= numbers[-1] <= kept["records"]:
            return None
        saved.record_count, saved.updated = kept["records"], zoned_moment(kept["updated"])
        saved.extra.update(gathered_keys(kept["extra"]))
        tables = parse_records(path, content[covers:])
        for record in reader.records(tables, saved.record_count + 1):
            apply_record(saved, record)
    except Exception:  # a cache is never trusted: the full load says what is wrong, if anything
        return None
    return saved
