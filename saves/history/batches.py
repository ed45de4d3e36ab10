"""Imported plays on disk: many to a file, `recorded/recorded-import-<time>[-N].jsonl`.

An import of 100,000 plays written one TOML file each took 200,000 fsyncs and left every
`companion stats` reading 100,000 files. An import writes its plays in a few files instead, each
at most `CHUNK` plays, each published whole (temp file, fsync, hard link: a kill or a full disk
leaves the whole file or none). The text is JSON lines, which Python reads at C speed (TOML took
3 s for 20,000 plays): a first line saying what the file is, then one play per line, in the same
keys as a recorded play's own file (dates as ISO text). A play's id is the file's id and its
line (`...-p7`); a deleted play's line becomes `null`, so no other play's id moves.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.phrases import phrase
from saves.files import FileMark, SaveError, fsync_folder, on_line, read_file, said, write_temp
from saves.games.writers import CHANGED_ELSEWHERE, SaveConflict
from saves.listing.cache import UnreadableSave
from saves.paths import locks_dir, recorded_dir
from saves.shared.lock import update

BATCH_PREFIX = "recorded-import-"
"""An import's file ids start so (every recorded play's id starts with `recorded-`)."""
SUFFIX = ".jsonl"
KIND = "recorded-import"
FORMAT = 1
CHUNK = 10_000
"""Plays per file: 100,000 plays are ten files, and a full disk loses at most one file's worth
of work (the files before it stay)."""
MAX_BATCH_BYTES = 64 * 1024 * 1024
"""10,000 plays take about 4 MB."""
DATES = ("played", "recorded")


HEADER = json.dumps({"format": FORMAT, "kind": KIND}) + "\n"
"""The first line (the file's id is its name: the same text may be linked under another)."""


def play_id(batch_id: str, line: int) -> str:
    """The id of the play on a file's line (the first play is on line 2)."""
    return f"{batch_id}-p{line:06d}"  # in line order when sorted (two plays of one second)


def split_id(save_id: str) -> tuple[str, int] | None:
    """(file id, line) of a batched play's id; None when the id is not one."""
    batch_id, mark, line = save_id.rpartition("-p")
    if not save_id.startswith(BATCH_PREFIX) or not mark or not line.isdigit():
        return None
    return batch_id, int(line)


def to_line(document: dict[str, Any]) -> str:
    """A recorded play's document (`recorded.document`) as one JSON line, without what the file
    itself says (format, kind, id)."""
    plain = {k: v for k, v in document.items() if k not in ("format", "kind", "id")}
    for key in DATES:
        plain[key] = plain[key].isoformat()
    return json.dumps(plain, ensure_ascii=False, separators=(",", ":")) + "\n"


def from_line(text: str) -> dict[str, Any] | None:
    """A line's document with its dates read back; None for a deleted play; `ValueError` (in
    words) for a line that is not one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(phrase("not a play written by this version (not JSON)")) from None
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError(phrase("not a play written by this version (not a table)"))
    for key in DATES:
        value = data.get(key)
        if isinstance(value, str):
            try:
                data[key] = datetime.fromisoformat(value)
            except ValueError:
                raise ValueError(
                    phrase("'{key}' is not a date and time: '{value}'", key=key, value=value[:30])
                ) from None
    return data


def publish(folder: Path, stem: str, text: str) -> str:
    """Write `text` whole under a new file id from `stem` (`stem`, `stem-2`, ...): one temp file
    written and fsynced once, then linked to the first free name (two imports in one second
    cost one more link, never another write). `OSError` (a full disk) leaves no file."""
    temp = write_temp(folder / f"{stem}{SUFFIX}", text)
    try:
        counter = 1
        while True:
            candidate = stem if counter == 1 else f"{stem}-{counter}"
            try:
                os.link(temp, folder / f"{candidate}{SUFFIX}")
            except FileExistsError:
                counter += 1
                continue
            fsync_folder(folder)
            return candidate
    finally:
        temp.unlink(missing_ok=True)


def write_batches(
    home: Path, stem: str, documents: Iterable[Callable[[], dict[str, Any]]]
) -> tuple[int, OSError | None]:
    """Write the plays' documents in files of `CHUNK`; how many were written, and the error that
    stopped the writing (a full disk) or None. What was written stays; nothing is half written."""
    folder = recorded_dir(home)
    written, lines = 0, list[str]()

    def flush() -> None:
        nonlocal written
        batch = len(lines)
        publish(folder, stem, HEADER + "".join(lines))
        written += batch
        lines.clear()

    try:
        for make in documents:
            lines.append(to_line(make()))
            if len(lines) == CHUNK:
                flush()
        if lines:
            flush()
    except OSError as error:
        return written, error
    return written, None


def batch_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{BATCH_PREFIX}*{SUFFIX}"))


def read_batch(
    path: Path, make: Callable[[Path, dict[str, Any], str], Any]
) -> tuple[list[Any], list[UnreadableSave]]:
    """Each play of a batch file made by `make(path, document, id)` (which raises `SaveError`),
    and the lines (or the file) that cannot be used; a bad line leaves the others readable."""
    try:
        content, _mark = read_file(path, MAX_BATCH_BYTES)
    except SaveError as error:
        return [], [UnreadableSave(path, error.problem)]
    lines = content.decode("utf-8", errors="replace").splitlines()
    if not lines or lines[0] != HEADER.rstrip("\n"):
        not_ours = phrase("not a file of imported plays of this version")
        return [], [UnreadableSave(path, on_line(1, not_ours))]
    found, unreadable = [], []
    for number, text in enumerate(lines[1:], start=2):
        try:
            data = from_line(text)
            if data is not None:
                found.append(make(path, data, play_id(path.stem, number)))
        except ValueError as error:
            unreadable.append(UnreadableSave(path, on_line(number, said(error))))
        except SaveError as error:
            unreadable.append(UnreadableSave(path, on_line(number, error.problem)))
    return found, unreadable


def change_line(
    home: Path, save_id: str, was: dict[str, Any], now: dict[str, Any] | None
) -> FileMark:
    """Replace one play's line (`now` None: delete it), if it still holds `was` (another
    window's edit is never lost); written whole under the file's lock."""
    where = split_id(save_id)
    if where is None:
        raise SaveError(
            recorded_dir(home) / "?", phrase("'{id}' is not an imported play's id", id=save_id)
        )
    batch_id, number = where
    path = recorded_dir(home) / f"{batch_id}{SUFFIX}"

    def edit(content: bytes | None, _mark: FileMark | None) -> str:
        lines = (content or b"").decode("utf-8").splitlines(keepends=True)
        if not 1 < number <= len(lines) or json.loads(lines[number - 1]) != json.loads(
            to_line(was)
        ):
            raise SaveConflict(path, CHANGED_ELSEWHERE)
        lines[number - 1] = "null\n" if now is None else to_line(now)
        return "".join(lines)

    return update(path, edit, locks=locks_dir(home), limit=MAX_BATCH_BYTES, links_within=home)
