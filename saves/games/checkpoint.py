"""A checkpoint of a replayed game, so that a command on a long game costs what it costs on a
short one: `load` replays only the records after it.

A checkpoint is a cache the save always overrules, one file a game: `checkpoints/<id>.json`. It
holds the state the game's records reached, the log in words, who made each step, the game's
line in the saved-games list, and what it was made from: how many bytes of the save it covers,
a digest of those bytes, and the stamp of the code that replayed them (saves/listing/stamps.py).
Its seal's line is followed by three of JSON: what it was made from with the list's line, the
state with the keys the records gather, then the steps (so that a listing parses only what it
needs: the line, or the state to play the records after it on). Before anything in it is
believed:

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
listing's own resume: no head, setup, steps or log read); and only the others are replayed.

An undo reaching before the checkpoint replays the steps before it from the save's bytes it
covers (`Session.resumed`), and refuses them if they do not end at the checkpoint's state.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import tomllib
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import tomli_w

from companion.core import Game
from companion.guard import GameFault
from companion.registry import get_game, is_built
from companion.session import Checkpoint, Session, Step, check_numbers
from saves.codec import CodecError, bounded, from_plain, load_json, to_plain
from saves.files import SaveError, parse_toml, read_bytes, read_file, write_temp, write_text
from saves.games.document import (
    ACTIVITY_KEY,
    DETAILS_KEY,
    FORMAT,
    SAVE_ID,
    SavedGame,
    apply_record,
    counted_activity,
    from_document,
    read_document,
)
from saves.games.journal import position_of
from saves.games.record_lines import parse_records
from saves.games.records import (
    Record,
    RecordReader,
    action_table,
    records_start,
    table_after_records,
)
from saves.games.state_plan import decoded_state, decodes_exactly
from saves.history.kept_details import active_seconds
from saves.listing.cache import SaveEntry, digest, entry_from_record, entry_record
from saves.listing.entry_line import entry_of, typed_minutes
from saves.listing.stamps import KERNEL, code_stamp
from saves.paths import checkpoints_dir, side_folder_inside

CHECKPOINT_FORMAT = 4
"""2: sealed with the data folder's key, stamped by every module of the kernel and the storage;
3: the list's line kept, and what it was made from on a line apart from the game; 4: the state
on a line apart from the steps, decoded by its plan (saves/games/state_plan.py)."""
SMALLEST_GAME = 100
"""A game of fewer records is replayed whole (a few milliseconds): it gets no checkpoint."""
REFRESH_AFTER = 50
"""A checkpoint is written again once this many records follow it."""
LISTING_REFRESHES = 20
"""The most checkpoints one listing writes again for saves played on past them: the saves played
since the last listing (home after a game), never thousands in a listing without its cache,
which it would make twice as long."""
MAX_CHECKPOINT_BYTES = 32 * 1024 * 1024
"""A larger file is no checkpoint of ours (a save holds at most 8 MiB): it is not read."""
_KEPT_EXTRA = (ACTIVITY_KEY, DETAILS_KEY)
"""The keys the records themselves gather into `SavedGame.extra` (the head gives the others)."""
KEY_NAME = "key"
"""The data folder's secret that seals its checkpoints, in `checkpoints/`."""
KEY_BYTES = 32
_RECORD_KEY = re.compile(rb"r([0-9]{1,18})[ \t]*=")
"""The start of a record line: its number."""
_MADE_FROM: dict[str, type] = {
    "id": str,
    "stamp": str,
    "covers": int,
    "digest": str,
    "records": int,
    "updated": str,
    "entry": dict,
}
"""The checkpoint's first line of JSON (with its `format`): what it was made from, and the
game's line in the list for those bytes."""
_STATE: dict[str, type] = {"state": dict, "extra": str}
"""Its second line: the game's state at that point, and the keys its records gather (TOML, or
JSON with its dates tagged: `_extra_text`)."""
_MOMENT = "$datetime"
"""The key of a date and time in the gathered keys' JSON: `{"$datetime": ISO text}`."""
_STEPS: dict[str, type] = {"lines": list, "actions": list, "origins": list}
"""Its third line: the log in words, and the record that made each step."""


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
            _write(store.home, saved, content)
        return saved
    saved = store.load(save_id)
    if saved.read_mark == mark and saved.record_count >= SMALLEST_GAME:
        _write(store.home, saved, content)  # else changed since: its bytes are not `content`
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
        folder = _folder(self.store.home)
        key = _key(folder) if folder is not None else None
        return (folder, key) if folder is not None and key is not None else None

    @functools.cached_property
    def _present(self) -> frozenset[str]:
        """The names in the checkpoints' folder, seen once (a listing asks for each save)."""
        return _names(self._found[0]) if self._found is not None else frozenset()

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
            tail = played_on(self, path, content, kept, entry)
        except _NeedsSteps:  # an undo or a redo: the game resumed whole
            return self._resumed_entry(path, content, kept)
        if tail is not None and self._refreshes > 0:  # the next listing lists it from there
            self._refreshes -= 1
            _refresh(self, content, kept, tail)
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
            _write(self.store.home, saved, content, self.stamp(saved.game.id))
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
        return _read(folder, key, save_id)

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


