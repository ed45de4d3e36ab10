"""A checkpoint's file: its sealed lines as they are written and read back (saves/games/
checkpoint.py says when one is believed).

Its seal's line (saves/games/checkpoint_folder.py) is followed by three of JSON: what it was made
from with the list's line, the state with the keys the records gather, then the steps, so that a
listing parses only what it needs: the line, or the state to play the records after it on. A
checkpoint is written only when everything in it comes back exactly as it was; a folder that
refuses it, or something not ours in its place, is no error.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from companion.core import Game
from companion.guard import GameFault
from saves.codec import CodecError, bounded, from_plain, load_json, to_plain
from saves.files import SaveError, read_file, write_text
from saves.games.checkpoint_folder import checkpoints_folder, folder_key, seal
from saves.games.document import ACTIVITY_KEY, DETAILS_KEY, FORMAT, SavedGame
from saves.games.records import Record, action_table, records_start
from saves.games.state_plan import decodes_exactly
from saves.listing.cache import SaveEntry, digest, entry_record
from saves.listing.entry_line import entry_of
from saves.said import kept_text, text_back

CHECKPOINT_FORMAT = 5
"""5: the log's lines that are phrases kept with their template and values (saves/said.py);
2: sealed with the data folder's key, stamped by every module of the kernel and the storage;
3: the list's line kept, and what it was made from on a line apart from the game; 4: the state
on a line apart from the steps, decoded by its plan (saves/games/state_plan.py)."""


MAX_CHECKPOINT_BYTES = 32 * 1024 * 1024
"""A larger file is no checkpoint of ours (a save holds at most 8 MiB): it is not read."""
_KEPT_EXTRA = (ACTIVITY_KEY, DETAILS_KEY)
"""The keys the records themselves gather into `SavedGame.extra` (the head gives the others)."""


_RECORD_KEY = re.compile(rb"r([0-9]{1,18})[ \t]*=")
"""The start of a record line: its number."""
_MADE_FROM: dict[str, type] = {
    "id": str,
    "stamp": str,
    "covers": int,
    "digest": str,
    "records": int,
    "updated": str,
    "entry": dict,
}
"""The checkpoint's first line of JSON (with its `format`): what it was made from, and the
game's line in the list for those bytes."""
_STATE: dict[str, type] = {"state": dict, "extra": str}
"""Its second line: the game's state at that point, and the keys its records gather (TOML, or
JSON with its dates tagged: `_extra_text`)."""
_MOMENT = "$datetime"
"""The key of a date and time in the gathered keys' JSON: `{"$datetime": ISO text}`."""
_STEPS: dict[str, type] = {"lines": list, "actions": list, "origins": list}
"""Its third line: the log in words, and the record that made each step."""


class Kept:
    """A checkpoint whose seal and first line are right: what it was made from (with the list's
    line), and its other two lines, each parsed only when asked for."""

    def __init__(self, made_from: dict[str, Any], state: bytes, steps: bytes) -> None:
        self.made_from = made_from
        self._state, self._steps = state, steps

    def state(self) -> dict[str, Any] | None:
        """The state as plain data and the keys the records gather; None when not as written."""
        return _line(self._state, _STATE)

    def steps(self) -> dict[str, Any] | None:
        """The log in words and the record of each step, as written; None when not."""
        return _line(self._steps, _STEPS)

    def whole(self) -> dict[str, Any] | None:
        """Every field, the game's values within a save's bounds; None when not as written."""
        state, steps = self.state(), self.steps()
        if state is None or steps is None:
            return None
        try:
            # a value no save can hold (a number past 64 bits) is no state of a game
            bounds = {"state": bounded(state["state"]), "actions": bounded(steps["actions"])}
        except (CodecError, RecursionError):
            return None
        return {**self.made_from, **state, **steps, **bounds}


def read_kept(folder: Path, key: bytes, save_id: str) -> Kept | None:
    """The checkpoint when it is sealed with `key` and what it was made from is of the shape
    `write_saved` writes; else None (its other lines are parsed when asked for)."""
    path = os.path.join(folder, f"{save_id}.json")  # text, not a `Path`: 2,000 saves a listing
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        given_seal, _, sealed = read_file(path, MAX_CHECKPOINT_BYTES)[0].partition(b"\n")
    except (OSError, SaveError):
        return None
    if not hmac.compare_digest(given_seal, seal(key, sealed)):
        return None  # edited by hand, damaged, or sealed in another data folder
    made_line, _, rest = sealed.partition(b"\n")
    state, _, steps = rest.partition(b"\n")
    made_from = _line(made_line, {**_MADE_FROM, "format": int})
    if made_from is None or made_from["format"] != CHECKPOINT_FORMAT:
        return None
    return Kept(made_from, state, steps) if made_from["id"] == save_id else None


