"""A game's line in the saved-games list, made from the game itself: by the store for a file it
replays, and by the worker processes that replay many files at once.

A long game is the cost of a listing: 100,000 records take seconds to replay. A listing that
needs no statistics' facts (home, `companion list`) therefore starts each save from its
checkpoint when the file proves it (`resumed_entry`, saves/games/checkpoint.py): the facts are
the one part of a line that needs every step. A long game the store replays whole
(`replayed_entry`) gets its checkpoint written, so that the next command or play screen on it,
and the next listing, start from there."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.guard import GameFault
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


def resumed_entry(
    proofs: checkpoint.Proofs, path: Path, content: bytes, content_digest: str = ""
) -> SaveEntry | None:
    """The list's line (without facts) for a save's bytes from its checkpoint, as a listing's
    `proofs` prove it (`Proofs.entry`: a torn last line left out); None when the file does not
    prove it, or the game's code fails on it: the save is then replayed, which says so.
    `content_digest`: the digest of `content`, when the caller has found it."""
    complete = content[: content.rfind(b"\n") + 1]
    known = content_digest if len(complete) == len(content) else ""
    try:
        return proofs.entry(path, complete, known)
    except GameFault:
        return None


def replayed_entry(
    store: checkpoint.Store,
    path: Path,
    content: bytes,
    proofs: checkpoint.Proofs | None = None,
) -> SaveEntry:
    """The store's line for a save's bytes replayed whole; a long game's checkpoint is then
    written (stamped by a listing's `proofs`, which find each game's stamp once)."""
    saved, whole = read_save(path, content, store.games)
    if not whole:
        made_by = proofs.stamp(saved.game.id) if proofs is not None else None
        checkpoint.keep(store.home, saved, content[: content.rfind(b"\n") + 1], made_by)
    return entry_of(saved)  # its facts kept in the cache for the statistics
