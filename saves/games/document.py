"""A saved game and its TOML document: to the file and back, checked and replayed (format 1
read as the records format 2 writes for it).

`saves.games.store` reads and writes the files; this module knows what is in one. The format is
documented in docs/save-format.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from companion.core import Game, RuleError
from companion.guard import GameFault
from companion.history.details import add_activity
from companion.phrases import phrase
from companion.registry import get_game
from companion.session import Session, Step
from saves.append_log import End
from saves.codec import CodecError, from_plain, to_plain
from saves.files import FileMark, SaveError, said
from saves.games.record_lines import parse_document
from saves.games.records import (
    RECORDS_KEY,
    Record,
    RecordReader,
    action_table,
    record_line,
    records_start,
    table_after_records,
)

FORMAT = 2
"""The save format this version writes: a head, then the game's records appended one a line."""

OLDEST_FORMAT = 1
"""The oldest format this version reads. Format 1's `[[actions]]` and `[[play_details]]` become
records in `from_document` itself, whose error messages name them as format 1 did; the file is
written again in format 2 when it is opened for play (`SaveStore.open_for_play`)."""

MAX_TITLE = 80
SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
"""A save id, matched whole: lowercase ASCII letters, digits and dashes, 80 at most."""
KNOWN_KEYS = frozenset(
    {
        "format",
        "id",
        "game",
        "title",
        "created",
        "updated",
        "revision",
        "rules",
        "setup",
        "actions",
        RECORDS_KEY,
    }
)
"""Top-level keys this version reads; any other is kept as it is and written back in a copy."""
DETAILS_KEY = "play_details"
"""Where a game's play details are gathered from its `details` records (saves/play_details)."""
ACTIVITY_KEY = "activity"
"""The active time: the seconds between records, pauses over 30 minutes left out."""


def utc_now() -> datetime:
    """The real clock, used unless a test injects another."""
    return datetime.now(UTC).replace(microsecond=0)


@dataclass
class FileState:
    """What this process knows of a game's file: how it was read, how far, and whether (and
    why not) it can be added to. One object, so a game's file state is set and copied whole."""

    format_read: int = FORMAT
    """The format of the file it was read from (1: written again in format 2 when opened for
    play)."""
    mark: FileMark | None = None
    """The file's mark when it was read: a file read without a position is written again only
    while it still has it."""
    position: End | None = None
    """How far this process has read the file (saves/append_log.py); None: read by
    `SaveStore.load` only (not yet opened for play), so it cannot be added to."""
    cannot_add: str = ""
    """Why the file can be read but never added to here (its records are not its last table;
    it could not be written again in format 2): shown, not changed."""
    upgrade_waits: bool = False
    """A file to be written again in format 2 before it is played, whose lock another process
    held when it was opened for play: shown until `open_for_play` gets the lock."""
    unapplied: list[Record] = field(default_factory=list)
    """Records this process wrote to the file but could not apply: the game is read again from
    its file before its next change, so no record number is used twice."""


class SavedGame:
    """A game on disk and in play: its id, title, times, live session and the records that
    made it (who made each step on the undo stack), and what is known of its file (`file`)."""

    def __init__(
        self, save_id: str, title: str, session: Session, created: datetime, updated: datetime
    ) -> None:
        self.id = save_id
        self.title = title
        self.session = session
        self.created = created
        self.updated = updated
        """The time of the last action, undo or redo (a play's date)."""
        self.extra: dict[str, Any] = {}
        """Top-level keys of the file this version does not know, written back in a copy; and
        `play_details` and `activity`, gathered from the records."""
        self.origins: list[Record] = []
        """The record that applied each step of the session, in order."""
        self.undone: list[Record] = []
        """The records of the steps undone, last undone last: what redo puts back."""
        self.record_count = 0
        self.file = FileState()

    # The file's state by its parts, as the screens and the command line read them.

    @property
    def format_read(self) -> int:
        return self.file.format_read

    @property
    def read_mark(self) -> FileMark | None:
        return self.file.mark

    @read_mark.setter
    def read_mark(self, value: FileMark | None) -> None:
        self.file.mark = value

    @property
    def position(self) -> End | None:
        return self.file.position

    @position.setter
    def position(self, value: End | None) -> None:
        self.file.position = value

    @property
    def cannot_add(self) -> str:
        return self.file.cannot_add

    @cannot_add.setter
    def cannot_add(self, value: str) -> None:
        self.file.cannot_add = value

    @property
    def upgrade_waits(self) -> bool:
        return self.file.upgrade_waits

    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def status(self) -> str:
        return self.game.status(self.session.state)

    @property
    def revision(self) -> int:
        """How many records the file holds: one more at each change."""
        return self.record_count

    def trial(self) -> SavedGame:
        """A copy to try records on: kept (`adopt`) only once they are written."""
        twin = SavedGame(self.id, self.title, self.session.copy(), self.created, self.updated)
        twin.extra = dict(self.extra)
        if DETAILS_KEY in twin.extra:
            twin.extra[DETAILS_KEY] = list(twin.extra[DETAILS_KEY])
        twin.origins, twin.undone = list(self.origins), list(self.undone)
        twin.record_count, twin.file.position = self.record_count, self.file.position
        return twin

    def adopt(self, trial: SavedGame) -> None:
        """Take the game as `trial` reached it (the same object stays in every screen)."""
        self.session, self.updated, self.extra = trial.session, trial.updated, trial.extra
        self.origins, self.undone = trial.origins, trial.undone
        self.record_count = trial.record_count