def _names(folder: Path) -> frozenset[str]:
    """The names of the regular files in the checkpoints' folder (nothing when it cannot be
    read: every save is then replayed)."""
    try:
        with os.scandir(folder) as found:
            return frozenset(item.name for item in found if item.is_file(follow_symlinks=False))
    except OSError:
        return frozenset()


def forget(home: Path, save_id: str) -> None:
    """Remove a game's checkpoint (a plain file in a `checkpoints/` of ours: never a link)."""
    folder = _folder(home)
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
        _write(home, saved, content, made_by)


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


def _folder(home: Path, create: bool = False) -> Path | None:
    """The `checkpoints/` folder when it is a folder of the data folder itself (made first when
    `create`); None when it is a link (wherever it leads), not a folder, or out of reach:
    nothing is read from it nor written through it."""
    folder = checkpoints_dir(home)
    try:
        if create and not os.path.lexists(folder):
            folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.path.isdir(folder) and side_folder_inside(home, folder) else None


def _key(folder: Path, create: bool = False) -> bytes | None:
    """The data folder's secret that seals its checkpoints; None when it is missing or anything
    but a file of ours. With `create`, a missing one is made (published whole by a hard link, so
    another process sees it whole or not at all) and a damaged one replaced (every checkpoint
    sealed with it is then refused and rebuilt)."""
    path = folder / KEY_NAME
    key = _read_key(path)
    if key is not None or not create:
        return key
    with contextlib.suppress(OSError):
        temp = write_temp(path, secrets.token_hex(KEY_BYTES))
        try:
            if not os.path.lexists(path):
                with contextlib.suppress(FileExistsError):  # another process made it first
                    os.link(temp, path)
            elif stat.S_ISREG(os.lstat(path).st_mode):  # damaged: a cache's, replaced whole
                os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)
    return _read_key(path)


def _read_key(path: Path) -> bytes | None:
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a link, a folder, a pipe: not ours, never used nor replaced
        key = bytes.fromhex(read_bytes(path, 4 * KEY_BYTES).decode("ascii").strip())
    except (OSError, SaveError, ValueError):
        return None
    return key if len(key) == KEY_BYTES else None


