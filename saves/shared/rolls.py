"""The roll history (`rolls.toml`): every roll made in the tray, in a game or by `companion roll`.

The file is read the first time the history is needed, never at start, and then only the lines
other windows have added since (saves/shared/roll_file.py: one roll a line, appended). A damaged
file (wrong type at any key, an expression that is not dice, faces or a total that do not fit the
dice, a time out of range, a folder, FIFO or device, a file too large) is reported once, left as
it is, and the history runs empty in memory: new rolls are not written over the player's file.
A history of an older format is read once and rewritten in format 3 by the next roll.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import Any

from companion import dice
from companion.dates import FIRST_YEAR, LAST_YEAR, local
from companion.dice import Roll
from companion.phrases import joined, phrase, phrase_n
from companion.text import visible
from saves.files import SaveError, os_reason, said
from saves.paths import locks_dir, rolls_path
from saves.shared import roll_file
from saves.shared.lock import DEADLINE_SECONDS, Busy, Waiting, holding, lock_path
from saves.shared.roll_file import FORMAT as FORMAT
from saves.shared.roll_file import Changed, Damaged, Position
from saves.shared.roll_lines import MAX_LABEL as MAX_LABEL
from saves.shared.roll_lines import LoggedRoll as LoggedRoll
from saves.shared.roll_lines import RollHistoryError as RollHistoryError
from saves.shared.roll_lines import roll_table

KEEP_ROLLS = 10_000
"""The history keeps at least this many rolls."""
TRIM_AT = 11_000
"""Past this many, the oldest rolls beyond `KEEP_ROLLS` are dropped (in one rewrite)."""
MAX_BYTES = 16 * 1024 * 1024
"""A larger rolls.toml is reported without being read (11,000 rolls of 100d6 take ~5 MiB)."""
ATTEMPTS = 3
"""How often one write catches up again when the file changed under it (a lock file deleted)."""


class RollLog:
    """The one roll history, loaded on first use and appended to on every roll.

    Each roll is appended under the file's lock (saves/shared/lock.py) after the lines other
    windows and commands added meanwhile, so no roll is ever lost. A roll that cannot be written
    yet (another window saving, a full disk) waits in memory, still shown, and is written with
    the next roll or by `retry`; only rolls that will never be written are said "not kept".
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
        """The file's rolls, once read whole (a process that only adds rolls never reads them)."""
        self._position: Position | None = None
        """Where this process has read the file to; None before that, or for an older format."""
        self._pending: list[LoggedRoll] = []
        """Rolls made here and not yet in the file (another window was saving, the disk full)."""
        self.failure: str | None = None
        """Why the rolls waiting in memory are not in the file yet."""
        self._problem: str | None = None
        self._told: set[str] = set()
        self._waited = Waiting()

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
        try:
            return self._follow()
        except SaveError as error:
            self._refuse(error)
            return []

    def _follow(self, migrate: bool = True) -> list[LoggedRoll]:
        """The file's rolls now: read whole the first time (or when another process rewrote
        it), else only the lines added since. An older format read is rewritten in this one
        (`migrate`: not under the lock already). `SaveError` when the file cannot be used."""
        if self._problem is not None:
            return []
        if self._entries is not None and self._position is not None:
            try:
                added, self._position = roll_file.catch_up(self.path, self._position, MAX_BYTES)
                self._entries.extend(added)
                return self._entries
            except Changed:
                pass
        self._entries, self._position = [], None
        if self._exists():
            whole = roll_file.read_whole(self.path, MAX_BYTES)
            self._entries, self._position = whole.entries, whole.position
            if whole.position is None and migrate:
                self._migrate()
        return self._entries

    def _migrate(self) -> None:
        """Rewrite a history of an older format in this one, under its lock, from what it holds
        then: every roll is kept. Busy or a failed write: the next roll tries again."""
        try:
            with holding(lock_path(self.path, locks_dir(self.home)), self.deadline):
                whole = roll_file.read_whole(self.path, MAX_BYTES)
                self._entries, self._position = whole.entries, whole.position
                if whole.position is None:
                    self._rewrite(whole.entries)
        except SaveError:  # a link out of reach (`LinkRefused` is an OSError too): told
            raise
        except OSError:  # Busy included: the rolls are shown, the file stays as it was
            pass

    def _exists(self) -> bool:
        return os.path.lexists(self.path)  # False, not an error, in a folder out of reach

    def _refuse(self, error: SaveError) -> None:
        told = said(error)
        if isinstance(error, Damaged) and error.line:  # what it holds is wrong: where, in one line
            told = phrase(
                "{file} is damaged at line {line}: {problem}",
                file=str(error.path),
                line=str(error.line),
                problem=error.problem,
            )
        elif isinstance(error, Damaged):
            told = phrase(
                "{file} is damaged: {problem}", file=str(error.path), problem=error.problem
            )
        self._problem = phrase("{problem} (left as it is)", problem=told)
        self._entries, self._position = [], None

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
        if self._problem is not None:
            return self._notice(self._refusal())
        self._pending.extend(LoggedRoll(roll, now, label) for roll in rolls)
        return self.retry()

    def retry(self) -> str | None:
        """Write the rolls waiting in memory; a notice when they still wait or are refused."""
        if not self._pending:
            return None
        waiting = len(self._pending)
        try:
            with holding(lock_path(self.path, locks_dir(self.home)), self.deadline):
                self._write_pending()
        except Busy as busy:
            self.failure = said(busy)
            if not self._waited.long_enough(self.deadline):
                return None  # the app tries again in a moment: no word for a short wait
            return phrase_n(
                "Another window is saving the rolls: {n} roll kept here, written in a moment",
                "Another window is saving the rolls: {n} rolls kept here, written in a moment",
                waiting,
            )
        except SaveError as error:  # the file became damaged meanwhile: never written over
            self._refuse(error)
            self._pending = []
            return self._notice(
                phrase_n(
                    "{n} roll not kept: {why}",
                    "{n} rolls not kept: {why}",
                    waiting,
                    why=self._refusal(),
                )
            )
        except OSError as error:
            why = os_reason(error)
            self.failure = phrase("cannot write {file} ({reason})", file=str(self.path), reason=why)
            return self._notice(
                phrase_n(
                    "Rolls not saved yet: cannot write {file} ({reason}); "
                    "{n} roll kept in this window, written with the next roll",
                    "Rolls not saved yet: cannot write {file} ({reason}); "
                    "{n} rolls kept in this window, written with the next roll",
                    waiting,
                    file=str(self.path),
                    reason=why,
                )
            )
        self._pending, self.failure = [], None
        self._waited.done()
        return None

    def _write_pending(self) -> None:
        """Under the lock: catch up, then append the waiting rolls (or rewrite the file when it
        is new, of an older format, or past `TRIM_AT`). `Busy` when it kept changing."""
        for _attempt in range(ATTEMPTS):
            try:
                self._write_once()
                return
            except Changed:
                self._entries, self._position = None, None
        raise Busy(self.path)

    def _write_once(self) -> None:
        if self._entries is None and self._exists():
            self._position = roll_file.reach_end(self.path, MAX_BYTES)  # no need to read it all
        if self._entries is not None or self._position is None:
            self._follow(migrate=False)
        if self._position is not None:
            if self._position.count + len(self._pending) <= TRIM_AT:
                self._position = roll_file.append(
                    self.path, self._position, self._pending, self.deadline
                )
                if self._entries is not None:
                    self._entries.extend(self._pending)
                return
            if self._entries is None:  # past the cap: the kept rolls are read (and checked)
                self._follow(migrate=False)
        self._rewrite([*(self._entries or []), *self._pending])

    def _rewrite(self, entries: list[LoggedRoll]) -> None:
        """Write the file whole with `entries` (a new history, a migration, a trim past the
        cap), numbered on from the file's own numbers."""
        last = self._position.last + len(entries) - self._position.count if self._position else 0
        kept = entries[-KEEP_ROLLS:] if len(entries) > TRIM_AT else entries
        first = last - len(kept) + 1 if self._position else 1 + len(entries) - len(kept)
        self._position = roll_file.rewrite(self.path, first, kept, self._link_folder())
        self._entries = kept

    def _link_folder(self) -> Path:
        """Where a link may lead to be written through: a `rolls.toml` that is a link to a
        history anywhere is kept as the player made it (docs/save-format.md)."""
        return Path(os.path.realpath(self.path)).parent if self.path.is_symlink() else self.home

    def _refusal(self) -> str:
        return phrase(
            "{problem}; new rolls are not kept until it is repaired or removed",
            problem=self._problem,
        )

    def _notice(self, text: str) -> str | None:
        if text in self._told:
            return None
        self._told.add(text)
        return text


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
    in UTC; from `FIRST_YEAR` to `LAST_YEAR` as typed, the same bounds in every time zone."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(
            phrase("'{typed}' is not a date: use 2026-11-01 or 2026-11-01T18:00", typed=text)
        ) from None
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ValueError(
            phrase(
                "'{typed}': a date is from {first} to {last}",
                typed=text,
                first=str(FIRST_YEAR),
                last=str(LAST_YEAR),
            )
        )
    if moment.tzinfo is None and zone is not None:
        moment = moment.replace(tzinfo=zone)
    return moment.astimezone(UTC)  # in bounds: every zone can place it


def entry_json(entry: LoggedRoll) -> dict[str, Any]:
    """One roll as `companion rolls --json` prints it."""
    return {**roll_table(entry), "at": entry.at.isoformat(), "label": entry.label}


def entry_line(entry: LoggedRoll, zone: tzinfo | None = None) -> str:
    """One roll on a line: total first, the dice, faces with the modifier apart, source, time
    (local, or in `zone`: the settings' time zone)."""
    roll = entry.roll
    # TRANSLATORS: a roll made on real dice, in a column of 4 letters ("app" the other)
    by = phrase("real") if roll.source == "physical" else phrase("app")
    # TRANSLATORS: a roll's line in columns: keep each placeholder and its width as they are
    line = phrase(
        "{total:>6}  {dice:<8} {faces:<40}  {source:<4}  {when:%Y-%m-%d %H:%M}",
        total=str(roll.total),
        dice=roll.expression,
        faces=dice.die_words(roll, 40),
        source=by,
        when=local(entry.at, zone=zone),
    )
    label = visible(entry.label).rstrip()
    return joined("  ", (line, label)) if label else line
