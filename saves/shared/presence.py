"""Who sits at which device, for one game: seats alive while their process holds a lock.

A device (a terminal window, a browser tab) may say who sits at it: a player of the game, or an
agent in Cavendish. Nothing requires a seat; a seat only says whose side of the table a screen
shows first, and shows the others who sits where.

Two kinds of file in `locks/`, per game:

- `<save id>.seat-<sitter>.alive`: empty; the sitting process holds an exclusive `flock` on it
  for as long as it sits. The operating system drops that lock when the process ends, however it
  ends, so a closed or crashed device frees its seat at once. A reader tests it with a shared,
  non-blocking `flock`, released at once: refused means someone holds it. The file is deleted
  only under the presence file's lock, and only once nobody holds it (a sitter takes it under
  that lock too), so a held file is never deleted.
- `<save id>.seats.toml`: sitter -> name, changed only through `saves.shared.lock.update` (under its
  lock, on its newest content). An entry whose alive file is not held is a gone device: never
  shown, and dropped at the next change. A damaged file (not TOML, unknown keys, a folder, a
  FIFO, too large) is reported once, read as nobody sitting, and never written over.

A sitter is `<device id>-<process id>`: two tabs of one browser are one device (a seat there
shows as "this device" in both) but each process holds its own lock.

Which devices have the game open at all, seated or not, and which just went, is
`saves.shared.attendance`: it reads the seats from here.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import stat
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from companion.phrases import phrase
from saves.files import FileMark, SaveError, mark_of, os_reason, parse_toml, read_file, said
from saves.paths import locks_dir
from saves.shared.lock import Busy, update

FORMAT = 1
MAX_BYTES = 64 * 1024
"""A presence file lists a few seats: anything larger is not one."""
MAX_NAME = 100
"""The longest name a seat is kept under (player names are shorter)."""
DEADLINE_SECONDS = 0.5
"""How long a sit waits for another device's change of the seats (milliseconds each)."""
TAKE_SECONDS = 0.2
"""How long a sitter tries for its own alive file: a reader's test holds it for microseconds."""
SITTER = re.compile(r"([a-z][a-z0-9]{1,23})-([1-9][0-9]{0,9})")
"""A sitter's key: the device's public id (`saves.shared.devices.PUBLIC_PATTERN`) and its process
id."""


class SeatRefused(Exception):
    """A seat not taken (or not left in the file), in words for the player."""


@dataclass(frozen=True)
class Seat:
    """One live seat: who sits, and at which device."""

    name: str
    device: str


def presence_path(home: Path, save_id: str) -> Path:
    return locks_dir(home) / f"{save_id}.seats.toml"


def seats_not_shown(error: SaveError) -> str:
    """A presence file that cannot be read: left as it is, and no seat shown."""
    return phrase("{problem} (left as it is; seats are not shown)", problem=said(error))


def alive_path(home: Path, save_id: str, sitter: str) -> Path:
    return locks_dir(home) / f"{save_id}.seat-{sitter}.alive"


def parse_presence(path: Path, content: bytes) -> dict[str, str]:
    """Sitter -> name as the file lists them (live or gone), or `SaveError` naming the problem."""
    data = parse_toml(path, content)
    if data.get("format") != FORMAT or type(data.get("format")) is not int:
        raise SaveError(
            path,
            phrase(
                "unknown format {format} (this app reads {reads})",
                format=repr(data.get("format")),
                reads=FORMAT,
            ),
        )
    unknown = sorted(set(data) - {"format", "seats"})
    if unknown:
        raise SaveError(path, phrase("unknown key {key}", key=repr(unknown[0])))
    seats = data.get("seats", {})
    if not isinstance(seats, dict):
        raise SaveError(path, phrase("'seats' must be a table of sitter = name"))
    for sitter, name in seats.items():
        if not SITTER.fullmatch(sitter):
            raise SaveError(
                path, phrase("{sitter} is not a device and process", sitter=repr(sitter))
            )
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise SaveError(
                path,
                phrase(
                    "the name of {sitter} must be text of 1-{most} characters",
                    sitter=sitter,
                    most=MAX_NAME,
                ),
            )
    return dict(seats)


