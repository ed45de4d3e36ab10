"""New files published whole (a game, a recorded play), and the refusal to write over a file
that another window changed since it was read (`SaveConflict`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from companion.phrases import phrase
from saves.files import FileMark, SaveError, fsync_folder, mark_of, write_temp

CHANGED_ELSEWHERE = phrase("was changed in another window since this one read it")


class SaveConflict(SaveError):
    """The file changed on disk since this store last read or wrote it: another window or
    process saved the game. Nothing was written; reload the game or keep this one as a copy."""


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
            raise SaveError(path, phrase("was removed as soon as it was made"))
        return candidate, mark, text
