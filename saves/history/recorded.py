"""Recorded plays on disk: one TOML file each in `recorded/`, `kind = "recorded"`, format 1.

Their own loader (never the game loader: nothing here is replayed) and their own folder, so the
saved-games list never shows them as games to open. A file that cannot be used is reported with
its path and never changed; an edit replaces the file only if it still holds what was read
(another window's edit is never lost). The format: docs/bgstats.md and
docs/schemas/recorded.schema.json.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w

from companion.core import RuleError
from companion.dates import FIRST_YEAR, LAST_YEAR, in_bounds
from companion.history.details import from_plain as details_from_plain
from companion.history.details import to_plain as details_to_plain
from companion.history.plays import Play
from companion.history.recorded import RecordedPlay, as_play, check
from companion.phrases import phrase
from saves.files import (
    MAX_FILE_BYTES,
    FileMark,
    SaveError,
    mark_of,
    on_line,
    parse_toml,
    read_file,
    said,
)
from saves.games.store import utc_now
from saves.games.writers import CHANGED_ELSEWHERE, SaveConflict, publish_new
from saves.history.batches import (
    BATCH_PREFIX,
    MAX_BATCH_BYTES,
    SUFFIX,
    batch_files,
    change_line,
    from_line,
    read_batch,
    split_id,
    write_batches,
)
from saves.listing.cache import UnreadableSave
from saves.paths import locks_dir, recorded_dir
from saves.shared.lock import holding, lock_path, update

FORMAT = 1
KIND = "recorded"
PREFIX = "recorded-"
"""Every recorded play's id starts so: no game save has such an id (no game is `recorded`)."""
IMPORTS_LOCK = "recorded-imports"
"""The lock every import holds from its check of what is already imported to its last write
(`locks/recorded-imports.lock`)."""
IMPORT_WAIT_SECONDS = 120.0
"""How long an import waits for another one to end (an import of 100,000 plays holds the lock
for up to a minute); then it stops without writing and says another import is running."""
KEYS = {"format", "kind", "id", "game", "played", "recorded", "players", "scores", "winners",
        "outcome", "details", "source", "player_sources", "co_op"}  # fmt: skip


@dataclass(frozen=True)
class RecordedFile:
    """A recorded play as read from its file."""

    id: str
    play: RecordedPlay
    recorded: datetime
    """When it was typed in (or imported)."""
    mark: FileMark | None = None


def document(entry: RecordedFile) -> dict[str, Any]:
    play = entry.play
    data: dict[str, Any] = {
        "format": FORMAT,
        "kind": KIND,
        "id": entry.id,
        "game": play.game_id,
        "played": play.played,
        "recorded": entry.recorded,
        "players": list(play.players),
        "winners": list(play.winners),
    }
    if play.outcome:
        data["outcome"] = play.outcome
    if play.co_op:
        data["co_op"] = True
    if play.source:
        data["source"] = play.source
    if play.player_sources:
        data["player_sources"] = dict(play.player_sources)
    if play.scores:
        data["scores"] = dict(play.scores)
    details = details_to_plain(play.details, entry.recorded)
    del details["at"]
    if details:
        data["details"] = details
    return data


def from_document(path: Path, data: dict[str, Any], save_id: str | None = None) -> RecordedFile:
    """A recorded play from its parsed file (or line of an import's file: `save_id` is then
    its id), checked again by its game's rules (`SaveError`)."""
    if save_id is not None:
        data = {"format": FORMAT, "kind": KIND, "id": save_id, **data}
    if data.get("kind") != KIND:
        raise SaveError(
            path, phrase("not a recorded play (kind is {kind})", kind=repr(data.get("kind")))
        )
    if data.get("format") != FORMAT:
        raise SaveError(
            path,
            phrase(
                "format {format} is not one this version reads", format=repr(data.get("format"))
            ),
        )
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SaveError(path, phrase("unknown key '{key}'", key=unknown[0]))
    expected = save_id or path.stem
    save_id = _field(path, data, "id", str)
    if expected != save_id or not save_id.startswith(PREFIX):
        raise SaveError(path, phrase("id '{id}' does not match the file name", id=save_id))
    played = _field(path, data, "played", datetime)
    recorded = _field(path, data, "recorded", datetime)
    if not in_bounds(recorded):  # the same bounds as a play's date, in every time zone
        day = recorded.date().isoformat()
        raise SaveError(
            path,
            phrase(
                "'recorded' is dated {day}, not from {first} to {last}",
                day=day,
                first=str(FIRST_YEAR),
                last=str(LAST_YEAR),
            ),
        )
    players = _names(path, data, "players")
    scores = data.get("scores", {})
    if not isinstance(scores, dict):
        raise SaveError(path, phrase("'scores' must be a table of name = points"))
    for key in ("details", "outcome", "source"):
        if key in data and not isinstance(data[key], dict if key == "details" else str):
            kind = _words(dict if key == "details" else str)
            raise SaveError(path, must_be(key, kind, data[key]))
    co_op = data.get("co_op", False)
    if type(co_op) is not bool:
        raise SaveError(path, must_be("co_op", _words(bool), co_op))
    sources = data.get("player_sources", {})
    if not isinstance(sources, dict) or not all(isinstance(v, str) for v in sources.values()):
        raise SaveError(path, phrase("'player_sources' must be a table of name = uuid"))
    try:
        details = details_from_plain({"at": recorded, **data.get("details", {})})
        play = check(
            RecordedPlay(
                _field(path, data, "game", str),
                played,
                players,
                scores,
                _names(path, data, "winners"),
                data.get("outcome", ""),
                details,
                data.get("source", ""),
                sources,
                co_op,
            )
        )
    except (RuleError, TypeError) as error:
        raise SaveError(path, phrase("refused by the rules: {reason}", reason=error)) from None
    return RecordedFile(save_id, play, recorded)