def _seal(key: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(body, key=key, digest_size=32).hexdigest().encode("ascii")


class Kept:
    """A checkpoint whose seal and first line are right: what it was made from (with the list's
    line), and its other two lines, each parsed only when asked for."""

    def __init__(self, made_from: dict[str, Any], state: bytes, steps: bytes) -> None:
        self.made_from = made_from
        self._state, self._steps = state, steps

    def state(self) -> dict[str, Any] | None:
        """The state as plain data and the keys the records gather; None when not as written."""
        return _line(self._state, _STATE)

    def steps(self) -> dict[str, Any] | None:
        """The log in words and the record of each step, as written; None when not."""
        return _line(self._steps, _STEPS)

    def whole(self) -> dict[str, Any] | None:
        """Every field, the game's values within a save's bounds; None when not as written."""
        state, steps = self.state(), self.steps()
        if state is None or steps is None:
            return None
        try:
            # a value no save can hold (a number past 64 bits) is no state of a game
            bounds = {"state": bounded(state["state"]), "actions": bounded(steps["actions"])}
        except (CodecError, RecursionError):
            return None
        return {**self.made_from, **state, **steps, **bounds}


def _read(folder: Path, key: bytes, save_id: str) -> Kept | None:
    """The checkpoint when it is sealed with `key` and what it was made from is of the shape
    `_write` writes; else None (its other lines are parsed when asked for)."""
    path = os.path.join(folder, f"{save_id}.json")  # text, not a `Path`: 2,000 saves a listing
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        seal, _, sealed = read_file(path, MAX_CHECKPOINT_BYTES)[0].partition(b"\n")
    except (OSError, SaveError):
        return None
    if not hmac.compare_digest(seal, _seal(key, sealed)):
        return None  # edited by hand, damaged, or sealed in another data folder
    made_line, _, rest = sealed.partition(b"\n")
    state, _, steps = rest.partition(b"\n")
    made_from = _line(made_line, {**_MADE_FROM, "format": int})
    if made_from is None or made_from["format"] != CHECKPOINT_FORMAT:
        return None
    return Kept(made_from, state, steps) if made_from["id"] == save_id else None


def _line(text: bytes, shape: Mapping[str, type]) -> dict[str, Any] | None:
    """One line of JSON when it is an object of exactly these keys and types; else None."""
    try:
        data: Any = load_json(text, every_value=False)
    except (CodecError, RecursionError):
        return None
    return data if _shaped(data, shape) else None


def _shaped(data: Any, shape: Mapping[str, type]) -> bool:
    """Whether `data` is a JSON object of exactly these keys, each value of its type."""
    if not isinstance(data, dict) or set(data) != set(shape):
        return False
    return all(type(data[key]) is kind for key, kind in shape.items())


def records_covered(content: bytes, start: int, covers: int) -> int | None:
    """How many records the save's bytes hold from `start` (its first record line) to `covers`
    (a line's end), as the file itself says: the number of the last record line, when there are
    exactly that many lines; None when the lines do not show it (a blank or foreign line, a
    line's middle)."""
    if covers == start:
        return 0
    if covers < start or content[covers - 1 : covers] != b"\n":
        return None
    last = content.rfind(b"\n", start, covers - 1) + 1
    found = _RECORD_KEY.match(content, max(last, start))
    if found is None:
        return None
    number = int(found.group(1))
    if covers == len(content):  # counting the whole bytes is twice as quick as a range of them
        lines = content.count(b"\n") - content.count(b"\n", 0, start)
    else:
        lines = content.count(b"\n", start, covers)
    return number if lines == number else None


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
        lines = tuple(_texts(kept["lines"]))
        setup, rules = saved.session.setup, saved.session.rules
        saved.session = Session.resumed(game, setup, rules, Checkpoint(state, lines, earlier))
        reader = RecordReader(path, game)
        actions = [reader.action(table, "checkpoint actions") for table in kept["actions"]]
        saved.origins = [_origin(actions, item) for item in kept["origins"]]
        numbers = [origin.number for origin in saved.origins]
        if len(saved.origins) != len(lines) or numbers != sorted(set(numbers)):
            return None
        if numbers and not 1 <= numbers[0] <= numbers[-1] <= kept["records"]:
            return None
        saved.record_count, saved.updated = kept["records"], _moment(kept["updated"])
        saved.extra.update(_extra_of(kept["extra"]))
        tables = parse_records(path, content[covers:])
        for record in reader.records(tables, saved.record_count + 1):
            apply_record(saved, record)
    except Exception:  # a cache is never trusted: the full load says what is wrong, if anything
        return None
    return saved


class _NeedsSteps(Exception):
    """An undo or a redo after the checkpoint: the steps before it are needed."""


@dataclasses.dataclass(frozen=True)
class Tail:
    """The records after a checkpoint played on its state: what a listing shows of the save,
    and what its checkpoint needs to be written again for the whole file."""

    game: Game[Any, Any]
    entry: SaveEntry
    """The list's line for the whole file (without facts)."""
    state: Any
    extra: dict[str, Any]
    count: int
    """The number of the last record."""
    steps: tuple[Record, ...]
    """The `do` records, in order: one step each."""
    lines: list[str]
    """Their steps' log lines."""


def played_on(
    proofs: Proofs, path: Path, content: bytes, kept: Kept, entry: SaveEntry
) -> Tail | None:
    """The listing's own resume of a save played on past its checkpoint, whose line for the
    bytes it covers is `entry` (proved): the state kept there decoded once, the `do` records
    after it played on it by the rules as a full load plays them (`apply`, and `narrate`, whose
    fault would make the save unreadable), the `details` ones gathered, the active time and the
    last change counted; the head, the setup, the steps and the log are not read. None when
    anything is not as a full load would read it (that load then says what is wrong);
    `_NeedsSteps` for an undo or a redo, which need the steps before the checkpoint."""
    covers, count = kept.made_from["covers"], kept.made_from["records"]
    line = kept.state()
    created, updated = entry.created, entry.updated
    if line is None or created is None or table_after_records(content, covers) is not None:
        return None
    try:
        game = proofs.game(entry.game_id)
        if game is None:
            return None
        tables = parse_records(path, content[covers:])
        records = RecordReader(path, game).records(tables, count + 1)
        if any(record.kind in ("undo", "redo") for record in records):
            raise _NeedsSteps
        state = decoded_state(game.state_type, line["state"])
        extra = _extra_of(line["extra"])
        lines = []
        for record in records:
            if record.kind == "do":
                check_numbers(record.action)
                after = game.apply(state, record.action)
                lines.append(game.narrate(state, record.action, after))
                state = after
            elif isinstance(extra.get(DETAILS_KEY, []), list):
                extra.setdefault(DETAILS_KEY, []).append(dict(record.details))
            else:
                return None  # refused by a full load: it says why
            if record.kind != "details" and record.at is not None:
                extra[ACTIVITY_KEY] = counted_activity(extra, created, record.at)
                updated = max(updated, record.at)
        waiting = game.waiting_for(state)
        listed = SaveEntry(  # not `dataclasses.replace`: 2,000 saves, a tenth of the resume
            entry.id,
            entry.title,
            entry.game_id,
            entry.game_title,
            updated,
            game.summary(state),
            game.status(state),
            waiting.text if waiting else "",
            created,
            None,
            entry.utc_offset,
            typed_minutes(extra),
            active_seconds(extra),
        )
    except _NeedsSteps:
        raise
    except Exception:  # a cache is never trusted: the full load says what is wrong, if anything
        return None
    steps = tuple(record for record in records if record.kind == "do")
    last = records[-1].number if records else count
    return Tail(game, listed, state, extra, last, steps, lines)


def _texts(items: list[Any]) -> list[str]:
    if not all(isinstance(item, str) for item in items):
        raise ValueError("a log line that is not text")
    return items


def _origin(actions: list[Any], item: Any) -> Record:
    """The record that made a step, as `_write` keeps it: `[number, the index of its action
    among the distinct ones, by, seat, at or null, was or null]`."""
    number, index, by, seat, at, was = item
    if type(number) is not int or type(index) is not int or index < 0:
        raise ValueError("not a step's origin")
    if not isinstance(by, str) or not isinstance(seat, str):
        raise ValueError("not a step's origin")
    if was is not None and not isinstance(was, str):
        raise ValueError("not a step's origin")
    when = None if at is None else _moment(at)
    return Record(number, "do", actions[index], by=by, seat=seat, at=when, was=was)


def _moment(text: Any) -> datetime:
    moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    if moment is None or moment.tzinfo is None:
        raise ValueError("not a date and time with its zone")
    return moment


def _write(home: Path, saved: SavedGame, content: bytes, made_by: str | None = None) -> None:
    """Keep a checkpoint of `saved`, which is `content` replayed, when it can be kept exactly: a
    game with a step to redo, or a state that does not come back equal from JSON (by the codec
    and by its plan), gets none. `made_by`: the game's `stamp` when the caller has found it. A
    folder that refuses it, or something not ours in its place, is no error."""
    if saved.undone or saved.format_read != FORMAT or saved.cannot_add:
        return
    start, covers = records_start(content), content.rfind(b"\n") + 1
    if start is None or records_covered(content, start, covers) != saved.record_count:
        return  # lines the count cannot be proved from (blank, foreign): no checkpoint
    try:
        state = _state_line(saved.game, saved.session.state, saved.extra)
        tables: dict[str, int] = {}
        known: dict[int, int] = {}  # by the action object: a file's repeated action is one
        indexes = []
        for origin in saved.origins:
            index = known.get(id(origin.action))
            if index is None:
                table = json.dumps(action_table(origin.action), sort_keys=True)
                index = known[id(origin.action)] = tables.setdefault(table, len(tables))
            indexes.append(index)
        entry = entry_of(saved, with_facts=False)
        made_by = made_by or stamp(saved.game.id)
        made_from = _made_from(made_by, content[:covers], saved.record_count, entry)
        steps = {
            "lines": saved.session.history,
            "actions": [json.loads(table) for table in tables],
            "origins": [
                _origin_item(o, index) for o, index in zip(saved.origins, indexes, strict=True)
            ],
        }
    except (TypeError, ValueError, CodecError, RecursionError, GameFault):
        return  # a state or a value JSON or TOML cannot hold exactly; the game's line failed
    if state is not None:
        _publish(home, saved.id, (made_from, state, steps))


def _refresh(proofs: Proofs, content: bytes, kept: Kept, tail: Tail) -> None:
    """Write the checkpoint `kept` again for the whole of `content`, whose records after it
    `tail` played: its steps with theirs added, the state they reached, the line they gave."""
    start, steps = records_start(content), kept.steps()
    if (
        start is None
        or steps is None
        or records_covered(content, start, len(content)) != tail.count
    ):
        return  # lines the count cannot be proved from (blank, foreign): no checkpoint
    try:
        state = _state_line(tail.game, tail.state, tail.extra)
        actions, origins = list(steps["actions"]), list(steps["origins"])
        tables = {json.dumps(table, sort_keys=True): n for n, table in enumerate(actions)}
        for record in tail.steps:
            table = json.dumps(action_table(record.action), sort_keys=True)
            index = tables.setdefault(table, len(actions))
            if index == len(actions):
                actions.append(json.loads(table))
            origins.append(_origin_item(record, index))
        made_from = _made_from(kept.made_from["stamp"], content, tail.count, tail.entry)
        lines = {"lines": steps["lines"] + tail.lines, "actions": actions, "origins": origins}
    except (TypeError, ValueError, CodecError, RecursionError, GameFault):
        return
    if state is not None:
        _publish(proofs.store.home, tail.entry.id, (made_from, state, lines), proofs.found)


def _state_line(
    game: Game[Any, Any], state: Any, extra: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The checkpoint's line of the state and of the keys the records gather; None when the
    state does not come back equal from JSON, by the codec and by its plan."""
    plain = json.loads(json.dumps(to_plain(state)))
    if from_plain(game.state_type, plain) != state or not decodes_exactly(state, plain):
        return None
    kept_extra = {key: extra[key] for key in _KEPT_EXTRA if key in extra}
    return {"state": plain, "extra": _extra_text(kept_extra)}


def _extra_text(extra: dict[str, Any]) -> str:
    """The keys the records gather as the checkpoint keeps them: JSON with each date and time
    tagged, when it gives them back exactly as their TOML does (a listing of 2,000 resumed saves
    spent a fifth of each resume in `tomllib`); else their TOML."""
    text = tomli_w.dumps(extra)
    with contextlib.suppress(ValueError, TypeError, RecursionError):
        tagged = json.dumps(_tagged(extra), separators=(",", ":"))
        if _extra_of(tagged) == bounded(tomllib.loads(text)):
            return tagged
    return text


def _extra_of(text: str) -> dict[str, Any]:
    """The keys kept by `_extra_text`, their dates and times in UTC (`bounded`)."""
    if text.startswith("{"):  # JSON; a TOML document never starts with a brace
        extra = _untagged(json.loads(text))
        if not isinstance(extra, dict):
            raise ValueError("the gathered keys are not a table")
        return dict(bounded(extra))
    return dict(bounded(tomllib.loads(text)))


def _tagged(value: Any) -> Any:
    """A TOML value as JSON: a date and time with its zone tagged; any other date or time
    refused (`ValueError`: kept as TOML)."""
    if isinstance(value, dict):
        return {key: _tagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_tagged(item) for item in value]
    if isinstance(value, datetime) and value.tzinfo is not None:
        return {_MOMENT: value.isoformat()}
    if isinstance(value, str | int | float):  # bool is an int
        return value
    raise ValueError(f"{type(value).__name__} kept as TOML")


def _untagged(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and _MOMENT in value:
            return _moment(value[_MOMENT])
        return {key: _untagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_untagged(item) for item in value]
    return value


def _made_from(made_by: str, covered: bytes, records: int, entry: SaveEntry) -> dict[str, Any]:
    """The checkpoint's first line: what it was made from, and the game's line in the list."""
    covered_digest = digest(covered)
    return {
        "format": CHECKPOINT_FORMAT,
        "id": entry.id,
        "stamp": made_by,
        "covers": len(covered),
        "digest": covered_digest,
        "records": records,
        "updated": entry.updated.isoformat(),
        # the listing cache's record of a file of exactly these bytes
        "entry": {"digest": covered_digest, **entry_record(entry)},
    }


def _origin_item(origin: Record, index: int) -> list[Any]:
    """A step's origin as `_origin` reads it back."""
    at = None if origin.at is None else origin.at.isoformat()
    return [origin.number, index, origin.by, origin.seat, at, origin.was]


def _publish(
    home: Path, save_id: str, parts: tuple[Any, ...], found: tuple[Path, bytes] | None = None
) -> None:
    """Seal the checkpoint's lines with the folder's key (`found`, or made now) and write it; a
    link out of the data folder is never written through, something not ours in its place is
    left as it is, and a write that fails leaves the checkpoint that was there."""
    folder, key = found if found is not None else (_folder(home, create=True), None)
    if key is None and folder is not None:
        key = _key(folder, create=True)
    if folder is None or key is None:
        return
    path = folder / f"{save_id}.json"
    with contextlib.suppress(OSError):
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            return  # a link, a pipe or a folder in its place: not ours, left as it is
    body = "\n".join(json.dumps(part, separators=(",", ":")) for part in parts)
    seal = _seal(key, body.encode("utf-8")).decode("ascii")
    with contextlib.suppress(OSError, SaveError):
        write_text(path, f"{seal}\n{body}", durable=False)
