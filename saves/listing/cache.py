"""The saved-games list, and the cache that spares replaying every unchanged save at each start.

Listing a save means replaying it through the rules (so a damaged file shows as unreadable
before anyone opens it). The cache remembers, for each file's exact bytes (a BLAKE2 digest), the
line it gave; a file whose bytes have not changed is not replayed again. A record is used only
for the file it was made from (its id is the file's name), and only while the code that made it
is the same bytes: the cache keeps a digest of the kernel's and the storage's modules and one of
each game's rules package (`rules_stamp`, found from the packages themselves:
saves/listing/stamps.py), never file times, so reinstalling the same code keeps it while a
changed game drops only that game's records. A cache file that cannot be read is ignored and
rebuilt: it never holds anything that is not in the saves.

A file found unreadable costs once: its verdict is kept with the file's size, modification time
and inode, and as long as those stay the same the file is not read again.

The cache is JSON, not TOML like the files people edit: with 2,000 saves, `tomllib` took 20 times
longer to read it than `json`, and it is read at every start.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from itertools import repeat
from pathlib import Path
from typing import Any

from companion.core import Facts
from companion.history.plays import from_plain as facts_from_plain
from companion.history.plays import to_plain as facts_to_plain
from companion.history.plays import utc_offset_of
from companion.phrases import Phrase, phrase
from saves.codec import CodecError, load_json
from saves.files import FileMark, SaveError, read_bytes, write_text
from saves.listing.stamps import KERNEL, code_stamp
from saves.said import kept_text, text_back

CACHE_FORMAT = 6
"""6: a line's words that are phrases kept with their template and values (`said`), so the
list is shown in the reader's language; 5: the stamps cover every module of the kernel and
the storage (saves/listing/stamps.py);
4: a record keeps the duration typed in the play's details and its active time; 3: the rules
are stamped per game by their modules' bytes (2 by the newest module's time);
2: the facts are kept as JSON text inside each record (1 kept them as JSON objects)."""
MAX_CACHE_BYTES = 8 * 1024 * 1024
"""A cache larger than this is not read (and is rebuilt): 10,000 saves make about 4 MiB."""
_FIELDS = ("id", "title", "game_id", "game_title", "updated", "summary", "status", "waiting_for")
"""The fields every record holds, in `SaveEntry`'s order (all text; `updated` an ISO time)."""
_REQUIRED = {"digest", *_FIELDS}
_OPTIONAL = {"created", "facts", "utc_offset", "typed_minutes", "active_seconds", "said"}
_SAID = ("summary", "status", "waiting_for")
"""The fields that are the game's words: a phrase among them is kept as one (saves/said.py)."""


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One line of the saved-games list (slots: 2,000 of them are made at each start)."""

    id: str
    title: str
    game_id: str
    game_title: str
    updated: datetime
    summary: str
    status: str
    waiting_for: str
    """What the game waits for, in words (`Game.waiting_for`'s text); empty when nothing is.
    A cache record without it is of an older listing: not used, the save is listed afresh."""
    created: datetime | None = None
    """When the game was set up (None only for entries made without it)."""
    facts: Facts | None = None
    """Who played, the scores and the winners, so the statistics need no replay (None when the
    listing was asked without them, as the home screen asks)."""
    utc_offset: int | None = None
    """Minutes east of UTC where the game was made (the save's `utc_offset`), for local dates."""
    typed_minutes: int | None = None
    """The duration typed in the play's details (None: none typed), which every figure uses."""
    active_seconds: int | None = None
    """The active time the save keeps (pauses over 30 minutes left out; None: not kept)."""


@dataclass(frozen=True)
class UnreadableSave:
    """A file in the games folder that cannot be loaded, and why; it is left as it is."""

    path: Path
    reason: str
    """What is wrong, with the line where known, without the path ("line 5: not valid TOML")."""


def digest(content: bytes) -> str:
    """The fingerprint of a save's exact bytes."""
    return hashlib.blake2b(content, digest_size=16).hexdigest()


def rules_stamp(game_id: str) -> str:
    """The stamp of a game's records (`KERNEL`: of the whole cache): the cache's format and the
    digest of the modules that decide its line (saves/listing/stamps.py)."""
    return f"{CACHE_FORMAT}/{code_stamp(game_id)}"


class ListingCache:
    """File name -> the record (digest and entry) of the last listing, kept in one JSON file.

    Records are decoded only when asked for (`get`), and their facts only when the caller needs
    them: the home screen never shows facts, and decoding 2,000 of them took 20 ms of its start.
    A record whose facts were not decoded is written back as it was read; one whose facts turn out
    to be damaged is replayed when statistics ask for them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamps: dict[str, str] = {}
        """Each game's stamp, found once per listing (2,000 saves ask for it 2,000 times)."""
        self.stamp = self.stamp_of(KERNEL)
        self.game_stamps: dict[str, str] = {}
        """Game id -> the stamp its records were made under, as read (only records of a game
        whose stamp is still the same are used)."""
        self.known: dict[str, dict[str, Any]] = {}
        """File name -> the record as read (a dict with a string digest; its shape is checked
        when it is decoded)."""
        self.verdicts: dict[str, tuple[FileMark, str]] = {}
        """File name -> (mark, reason) of each file found unreadable."""
        self.problem: str | None = None
        """Set when the cache's place holds something that is not a file (never opened)."""
        with contextlib.suppress(SaveError):
            self._read()
        self.kept: dict[str, dict[str, Any]] = {}
        self.kept_verdicts: dict[str, tuple[FileMark, str]] = {}

    def stamp_of(self, game_id: str) -> str:
        """`rules_stamp(game_id)`, found once for this listing."""
        stamp = self._stamps.get(game_id)
        if stamp is None:
            stamp = self._stamps[game_id] = rules_stamp(game_id)
        return stamp

    def get(self, name: str, content_digest: str, with_facts: bool = True) -> SaveEntry | None:
        """The entry listed before for exactly these bytes, if any (kept for the next listing).

        Without facts, the entry's `facts` is None and the record's facts are not checked."""
        record = self.known.get(name)
        if record is None or record["digest"] != content_digest:
            return None
        entry = entry_from_record(record, with_facts)
        if entry is None or f"{entry.id}.toml" != name:
            return None  # a record naming another save is never this file's line
        if self.game_stamps.get(entry.game_id) != self.stamp_of(entry.game_id):
            return None  # made by other rules for this game: replayed under today's
        self.kept[name] = record
        return entry

    def unknown(self, names: Iterable[str]) -> int:
        """How many of these files have no record made under today's rules: a count before the
        files are read (a file whose bytes changed shows only once it is read)."""
        usable = {game for game, stamp in self.game_stamps.items() if stamp == self.stamp_of(game)}
        return sum(
            (record := self.known.get(name)) is None or record.get("game_id") not in usable
            for name in names
        )

    def keep(self, name: str, content_digest: str, entry: SaveEntry) -> None:
        """Remember the entry a replay gave for these bytes."""
        self.kept[name] = {"digest": content_digest, **entry_record(entry)}

    def verdict(self, name: str, mark: FileMark | None) -> str | None:
        """Why the file was unreadable at the last listing, if it is still the very same file."""
        found = self.verdicts.get(name)
        return found[1] if found and mark is not None and found[0] == mark else None

    def keep_verdict(self, name: str, mark: FileMark | None, reason: str) -> None:
        """Remember why a file is unreadable (only a file with a mark: one that exists)."""
        if mark is not None:
            self.kept_verdicts[name] = (mark, reason)

    def write(self) -> None:
        """Store what this listing found, if it differs; a folder that refuses it is no error."""
        if self.kept == self.known and self.kept_verdicts == self.verdicts:
            return
        if self.path.exists() and not self.path.is_file():
            return  # a pipe or a device in its place: left alone, as every file of the player
        unreadable = {
            name: {**asdict(mark), "reason": kept_text(reason)}
            for name, (mark, reason) in self.kept_verdicts.items()
        }
        games = {str(record.get("game_id")) for record in self.kept.values()}
        document = {
            "format": CACHE_FORMAT,
            "rules": self.stamp,
            "games": {game_id: self.stamp_of(game_id) for game_id in sorted(games)},
            "saves": self.kept,
            "unreadable": unreadable,
        }
        text = json.dumps(document, separators=(",", ":"))  # ASCII: a file name may not be UTF-8
        with contextlib.suppress(OSError, SaveError):
            write_text(self.path, text, durable=False, links_within=self.path.parent)

    def _read(self) -> None:
        """Load the records of the cache file; any that are not exactly as written are skipped.

        Read like any file (never a FIFO or a device, never more than `MAX_CACHE_BYTES`)."""
        if not (self.path.exists() or self.path.is_symlink()):
            return
        if not self.path.is_file():
            self.problem = phrase(
                "{file}: not a regular file (left as it is); "
                "the saved-games list is read whole at every start",
                file=str(self.path),
            )
        try:
            data = load_json(read_bytes(self.path, MAX_CACHE_BYTES), every_value=False)
        except (SaveError, CodecError):
            return
        if not isinstance(data, dict):
            return
        if data.get("format") != CACHE_FORMAT or data.get("rules") != self.stamp:
            return
        games = data.get("games")
        for game_id, stamp in games.items() if isinstance(games, dict) else ():
            if isinstance(stamp, str):
                self.game_stamps[game_id] = stamp
        saves = data.get("saves")
        for name, record in saves.items() if isinstance(saves, dict) else ():
            if isinstance(record, dict) and isinstance(record.get("digest"), str):
                self.known[name] = record
        unreadable = data.get("unreadable")
        for name, record in unreadable.items() if isinstance(unreadable, dict) else ():
            verdict = _verdict(record)
            if verdict is not None:
                self.verdicts[name] = verdict


def entry_record(entry: SaveEntry) -> dict[str, Any]:
    """An entry as the cache stores it (a field that is None is left out)."""
    record: dict[str, Any] = {key: getattr(entry, key) for key in _FIELDS}
    record["updated"] = entry.updated.isoformat()
    if entry.created is not None:
        record["created"] = entry.created.isoformat()
    if entry.utc_offset is not None:
        record["utc_offset"] = entry.utc_offset
    for key in ("typed_minutes", "active_seconds"):
        if getattr(entry, key) is not None:
            record[key] = getattr(entry, key)
    if entry.facts is not None:
        record["facts"] = json.dumps(facts_to_plain(entry.facts), separators=(",", ":"))
    said = {
        key: kept_text(getattr(entry, key))
        for key in _SAID
        if isinstance(getattr(entry, key), Phrase)
    }
    if said:
        record["said"] = json.dumps(said, separators=(",", ":"))
    return record


def entry_from_record(record: dict[str, Any], with_facts: bool) -> SaveEntry | None:
    """A cached entry, or None if the record is not exactly what `write` stores (without facts:
    its facts are neither checked nor decoded)."""
    if record.keys() - _OPTIONAL != _REQUIRED:
        return None
    save_id, title, game_id, game_title, when, summary, status, waiting_for = (
        record[key] for key in _FIELDS
    )
    texts = (save_id, title, game_id, game_title, summary, status, waiting_for)
    updated = _moment(when)
    if updated is None or not all(map(isinstance, texts, repeat(str))):
        return None
    if with_facts and "facts" not in record:
        return None  # a line made without its facts (from a checkpoint): replayed for them
    created = _moment(record["created"]) if "created" in record else None
    facts = _facts(record["facts"]) if with_facts and "facts" in record else None
    if created is None and "created" in record:
        return None
    utc_offset = utc_offset_of(record.get("utc_offset"))
    if utc_offset is None and "utc_offset" in record:
        return None
    if facts is None and with_facts and "facts" in record:
        return None
    if "said" in record:
        words = _said(
            record["said"], {"summary": summary, "status": status, "waiting_for": waiting_for}
        )
        if words is None:
            return None
        summary, status, waiting_for = words["summary"], words["status"], words["waiting_for"]
    typed, active = record.get("typed_minutes"), record.get("active_seconds")
    if any(v is not None and (type(v) is not int or v < 0) for v in (typed, active)):
        return None
    try:
        updated.astimezone(UTC)
    except (OverflowError, ValueError):
        return None  # a time at the edge of the calendar that cannot be shown in UTC
    return SaveEntry(
        save_id,
        title,
        game_id,
        game_title,
        updated,
        summary,
        status,
        waiting_for,
        created,
        facts,
        utc_offset,
        typed,
        active,
    )


def _said(text: Any, english: dict[str, str]) -> dict[str, str] | None:
    """A record's words kept as phrases (`said`, JSON text), each the very English text the
    record holds; None when they are not exactly what `entry_record` writes."""
    if not isinstance(text, str):
        return None
    try:
        kept = load_json(text)
        if not isinstance(kept, dict) or not kept or not set(kept) <= set(english):
            return None
        words = dict(english)
        for key, plain in kept.items():
            words[key] = text_back(plain)
            if words[key] != english[key]:
                return None
    except (ValueError, RecursionError):  # CodecError too
        return None
    return words


def _verdict(record: Any) -> tuple[FileMark, str] | None:
    """A cached verdict, or None if the record is not exactly what `write` stores."""
    numbers = ("size", "mtime_ns", "inode")
    if not isinstance(record, dict) or set(record) != {*numbers, "reason"}:
        return None
    if any(type(record[key]) is not int for key in numbers):
        return None
    try:
        reason = text_back(record["reason"])
    except (ValueError, RecursionError):
        return None
    return FileMark(record["size"], record["mtime_ns"], record["inode"]), reason


def _facts(text: Any) -> Facts | None:
    """The facts kept as JSON text in a record, or None if they are not exactly what `_record`
    writes. They are text rather than JSON objects so that a listing without facts (the home
    screen's) does not pay for parsing them: it made the cache 3 times slower to read."""
    if not isinstance(text, str):
        return None
    try:
        return facts_from_plain(load_json(text))
    except (ValueError, RecursionError):  # CodecError, or facts of another shape
        return None


def _moment(text: Any) -> datetime | None:
    """A date and time with its offset, as `isoformat` wrote it; None for anything else."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None