def _line(text: bytes, shape: Mapping[str, type]) -> dict[str, Any] | None:
    """One line of JSON when it is an object of exactly these keys and types; else None."""
    try:
        data: Any = load_json(text, every_value=False)
    except (CodecError, RecursionError):
        return None
    return data if _shaped(data, shape) else None


def _shaped(data: Any, shape: Mapping[str, type]) -> bool:
    """Whether `data` is a JSON object of exactly these keys, each value of its type."""
    if not isinstance(data, dict) or set(data) != set(shape):
        return False
    return all(type(data[key]) is kind for key, kind in shape.items())


def records_covered(content: bytes, start: int, covers: int) -> int | None:
    """How many records the save's bytes hold from `start` (its first record line) to `covers`
    (a line's end), as the file itself says: the number of the last record line, when there are
    exactly that many lines; None when the lines do not show it (a blank or foreign line, a
    line's middle)."""
    if covers == start:
        return 0
    if covers < start or content[covers - 1 : covers] != b"\n":
        return None
    last = content.rfind(b"\n", start, covers - 1) + 1
    found = _RECORD_KEY.match(content, max(last, start))
    if found is None:
        return None
    number = int(found.group(1))
    if covers == len(content):  # counting the whole bytes is twice as quick as a range of them
        lines = content.count(b"\n") - content.count(b"\n", 0, start)
    else:
        lines = content.count(b"\n", start, covers)
    return number if lines == number else None


def log_lines(items: list[Any]) -> list[str]:
    """A checkpoint's log in words (a phrase again where the game said one), refused
    (`ValueError`) when a line is not text `kept_lines` writes."""
    return [text_back(item) for item in items]


def kept_lines(lines: Iterable[str]) -> list[Any]:
    """The log's lines as a checkpoint keeps them: a phrase with its template and values."""
    return [kept_text(line) for line in lines]


def step_origin(actions: list[Any], item: Any) -> Record:
    """The record that made a step, as `write_saved` keeps it: `[number, the index of its action
    among the distinct ones, by, seat, at or null, was or null]`."""
    number, index, by, seat, at, was = item
    if type(number) is not int or type(index) is not int or index < 0:
        raise ValueError("not a step's origin")
    if not isinstance(by, str) or not isinstance(seat, str):
        raise ValueError("not a step's origin")
    if was is not None and not isinstance(was, str):
        raise ValueError("not a step's origin")
    when = None if at is None else zoned_moment(at)
    return Record(number, "do", actions[index], by=by, seat=seat, at=when, was=was)


def zoned_moment(text: Any) -> datetime:
    """A date and time with its zone, from its ISO text (`ValueError` for anything else)."""
    moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    if moment is None or moment.tzinfo is None:
        raise ValueError("not a date and time with its zone")
    return moment


def write_saved(
    home: Path, saved: SavedGame, content: bytes, made_by: Callable[[str], str]
) -> None:
    """Keep a checkpoint of `saved`, which is `content` replayed, when it can be kept exactly: a
    game with a step to redo, or a state that does not come back equal from JSON (by the codec
    and by its plan), gets none. `made_by`: the game's stamp (`checkpoint.stamp`), asked only
    when the checkpoint is written. A folder that refuses it, or something not ours in its
    place, is no error."""
    if saved.undone or saved.format_read != FORMAT or saved.cannot_add:
        return
    start, covers = records_start(content), content.rfind(b"\n") + 1
    if start is None or records_covered(content, start, covers) != saved.record_count:
        return  # lines the count cannot be proved from (blank, foreign): no checkpoint
    try:
        state = state_line(saved.game, saved.session.state, saved.extra)
        tables: dict[str, int] = {}
        known: dict[int, int] = {}  # by the action object: a file's repeated action is one
        indexes = []
        for origin in saved.origins:
            index = known.get(id(origin.action))
            if index is None:
                table = json.dumps(action_table(origin.action), sort_keys=True)
                index = known[id(origin.action)] = tables.setdefault(table, len(tables))
            indexes.append(index)
        entry = entry_of(saved, with_facts=False)
        made_from = made_from_line(
            made_by(saved.game.id), content[:covers], saved.record_count, entry
        )
        steps = {
            "lines": kept_lines(saved.session.history),
            "actions": [json.loads(table) for table in tables],
            "origins": [
                origin_item(o, index) for o, index in zip(saved.origins, indexes, strict=True)
            ],
        }
    except (TypeError, ValueError, CodecError, RecursionError, GameFault):
        return  # a state or a value JSON or TOML cannot hold exactly; the game's line failed
    if state is not None:
        publish(home, saved.id, (made_from, state, steps))