def _field(path: Path, data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if value is None:
        raise SaveError(path, phrase("'{key}' is missing", key=key))
    if not isinstance(value, kind) or (isinstance(value, datetime) and value.tzinfo is None):
        raise SaveError(path, must_be(key, _words(kind), value))
    return value


def not_an_id(save_id: str) -> str:
    """An id that names no recorded play (one that could leave the folder among them)."""
    return phrase("'{id}' is not a recorded play's id", id=save_id)


def must_be(key: str, kind: str, value: object) -> str:
    """A key holding a value of the wrong kind, both said in words."""
    return phrase("'{key}' must be {kind}, not {found}", key=key, kind=kind, found=_words(value))


_KINDS_IN_WORDS = {
    bool: phrase("true or false"),
    int: phrase("a whole number"),
    float: phrase("a number"),
    str: phrase("text"),
    list: phrase("a list"),
    dict: phrase("a table"),
    datetime: phrase("a date and time with its UTC offset"),
    date: phrase("a date"),
}


def _words(value: object) -> str:
    """What a value (or a type) is, in words: a reason never quotes Python."""
    kind = value if isinstance(value, type) else type(value)
    if isinstance(value, datetime) and value.tzinfo is None:
        return phrase("a date and time without its UTC offset")
    found = (words for known, words in _KINDS_IN_WORDS.items() if kind is known)
    return next(found, phrase("a time of day"))  # the one other kind of value a TOML file holds


def _names(path: Path, data: dict[str, Any], key: str) -> tuple[str, ...]:
    names = data.get(key, [])
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise SaveError(path, phrase("'{key}' must be a list of names", key=key))
    return tuple(names)


class RecordedStore:
    """The `recorded/` folder: list, add, replace and delete recorded plays."""

    def __init__(self, home: Path, clock: Callable[[], datetime]) -> None:
        self.home = home
        self.folder = recorded_dir(home)
        self.clock = clock

    def path_for(self, save_id: str) -> Path:
        if not save_id.startswith(PREFIX) or not save_id.replace("-", "").isalnum():
            raise SaveError(self.folder / "?", not_an_id(save_id))
        if not save_id.isascii() or save_id.lower() != save_id or len(save_id) > 80:
            raise SaveError(self.folder / "?", not_an_id(save_id))
        return self.folder / f"{save_id}.toml"

    def load(self, save_id: str) -> RecordedFile:
        """One recorded play, from its own file or its line of an import's file."""
        self.path_for(save_id)
        where = split_id(save_id)
        if where is not None:
            path = self.folder / f"{where[0]}{SUFFIX}"
            content, _mark = read_file(path, MAX_BATCH_BYTES)
            lines = content.decode("utf-8", errors="replace").splitlines()
            try:
                data = from_line(lines[where[1] - 1]) if 1 < where[1] <= len(lines) else None
            except ValueError as error:
                raise SaveError(path, on_line(where[1], said(error))) from None
            if data is None:
                raise SaveError(path, phrase("no play '{id}' in it", id=save_id))
            return from_document(path, data, save_id)
        path = self.path_for(save_id)
        content, mark = read_file(path)
        entry = from_document(path, parse_toml(path, content))
        return RecordedFile(entry.id, entry.play, entry.recorded, mark)

    def listing(self) -> tuple[list[RecordedFile], list[UnreadableSave]]:
        """Every recorded play, oldest first, and the files (or lines) that cannot be used."""
        if not os.path.isdir(self.folder):  # False too for a folder this user cannot enter
            return [], []
        found: list[RecordedFile] = []
        unreadable: list[UnreadableSave] = []
        for path in sorted(self.folder.glob(f"{PREFIX}*.toml")):
            try:
                found.append(self.load(path.stem))
            except SaveError as error:
                unreadable.append(UnreadableSave(path, on_line(error.line, error.problem)))
        for path in batch_files(self.folder):
            plays, bad = read_batch(path, from_document)
            found += plays
            unreadable += bad
        found.sort(key=lambda entry: (entry.play.played, entry.id))
        return found, unreadable

    @contextlib.contextmanager
    def importing(self) -> Iterator[None]:
        """Held by an import from reading what is already imported (`sources`) to its last
        write: two imports of one file at once keep each play once. An edit or a deletion of an
        imported play takes only its own file's lock, so it never waits for an import (and an
        import writes only new files: neither loses the other's change). `Busy` when another
        import holds it for `IMPORT_WAIT_SECONDS`."""
        with holding(
            lock_path(self.folder / IMPORTS_LOCK, locks_dir(self.home)), IMPORT_WAIT_SECONDS
        ):
            yield

    def add_many(self, plays: Iterable[RecordedPlay]) -> tuple[int, OSError | None]:
        """Write plays already checked (an import's) in a few files of many plays each
        (`saves.history.batches`); how many were written and the error that stopped it (a full
        disk), if any. The files written stay whole; the rest is not written at all."""
        now = self.clock()
        stem = f"{BATCH_PREFIX}{now:%Y%m%d-%H%M%S}"
        return write_batches(self.home, stem, (partial(_document_of, play, now) for play in plays))

    def add(self, play: RecordedPlay) -> RecordedFile:
        """Check and write a new recorded play under a new id, published whole as new games are
        (`publish_new`: two processes never take one id, a kill never leaves half a file)."""
        play = check(play)
        now = self.clock()
        stem = f"{PREFIX}{play.game_id}-{play.played:%Y%m%d-%H%M%S}"

        def text_for(candidate: str) -> str:
            return tomli_w.dumps(document(RecordedFile(candidate, play, now)))

        save_id, mark, _text = publish_new(stem, self.path_for, text_for)
        return RecordedFile(save_id, play, now, mark)

    def replace(self, entry: RecordedFile, play: RecordedPlay) -> RecordedFile:
        """Write an edited play over its file, if the file is still the one read (checked and
        written under the file's lock: `saves.shared.lock.update`)."""
        play = check(play)
        path = self.path_for(entry.id)
        edited = RecordedFile(entry.id, play, entry.recorded)
        if split_id(entry.id) is not None:
            mark = change_line(self.home, entry.id, document(entry), document(edited))
            return RecordedFile(entry.id, play, entry.recorded, mark)

        def edit(_content: bytes | None, mark: FileMark | None) -> str:
            self._check_unchanged(path, entry, mark)
            return tomli_w.dumps(document(edited))

        mark = update(
            path, edit, locks=locks_dir(self.home), limit=MAX_FILE_BYTES, links_within=self.home
        )
        return RecordedFile(entry.id, play, entry.recorded, mark)

    def delete(self, entry: RecordedFile) -> None:
        if split_id(entry.id) is not None:
            change_line(self.home, entry.id, document(entry), None)
            return
        path = self.path_for(entry.id)
        with holding(lock_path(path, locks_dir(self.home))):
            self._check_unchanged(path, entry, mark_of(path))
            path.unlink()

    def _check_unchanged(self, path: Path, entry: RecordedFile, mark: FileMark | None) -> None:
        if entry.mark is not None and mark != entry.mark:
            raise SaveConflict(path, CHANGED_ELSEWHERE)

    def sources(self) -> set[str]:
        """The BG Stats uuids already imported."""
        return {entry.play.source for entry in self.listing()[0] if entry.play.source}


def _document_of(play: RecordedPlay, now: datetime) -> dict[str, Any]:
    return document(RecordedFile("", play, now))


def recorded_plays(home: Path) -> tuple[list[Play], list[UnreadableSave]]:
    """The statistics' plays of every recorded play, and the files that cannot be used."""
    entries, unreadable = RecordedStore(home, utc_now).listing()
    return [as_play(entry.id, entry.play) for entry in entries], unreadable
