"""A checkpoint of a replayed game, so that a command on a long game costs what it costs on a
short one: `load` replays only the records after it.

A checkpoint is a cache, kept like the listing cache (saves/listing/cache.py) beside it, one JSON
file a game: `checkpoints/<id>.json`. It holds the state the game's records reached, the log in
words, who made each step, and what it was made from: how many bytes of the save it covers, a
digest of those bytes, and the stamps of the rules and of the code that replayed them. It is
used only while the save's first bytes are exactly those (a file edited, cut or replaced shows
as another digest and is replayed whole) and the rules are the same bytes; the records after it
are read as an append is (`parse_records`, `RecordReader`, `apply_record`). Anything wrong with the
checkpoint file (damaged, huge, a link, a FIFO) leaves it ignored and, unless it is not a file of
ours, rebuilt; any problem with the save itself is reported by a full `SaveStore.load`, word for
word as without a checkpoint.

An undo reaching before the checkpoint replays the steps before it from the save's bytes it
covers (`Session.resumed`): the checkpoint keeps only the newest state, not one per step.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tomllib
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import tomli_w

from companion.core import Game
from companion.session import Checkpoint, Session, Step
from saves import codec
from saves.codec import CodecError, from_plain, load_json, to_plain
from saves.files import SaveError, parse_toml, read_bytes, read_file, write_text
from saves.games.document import (
    ACTIVITY_KEY,
    DETAILS_KEY,
    FORMAT,
    SAVE_ID,
    SavedGame,
    apply_record,
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
from saves.listing.cache import KERNEL, rules_stamp
from saves.paths import checkpoints_dir

CHECKPOINT_FORMAT = 1
SMALLEST_GAME = 100
"""A game of fewer records is replayed whole (a few milliseconds): it gets no checkpoint."""
REFRESH_AFTER = 50
"""A checkpoint is written again once this many records follow it."""
MAX_CHECKPOINT_BYTES = 32 * 1024 * 1024
"""A larger file is no checkpoint of ours (a save holds at most 8 MiB): it is not read."""
_KEPT_EXTRA = (ACTIVITY_KEY, DETAILS_KEY)
"""The keys the records themselves gather into `SavedGame.extra` (the head gives the others)."""


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
    """The game as `store.load` reads it, from its checkpoint when one matches the file's first
    bytes (only the records after it are replayed); the checkpoint is written (again) when it
    is missing, stale or far behind. `SaveError` as `store.load` raises it."""
    path = store.path_for(save_id)
    content, mark = read_file(path)
    kept = _read(store.home, save_id)
    saved = _resumed(store, path, content, kept) if kept is not None else None
    if kept is not None and saved is not None:
        saved.read_mark, saved.position = mark, position_of(content, mark.inode)
        if saved.record_count - kept["records"] >= REFRESH_AFTER:
            _write(store.home, saved, content)
        return saved
    saved = store.load(save_id)
    if saved.read_mark == mark and saved.record_count >= SMALLEST_GAME:
        _write(store.home, saved, content)  # else changed since: its bytes are not `content`
    return saved


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
    """What a checkpoint of this game was made by: the listing's stamps (the kernel's modules,
    the game's rules package) and the bytes of this module and the codec."""
    hasher = hashlib.blake2b(digest_size=16)
    for module in (__file__, codec.__file__):
        with contextlib.suppress(OSError):
            hasher.update(Path(module).read_bytes())
    made_by = f"{CHECKPOINT_FORMAT}/{hasher.hexdigest()}"
    return f"{made_by}/{rules_stamp(KERNEL)}/{rules_stamp(game_id)}"


def _digest(content: bytes) -> str:
    return hashlib.blake2b(content, digest_size=16).hexdigest()


def _read(home: Path, save_id: str) -> dict[str, Any] | None:
    """The checkpoint's fields when it is a file of the shape `_write` writes, else None."""
    path = checkpoint_path(home, save_id)
    if path.is_symlink():
        return None
    try:
        data = load_json(read_bytes(path, MAX_CHECKPOINT_BYTES), every_value=False)
    except (SaveError, CodecError):
        return None
    shape = {
        "id": str,
        "stamp": str,
        "covers": int,
        "digest": str,
        "records": int,
        "updated": str,
        "state": dict,
        "lines": list,
        "actions": list,
        "origins": list,
        "extra": str,
    }
    if not isinstance(data, dict) or set(data) != set(shape) | {"format"}:
        return None
    if data["format"] != CHECKPOINT_FORMAT or data["id"] != save_id:
        return None
    if any(type(data[key]) is not kind for key, kind in shape.items()):
        return None
    return data


