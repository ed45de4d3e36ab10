"""The settings file kept beside the games: preferences and remembered card data.

A damaged file (not TOML, a wrong type where a table belongs, not a regular file, over
`MAX_SIDE_FILE_BYTES`) is reported through `problem` and never written over: the app goes on with
defaults in memory, and the player's file stays as it was for them to repair. A write that fails
(a full or read-only disk) keeps the previous file and says why in `failure`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from saves.codec import CodecError, from_plain, to_plain
from saves.files import SaveError, read_toml, write_toml
from saves.paths import settings_path

T = TypeVar("T")

FORMAT = 1
MAX_SIDE_FILE_BYTES = 1024 * 1024
"""Settings are a few KiB; a larger file is reported without being parsed."""


class KeptFile:
    """A TOML document with `format = 1`, loaded once and rewritten whole on every change.

    `tables` names the top-level keys that must be tables when present (`[preferences]`).
    """

    def __init__(self, path: Path, tables: Iterable[str] = ()) -> None:
        self.path = path
        self.problem: str | None = None
        """Why the file on disk is not used (it is then never written over)."""
        self.failure: str | None = None
        """Why the last write failed, in one line; None after a write that worked."""
        self.data: dict[str, Any] = {}
        if path.exists() or path.is_symlink():
            try:
                loaded = read_toml(path, MAX_SIDE_FILE_BYTES)
                if type(loaded.get("format")) is not int or loaded["format"] != FORMAT:
                    raise SaveError(path, f"unknown format {loaded.get('format')!r}")
                for key in tables:
                    if not isinstance(loaded.get(key, {}), dict):
                        raise SaveError(path, f"'{key}' should be a table, not {loaded[key]!r}")
                self.data = loaded
            except SaveError as error:
                self.problem = f"{error} (left as it is; changes are not saved)"

    def write(self) -> bool:
        """Save the document; False (the previous file intact) when the file on disk is damaged
        or the write failed (`failure` says why)."""
        if self.problem is not None:
            return False
        try:
            write_toml(self.path, {**self.data, "format": FORMAT}, links_within=self.path.parent)
        except SaveError as error:  # a link out of the data folder
            self.failure = f"Could not save {self.path.name}: {error.problem}"
            return False
        except OSError as error:
            self.failure = f"Could not save {self.path.name}: {error.strerror or error}"
            return False
        self.failure = None
        return True


class SettingsStore:
    """Preferences (`[preferences]`) and card data typed once per game (`[cards.<game>]`)."""

    def __init__(self, home: Path) -> None:
        self.file = KeptFile(settings_path(home), tables=("preferences", "cards"))
        self.report: Callable[[str], None] = lambda failure: None
        """Called with one line when a write fails; the app shows it to the player."""

    @property
    def problem(self) -> str | None:
        return self.file.problem

    def preference(self, name: str, default: T) -> T:
        """A preference of the same type as `default`, or `default` when unset or mistyped."""
        value = self.file.data.get("preferences", {}).get(name, default)
        return value if type(value) is type(default) else default

    def stored_preference(self, name: str) -> object:
        """A preference as the file holds it (None when unset), for a caller that checks each
        part of it itself and says what it ignores."""
        return self.file.data.get("preferences", {}).get(name)

    def set_preference(self, name: str, value: Any) -> bool:
        self.file.data.setdefault("preferences", {})[name] = value
        return self._write()

    def remembered(self, game_id: str, cls: type[T], default: T) -> T:
        """Card data remembered for a game, decoded as `cls`; `default` if absent or unusable."""
        raw = self.file.data.get("cards", {}).get(game_id)
        if raw is None:
            return default
        try:
            return from_plain(cls, raw, f"cards.{game_id}")
        except CodecError:
            return default

    def remember(self, game_id: str, value: Any) -> bool:
        """Keep a game's card data (a dataclass) for the next game."""
        self.file.data.setdefault("cards", {})[game_id] = to_plain(value)
        return self._write()

    def _write(self) -> bool:
        written = self.file.write()
        if self.file.failure is not None:
            self.report(self.file.failure)
        return written
