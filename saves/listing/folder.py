"""Listing the games folder: every file read, the cached line used for the bytes the cache knows,
the others replayed (by worker processes when there are many) and their lines kept in the cache."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from companion.phrases import phrase
from saves.files import FileMark, SaveError, identify, on_line, read_file
from saves.listing.cache import ListingCache, SaveEntry, UnreadableSave, digest

if TYPE_CHECKING:
    from saves.listing.pool import Workers


class Miss(NamedTuple):
    """A file the cache does not know: its bytes as read, and their digest (found once)."""

    name: str
    where: str
    mark: FileMark | None
    content: bytes
    digest: str


def list_folder(
    folder: Path,
    cache: ListingCache,
    replay: Callable[[Path, bytes], SaveEntry],
    with_facts: bool = True,
    start_workers: Callable[[int], Workers | None] | None = None,
    resumable: Callable[[str], bool] | None = None,
    resume: Callable[[Path, bytes, str], SaveEntry | None] | None = None,
) -> tuple[list[SaveEntry], list[UnreadableSave]]:
    """The `*.toml` files of `folder`: readable games newest first, and those that cannot be read.

    Every file is read and its digest looked up in `cache`; only a file whose bytes are not there
    is replayed: by the workers `start_workers` gives when told how many files the cache does
    not know (told before the files are read, as workers take a while to start, and again with
    the files to replay if it gave none and more turned out changed), each result a
    `SaveEntry` or a `(line, problem)` refusal; else one by one by `replay` (it raises
    `SaveError` for a file that cannot be used). Without facts, every
    entry's `facts` is None (the cache keeps those a replay gave, for the statistics; a line made
    from a checkpoint has none, and the statistics replay that save).

    `resumable` tells the files that have a checkpoint, and `resume` gives the line of such a
    file from it, told its bytes and their digest (None when the file does not prove it): those
    are not counted for the workers, and are resumed here first, while the workers start; those
    whose checkpoint fails its proof are replayed whole like the others, by the workers when
    there are enough of them."""
    resumable = resumable if resume is not None and resumable is not None else _never
    found_entries: dict[str, SaveEntry] = {}
    refused: dict[str, tuple[FileMark | None, str]] = {}
    with os.scandir(folder) as found:
        files = sorted((item.name, item.path) for item in found if item.name.endswith(".toml"))
    unknown = cache.unknown(name for name, _ in files)
    if unknown:  # those a checkpoint may give are not the workers'
        unknown = cache.unknown(name for name, _ in files if not resumable(name))
    workers = start_workers(unknown) if start_workers else None
    try:
        read = _read(files, cache, with_facts, found_entries, refused)
        misses, results, others = _resumed(read, resumable, resume)
        if workers is None and start_workers and others:  # more changed than the cache showed
            workers = start_workers(len(others))
        jobs = [(Path(miss.where), miss.content) for miss in others]
        from_workers = workers.replay(jobs) if workers is not None and jobs else None
    finally:
        if workers is not None:
            workers.close()
    misses += others
    results += from_workers if from_workers is not None else [None] * len(others)
    for number, (name, where, mark, content, content_digest) in enumerate(misses):
        result = results[number]
        if result is None:
            try:
                result = replay(Path(where), content)
            except SaveError as error:
                result = (error.line, error.problem)
        if isinstance(result, SaveEntry):
            cache.keep(name, content_digest, result)
            keep_facts = with_facts or result.facts is None  # a checkpoint's line has none
            found_entries[name] = result if keep_facts else replace(result, facts=None)
        else:
            line, problem = result if isinstance(result, tuple) else (None, phrase("not replayed"))
            refused[name] = (mark, _reason(line, problem))
    entries: list[SaveEntry] = []
    unreadable: list[UnreadableSave] = []
    for name, where in files:
        if name in found_entries:
            entries.append(found_entries[name])
        elif name in refused:
            mark, verdict = refused[name]
            unreadable.append(UnreadableSave(Path(where), verdict))
            cache.keep_verdict(name, mark, verdict)
    entries.sort(key=lambda entry: (entry.updated, entry.id), reverse=True)
    return entries, unreadable


def _never(_name: str) -> bool:
    return False


def _resumed(
    read: list[Miss],
    resumable: Callable[[str], bool],
    resume: Callable[[Path, bytes, str], SaveEntry | None] | None,
) -> tuple[list[Miss], list[object], list[Miss]]:
    """The files listed from their checkpoints with their lines, and the files left to replay
    (no checkpoint, or one the file does not prove)."""
    resumed: list[Miss] = []
    entries: list[object] = []
    others: list[Miss] = []
    for miss in read:
        entry = None
        if resume is not None and resumable(miss.name):
            entry = resume(Path(miss.where), miss.content, miss.digest)
        if entry is None:
            others.append(miss)
        else:
            resumed.append(miss)
            entries.append(entry)
    return resumed, entries, others


def _read(
    files: list[tuple[str, str]],
    cache: ListingCache,
    with_facts: bool,
    found_entries: dict[str, SaveEntry],
    refused: dict[str, tuple[FileMark | None, str]],
) -> list[Miss]:
    """Read every file: a cached entry goes into `found_entries`, why a file cannot be used into
    `refused`; the files to replay are returned."""
    misses: list[Miss] = []
    for name, where in files:
        mark, refusal = identify(where)
        verdict = refusal or cache.verdict(name, mark)
        if verdict is None:
            try:
                content, mark = read_file(where, identified=True)
            except SaveError as error:
                verdict = _reason(error.line, error.problem)
            else:
                content_digest = digest(content)
                entry = cache.get(name, content_digest, with_facts)
                if entry is None:
                    misses.append(Miss(name, where, mark, content, content_digest))
                else:
                    found_entries[name] = entry
                continue
        refused[name] = (mark, verdict)
    return misses


MAX_REASON = 300
"""The most of a reason the list keeps: a rule's refusal may quote a whole value from the file
(a player's name of 200,000 combining marks), which no list line needs."""


def _reason(line: int | None, problem: str) -> str:
    """Why a file is unreadable, with its line when known, cut to `MAX_REASON` characters."""
    reason = on_line(line, problem)
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"