def _resumed(store: Store, path: Path, content: bytes, kept: dict[str, Any]) -> SavedGame | None:
    """The game from its checkpoint and the records after it; None when the checkpoint is not
    for these bytes, or anything after it is not as a full load would read it (that load
    then says what is wrong)."""
    covers, start = kept["covers"], records_start(content)
    if not content.endswith(b"\n") or start is None or not start <= covers <= len(content):
        return None
    if _digest(content[:covers]) != kept["digest"]:
        return None
    try:
        head = parse_toml(path, content[:start])
        if head.get("format") != FORMAT or head.get("records") != {}:
            return None
        saved = from_document(path, head, store.games)
        game = saved.game
        if kept["stamp"] != stamp(game.id) or table_after_records(content, covers) is not None:
            return None
        prefix, games = content[:covers], store.games

        def earlier() -> tuple[Step, ...]:
            return read_document(path, prefix, games).session.steps

        state = from_plain(game.state_type, kept["state"])
        lines = tuple(_texts(kept["lines"]))
        setup, rules = saved.session.setup, saved.session.rules
        saved.session = Session.resumed(game, setup, rules, Checkpoint(state, lines, earlier))
        reader = RecordReader(path, game)
        actions = [reader.action(table, "checkpoint actions") for table in kept["actions"]]
        saved.origins = [_origin(actions, item) for item in kept["origins"]]
        if len(saved.origins) != len(lines):
            return None
        saved.record_count, saved.updated = kept["records"], _moment(kept["updated"])
        saved.extra.update(tomllib.loads(kept["extra"]))
        tables = parse_records(path, content[covers:])
        for record in reader.records(tables, saved.record_count + 1):
            apply_record(saved, record)
    except Exception:  # a cache is never trusted: the full load says what is wrong, if anything
        return None
    return saved


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


def _write(home: Path, saved: SavedGame, content: bytes) -> None:
    """Keep a checkpoint of `saved`, which is `content` replayed, when it can be kept exactly: a
    game with a step to redo, or a state that does not come back equal from JSON, gets none. A
    folder that refuses it, or something not ours in its place, is no error."""
    if saved.undone or saved.format_read != FORMAT or saved.position is None:
        return
    path = checkpoint_path(home, saved.id)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return  # a link, a pipe or a folder in its place: not ours, left as it is
    state = saved.session.state
    try:
        plain = json.loads(json.dumps(to_plain(state)))
        if from_plain(saved.game.state_type, plain) != state:
            return
        extra = {key: saved.extra[key] for key in _KEPT_EXTRA if key in saved.extra}
        tables: dict[str, int] = {}
        known: dict[int, int] = {}  # by the action object: a file's repeated action is one
        indexes = []
        for origin in saved.origins:
            index = known.get(id(origin.action))
            if index is None:
                table = json.dumps(action_table(origin.action), sort_keys=True)
                index = known[id(origin.action)] = tables.setdefault(table, len(tables))
            indexes.append(index)
        document = {
            "format": CHECKPOINT_FORMAT,
            "id": saved.id,
            "stamp": stamp(saved.game.id),
            "covers": saved.position.offset,
            "digest": _digest(content[: saved.position.offset]),
            "records": saved.record_count,
            "updated": saved.updated.isoformat(),
            "state": plain,
            "lines": saved.session.history,
            "actions": [json.loads(table) for table in tables],
            "origins": [
                [o.number, index, o.by, o.seat, None if o.at is None else o.at.isoformat(), o.was]
                for o, index in zip(saved.origins, indexes, strict=True)
            ],
            "extra": tomli_w.dumps(extra),
        }
        text = json.dumps(document, separators=(",", ":"))
    except (TypeError, ValueError, CodecError, RecursionError):
        return  # a state or a value JSON or TOML cannot hold exactly
    with contextlib.suppress(OSError, SaveError):
        write_text(path, text, durable=False)
