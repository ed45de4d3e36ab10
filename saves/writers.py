"""One writer per game: what a store last read or wrote of each game; new games published whole.

A store may replace a game's file only if the file still holds the bytes the store last read or
wrote. The check is cheap when nothing changed (the file's size, modification time and inode, as
`os.stat` gives them); when any of those moved, the bytes themselves are compared, so a file only
touched (same bytes) is still written, and a file another process saved is not.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from saves.files import FileMark, SaveError, fsync_folder, mark_of, read_file, write_temp


class SaveConflict(SaveError):
    """The file changed on disk since this store last read or wrote it: another window or
    process saved the game. Nothing was written; reload the game or keep this one as a copy."""


class LastSeen:
    """Per save id: the mark and the content last read from or written to its file.

    The content is kept as it came (bytes read, text written) and compared only when the mark
    moved, so an autosave pays for neither a hash nor an encoding.
    """

    def __init__(self) -> None:
        self._seen: dict[str, tuple[FileMark, bytes | str]] = {}

    def saw(self, save_id: str, mark: FileMark, content: bytes | str) -> None:
        """Remember the bytes (or the text, written as UTF-8) just read or written."""
        self._seen[save_id] = (mark, content)

    def moved(self, save_id: str, path: Path) -> bool:
        """Whether the file's mark differs from the one last seen (a cheap `stat`): a window
        that only watches a game reloads it when this says so."""
        seen = self._seen.get(save_id)
        return seen is None or mark_of(path) != seen[0]

    def forget(self, save_id: str) -> None:
        self._seen.pop(save_id, None)

    def check(self, path: Path, save_id: str) -> None:
        """Raise `SaveConflict` unless the file holds what was last seen (or is new)."""
        now = mark_of(path)
        seen = self._seen.get(save_id)
        if seen is None:
            if now is None and not path.is_symlink():
                return  # a new file: nothing to overwrite
            raise SaveConflict(path, "this window has not read this file: not replaced")
        mark, seen_content = seen
        if now == mark:
            return
        if now is None:
            raise SaveConflict(path, "was removed or moved since this window read it")
        try:
            content, now = read_file(path)
        except SaveError:
            raise SaveConflict(path, "was changed since this window read it") from None
        if isinstance(seen_content, str):
            seen_content = seen_content.encode("utf-8")
        if content != seen_content:
            raise SaveConflict(path, "was changed in another window since this one read it")
        self._seen[save_id] = (now, seen_content)  # the same bytes: touched, not changed


def publish_new(
    stem: str, path_for: Callable[[str], Path], text_for: Callable[[str], str]
) -> tuple[str, FileMark, str]:
    """A new file under a new id from `stem`, published whole: its text (`text_for(id)`, since
    the file names its own id) is written to a temp file and fsynced, then hard-linked to the
    id's name, which fails if the name is taken (two processes setting up a game in the same
    second each get their own: `-2`, `-3`, ...). A kill at any moment leaves either no file or
    the whole one, never an empty save. Returns the id, the file's mark and its text."""
    candidate, counter = stem, 1
    while True:
        path = path_for(candidate)
        text = text_for(candidate)
        temp = write_temp(path, text)
        try:
            os.link(temp, path)
        except FileExistsError:
            counter += 1
            candidate = f"{stem}-{counter}"
            continue
        finally:
            temp.unlink(missing_ok=True)
        fsync_folder(path.parent)
        mark = mark_of(path)
        if mark is None:  # removed at once by someone else: the next save says so
            raise SaveError(path, "was removed as soon as it was made")
        return candidate, mark, text
