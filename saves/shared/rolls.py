"""The roll history (`rolls.toml`): every roll made in the tray, in a game or by `companion roll`.

The file is read the first time the history is needed, never at start. A damaged file (wrong
type at any key, an expression that is not dice, faces or a total that do not fit the dice, a
time out of range, a folder, FIFO or device, a file too large) is reported once, left as it is,
and the history runs empty in memory: new rolls are not written over the player's file.
Rolls are kept oldest first in the file, one inline table per line, each rendered once: a new
roll costs its own line and the write of the file.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

from companion import dice
from companion.dates import local
from companion.dice import DiceError, DiceSpec, Roll
from companion.text import plural, visible
from saves.files import FileMark, SaveError, mark_of, parse_toml, read_file
from saves.paths import locks_dir, rolls_path
from saves.shared.lock import DEADLINE_SECONDS, Busy, Waiting, update

FORMAT = 2
"""Format 1 (up to version 0.x) kept 200 rolls newest first, without modifier or label."""
KEEP_ROLLS = 10_000
"""The history keeps at least this many rolls."""
TRIM_AT = 11_000
"""Past this many, the oldest rolls beyond `KEEP_ROLLS` are dropped (in one rewrite)."""
MAX_BYTES = 16 * 1024 * 1024
"""A larger rolls.toml is reported without being read (11,000 rolls of 100d6 take ~5 MiB)."""
MAX_LABEL = 200
ROLL_KEYS = {"at", "expression", "faces", "modifier", "total", "source", "label"}


@dataclass(frozen=True)
class LoggedRoll:
    """A roll in the history: the dice as they fell, when, and what it was for."""

    roll: Roll
    at: datetime
    """When it was rolled, in UTC."""
    label: str = ""
    """What the roll was for ("RISK at Fall of Troy"); empty when none was given."""


class RollHistoryError(ValueError):
    """A roll in the file that cannot be used; the message says which and why."""


class RollLog:
    """The one roll history, loaded on first use and appended to on every roll.

    Each roll is added under the file's lock to what the file holds now
    (`saves.shared.lock.update`),
    so rolls made by other windows and commands meanwhile are never lost. A roll that cannot be
    written yet (another window saving, a full disk) waits in memory, still shown, and is written
    with the next roll or by `retry`; only rolls that will never be written are said "not kept".
    """

    def __init__(
        self,
        home: Path,
        clock: Callable[[], datetime],
        deadline: float = DEADLINE_SECONDS,
    ) -> None:
        self.home = home
        self.path = rolls_path(home)
        self.clock = clock
        self.deadline = deadline
        """How long a write waits for another process's (the app waits less, then retries)."""
        self._entries: list[LoggedRoll] | None = None
        self._pending: list[LoggedRoll] = []
        self.failure: str | None = None
        """Why the rolls waiting in memory are not in the file yet."""
        """Rolls made here and not yet in the file (another window was saving, the disk full)."""
        self._problem: str | None = None
        self._told: set[str] = set()
        self._mark: FileMark | None = None
        self._lines: list[str] = []
        """Each roll of the file as its line, in step with `_entries`."""
        self._waited = Waiting()
        self._written: tuple[list[LoggedRoll], list[str]] = ([], [])
        """The history being written, taken as this window's once the write worked."""

    @property
    def rolls(self) -> Sequence[LoggedRoll]:
        """Every kept roll, oldest first (with those of other windows written since), and the
        rolls of this window still waiting to be written."""
        return [*self._kept(), *self._pending]

    @property
    def pending(self) -> int:
        """How many rolls of this window wait to be written."""
        return len(self._pending)

    def _kept(self) -> list[LoggedRoll]:
        if self._entries is None or (self._problem is None and self._mark != mark_of(self.path)):
            self._entries = self._load()
        return self._entries

    @property
    def problem(self) -> str | None:
        """Why the file on disk is not used (None when it is fine or absent)."""
        self._kept()
        return self._problem

    def take_notice(self) -> str | None:
        """The file's problem the first time it is asked for, then None: say it once."""
        return self._notice(self._refusal()) if self.problem else None

    def add(self, roll: Roll, label: str = "") -> str | None:
        """Record one roll; returns a notice to show when it was not written (each said once)."""
        return self.add_many([roll], label)

    def add_many(self, rolls: Iterable[Roll], label: str = "") -> str | None:
        """Record rolls made now, in order, with one write."""
        now = self.clock().astimezone(UTC)
        label = label[:MAX_LABEL].encode("utf-8", "replace").decode("utf-8")
        self._kept()
        if self._problem is not None:
            return self._notice(self._refusal())
        self._pending.extend(LoggedRoll(roll, now, label) for roll in rolls)
        return self.retry()

    def retry(self) -> str | None:
        """Write the rolls waiting in memory; a notice when they still wait or are refused."""
        if not self._pending:
            return None
        waiting = plural(len(self._pending), "roll")
        try:
            self._mark = update(
                self.path,
                self._with_pending,
                locks=locks_dir(self.home),
                limit=MAX_BYTES,
                links_within=self._link_folder(),
                deadline=self.deadline,
            )
        except Busy as busy:
            self.failure = str(busy)
            if not self._waited.long_enough(self.deadline):
                return None  # the app tries again in a moment: no word for a short wait
            return f"Another window is saving the rolls: {waiting} kept here, written in a moment"
        except SaveError as error:  # the file became damaged meanwhile: never written over
            self._problem = f"{error} (left as it is)"
            self._entries, self._pending = [], []
            return self._notice(f"{waiting} not kept: {self._refusal()}")
        except OSError as error:
            why = error.strerror or str(error)
            self.failure = f"cannot write {self.path} ({why})"
            return self._notice(
                f"Rolls not saved yet: cannot write {self.path} ({why}); "
                f"{waiting} kept in this window, written with the next roll"
            )
        self._entries, self._lines = self._written
        self._pending, self.failure = [], None
        self._waited.done()
        return None

    def _link_folder(self) -> Path:
        """Where a link may lead to be written through: a `rolls.toml` that is a link to a
        history anywhere is kept as the player made it (docs/save-format.md)."""
        return Path(os.path.realpath(self.path)).parent if self.path.is_symlink() else self.home

    def _with_pending(self, content: bytes | None, mark: FileMark | None) -> str:
        """The history as the file holds it now, with this window's waiting rolls at its end."""
        if content is None:
            entries, lines = [], []
        elif mark == self._mark and self._entries is not None:
            entries, lines = self._entries, self._lines  # the file as this window last wrote it
            if len(lines) != len(entries):
                lines = [roll_line(entry) for entry in entries]
        else:
            entries = parse_history(self.path, content)
            lines = [roll_line(entry) for entry in entries]
        entries = [*entries, *self._pending]
        lines = [*lines, *(roll_line(entry) for entry in self._pending)]
        if len(entries) > TRIM_AT:
            del entries[: len(entries) - KEEP_ROLLS], lines[: len(lines) - KEEP_ROLLS]
        self._written = (entries, lines)
        return history_document(lines)

    def _refusal(self) -> str:
        return f"{self._problem}; new rolls are not kept until it is repaired or removed"

    def _notice(self, text: str) -> str | None:
        if text in self._told:
            return None
        self._told.add(text)
        return text

    def _load(self) -> list[LoggedRoll]:
        self._problem = None
        self._lines = []
        if not os.path.lexists(self.path):  # False, not an error, in a folder out of reach
            self._mark = None
            return []
        try:
            content, self._mark = read_file(self.path, MAX_BYTES)
            entries = parse_history(self.path, content)
        except SaveError as error:
            self._problem = f"{error} (left as it is)"
            return []
        return entries


