"""The settings file kept beside the games: preferences and remembered card data.

A damaged file is reported through `problem` and never written over: the app goes on with
defaults in memory, and the player's file stays as it was for them to repair.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from saves.codec import CodecError, from_plain, to_plain
from saves.files import SaveError, read_toml, write_toml
from saves.paths import settings_path

T = TypeVar("T")

FORMAT = 1


class KeptFile:
    """A TOML document with `format = 1`, loaded once and rewritten whole on every change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        self.data: dict[str, Any] = {}
        if path.exists() or path.is_symlink():
            try:
                loaded = read_toml(path)
                if loaded.get("format") != FORMAT:
                    raise SaveError(path, f"unknown format {loaded.get('format')!r}")
                self.data = loaded
            except SaveError as error:
                self.problem = f"{error} (left as it is; changes are not saved)"

    def write(self) -> bool:
        """Save the document; returns False (writing nothing) when the file on disk is damaged."""
        if self.problem is not None:
            return False
        write_toml(self.path, {**self.data, "format": FORMAT})
        return True


class SettingsStore:
    """Preferences (`[preferences]`) and card data typed once per game (`[cards.<game>]`)."""

    def __init__(self, home: Path) -> None:
        self.file = KeptFile(settings_path(home))

    @property
    def problem(self) -> str | None:
        return self.file.problem

    def preference(self, name: str, default: T) -> T:
        """A preference of the same type as `default`, or `default` when unset or mistyped."""
        value = self.file.data.get("preferences", {}).get(name, default)
        return value if type(value) is type(default) else default

    def set_preference(self, name: str, value: Any) -> bool:
        self.file.data.setdefault("preferences", {})[name] = value
        return self.file.write()

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
        return self.file.write()
