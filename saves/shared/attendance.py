"""Who has a game open: every device at the game, seated or not, and those just gone.

A seat (`saves.shared.presence`) says who sits at a device; this says which devices are at the
game at all: each process that has the game open (a play screen, the table display) holds a
lock on a file of its own for as long as it has it open, and a device whose lock the operating
system dropped (its process ended however it ended, its tab closed) is seen gone at the next
look of any other device, marked for `LET_GO_SECONDS`, then forgotten.

Two kinds of empty file in `locks/`, per game and per process:

- `<save id>.at-<kind>-<sitter>.alive`: the process holds an exclusive `flock` on it while it has
  the game open; `<kind>` is `terminal`, `browser` or `display` (the table display), `<sitter>`
  the device's public id and the process id (as a seat's, `presence.SITTER`). A reader tests it
  with a shared, non-blocking `flock` (`presence.held`), released at once.
- `<save id>.at-<kind>-<sitter>.gone`: the same process, gone; its modification time is when it
  went. A process closing the game renames its own file so; a reader that finds an alive file
  nobody holds renames it so, once it holds the file's lock itself (and the name still leads to
  the file it locked), so a held file is never renamed or deleted. A gone file older than
  `LET_GO_SECONDS` is deleted by the next reader.

Anything else named like them (a folder, a FIFO, a link, an unknown kind) is reported once and
left as it is: it is nobody at the table.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from companion.phrases import phrase
from saves.files import os_reason
from saves.paths import locks_dir
from saves.shared.presence import SITTER, held, open_alive

Kind = Literal["terminal", "browser", "display"]
KINDS: tuple[Kind, ...] = ("terminal", "browser", "display")
"""The kinds of device, in the order a list of them shows them."""
LET_GO_SECONDS = 120.0
"""How long a gone device stays marked on every screen before it is forgotten."""
TAKE_SECONDS = 0.2
"""How long a process tries for its own file: a reader's test holds it for microseconds."""
MOST_FILES = 64
"""The files of one game looked at, at most: a table has a few devices (and a folder filled by
something else costs no more than this)."""
ALIVE, GONE = ".alive", ".gone"


def attendance_name(save_id: str, kind: Kind, sitter: str, suffix: str) -> str:
    return f"{save_id}.at-{kind}-{sitter}{suffix}"


def file_pattern(save_id: str) -> re.Pattern[str]:
    """A name of one of `save_id`'s files: its kind, its sitter, alive or gone."""
    kinds = "|".join(KINDS)
    return re.compile(
        rf"{re.escape(save_id)}\.at-(?P<kind>{kinds})-(?P<sitter>{SITTER.pattern})"
        r"(?P<state>\.alive|\.gone)"
    )


@dataclass(frozen=True)
class Attendee:
    """One device at the game: what it is, who sits there, and whether it is gone."""

    device: str
    """The device's public id (`saves.shared.devices`)."""
    kind: Kind
    seat: str = ""
    """Who sits at it ("" for nobody), or sat there when it went."""
    gone_since: float | None = None
    """When it went (a timestamp), or None while it is at the game."""