def presence_document(seats: Mapping[str, str]) -> str:
    """The file: its format, then one line per sitter (names escaped the TOML way)."""
    return tomli_w.dumps({"format": FORMAT, "seats": dict(sorted(seats.items()))})


def open_alive(path: Path) -> int | None:
    """The alive file `path` opened to test or take its lock (the caller closes it); None for a
    missing file, a link or anything but a regular file, which is never waited on."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(descriptor)
        return None
    return descriptor


def held(path: Path) -> bool:
    """Whether a process holds the alive file `path` now: a shared, non-blocking flock is refused.
    A missing file, a link or anything but a regular file holds no seat (and is never waited on)."""
    descriptor = open_alive(path)
    if descriptor is None:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(descriptor)  # and with it the shared lock, at once
    return False


class Presence:
    """This device's seat at one game, and everyone's, read from the presence file.

    `sit(name, allowed)` takes a seat (None stands up); `seats()` says who sits where now;
    `release()` frees this device's seat at once (the screen closing). Readers take no lock; a
    watcher that never sits (the table display) is given the device id ""."""

    def __init__(self, home: Path, save_id: str, device: str, process: int | None = None) -> None:
        self.home = home
        self.save_id = save_id
        self.device = device
        self.sitter = f"{device}-{os.getpid() if process is None else process}"
        self.path = presence_path(home, save_id)
        self._alive: int | None = None
        """The descriptor holding this sitter's alive file, while it sits."""
        self._mine: str | None = None
        self._listed: dict[str, str] = {}
        self._mark: FileMark | None = None
        self._read = False
        self.problem: str | None = None
        """Why the presence file is not used (damaged), or None."""
        self._told: set[str] = set()

    @property
    def mine(self) -> str | None:
        """The name this device sits as here, or None."""
        return self._mine if self._alive is not None else None

    def mark(self) -> FileMark | None:
        """The presence file's mark: a cheap look for a change (`os.stat`)."""
        return mark_of(self.path)

    def listed(self) -> dict[str, str]:
        """Sitter -> name as the file lists them now (re-read only when its mark moved)."""
        mark = self.mark()
        if not self._read or mark != self._mark:
            self._read, self._mark = True, mark
            self._listed, self.problem = {}, None
            if mark is not None or self.path.is_symlink():
                try:
                    self._listed = parse_presence(self.path, read_file(self.path, MAX_BYTES)[0])
                except SaveError as error:
                    self.problem = seats_not_shown(error)
        return self._listed

    def seats(self) -> dict[str, Seat]:
        """Name -> live seat: only sitters whose alive file is held now (this one included)."""
        live: dict[str, Seat] = {}
        for sitter, name in self.listed().items():
            if name not in live and self._is_live(sitter):
                live[name] = Seat(name, sitter.rsplit("-", 1)[0])
        return live

    def sitters(self) -> dict[str, str]:
        """Sitter -> name of the live seats only (who sits at which process, for
        `saves.shared.attendance`)."""
        return {sitter: name for sitter, name in self.listed().items() if self._is_live(sitter)}

    def take_notice(self) -> str | None:
        """The presence file's problem the first time it is asked for, then None."""
        self.listed()
        if self.problem is None or self.problem in self._told:
            return None
        self._told.add(self.problem)
        return self.problem

    def sit(self, name: str | None, allowed: Collection[str]) -> None:
        """Sit as `name` (one of `allowed`), or stand up (None); `SeatRefused` says why not.

        Refused when another device sits there live, or the file is damaged or busy: this
        device's seat is then as it was."""
        if name is None:
            self.release(strict=True)
            return
        if name not in allowed:
            raise SeatRefused(phrase("{player} is not at this game", player=name))
        if not 0 < len(name) <= MAX_NAME:
            raise SeatRefused(
                phrase(
                    "A seat's name is 1-{most} characters long, not {length}",
                    most=MAX_NAME,
                    length=str(len(name)),
                )
            )
        was = self._mine
        try:
            self._change(lambda seats: self._seated(seats, name))
        except BaseException:
            if was is None:
                self._let_go()
            raise
        self._mine = name

    def release(self, strict: bool = False) -> None:
        """Stand up: the lock goes at once (a seat freed even if the file cannot be written), then
        the entry leaves the file. `strict`: say why the file was not changed (`SeatRefused`)."""
        if self._alive is None:
            return
        self._let_go()
        try:
            self._change(lambda seats: seats)
        except SeatRefused:
            if strict:
                raise

    def _let_go(self) -> None:
        if self._alive is not None:
            descriptor, self._alive = self._alive, None
            os.close(descriptor)  # closing the only descriptor drops the flock
        self._mine = None

    def _is_live(self, sitter: str) -> bool:
        if sitter == self.sitter:
            return self._alive is not None
        return held(alive_path(self.home, self.save_id, sitter))

    def _seated(self, seats: dict[str, str], name: str) -> dict[str, str]:
        """The live seats with this sitter as `name`, or `SeatRefused` naming who sits there."""
        for sitter, sitting in seats.items():
            device = sitter.rsplit("-", 1)[0]
            if sitting == name and sitter != self.sitter and device != self.device:
                raise SeatRefused(phrase("{player} already sits at another device", player=name))
        if self._alive is None:
            self._alive = self._take_alive()
        return {**seats, self.sitter: name}

    def _take_alive(self) -> int:
        """This sitter's alive file, held exclusively (under the presence file's lock)."""
        path = alive_path(self.home, self.save_id, self.sitter)
        flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
        try:
            descriptor = os.open(path, flags, 0o600)
        except OSError as error:
            raise SeatRefused(
                phrase(
                    "Seat not taken: cannot open {file} ({reason})",
                    file=str(path),
                    reason=str(error.strerror),
                )
            ) from None
        give_up = time.monotonic() + TAKE_SECONDS
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return descriptor
            except BlockingIOError:
                if time.monotonic() < give_up:
                    time.sleep(0.005)
                    continue
                os.close(descriptor)
                raise SeatRefused(
                    phrase("Seat not taken: this window's seat file is held")
                ) from None

    def _change(self, change: Callable[[dict[str, str]], dict[str, str]]) -> None:
        """Apply `change` (live seats without this sitter -> seats to write) under the file's
        lock: gone sitters are dropped, and their alive files deleted."""

        def rewrite(content: bytes | None, _mark: FileMark | None) -> str:
            listed = {} if content is None else parse_presence(self.path, content)
            live: dict[str, str] = {}
            gone: list[str] = []
            for sitter, name in listed.items():
                if sitter == self.sitter:
                    continue
                if self._is_live(sitter):
                    live[sitter] = name
                else:
                    gone.append(sitter)
            seats = change(live)
            for sitter in gone:  # nobody holds them, and none can take them meanwhile
                with contextlib.suppress(OSError):
                    alive_path(self.home, self.save_id, sitter).unlink()
            if self._alive is None:
                with contextlib.suppress(OSError):
                    alive_path(self.home, self.save_id, self.sitter).unlink()
            return presence_document(seats)

        try:
            self._mark = update(
                self.path,
                rewrite,
                locks=locks_dir(self.home),
                limit=MAX_BYTES,
                deadline=DEADLINE_SECONDS,
            )
            self._read = False  # read back at the next look (the mark alone is not the content)
        except Busy:
            raise SeatRefused(phrase("Another device is changing the seats: try again")) from None
        except SaveError as error:
            self.problem = seats_not_shown(error)
            raise SeatRefused(
                phrase("Seats not changed: {problem}", problem=self.problem)
            ) from None
        except OSError as error:
            raise SeatRefused(
                phrase(
                    "Seats not changed: cannot write {file} ({reason})",
                    file=str(self.path),
                    reason=os_reason(error),
                )
            ) from None
