"""Saved games: one TOML file per game in `games/`, replayed through the rules when loaded.

A file that cannot be used is never changed or deleted: it is reported with its path and problem.
One writer per game: the store remembers which bytes it last read or wrote for each game and
refuses (`SaveConflict`) to replace a file that another process changed since. The format is
documented in docs/save-format.md.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core import Game, RuleError
from companion.dates import offset_minutes
from companion.plays import facts_of_session, utc_offset_of
from companion.registry import get_game
from companion.session import Session, Step
from saves.codec import TOML_INT_MAX, CodecError, from_plain, to_plain
from saves.files import (
    MAX_FILE_BYTES,
    SaveError,
    parse_toml,
    read_file,
    remove_stale_temp_files,
    write_text,
)
from saves.listing import ListingCache, SaveEntry, UnreadableSave, list_folder
from saves.locks import GameLock, writing
from saves.paths import exports_dir, games_dir, listing_cache_path, locks_dir
from saves.rendered import RenderedArray
from saves.replay_pool import replay_in_workers
from saves.writers import LastSeen, publish_new

FORMAT = 1
"""The save format this version writes."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""Format N -> N + 1 upgrades, applied in turn to an older file's data when it is loaded."""

ACTION_KEY = "action"
"""The key naming an action's class inside each `[[actions]]` table."""

MAX_TITLE = 80
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")
KNOWN_KEYS = frozenset(
    {"format", "id", "game", "title", "created", "updated", "revision", "rules", "setup", "actions"}
)
"""Top-level keys this version reads; any other is kept as it is and written back at each save."""


UTC_OFFSET = "utc_offset"
"""Minutes east of UTC of the machine that set the game up: the statistics date it there."""


def utc_now() -> datetime:
    """The real clock, used unless a test injects another."""
    return datetime.now(UTC).replace(microsecond=0)


class SavedGame:
    """A game on disk and in play: its id, title, times and live session."""

    def __init__(
        self, save_id: str, title: str, session: Session, created: datetime, updated: datetime
    ) -> None:
        self.id = save_id
        self.title = title
        self.session = session
        self.created = created
        self.updated = updated
        self.revision = 0
        """How many times the game was saved; kept in the file, one more at each save."""
        self.extra: dict[str, Any] = {}
        """Top-level keys of the file this version does not know, written back as they were."""
        self.rendered = RenderedArray("actions")
        """The session's steps as last saved, rendered: an autosave renders only new ones
        (compared by identity: a redone step is the same object and keeps its text, a step undone
        and replaced is rendered again; steps are frozen, so one object always renders the same)."""

    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def status(self) -> str:
        return self.game.status(self.session.state)


def clean_title(title: str) -> str:
    """A title as stored: printable, single line, trimmed, at most 80 characters."""
    printable = "".join(ch if ch.isprintable() else " " for ch in title)
    return " ".join(printable.split())[:MAX_TITLE]