def clean_title(title: str) -> str:
    """A title as stored: printable, single line, trimmed, at most 80 characters."""
    printable = "".join(ch if ch.isprintable() else " " for ch in title)
    return " ".join(printable.split())[:MAX_TITLE]


def check_record(saved: SavedGame, record: Record, made: Step | None = None) -> Step | None:
    """`RuleError` unless `record` applies to the game as it is, which is left unchanged: every
    check `apply_record` makes, the one check of a record (the journal runs it before a record
    is written). For a `do` record, the step it makes: `made` when the caller made it on this
    very state already (`Session.step`), so the rules run once per change."""
    session = saved.session
    if record.kind == "do":
        return made if made is not None else session.step(record.action)
    if record.kind == "undo":
        _check_top(saved.origins, record, "undoes")
    elif record.kind == "redo":
        _check_top(saved.undone, record, "redoes")
        if not session.can_redo:
            raise RuleError(
                phrase(
                    "record {number} redoes a step this game cannot put back",
                    number=str(record.number),
                )
            )
    elif not isinstance(saved.extra.get(DETAILS_KEY, []), list):
        raise RuleError(phrase("play details are added to a 'play_details' key that is not a list"))
    return None


def apply_record(saved: SavedGame, record: Record, made: Step | None = None) -> None:
    """Play one record on the game (`RuleError` when the rules refuse it: nothing changes);
    `made`: the step of a `do` record, made on this state (`check_record`)."""
    step = check_record(saved, record, made)
    session = saved.session
    if step is not None:
        session.push(step)
        saved.origins.append(record)
        saved.undone.clear()
    elif record.kind == "undo":
        session.undo()
        saved.undone.append(saved.origins.pop())
    elif record.kind == "redo":
        session.redo()
        saved.origins.append(saved.undone.pop())
    else:
        saved.extra.setdefault(DETAILS_KEY, []).append(dict(record.details))
    saved.record_count = record.number
    if record.kind != "details" and record.at is not None:
        saved.extra[ACTIVITY_KEY] = counted_activity(saved.extra, saved.created, record.at)
        saved.updated = max(saved.updated, record.at)


def _check_top(stack: list[Record], record: Record, verb: str) -> None:
    if not stack or stack[-1].number != record.target:
        if stack:
            # TRANSLATORS: a save file's line ("record 12 undoes record 9, but record 11 is last")
            top = phrase("record {number}", number=str(stack[-1].number))
        else:
            top = phrase("nothing")
        if verb == "undoes":
            refusal = phrase(
                "record {number} undoes record {target}, but {last} is last",
                number=str(record.number),
                target=str(record.target),
                last=top,
            )
        else:
            refusal = phrase(
                "record {number} redoes record {target}, but {last} is last",
                number=str(record.number),
                target=str(record.target),
                last=top,
            )
        raise RuleError(refusal)


def counted_activity(extra: Mapping[str, Any], created: datetime, now: datetime) -> dict[str, Any]:
    """The game's active time (`extra`'s) with a record made at `now` counted: the records'
    own account, which a listing that resumes a save at its checkpoint keeps as well."""
    activity = extra.get(ACTIVITY_KEY)
    seconds, last = 0, created
    if isinstance(activity, dict):
        kept_seconds, kept_last = activity.get("seconds"), activity.get("last")
        if type(kept_seconds) is int and isinstance(kept_last, datetime) and kept_last.tzinfo:
            seconds, last = kept_seconds, kept_last
    seconds = add_activity(seconds, last, now)
    return {"seconds": seconds, "last": max(last, now)}


