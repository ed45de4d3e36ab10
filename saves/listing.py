"""The saved-games list, and the cache that spares replaying every unchanged save at each start.

Listing a save means replaying it through the rules (so a damaged file shows as unreadable
before anyone opens it). The cache remembers, for each file's exact bytes (a BLAKE2 digest), the
line it gave; a file whose bytes have not changed is not replayed again. The cache is dropped
whole when the rules may have changed (another version, or an edited rules module), and a cache
file that cannot be read is ignored and rebuilt: it never holds anything that is not in the saves.
It is JSON, not TOML like the files people edit: with 2,000 saves, `tomllib` took 20 times longer
to read it than `json`, and it is read at every start.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import companion
from companion.plays import Facts
from companion.plays import from_plain as facts_from_plain
from companion.plays import to_plain as facts_to_plain
from saves.files import write_text

CACHE_FORMAT = 1
_FIELDS: dict[str, type] = {
    "id": str,
    "title": str,
    "game_id": str,
    "game_title": str,
    "updated": datetime,
    "summary": str,
    "status": str,
}


@dataclass(frozen=True)
class SaveEntry:
    """One line of the saved-games list."""

    id: str
    title: str
    game_id: str
    game_title: str
    updated: datetime
    summary: str
    status: str
    created: datetime | None = None
    """When the game was set up (None only for entries made without it)."""
    facts: Facts | None = None
    """Who played, the scores and the winners, so the statistics need no replay."""


@dataclass(frozen=True)
class UnreadableSave:
    """A file in the games folder that cannot be loaded, and why; it is left as it is."""

    path: Path
    reason: str
    """What is wrong, with the line where known, without the path ("line 5: not valid TOML")."""


def digest(content: bytes) -> str:
    """The fingerprint of a save's exact bytes."""
    return hashlib.blake2b(content, digest_size=16).hexdigest()


def rules_stamp() -> str:
    """Changes whenever the rules might: the version and the newest module's time in the kernel
    and in each game's package."""
    newest = 0
    folders = [Path(companion.__file__).parent]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                newest = max(newest, entry.stat().st_mtime_ns)
                if entry.is_dir() and entry.name != "__pycache__":
                    folders.append(Path(entry.path))
    return f"{companion.__version__}/{newest}"


class ListingCache:
    """File name -> (digest, entry) as of the last listing, kept in one JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stamp = rules_stamp()
        self.known = self._read()
        self.kept: dict[str, tuple[str, SaveEntry]] = {}

    def get(self, name: str, content_digest: str) -> SaveEntry | None:
        """The entry listed before for exactly these bytes, if any."""
        found = self.known.get(name)
        return found[1] if found and found[0] == content_digest else None

    def keep(self, name: str, content_digest: str, entry: SaveEntry) -> None:
        self.kept[name] = (content_digest, entry)

    def write(self) -> None:
        """Store what this listing found, if it differs; a folder that refuses it is no error."""
        if self.kept == self.known:
            return
        saves = {
            name: {"digest": content_digest, **_record(entry)}
            for name, (content_digest, entry) in self.kept.items()
        }
        document = {"format": CACHE_FORMAT, "rules": self.stamp, "saves": saves}
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        with contextlib.suppress(OSError):
            write_text(self.path, text, durable=False)

    def _read(self) -> dict[str, tuple[str, SaveEntry]]:
        try:
            data = json.loads(self.path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict):
            return {}
        if data.get("format") != CACHE_FORMAT or data.get("rules") != self.stamp:
            return {}
        saves = data.get("saves")
        known: dict[str, tuple[str, SaveEntry]] = {}
        for name, record in saves.items() if isinstance(saves, dict) else ():
            entry = _entry(record)
            if entry is not None:
                known[name] = (record["digest"], entry)
        return known


def _record(entry: SaveEntry) -> dict[str, Any]:
    """An entry as the cache stores it (a field that is None is left out)."""
    record: dict[str, Any] = {key: getattr(entry, key) for key in _FIELDS}
    record["updated"] = entry.updated.isoformat()
    if entry.created is not None:
        record["created"] = entry.created.isoformat()
    if entry.facts is not None:
        record["facts"] = facts_to_plain(entry.facts)
    return record


def _entry(record: Any) -> SaveEntry | None:
    """A cached entry, or None if the record is not exactly what `write` stores."""
    if not isinstance(record, dict) or not isinstance(record.get("digest"), str):
        return None
    if set(record) - {"created", "facts"} != {"digest", *_FIELDS}:
        return None
    fields = {**{key: record[key] for key in _FIELDS}, "updated": _moment(record["updated"])}
    if any(not isinstance(fields[key], kind) for key, kind in _FIELDS.items()):
        return None
    created = _moment(record["created"]) if "created" in record else None
    facts = facts_from_plain(record["facts"]) if "facts" in record else None
    if ("created" in record and created is None) or ("facts" in record and facts is None):
        return None
    return SaveEntry(**fields, created=created, facts=facts)


def _moment(text: Any) -> datetime | None:
    """A date and time with its offset, as `isoformat` wrote it; None for anything else."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None
