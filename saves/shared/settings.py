"""The settings file kept beside the games: preferences and remembered card data.

Several windows share it: each change is made under the file's lock on what the file holds now
(`saves.shared.lock.update`), and writes only the setting it changes (a table or a list merged
element
by element with what other windows wrote meanwhile); a window reads the file again whenever it
changed. A damaged file (not TOML, a wrong type where a table belongs, not a regular file, over
`MAX_SIDE_FILE_BYTES`) is reported through `problem` and never written over: the app goes on with
what it had in memory, and the player's file stays as it was for them to repair. A write that
fails (a full or read-only disk, another window holding the lock) keeps the previous file, says
why in `failure`, and keeps the change in memory to write at the next change or `retry`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import tomli_w

from companion.phrases import phrase
from saves.codec import CodecError, from_plain, to_plain
from saves.files import (
    FileMark,
    SaveError,
    cannot_be_read,
    mark_of,
    os_reason,
    parse_toml,
    read_file,
    said,
)
from saves.paths import locks_dir, settings_path
from saves.shared.lock import DEADLINE_SECONDS, Busy, Waiting, update

T = TypeVar("T")

FORMAT = 1
MAX_SIDE_FILE_BYTES = 1024 * 1024
"""Settings are a few KiB; a larger file is reported without being parsed."""

_ABSENT = object()
"""A setting that is not in the file."""


def not_saved(error: SaveError) -> str:
    """A settings file that cannot be used: left as it is, and no change written to it."""
    return phrase("{problem} (left as it is; changes are not saved)", problem=said(error))


def could_not_save(name: str, why: str) -> str:
    """A change of the settings that was not written, and why."""
    return phrase("Could not save {file}: {reason}", file=name, reason=why)


@dataclass(frozen=True)
class Change:
    """One setting as this window changed it: under `table`, `name` went from `before` (what this
    window had) to `after` (`_ABSENT`: removed)."""

    table: str
    name: str
    before: Any
    after: Any


def merged(before: Any, mine: Any, theirs: Any) -> Any:
    """This window's change of one value (`before` -> `mine`) applied to what the file holds now
    (`theirs`): a table key by key, a list element by element, anything else replaced."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        table = before if isinstance(before, dict) else {}
        result = dict(theirs)
        for key in table.keys() | mine.keys():
            old, new = table.get(key, _ABSENT), mine.get(key, _ABSENT)
            if _same(old, new):
                continue  # not changed here: what the file holds stands
            if new is _ABSENT:
                result.pop(key, None)
            else:
                result[key] = merged(old, new, theirs.get(key, _ABSENT))
        return result
    if isinstance(mine, list) and isinstance(theirs, list):
        items = before if isinstance(before, list) else []
        removed_there = [x for x in items if x not in theirs]
        added_there = [x for x in theirs if x not in items and x not in mine]
        return [x for x in mine if x not in removed_there] + added_there
    return mine


def _same(a: Any, b: Any) -> bool:
    return a is b or (a is not _ABSENT and b is not _ABSENT and type(a) is type(b) and a == b)