def document_text(saved: SavedGame) -> str:
    """The whole file of a game in format 2, for a new file (a new game, a copy, a format 1
    save opened for play): its head, then a `do` record for each step of its session (who made
    it and when, from the record that made it: `origins` is in step with the session) and a
    `details` record for each of its details. The game is then counted as that file's
    (`origins`, `record_count`)."""
    steps = saved.session.steps
    records = []
    for number, step in enumerate(steps, start=1):
        known = number <= len(saved.origins)
        made = saved.origins[number - 1] if known else Record(number, "do", step.action)
        records.append(replace(made, number=number, kind="do", action=step.action, target=0))
    saved.origins, saved.undone = list(records), []
    for details in gathered_details(saved.extra):
        records.append(Record(len(records) + 1, "details", details=details))
    saved.record_count = len(records)
    head = to_document(saved, with_actions=False)
    lines = "".join(record_line(record) for record in records)
    return tomli_w.dumps(head) + f"\n[{RECORDS_KEY}]\n" + lines


def gathered_details(extra: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The play details to write as records: a list of tables (anything else under the key is
    a damaged table of format 1, kept in the head as it was)."""
    details = extra.get(DETAILS_KEY)
    if isinstance(details, list) and details and all(isinstance(d, dict) for d in details):
        return details
    return []


def to_document(saved: SavedGame, with_actions: bool = True) -> dict[str, Any]:
    """The head of a saved game's file (with its actions, for a reader that wants them whole)."""
    document = {
        "format": FORMAT,
        "id": saved.id,
        "game": saved.game.id,
        "rules": saved.session.rules,
        "title": saved.title,
        "created": saved.created,
        "updated": saved.updated,
        "setup": to_plain(saved.session.setup),
    }
    document.update(
        (key, value)
        for key, value in saved.extra.items()
        if key not in document and not (key == DETAILS_KEY and gathered_details(saved.extra))
    )
    if with_actions:
        document["actions"] = [action_table(action) for action in saved.session.actions]
    return document


def read_document(
    path: Path, content: bytes, games: Mapping[str, Game[Any, Any]] | None = None
) -> SavedGame:
    """A save file's bytes parsed, checked and replayed (`SaveError` naming the problem).

    In format 2 nothing but records may follow the `[records]` line: records after another
    table would belong to it and silently go unread, so such a file is refused, saying where."""
    data = parse_document(path, content)
    start = records_start(content) if data.get("format") == FORMAT else None
    stray = None if start is None else table_after_records(content, start)
    if stray is not None:
        problem = phrase("a table follows the records: the records after it would not be read")
        raise SaveError(path, problem, stray)
    return from_document(path, data, games)


def from_document(
    path: Path, data: dict[str, Any], games: Mapping[str, Game[Any, Any]] | None = None
) -> SavedGame:
    """Check and replay a parsed save file; any problem becomes a `SaveError`."""
    try:
        return _from_document(path, data, games)
    except SaveError:
        raise
    except GameFault as fault:  # the game's own code failed: its line says which and why
        raise SaveError(path, said(fault)) from None
    except CodecError as error:
        raise SaveError(path, said(error)) from None
    except (RecursionError, MemoryError, OverflowError):
        raise SaveError(path, phrase("values too large or nested too deeply")) from None
    except Exception as error:  # a damaged file must never crash the app
        problem = phrase(
            "unusable content ({error}: {message})", error=type(error).__name__, message=str(error)
        )
        raise SaveError(path, problem) from None


def _from_document(
    path: Path, data: dict[str, Any], games: Mapping[str, Game[Any, Any]] | None
) -> SavedGame:
    version = check_format(path, data)
    game_id = _field(path, data, "game", str)
    game = get_game(game_id) if games is None else games.get(game_id)
    if game is None:
        raise SaveError(path, phrase("unknown game '{game}'", game=game_id))
    save_id = _field(path, data, "id", str)
    if not SAVE_ID.fullmatch(save_id) or path.stem != save_id:
        raise SaveError(path, phrase("id '{id}' does not match the file name", id=save_id))
    title = clean_title(_field(path, data, "title", str))
    created = _field(path, data, "created", datetime)
    updated = data.get("updated", created)
    if not isinstance(updated, datetime) or updated.tzinfo is None:
        raise SaveError(path, wrong_type("updated", updated))
    setup = from_plain(game.setup_type, _field(path, data, "setup", dict), "setup")
    rules = rules_revision(path, data, game)
    if version == 1:
        _revision(path, data)
        records = _format_1_records(path, game, data)
    else:
        records = RecordReader(path, game).records(_field(path, data, RECORDS_KEY, dict), 1)
    try:
        session = Session(game, setup, rules=rules)
    except RuleError as error:
        raise SaveError(
            path, phrase("the setup is refused by the rules: {reason}", reason=error)
        ) from None
    saved = SavedGame(save_id, title, session, created, updated)
    saved.extra = {key: value for key, value in data.items() if key not in KNOWN_KEYS}
    saved.file.format_read = version
    if version == 1 and gathered_details(saved.extra):
        del saved.extra[DETAILS_KEY]  # now records
    for record in records:
        try:
            apply_record(saved, record)
        except RuleError as error:
            name = type(record.action).__name__ if record.kind == "do" else record.kind
            if version == 1:
                problem = phrase(
                    "action {number} ({name}) is refused by the rules: {reason}",
                    number=str(record.number),
                    name=name,
                    reason=error,
                )
            else:
                problem = phrase(
                    "record {number} ({name}) is refused by the rules: {reason}",
                    number=str(record.number),
                    name=name,
                    reason=error,
                )
            raise SaveError(path, problem) from None
    return saved


def _format_1_records(path: Path, game: Game[Any, Any], data: dict[str, Any]) -> list[Record]:
    """A format 1 file's actions and play details as the records format 2 writes for them."""
    reader = RecordReader(path, game)
    records = [
        Record(number, "do", reader.action(raw, f"actions[{number}]"))
        for number, raw in enumerate(_field(path, data, "actions", list), start=1)
    ]
    for table in gathered_details(data):  # anything else stays, reported by saves.history.details
        records.append(Record(len(records) + 1, "details", details=table))
    return records


def _revision(path: Path, data: dict[str, Any]) -> int:
    """The save count in the file (0 in files written before it was kept)."""
    revision = data.get("revision", 0)
    if type(revision) is not int or revision < 0:
        raise SaveError(
            path,
            phrase("'revision' must be a whole number from 0, not {value}", value=repr(revision)),
        )
    return revision


def check_format(path: Path, data: dict[str, Any]) -> int:
    """The file's format number, if this version reads it; refuse a newer, older or missing one
    (format 1 is read as it is, in `_from_document`)."""
    version = data.get("format")
    if type(version) is not int:
        raise SaveError(path, phrase("no 'format' number: not a Table Companion save"))
    if version > FORMAT:
        raise SaveError(
            path,
            phrase(
                "format {format} was written by a newer version (this reads {reads})",
                format=version,
                reads=FORMAT,
            ),
        )
    if version < OLDEST_FORMAT:
        raise SaveError(path, phrase("format {format} is not supported", format=version))
    return version


def rules_revision(path: Path, data: dict[str, Any], game: Game[Any, Any]) -> int:
    """The revision of the game's rules the save was played under: 1 when it does not say."""
    revision = data.get("rules", 1)
    if type(revision) is not int or revision < 1:
        raise SaveError(
            path,
            phrase(
                "'rules' must be a revision number (1 or more), not {value}", value=repr(revision)
            ),
        )
    if revision > game.rules_revision:
        raise SaveError(
            path,
            phrase(
                "rules revision {revision} of {game} was written by a newer version "
                "(this knows up to {newest})",
                revision=revision,
                game=game.title,
                newest=game.rules_revision,
            ),
        )
    return revision


def _field(path: Path, data: dict[str, Any], key: str, kind: type) -> Any:
    value: Any = data.get(key)
    if value is None:
        raise SaveError(path, phrase("'{key}' is missing", key=key))
    if not isinstance(value, kind) or (isinstance(value, datetime) and value.tzinfo is None):
        raise SaveError(path, wrong_type(key, value))
    return value


def wrong_type(key: str, value: Any) -> str:
    """A key of a file holding a value of the wrong type (the key and the type as written)."""
    return phrase("'{key}' has the wrong type ({type})", key=key, type=type(value).__name__)
