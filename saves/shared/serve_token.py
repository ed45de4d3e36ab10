"""The secret of `companion serve --keep-token`, in a file of its own that only `serve` reads.

The file holds the token and nothing else. It is made private (0600) with `O_EXCL`, so it never
exists for a moment with wider permissions, and published whole with `os.link`: two servers
started at once agree on one token. A file found with wider permissions is made 0600 before it is
read. Older versions kept the token in `settings.toml` (`serve-token`), where every window read
it; it is moved here once, the first time `serve` runs.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from companion.phrases import phrase
from saves.files import said
from saves.paths import serve_token_path
from saves.shared.settings import SettingsStore

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What `secrets.token_urlsafe(16)` makes, up to 64 characters; a token of another shape is
replaced."""
LEGACY_SETTING = "serve-token"
"""The preference in `settings.toml` where older versions kept the token."""
MAX_FILE_BYTES = 1024
PRIVATE = 0o600


def new_token() -> str:
    return secrets.token_urlsafe(16)


def usable_token(kept: object) -> str | None:
    """A kept token, if it still has the shape of one (the file can be edited)."""
    return kept if isinstance(kept, str) and TOKEN_PATTERN.fullmatch(kept) else None


@dataclass(frozen=True)
class KeptToken:
    """The token to use, and why it is for this start only when it could not be kept."""

    token: str
    problem: str | None = None


def read_kept(home: Path) -> str | None:
    """The token in the file, made private first; None when there is none or it is unusable.
    Raises OSError (with a reason) for a file that is there but cannot be used."""
    path = serve_token_path(home)
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        return None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(phrase("not a regular file"))
        if stat.S_IMODE(status.st_mode) != PRIVATE:
            os.fchmod(descriptor, PRIVATE)
        raw = os.read(descriptor, MAX_FILE_BYTES + 1)
    finally:
        os.close(descriptor)
    try:
        return usable_token(raw.decode("ascii").strip())
    except UnicodeDecodeError:
        return None


def publish(home: Path, token: str, replace: bool = False) -> str:
    """Write `token` to the file: a private temporary file made with O_EXCL, then linked to its
    name. If another server published one meanwhile, theirs is kept and returned; `replace`
    (the file there is unusable) puts this one in its place instead."""
    path = serve_token_path(home)
    home.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    descriptor = os.open(temporary, flags, PRIVATE)
    try:
        try:
            os.fchmod(descriptor, PRIVATE)  # whatever the umask
            os.write(descriptor, f"{token}\n".encode("ascii"))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if replace:
            os.replace(temporary, path)
            return token
        try:
            os.link(temporary, path)
        except FileExistsError:
            theirs = read_kept(home)
            if theirs is None:
                os.replace(temporary, path)
                return token
            return theirs
        return token
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def move_from_settings(home: Path) -> str | None:
    """Move a token older versions kept in settings to the file, once: the file wins when both
    exist, and the preference is then removed from settings. Returns the kept token, if any."""
    settings = SettingsStore(home)
    legacy = usable_token(settings.stored_preference(LEGACY_SETTING))
    kept = read_kept(home)
    if kept is None and legacy is not None:
        kept = publish(home, legacy)
    if settings.stored_preference(LEGACY_SETTING) is not None:
        settings.forget_preference(LEGACY_SETTING)
    return kept


def keep_token(home: Path) -> KeptToken:
    """The kept token (made and kept the first time); one for this start only, with the reason,
    when the file cannot be read or written."""
    try:
        kept = move_from_settings(home)
        if kept is not None:
            return KeptToken(kept)
        unusable = serve_token_path(home).exists()
        return KeptToken(publish(home, new_token(), replace=unusable))
    except OSError as error:
        reason = error.strerror or said(error)
        return KeptToken(
            new_token(),
            phrase(
                "{file} cannot be used: {reason}", file=str(serve_token_path(home)), reason=reason
            ),
        )
