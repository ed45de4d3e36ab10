"""A game's line in the saved-games list, made from the game itself: by the store for a file it
replays, and by the worker processes that replay many files at once.

A long game is the cost of a listing: 100,000 records take seconds to replay. The store's own
replay (`replayed_entry`) therefore starts from the game's checkpoint when the file proves it
(saves/games/checkpoint.py) and the list needs no statistics' facts (home, `companion list`):
the facts are the one part of a line that needs every step. A long game it replays whole gets
its checkpoint written, so that the next command or play screen on it starts from there."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core import Game
from saves.files import SaveError
from saves.games import checkpoint
from saves.games.document import SavedGame, read_document
from saves.listing.cache import SaveEntry
from saves.listing.entry_line import entry_of


def listed_entry(
    path: Path, content: bytes, games: Mapping[str, Game[Any, Any]] | None = None
) -> SaveEntry:
    """The list's line for a save's bytes, read as `SaveStore.load` reads them (`read_save`).
    `SaveError` when the file cannot be used."""
    return entry_of(read_save(path, content, games)[0])


def read_save(
    path: Path, content: bytes, games: Mapping[str, Game[Any, Any]] | None = None
) -> tuple[SavedGame, bool]:
    """A save's bytes replayed as `SaveStore.load` reads them, so that the list, home, `show`
    and every device agree: a torn last line (no newline: a crash while it was appended) is
    never read; only a file that needs its last line though it has no newline (an editor
    dropped it) is read whole (True). `SaveError` when the file cannot be used."""
    complete = content[: content.rfind(b"\n") + 1]
    try:
        return read_document(path, complete, games), False
    except SaveError:
        if complete == content:
            raise
        return read_document(path, content, games), True


def replayed_entry(
    store: checkpoint.Store,
    path: Path,
    content: bytes,
    with_facts: bool = True,
    proofs: checkpoint.Proofs | None = None,
) -> SaveEntry:
    """The store's line for a save's bytes: from its checkpoint when the file proves it and no
    facts are asked for (with a listing's `proofs`, the line the checkpoint keeps when it covers
    the whole file), else replayed whole (a long game's checkpoint then written)."""
    complete = content[: content.rfind(b"\n") + 1]
    if not with_facts and proofs is not None:
        entry = proofs.entry(path, complete)
        if entry is not None:
            return entry
    elif not with_facts:
        resumed, _covered = checkpoint.proved(store, path, complete)
        if resumed is not None:
            return entry_of(resumed, with_facts=False)
    saved, whole = read_save(path, content, store.games)
    if not whole:
        checkpoint.keep(store.home, saved, complete)
    return entry_of(saved)