class Attending:
    """This process at one game: `join()` when the game opens, `leave()` when it closes."""

    def __init__(
        self, home: Path, save_id: str, kind: Kind, device: str, process: int | None = None
    ) -> None:
        self.save_id = save_id
        self.sitter = f"{device}-{os.getpid() if process is None else process}"
        folder = locks_dir(home)
        self.path = folder / attendance_name(save_id, kind, self.sitter, ALIVE)
        self.gone_path = folder / attendance_name(save_id, kind, self.sitter, GONE)
        self._held: int | None = None

    def join(self) -> str | None:
        """Hold this process's file; None once held, else why not (in words for the player)."""
        if self._held is not None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._held = self._take()
        except OSError as error:
            return phrase(
                "Not shown at the table: cannot hold {file} ({reason})",
                file=str(self.path),
                reason=os_reason(error),
            )
        return None

    def _take(self) -> int:
        """The file at `path`, locked (opened again should a reader have renamed the file
        between the open and the lock)."""
        give_up = time.monotonic() + TAKE_SECONDS
        flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
        while True:
            descriptor = os.open(self.path, flags, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                if time.monotonic() >= give_up:
                    raise
                time.sleep(0.005)
                continue
            except OSError:
                os.close(descriptor)
                raise
            if names(self.path, descriptor):
                return descriptor
            os.close(descriptor)

    def leave(self, now: float | None = None) -> None:
        """Close the game: the file becomes a gone one, dated `now` (a failed rename leaves it
        to the next reader, who sees the lock dropped); the lock goes at once."""
        if self._held is None:
            return
        descriptor, self._held = self._held, None
        try:
            went = time.time() if now is None else now
            with contextlib.suppress(OSError):
                os.utime(descriptor, (went, went))
                os.rename(self.path, self.gone_path)
        finally:
            os.close(descriptor)


def names(path: Path, descriptor: int) -> bool:
    """Whether `path` (not followed) is the very file open at `descriptor`."""
    try:
        there, mine = os.lstat(path), os.fstat(descriptor)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


class Attendance:
    """Every device at one game, as one reader sees it: `look(now, seated, listed)` each second.

    It remembers the processes it saw at the game, so that one gone since is dated when it was
    first seen gone (one never seen alive is dated by its file: at most since it came)."""

    def __init__(self, home: Path, save_id: str) -> None:
        self.home = home
        self.save_id = save_id
        self.folder = locks_dir(home)
        self.pattern = file_pattern(save_id)
        self.prefix = f"{save_id}.at-"
        self.seen: dict[str, str] = {}
        """Sitter -> seat ("" for none) of each process seen at the game."""
        self.problems: list[str] = []
        self._told: set[str] = set()

    def look(
        self, now: float, seated: Mapping[str, str], listed: Mapping[str, str]
    ) -> tuple[Attendee, ...]:
        """The devices at the game now and those gone less than `LET_GO_SECONDS` ago, each
        device once (here if any of its processes is). `seated`: sitter -> name of the live
        seats; `listed`: every sitter the seats file lists (a gone one's seat)."""
        here: dict[tuple[str, Kind], Attendee] = {}
        gone: dict[tuple[str, Kind], Attendee] = {}
        for path, kind, sitter, alive in self._files():
            device = sitter.rsplit("-", 1)[0]
            key = (device, kind)
            if alive and held(path):
                seat = seated.get(sitter, "")
                self.seen[sitter] = seat
                if not here.get(key, Attendee(device, kind)).seat:
                    here[key] = Attendee(device, kind, seat)
                continue
            went = self._went(path, sitter, alive, now)
            if went is None:
                continue
            seat = self.seen.get(sitter) or listed.get(sitter, "")
            earlier = gone.get(key)
            if earlier is None or (earlier.gone_since or 0) < went:
                gone[key] = Attendee(device, kind, seat, went)
        for key, attendee in gone.items():
            here.setdefault(key, attendee)
        return tuple(sorted(here.values(), key=_order))

    def _files(self) -> list[tuple[Path, Kind, str, bool]]:
        """This game's files (a name that is not one of them, or not a regular file, said)."""
        found: list[tuple[Path, Kind, str, bool]] = []
        try:
            with os.scandir(self.folder) as entries:
                for entry in entries:
                    if not entry.name.startswith(self.prefix):
                        continue
                    if len(found) >= MOST_FILES:
                        self._problem(
                            phrase(
                                "{folder}: more than {most} devices' files",
                                folder=str(self.folder),
                                most=MOST_FILES,
                            )
                        )
                        break
                    match = self.pattern.fullmatch(entry.name)
                    path = Path(entry.path)
                    if match is None:
                        self._problem(
                            phrase("{file}: not a device's file (left as it is)", file=str(path))
                        )
                    elif not entry.is_file(follow_symlinks=False):
                        self._problem(
                            phrase("{file}: not a regular file (left as it is)", file=str(path))
                        )
                    else:
                        kind: Kind = match["kind"]  # type: ignore[assignment]
                        found.append((path, kind, match["sitter"], match["state"] == ALIVE))
        except FileNotFoundError:
            return []
        except OSError as error:
            self._problem(
                phrase(
                    "{folder}: cannot be listed ({reason})",
                    folder=str(self.folder),
                    reason=os_reason(error),
                )
            )
        return found

    def _went(self, path: Path, sitter: str, alive: bool, now: float) -> float | None:
        """When the process of `path` went, its alive file renamed gone (under its lock); None
        once it is to be forgotten (its file deleted) or should it be back."""
        if alive:
            stamp = now if sitter in self.seen else None
            return self._retire(path, stamp, now)
        try:
            went = os.lstat(path).st_mtime
        except OSError:
            return None
        if not now - LET_GO_SECONDS <= went:
            with contextlib.suppress(OSError):
                path.unlink()
            self.seen.pop(sitter, None)
            return None
        return min(went, now)

    def _retire(self, path: Path, stamp: float | None, now: float) -> float | None:
        """Rename an alive file nobody holds to gone, dated `stamp` (None: its own time)."""
        descriptor = open_alive(path)
        if descriptor is None:
            return None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if not names(path, descriptor):  # renamed by another reader meanwhile
                return None
            went = min(os.fstat(descriptor).st_mtime, now) if stamp is None else stamp
            if now - went > LET_GO_SECONDS:
                path.unlink()
                return None
            os.utime(descriptor, (went, went))
            os.rename(path, path.with_suffix(GONE))
            return went
        except OSError:  # held again (a process coming back), or the folder refused
            return None
        finally:
            os.close(descriptor)

    def _problem(self, problem: str) -> None:
        if problem not in self.problems:
            self.problems.append(problem)

    def take_notice(self) -> str | None:
        """A problem with the files the first time it is found, then None."""
        for problem in self.problems:
            if problem not in self._told:
                self._told.add(problem)
                return problem
        return None


def _order(attendee: Attendee) -> tuple[bool, bool, str, int, str]:
    """Here before gone; seated first, by name; then by kind."""
    return (
        attendee.gone_since is not None,
        not attendee.seat,
        attendee.seat,
        KINDS.index(attendee.kind),
        attendee.device,
    )