def read_history(path: Path) -> list[LoggedRoll]:
    """Every roll in the file, oldest first, or `SaveError` naming the first problem."""
    return parse_history(path, read_file(path, MAX_BYTES)[0])


def parse_history(path: Path, content: bytes) -> list[LoggedRoll]:
    """The rolls of a history file's bytes, oldest first, or `SaveError` naming the problem."""
    data = parse_toml(path, content)
    version = data.get("format")
    if type(version) is not int or version not in (1, FORMAT):
        raise SaveError(path, f"unknown format {version!r} (this app reads 1 and {FORMAT})")
    unknown = sorted(set(data) - {"format", "rolls"})
    if unknown:
        raise SaveError(path, f"unknown key {unknown[0]!r}")
    raw_rolls = data.get("rolls", [])
    if not isinstance(raw_rolls, list):
        raise SaveError(path, "'rolls' must be a list of rolls")
    if version == 1:
        raw_rolls = raw_rolls[::-1]  # format 1 kept the newest first
    entries = []
    for number, raw in enumerate(raw_rolls, start=1):
        try:
            entries.append(decode_roll(raw))
        except RollHistoryError as error:
            raise SaveError(path, f"roll {number}: {error}") from None
    return entries


def decode_roll(raw: Any) -> LoggedRoll:
    """One roll table, every field's type and every face checked against the dice."""
    if not isinstance(raw, dict):
        raise RollHistoryError("not a table")
    unknown = sorted(set(raw) - ROLL_KEYS)
    if unknown:
        raise RollHistoryError(f"unknown key {unknown[0]!r}")
    expression = _field(raw, "expression", str)
    try:
        spec = _spec(expression)
    except DiceError as error:
        raise RollHistoryError(str(error)) from None
    faces = _field(raw, "faces", list)
    if not all(type(face) is int for face in faces):
        raise RollHistoryError("faces must be whole numbers")
    try:
        dice.check_faces(spec, faces)
    except DiceError as error:
        raise RollHistoryError(str(error)) from None
    modifier = raw.get("modifier", spec.modifier)
    if type(modifier) is not int or modifier != spec.modifier:
        raise RollHistoryError(f"modifier must be {spec.modifier} for {expression}")
    total = _field(raw, "total", int)
    if total != dice.total_of(spec, faces):
        raise RollHistoryError(f"total {total} is not what faces {faces} make")
    source = _field(raw, "source", str)
    if source not in ("app", "physical"):
        raise RollHistoryError("source must be 'app' or 'physical'")
    label = raw.get("label", "")
    if not isinstance(label, str) or len(label) > MAX_LABEL:
        raise RollHistoryError(f"label must be text of at most {MAX_LABEL} characters")
    return LoggedRoll(
        Roll(spec.expression, tuple(faces), total, "app" if source == "app" else "physical"),
        _moment(raw.get("at")),
        label,
    )