class SaveStore:
    """The games folder: create, save, load and list games."""

    def __init__(
        self,
        home: Path,
        clock: Callable[[], datetime] = utc_now,
        games: Mapping[str, Game[Any, Any]] | None = None,
    ) -> None:
        self.home = home
        self.folder = games_dir(home)
        self.clock = clock
        self.games = games
        """The games this store reads; None: every game of the registry."""
        self.seen = LastSeen()
        """What this store last read or wrote of each game: no other writer's save is lost."""
        self.cache_problem: str | None = None
        """Why the listing cache cannot be used, as found by the last listing."""

    def path_for(self, save_id: str) -> Path:
        """The file of a save id; an id that could leave the folder is refused."""
        if not _ID.fullmatch(save_id):
            raise SaveError(self.folder / "?", f"'{save_id}' is not a save id")
        return self.folder / f"{save_id}.toml"

    def create(self, game: Game[Any, Any], setup: Any, title: str = "") -> SavedGame:
        """Start a new game file (the setup is checked by the rules first)."""
        session = Session(game, setup)
        now = self.clock()
        saved = SavedGame("", clean_title(title) or game.title, session, now, now)
        saved.extra[UTC_OFFSET] = offset_minutes(now)  # read by older versions as an unknown key
        self._save_new(saved, game.id, now)
        return saved

    def save_copy(self, saved: SavedGame) -> SavedGame:
        """Save a game under a new id (its file is left to whoever changed it); the copy is
        the same game, played on from here."""
        now = self.clock()
        title = clean_title(f"{saved.title} (copy)") or saved.title
        copy = SavedGame("", title, saved.session, saved.created, now)
        copy.extra = dict(saved.extra)
        self._save_new(copy, saved.game.id, now)
        return copy

    def save(self, saved: SavedGame, touch: bool = True) -> None:
        """Write the whole game atomically (autosave calls this after every action).

        `touch=False` keeps `updated` (the time of the last action): a play's details, added
        after the game, do not move the play's date.

        Refused with `SaveConflict` (nothing written) if the file changed since this store last
        read or wrote it. The file is the same as `tomli_w.dumps(to_document(saved))`, but only
        actions not saved before are rendered, so an autosave in a long game costs little more
        than its fsync.
        """
        path = self.path_for(saved.id)
        with writing(locks_dir(self.home) / "writing.lock"):
            self.seen.check(path, saved.id)
            updated = saved.updated
            if touch:
                saved.updated = self.clock()
            revision = saved.revision
            saved.revision = min(revision + 1, TOML_INT_MAX)  # a counter TOML can hold
            try:
                text = document_text(saved)
                _check_size(path, text)
                mark = write_text(path, text, links_within=self.home)
            except BaseException:  # the game is as it was before this save: not saved
                saved.revision, saved.updated = revision, updated
                raise
        self.seen.saw(saved.id, mark, text)

    def lock(self, save_id: str) -> GameLock | None:
        """Claim a game for this window while it is open, or None if another window has it.

        OSError if the lock file cannot be made (a read-only folder)."""
        self.path_for(save_id)  # refuses an id that could leave the folder
        return GameLock.take(locks_dir(self.home) / f"{save_id}.lock")

    def export(self, saved: SavedGame, extension: str, content: str) -> Path:
        """Write an export of a game (a score sheet, a log) as `exports/<id>.<extension>`; a
        failed export leaves nothing behind, not even the folder."""
        path = exports_dir(self.home) / f"{saved.id}.{extension}"
        write_text(path, content, links_within=self.home)
        return path

    def load(self, save_id: str) -> SavedGame:
        """Read and replay a saved game, or raise `SaveError` naming the file and the problem."""
        path = self.path_for(save_id)
        content, mark = read_file(path)
        saved = from_document(path, parse_toml(path, content), self.games)
        # The file's own rows stand for its actions: the first save renders only new ones.
        head = to_document(saved, with_actions=False)
        saved.rendered.adopt(saved.session.steps, head, content.decode("utf-8"))
        self.seen.saw(save_id, mark, content)
        return saved

    def listing(self, with_facts: bool = True) -> tuple[list[SaveEntry], list[UnreadableSave]]:
        """Readable games newest first, and the files that could not be read.

        Every file is read; only those whose bytes changed since the last listing are replayed.
        `with_facts=False` spares decoding the statistics' facts (every entry's facts is None).
        """
        if not self.folder.is_dir():
            return [], []
        for folder in (self.home, self.folder, exports_dir(self.home)):
            remove_stale_temp_files(folder)
        cache = ListingCache(listing_cache_path(self.home))
        workers = replay_in_workers if self.games is None else None  # a test's games: here
        listed = list_folder(self.folder, cache, self._replayed_entry, with_facts, workers)
        cache.write()
        self.cache_problem = cache.problem
        return listed

    def _replayed_entry(self, path: Path, content: bytes) -> SaveEntry:
        """The list's line for a file's bytes, replayed through the rules (or `SaveError`)."""
        return entry_of(from_document(path, parse_toml(path, content), self.games))

    def _save_new(self, saved: SavedGame, game_id: str, now: datetime) -> None:
        """Publish the game whole under a new id (no empty file is ever seen under it)."""

        def text_for(candidate: str) -> str:
            saved.id, saved.revision = candidate, 1
            saved.rendered = RenderedArray("actions")  # it held the rows of another id's file
            text = document_text(saved)
            _check_size(self.path_for(candidate), text)
            return text

        try:
            saved.id, mark, text = publish_new(
                f"{game_id}-{now:%Y%m%d-%H%M%S}", self.path_for, text_for
            )
        except BaseException:
            saved.id, saved.revision = "", 0
            raise
        self.seen.saw(saved.id, mark, text)


def _check_size(path: Path, text: str) -> None:
    """Refuse to write a save larger than a save may be read (`MAX_FILE_BYTES`): it would be
    listed as unreadable at the next start. OSError, so it is said as a failed save."""
    if len(text) * 4 > MAX_FILE_BYTES and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise OSError(errno.EFBIG, f"the game has grown past {limit} MiB, the most a save holds")


def entry_of(saved: SavedGame) -> SaveEntry:
    """The saved-games list's line for a game."""
    state = saved.session.state
    return SaveEntry(
        saved.id,
        saved.title,
        saved.game.id,
        saved.game.title,
        saved.updated,
        saved.game.summary(state),
        saved.status,
        waiting.text if (waiting := saved.game.waiting_for(state)) else "",
        created=saved.created,
        facts=facts_of_session(saved.session),
        utc_offset=utc_offset_of(saved.extra.get(UTC_OFFSET)),
    )


def document_text(saved: SavedGame) -> str:
    """The save file's text, rendering only the actions not rendered at an earlier save."""
    saved.rendered.sync(saved.session.steps, _step_table)
    return saved.rendered.document(to_document(saved, with_actions=False))


def _action_table(action: Any) -> dict[str, Any]:
    return {ACTION_KEY: type(action).__name__, **to_plain(action)}


def _step_table(step: Step) -> dict[str, Any]:
    return _action_table(step.action)


