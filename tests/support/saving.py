"""Tests that play a game on its session directly write it the way the app does: through
`SaveStore.transact` (or whole, as `SaveStore.create` publishes a new game)."""

from __future__ import annotations

from saves.games.document import document_text
from saves.games.journal import Draft, position_of
from saves.games.store import SavedGame, SaveStore
from saves.games.writers import publish_new


def record_played(store: SaveStore, saved: SavedGame, by: str = "", seat: str = "") -> None:
    """Append the steps a test played on `saved.session` itself, in one transaction.

    The game is opened for play from its file, the file's steps the session no longer has are
    undone and the session's new steps done, all checked by the rules; `saved` then is that
    game (the same object, as in a screen). Steps undone and put back on the session itself
    count as played again."""
    played = saved.session.actions
    kept = 0
    for origin, action in zip(saved.origins, played, strict=False):
        if origin.action != action:
            break
        kept += 1
    drafts = [Draft("undo", target=origin.number) for origin in reversed(saved.origins[kept:])]
    drafts += [Draft("do", action) for action in played[kept:]]
    fresh = store.open_for_play(saved.id)
    if drafts:
        store.transact(fresh, lambda _theirs: drafts, by=by, seat=seat)
    saved.adopt(fresh)
    saved.position, saved.read_mark, saved.cannot_add = (
        fresh.position,
        fresh.read_mark,
        fresh.cannot_add,
    )


def publish_whole(store: SaveStore, saved: SavedGame) -> None:
    """Write a game made in memory (a fixed sample id, an older rules revision) as the new file
    of its own id, whole, as `SaveStore.create` publishes one: never over a file."""
    path = store.path_for(saved.id)
    if path.exists() or path.is_symlink():
        raise FileExistsError(path)
    text = document_text(saved)
    save_id, mark, _text = publish_new(saved.id, store.path_for, lambda _id: text)
    assert save_id == saved.id, "claimed meanwhile"
    saved.position = position_of(text.encode("utf-8"), mark.inode)