def state_line(game: Game[Any, Any], state: Any, extra: Mapping[str, Any]) -> dict[str, Any] | None:
    """The checkpoint's line of the state and of the keys the records gather; None when the
    state does not come back equal from JSON, by the codec and by its plan."""
    plain = json.loads(json.dumps(to_plain(state)))
    if from_plain(game.state_type, plain) != state or not decodes_exactly(state, plain):
        return None
    kept_extra = {key: extra[key] for key in _KEPT_EXTRA if key in extra}
    return {"state": plain, "extra": _extra_text(kept_extra)}


def _extra_text(extra: dict[str, Any]) -> str:
    """The keys the records gather as the checkpoint keeps them: JSON with each date and time
    tagged, when it gives them back exactly as their TOML does (a listing of 2,000 resumed saves
    spent a fifth of each resume in `tomllib`); else their TOML."""
    text = tomli_w.dumps(extra)
    with contextlib.suppress(ValueError, TypeError, RecursionError):
        tagged = json.dumps(_tagged(extra), separators=(",", ":"))
        if gathered_keys(tagged) == bounded(tomllib.loads(text)):
            return tagged
    return text


def gathered_keys(text: str) -> dict[str, Any]:
    """The keys kept by `_extra_text`, their dates and times in UTC (`bounded`)."""
    if text.startswith("{"):  # JSON; a TOML document never starts with a brace
        extra = _untagged(json.loads(text))
        if not isinstance(extra, dict):
            raise ValueError("the gathered keys are not a table")
        return dict(bounded(extra))
    return dict(bounded(tomllib.loads(text)))


def _tagged(value: Any) -> Any:
    """A TOML value as JSON: a date and time with its zone tagged; any other date or time
    refused (`ValueError`: kept as TOML)."""
    if isinstance(value, dict):
        return {key: _tagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_tagged(item) for item in value]
    if isinstance(value, datetime) and value.tzinfo is not None:
        return {_MOMENT: value.isoformat()}
    if isinstance(value, str | int | float):  # bool is an int
        return value
    raise ValueError(f"{type(value).__name__} kept as TOML")


def _untagged(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and _MOMENT in value:
            return zoned_moment(value[_MOMENT])
        return {key: _untagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_untagged(item) for item in value]
    return value


def made_from_line(made_by: str, covered: bytes, records: int, entry: SaveEntry) -> dict[str, Any]:
    """The checkpoint's first line: what it was made from, and the game's line in the list."""
    covered_digest = digest(covered)
    return {
        "format": CHECKPOINT_FORMAT,
        "id": entry.id,
        "stamp": made_by,
        "covers": len(covered),
        "digest": covered_digest,
        "records": records,
        "updated": entry.updated.isoformat(),
        # the listing cache's record of a file of exactly these bytes
        "entry": {"digest": covered_digest, **entry_record(entry)},
    }


def origin_item(origin: Record, index: int) -> list[Any]:
    """A step's origin as `step_origin` reads it back."""
    at = None if origin.at is None else origin.at.isoformat()
    return [origin.number, index, origin.by, origin.seat, at, origin.was]


def publish(
    home: Path, save_id: str, parts: tuple[Any, ...], found: tuple[Path, bytes] | None = None
) -> None:
    """Seal the checkpoint's lines with the folder's key (`found`, or made now) and write it; a
    link out of the data folder is never written through, something not ours in its place is
    left as it is, and a write that fails leaves the checkpoint that was there."""
    folder, key = found if found is not None else (checkpoints_folder(home, create=True), None)
    if key is None and folder is not None:
        key = folder_key(folder, create=True)
    if folder is None or key is None:
        return
    path = folder / f"{save_id}.json"
    with contextlib.suppress(OSError):
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            return  # a link, a pipe or a folder in its place: not ours, left as it is
    body = "\n".join(json.dumps(part, separators=(",", ":")) for part in parts)
    sealed_with = seal(key, body.encode("utf-8")).decode("ascii")
    with contextlib.suppress(OSError, SaveError):
        write_text(path, f"{sealed_with}\n{body}", durable=False)
