"""A saved game and its TOML document: to the file and back, checked, migrated and replayed.

`saves.store` reads and writes the files; this module knows what is in one. The format is
documented in docs/save-format.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.core import Game, RuleError
from companion.registry import get_game
from companion.session import Session, Step
from saves.codec import CodecError, from_plain, to_plain
from saves.files import SaveError
from saves.rendered import RenderedArray

FORMAT = 1
"""The save format this version writes."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""Format N -> N + 1 upgrades, applied in turn to an older file's data when it is loaded."""

ACTION_KEY = "action"
"""The key naming an action's class inside each `[[actions]]` table."""

MAX_TITLE = 80
SAVE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
"""A save id, matched whole: lowercase ASCII letters, digits and dashes, 80 at most."""
KNOWN_KEYS = frozenset(
    {"format", "id", "game", "title", "created", "updated", "revision", "rules", "setup", "actions"}
)
"""Top-level keys this version reads; any other is kept as it is and written back at each save."""


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
    if not SAVE_ID.fullmatch(save_id) or path.stem != save_id:
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