class KeptFile:
    """A TOML document with `format = 1`, shared with other processes.

    `tables` names the top-level keys that must be tables when present (`[preferences]`).
    """

    def __init__(
        self, path: Path, tables: Iterable[str] = (), deadline: float = DEADLINE_SECONDS
    ) -> None:
        self.path = path
        self.tables = tuple(tables)
        self.deadline = deadline
        self.problem: str | None = None
        """Why the file on disk is not used (it is then never written over)."""
        self.failure: str | None = None
        """Why the last write failed, in one line; None after a write that worked."""
        self.pending: list[Change] = []
        """Changes made here and not yet written (another window was saving, the disk full)."""
        self._data: dict[str, Any] = {}
        self._mark: FileMark | None = None
        self._waited = Waiting()
        self._seen: dict[tuple[str, str], Any] = {}
        """What this window last read of each setting."""
        self._read()

    @property
    def data(self) -> dict[str, Any]:
        """The document as the file holds it now (read again when it changed), with this
        window's changes still waiting to be written."""
        if self.problem is None and mark_of(self.path) != self._mark:
            self._read()
        return self._data

    def _read(self) -> None:
        self._mark = mark_of(self.path)
        try:
            present = self.path.exists() or self.path.is_symlink()
        except OSError as error:  # in a folder this user cannot enter: said, never fatal
            refused = SaveError(self.path, cannot_be_read(error))
            self.problem = phrase(
                "{problem} (the defaults are used; changes are not saved)", problem=said(refused)
            )
            return
        if not present:
            self._data = self._with_pending({})
            return
        try:
            content, self._mark = read_file(self.path, MAX_SIDE_FILE_BYTES)
            self._data = self._with_pending(self._parse(content))
        except SaveError as error:
            self.problem = not_saved(error)

    def _parse(self, content: bytes) -> dict[str, Any]:
        loaded = parse_toml(self.path, content)
        if type(loaded.get("format")) is not int or loaded["format"] != FORMAT:
            raise SaveError(
                self.path, phrase("unknown format {format}", format=repr(loaded.get("format")))
            )
        for key in self.tables:
            if not isinstance(loaded.get(key, {}), dict):
                raise SaveError(
                    self.path,
                    phrase(
                        "'{key}' should be a table, not {value}", key=key, value=repr(loaded[key])
                    ),
                )
        return loaded

    def _with_pending(self, data: dict[str, Any]) -> dict[str, Any]:
        for change in self.pending:
            table = data.setdefault(change.table, {})
            value = merged(change.before, change.after, table.get(change.name, _ABSENT))
            if value is _ABSENT:
                table.pop(change.name, None)
            else:
                table[change.name] = value
        return data

    def get(self, table: str, name: str) -> Any:
        """`table.name` as the file holds it now (None when unset); remembered as what this
        window saw, since the change it makes next is worked out from it."""
        value = self.data.get(table, {}).get(name, _ABSENT)
        self._seen[(table, name)] = value
        return None if value is _ABSENT else value

    def change(self, table: str, name: str, value: Any) -> bool:
        """Set `table.name` to `value` (`_ABSENT` removes it) here and in the file; False when
        it is not written (yet): `failure` says why. What changed is worked out against the
        value this window last saw, so what other windows wrote since is kept."""
        current = self.data.get(table, {}).get(name, _ABSENT)
        before = self._seen.pop((table, name), current)
        self.pending.append(Change(table, name, before, value))
        self._data = self._apply_here(table, name, value)
        return self.write()

    def _apply_here(self, table: str, name: str, value: Any) -> dict[str, Any]:
        data = dict(self._data)
        section = dict(data.get(table, {}))
        if value is _ABSENT:
            section.pop(name, None)
        else:
            section[name] = value
        data[table] = section
        return data

    def write(self) -> bool:
        """Write the waiting changes onto the file as it is now; False (the file unchanged) when
        the file is damaged or the write failed (`failure` says why)."""
        if self.problem is not None:
            return False
        if not self.pending:
            return True
        try:
            self._mark = update(
                self.path,
                self._updated,
                locks=locks_dir(self.path.parent),
                limit=MAX_SIDE_FILE_BYTES,
                links_within=self.path.parent,
                deadline=self.deadline,
            )
        except Busy:
            self.failure = None
            if self._waited.long_enough(self.deadline):
                self.failure = phrase(
                    "Another window is saving the settings: this change is kept here"
                )
            return False
        except SaveError as error:  # damaged meanwhile, or a link out of the data folder
            if not isinstance(error, OSError):
                self.problem = not_saved(error)
            self.failure = could_not_save(self.path.name, error.problem)
            return False
        except OSError as error:
            self.failure = could_not_save(self.path.name, os_reason(error))
            return False
        self.pending = []
        self.failure = None
        self._waited.done()
        return True

    def _updated(self, content: bytes | None, _mark: FileMark | None) -> str:
        """The file's document now, with this window's waiting changes merged in."""
        data = {} if content is None else self._parse(content)
        self._data = self._with_pending(data)
        return tomli_w.dumps({**self._data, "format": FORMAT})


class SettingsStore:
    """Preferences (`[preferences]`) and card data typed once per game (`[cards.<game>]`)."""

    def __init__(self, home: Path, deadline: float = DEADLINE_SECONDS) -> None:
        self.file = KeptFile(settings_path(home), ("preferences", "cards"), deadline)
        self.report: Callable[[str], None] = lambda failure: None
        """Called with one line when a write fails; the app shows it to the player."""
        self._reported: str | None = None

    @property
    def problem(self) -> str | None:
        return self.file.problem

    @property
    def mark(self) -> FileMark | None:
        """The file's mark now: a window compares it to notice another window's change."""
        return mark_of(self.file.path)

    def preference(self, name: str, default: T) -> T:
        """A preference of the same type as `default`, or `default` when unset or mistyped."""
        value = self.file.get("preferences", name)
        return value if type(value) is type(default) else default

    def stored_preference(self, name: str) -> object:
        """A preference as the file holds it (None when unset), for a caller that checks each
        part of it itself and says what it ignores."""
        return self.file.get("preferences", name)

    def set_preference(self, name: str, value: Any) -> bool:
        """Set one preference; a table or a list is merged with what other windows wrote."""
        return self._changed(self.file.change("preferences", name, value))

    def forget_preference(self, name: str) -> bool:
        """Remove a preference (one moved elsewhere, as the serve token was)."""
        return self._changed(self.file.change("preferences", name, _ABSENT))

    def remembered(self, game_id: str, cls: type[T], default: T) -> T:
        """Card data remembered for a game, decoded as `cls`; `default` if absent or unusable."""
        raw = self.file.get("cards", game_id)
        if raw is None:
            return default
        try:
            return from_plain(cls, raw, f"cards.{game_id}")
        except CodecError:
            return default

    def remember(self, game_id: str, value: Any) -> bool:
        """Keep a game's card data (a dataclass) for the next game."""
        return self._changed(self.file.change("cards", game_id, to_plain(value)))

    def retry(self) -> bool:
        """Write the changes still waiting (the app calls this now and then); True when none
        is left."""
        return self._changed(self.file.write(), retried=True)

    def _changed(self, written: bool, retried: bool = False) -> bool:
        """Say a failed write once: a change tried again and failing the same way says nothing
        more, a new change that fails says it again."""
        failure = self.file.failure
        if failure is not None and (failure != self._reported or not retried):
            self.report(failure)
        self._reported = failure
        return written
