"""A listing's own resume of a save played on past its checkpoint (issue 44: 2,000 saves listed
without the listing cache): the state kept in the checkpoint, with the records after it played on
it by the rules, gives the save's line without reading its head, setup, steps or log; and the
checkpoint is then written again for the whole file, so that the next such listing lists the
save from the line kept there.

Only a checkpoint the file proves is resumed (`checkpoint.Proofs`), and every record after it is
read and applied by the rules as a full load reads and applies it: anything that load would
refuse gives None, and the save is replayed whole, which says what is wrong.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core import Game
from companion.guard import GameFault
from companion.session import check_numbers
from saves.codec import CodecError
from saves.games.checkpoint_file import (
    Kept,
    gathered_keys,
    kept_lines,
    made_from_line,
    origin_item,
    publish,
    records_covered,
    state_line,
)
from saves.games.document import ACTIVITY_KEY, DETAILS_KEY, counted_activity
from saves.games.record_lines import parse_records
from saves.games.records import (
    Record,
    RecordReader,
    action_table,
    records_start,
    table_after_records,
)
from saves.games.state_plan import decoded_state
from saves.history.kept_details import active_seconds
from saves.listing.cache import SaveEntry
from saves.listing.entry_line import typed_minutes


class NeedsSteps(Exception):
    """An undo or a redo after the checkpoint: the steps before it are needed."""


@dataclasses.dataclass(frozen=True)
class Tail:
    """The records after a checkpoint played on its state: what a listing shows of the save,
    and what its checkpoint needs to be written again for the whole file."""

    game: Game[Any, Any]
    entry: SaveEntry
    """The list's line for the whole file (without facts)."""
    state: Any
    extra: dict[str, Any]
    count: int
    """The number of the last record."""
    steps: tuple[Record, ...]
    """The `do` records, in order: one step each."""
    lines: list[str]
    """Their steps' log lines."""


def played_on(
    find_game: Callable[[str], Game[Any, Any] | None],
    path: Path,
    content: bytes,
    kept: Kept,
    entry: SaveEntry,
) -> Tail | None:
    """The listing's own resume of a save played on past its checkpoint, whose line for the
    bytes it covers is `entry` (proved): the state kept there decoded once, the `do` records
    after it played on it by the rules as a full load plays them (`apply`, and `narrate`, whose
    fault would make the save unreadable), the `details` ones gathered, the active time and the
    last change counted; the head, the setup, the steps and the log are not read. None when
    anything is not as a full load would read it (that load then says what is wrong);
    `NeedsSteps` for an undo or a redo, which need the steps before the checkpoint."""
    covers, count = kept.made_from["covers"], kept.made_from["records"]
    line = kept.state()
    created, updated = entry.created, entry.updated
    if line is None or created is None or table_after_records(content, covers) is not None:
        return None
    try:
        game = find_game(entry.game_id)
        if game is None:
            return None
        tables = parse_records(path, content[covers:])
        records = RecordReader(path, game).records(tables, count + 1)
        if any(record.kind in ("undo", "redo") for record in records):
            raise NeedsSteps
        state = decoded_state(game.state_type, line["state"])
        extra = gathered_keys(line["extra"])
        lines = []
        for record in records:
            if record.kind == "do":
                check_numbers(record.action)
                after = game.apply(state, record.action)
                lines.append(game.narrate(state, record.action, after))
                state = after
            elif isinstance(extra.get(DETAILS_KEY, []), list):
                extra.setdefault(DETAILS_KEY, []).append(dict(record.details))
            else:
                return None  # refused by a full load: it says why
            if record.kind != "details" and record.at is not None:
                extra[ACTIVITY_KEY] = counted_activity(extra, created, record.at)
                updated = max(updated, record.at)
        waiting = game.waiting_for(state)
        listed = SaveEntry(  # not `dataclasses.replace`: 2,000 saves, a tenth of the resume
            entry.id,
            entry.title,
            entry.game_id,
            entry.game_title,
            updated,
            game.summary(state),
            game.status(state),
            waiting.text if waiting else "",
            created,
            None,
            entry.utc_offset,
            typed_minutes(extra),
            active_seconds(extra),
        )
    except NeedsSteps:
        raise
    except Exception:  # a cache is never trusted: the full load says what is wrong, if anything
        return None
    steps = tuple(record for record in records if record.kind == "do")
    last = records[-1].number if records else count
    return Tail(game, listed, state, extra, last, steps, lines)


def refresh_tail(
    home: Path, found: tuple[Path, bytes] | None, content: bytes, kept: Kept, tail: Tail
) -> None:
    """Write the checkpoint `kept` again for the whole of `content`, whose records after it
    `tail` played: its steps with theirs added, the state they reached, the line they gave."""
    start, steps = records_start(content), kept.steps()
    if (
        start is None
        or steps is None
        or records_covered(content, start, len(content)) != tail.count
    ):
        return  # lines the count cannot be proved from (blank, foreign): no checkpoint
    try:
        state = state_line(tail.game, tail.state, tail.extra)
        actions, origins = list(steps["actions"]), list(steps["origins"])
        tables = {json.dumps(table, sort_keys=True): n for n, table in enumerate(actions)}
        for record in tail.steps:
            table = json.dumps(action_table(record.action), sort_keys=True)
            index = tables.setdefault(table, len(actions))
            if index == len(actions):
                actions.append(json.loads(table))
            origins.append(origin_item(record, index))
        made_from = made_from_line(kept.made_from["stamp"], content, tail.count, tail.entry)
        kept = steps["lines"] + kept_lines(tail.lines)
        lines = {"lines": kept, "actions": actions, "origins": origins}
    except (TypeError, ValueError, CodecError, RecursionError, GameFault):
        return
    if state is not None:
        publish(home, tail.entry.id, (made_from, state, lines), found)