def to_document(saved: SavedGame, with_actions: bool = True) -> dict[str, Any]:
    """The TOML document of a saved game."""
    document = {
        "format": FORMAT,
        "id": saved.id,
        "game": saved.game.id,
        "rules": saved.session.rules,
        "title": saved.title,
        "created": saved.created,
        "updated": saved.updated,
        "revision": saved.revision,
        "setup": to_plain(saved.session.setup),
    }
    document.update((key, value) for key, value in saved.extra.items() if key not in document)
    if with_actions:
        document["actions"] = [_action_table(action) for action in saved.session.actions]
    return document


def from_document(
    path: Path, data: dict[str, Any], games: Mapping[str, Game[Any, Any]] | None = None
) -> SavedGame:
    """Check, migrate and replay a parsed save file; any problem becomes a `SaveError`."""
    try:
        return _from_document(path, data, games)
    except SaveError:
        raise
    except CodecError as error:
        raise SaveError(path, str(error)) from None
    except (RecursionError, MemoryError, OverflowError):
        raise SaveError(path, "values too large or nested too deeply") from None
    except Exception as error:  # a damaged file must never crash the app
        raise SaveError(path, f"unusable content ({type(error).__name__}: {error})") from None


def _from_document(
    path: Path, data: dict[str, Any], games: Mapping[str, Game[Any, Any]] | None
) -> SavedGame:
    data = migrate(path, data)
    game_id = _field(path, data, "game", str)
    game = get_game(game_id) if games is None else games.get(game_id)
    if game is None:
        raise SaveError(path, f"unknown game '{game_id}'")
    save_id = _field(path, data, "id", str)
    if not _ID.fullmatch(save_id) or path.stem != save_id:
        raise SaveError(path, f"id '{save_id}' does not match the file name")
    title = clean_title(_field(path, data, "title", str))
    created = _field(path, data, "created", datetime)
    updated = _field(path, data, "updated", datetime)
    setup = from_plain(game.setup_type, _field(path, data, "setup", dict), "setup")
    raw_actions = _field(path, data, "actions", list)
    rules = rules_revision(path, data, game)
    try:
        session = Session(game, setup, rules=rules)
    except RuleError as error:
        raise SaveError(path, f"the setup is refused by the rules: {error}") from None
    decoded: dict[str, Any] = {}
    for number, raw in enumerate(raw_actions, start=1):
        # A long game repeats a few actions: each distinct one is decoded (and type-checked)
        # once; every action is still applied through the rules.
        key = repr(raw)
        action = decoded.get(key)
        if action is None:
            action = decoded[key] = _action(path, game, raw, number)
        try:
            session.do(action)
        except RuleError as error:
            name = type(action).__name__
            problem = f"action {number} ({name}) is refused by the rules: {error}"
            raise SaveError(path, problem) from None
    saved = SavedGame(save_id, title, session, created, updated)
    saved.revision = _revision(path, data)
    saved.extra = {key: value for key, value in data.items() if key not in KNOWN_KEYS}
    return saved


def _revision(path: Path, data: dict[str, Any]) -> int:
    """The save count in the file (0 in files written before it was kept)."""
    revision = data.get("revision", 0)
    if type(revision) is not int or revision < 0:
        raise SaveError(path, f"'revision' must be a whole number from 0, not {revision!r}")
    return revision


def migrate(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older format up to `FORMAT`; refuse a newer or missing one."""
    version = data.get("format")
    if type(version) is not int:
        raise SaveError(path, "no 'format' number: not a Table Companion save")
    if version > FORMAT:
        raise SaveError(
            path, f"format {version} was written by a newer version (this reads {FORMAT})"
        )
    while version < FORMAT:
        upgrade = MIGRATIONS.get(version)
        if upgrade is None:
            raise SaveError(path, f"format {version} is not supported")
        data = upgrade(data)
        version += 1
    return data


def rules_revision(path: Path, data: dict[str, Any], game: Game[Any, Any]) -> int:
    """The revision of the game's rules the save was played under: 1 when it does not say."""
    revision = data.get("rules", 1)
    if type(revision) is not int or revision < 1:
        raise SaveError(path, f"'rules' must be a revision number (1 or more), not {revision!r}")
    if revision > game.rules_revision:
        raise SaveError(
            path,
            f"rules revision {revision} of {game.title} was written by a newer version "
            f"(this knows up to {game.rules_revision})",
        )
    return revision


def _action(path: Path, game: Game[Any, Any], raw: Any, number: int) -> Any:
    where = f"actions[{number}]"
    if not isinstance(raw, dict):
        raise SaveError(path, f"{where}: expected a table")
    fields = dict(raw)
    name = fields.pop(ACTION_KEY, None)
    if not isinstance(name, str):
        raise SaveError(path, f"{where}: no '{ACTION_KEY}' name")
    action_type = game.action_type(name)
    if action_type is None:
        raise SaveError(path, f"{where}: '{name}' is not an action of {game.title}")
    return from_plain(action_type, fields, where)


def _field(path: Path, data: dict[str, Any], key: str, kind: type) -> Any:
    value: Any = data.get(key)
    if value is None:
        raise SaveError(path, f"'{key}' is missing")
    if not isinstance(value, kind) or (isinstance(value, datetime) and value.tzinfo is None):
        raise SaveError(path, f"'{key}' has the wrong type ({type(value).__name__})")
    return value