@functools.lru_cache(maxsize=256)
def _spec(expression: str) -> DiceSpec:
    """Notation read once per distinct expression: a history repeats a few of them."""
    return dice.parse(expression)


def _field(raw: dict[str, Any], key: str, kind: type) -> Any:
    value = raw.get(key)
    if value is None:
        raise RollHistoryError(f"'{key}' is missing")
    if type(value) is not kind:
        raise RollHistoryError(f"'{key}' must be {kind.__name__}, not {type(value).__name__}")
    return value


def _moment(value: Any) -> datetime:
    """A roll's time in UTC (a time without offset is taken as local); checked for range."""
    if not isinstance(value, datetime):
        raise RollHistoryError("'at' must be a date and time")
    try:
        moment = value.astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        raise RollHistoryError(f"time {value} is out of range") from None
    if not 1 < moment.year < 9999:  # shown in local time later: a day's margin either way
        raise RollHistoryError(f"time {value} is out of range")
    return moment


def roll_line(entry: LoggedRoll) -> str:
    """One roll as an inline TOML table on one line (strings escaped the JSON way, which TOML
    reads, but for DEL that TOML wants escaped too)."""
    roll = entry.roll
    faces = ", ".join(map(str, roll.faces))
    parts = [
        f"at = {entry.at.isoformat()}",
        f"expression = {_toml_string(roll.expression)}",
        f"faces = [{faces}]",
        f"modifier = {_spec(roll.expression).modifier}",
        f"total = {roll.total}",
        f'source = "{roll.source}"',
    ]
    if entry.label:
        parts.append(f"label = {_toml_string(entry.label)}")
    return "    { " + ", ".join(parts) + " },"


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def history_document(lines: Sequence[str]) -> str:
    """The whole file: the format, then every roll line, oldest first."""
    if not lines:
        return f"format = {FORMAT}\nrolls = []\n"
    return f"format = {FORMAT}\nrolls = [\n" + "\n".join(lines) + "\n]\n"


def roll_table(entry: LoggedRoll) -> dict[str, Any]:
    """One roll's fields, under the file's keys."""
    roll = entry.roll
    table: dict[str, Any] = {
        "at": entry.at,
        "expression": roll.expression,
        "faces": list(roll.faces),
        "modifier": dice.parse(roll.expression).modifier,
        "total": roll.total,
        "source": roll.source,
    }
    if entry.label:
        table["label"] = entry.label
    return table


def select(
    entries: Iterable[LoggedRoll],
    die: str | None = None,
    source: str | None = None,
    since: datetime | None = None,
) -> list[LoggedRoll]:
    """The rolls of one kind of die (`d6`, `d%`), one source, made at or after `since`."""
    wanted = None if die is None else dice.parse(die)
    chosen = []
    for entry in entries:
        spec = dice.parse(entry.roll.expression)
        if wanted is not None and spec.sides != wanted.sides:
            continue
        if source is not None and entry.roll.source != source:
            continue
        if since is not None and entry.at < since:
            continue
        chosen.append(entry)
    return chosen


def parse_since(text: str, zone: tzinfo | None = None) -> datetime:
    """`2026-11-01` or `2026-11-01T18:00` (local time, or in `zone`, unless an offset is given),
    in UTC."""
    try:
        moment = datetime.fromisoformat(text)
        if moment.tzinfo is None and zone is not None:
            moment = moment.replace(tzinfo=zone)
        return moment.astimezone(UTC)
    except (ValueError, OverflowError, OSError):
        raise ValueError(f"'{text}' is not a date: use 2026-11-01 or 2026-11-01T18:00") from None


def entry_json(entry: LoggedRoll) -> dict[str, Any]:
    """One roll as `companion rolls --json` prints it."""
    return {**roll_table(entry), "at": entry.at.isoformat(), "label": entry.label}


def entry_line(entry: LoggedRoll, zone: tzinfo | None = None) -> str:
    """One roll on a line: total first, the dice, faces with the modifier apart, source, time
    (local, or in `zone`: the settings' time zone)."""
    roll = entry.roll
    by = "real" if roll.source == "physical" else "app"
    when = local(entry.at, zone=zone).strftime("%Y-%m-%d %H:%M")
    line = f"{roll.total:>6}  {roll.expression:<8} {dice.die_words(roll, 40):<40}  {by:<4}  {when}"
    return f"{line}  {visible(entry.label)}".rstrip()
