"""One roll as the history file holds it: checked when read, rendered once as its one line.

Every field is checked against the dice (faces on the die, the total they make, the modifier
the expression says): a line this app did not write is never trusted.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion import dice
from companion.dice import DiceError, DiceSpec, Roll
from companion.phrases import phrase
from saves.append_log import one_line
from saves.files import SaveError

MAX_LABEL = 200
ROLL_KEYS = {"at", "expression", "faces", "modifier", "total", "source", "label"}


@dataclass(frozen=True)
class LoggedRoll:
    """A roll in the history: the dice as they fell, when, and what it was for."""

    roll: Roll
    at: datetime
    """When it was rolled, in UTC."""
    label: str = ""
    """What the roll was for ("RISK at Fall of Troy"); empty when none was given."""


class RollHistoryError(ValueError):
    """A roll in the file that cannot be used; the message says which and why."""


def parse_old_history(path: Path, data: dict[str, Any], version: int) -> list[LoggedRoll]:
    """The rolls of a format 1 or 2 history (`rolls = [...]`, rewritten whole by each roll),
    oldest first, or `SaveError` naming the first problem."""
    unknown = sorted(set(data) - {"format", "rolls"})
    if unknown:
        raise SaveError(path, phrase("unknown key {key}", key=repr(unknown[0])))
    raw_rolls = data.get("rolls", [])
    if not isinstance(raw_rolls, list):
        raise SaveError(path, phrase("'rolls' must be a list of rolls"))
    if version == 1:
        raw_rolls = raw_rolls[::-1]  # format 1 kept the newest first
    entries = []
    for number, raw in enumerate(raw_rolls, start=1):
        try:
            entries.append(decode_roll(raw))
        except RollHistoryError as error:
            raise SaveError(
                path, phrase("roll {number}: {problem}", number=str(number), problem=error)
            ) from None
    return entries


def decode_roll(raw: Any) -> LoggedRoll:
    """One roll table, every field's type and every face checked against the dice."""
    if not isinstance(raw, dict):
        raise RollHistoryError(phrase("not a table"))
    unknown = sorted(set(raw) - ROLL_KEYS)
    if unknown:
        raise RollHistoryError(phrase("unknown key {key}", key=repr(unknown[0])))
    expression = _field(raw, "expression", str)
    try:
        spec = _spec(expression)
    except DiceError as error:
        raise RollHistoryError(error.args[0]) from None
    faces = _field(raw, "faces", list)
    if not all(type(face) is int for face in faces):
        raise RollHistoryError(phrase("faces must be whole numbers"))
    try:
        dice.check_faces(spec, faces)
    except DiceError as error:
        raise RollHistoryError(error.args[0]) from None
    modifier = raw.get("modifier", spec.modifier)
    if type(modifier) is not int or modifier != spec.modifier:
        raise RollHistoryError(
            phrase(
                "modifier must be {modifier} for {dice}",
                modifier=str(spec.modifier),
                dice=expression,
            )
        )
    total = _field(raw, "total", int)
    if total != dice.total_of(spec, faces):
        raise RollHistoryError(
            phrase(
                "total {total} is not what faces {faces} make", total=str(total), faces=str(faces)
            )
        )
    source = _field(raw, "source", str)
    if source not in ("app", "physical"):
        raise RollHistoryError(phrase("source must be 'app' or 'physical'"))
    label = raw.get("label", "")
    if not isinstance(label, str) or len(label) > MAX_LABEL:
        raise RollHistoryError(
            phrase("label must be text of at most {most} characters", most=MAX_LABEL)
        )
    return LoggedRoll(
        Roll(spec.expression, tuple(faces), total, "app" if source == "app" else "physical"),
        _moment(raw.get("at")),
        label,
    )


@functools.lru_cache(maxsize=256)
def _spec(expression: str) -> DiceSpec:
    """Notation read once per distinct expression: a history repeats a few of them."""
    return dice.parse(expression)


def _field(raw: dict[str, Any], key: str, kind: type) -> Any:
    value = raw.get(key)
    if value is None:
        raise RollHistoryError(phrase("'{key}' is missing", key=key))
    if type(value) is not kind:
        raise RollHistoryError(
            phrase(
                "'{key}' must be {kind}, not {found}",
                key=key,
                kind=kind.__name__,
                found=type(value).__name__,
            )
        )
    return value


def _moment(value: Any) -> datetime:
    """A roll's time in UTC (a time without offset is taken as local); checked for range."""
    if not isinstance(value, datetime):
        raise RollHistoryError(phrase("'at' must be a date and time"))
    try:
        moment = value.astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        raise RollHistoryError(out_of_range(value)) from None
    if not 1 < moment.year < 9999:  # shown in local time later: a day's margin either way
        raise RollHistoryError(out_of_range(value))
    return moment


def out_of_range(value: datetime) -> str:
    """A roll's time no day can show (at the calendar's edge), as the file wrote it."""
    return phrase("time {time} is out of range", time=str(value))


def roll_line(number: int, entry: LoggedRoll) -> str:
    """Roll `number` as the one line the file holds (`r7 = { ... }`, newline included)."""
    return one_line(f"r{number}", roll_table(entry))


def roll_table(entry: LoggedRoll) -> dict[str, Any]:
    """One roll's fields, under the file's keys."""
    roll = entry.roll
    table: dict[str, Any] = {
        "at": entry.at,
        "expression": roll.expression,
        "faces": list(roll.faces),
        "modifier": _spec(roll.expression).modifier,
        "total": roll.total,
        "source": roll.source,
    }
    if entry.label:
        table["label"] = entry.label
    return table
