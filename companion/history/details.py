"""What a play tracker keeps beside the result: where, who started, how long, which expansions and
a note. Pure data and its checks; the saves keep it as appended records (docs/bgstats.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from companion.core import RuleError
from companion.phrases import phrase
from companion.registry import get_game

MAX_LOCATION = 80
"""A place is a few words ("Ana's kitchen"), on one line."""
MAX_NOTES = 1000
"""A note is a few sentences; longer text is refused, never cut silently."""
MAX_MINUTES = 7 * 24 * 60
"""A week: a longer play is a typing mistake."""
ACTIVE_GAP = timedelta(minutes=30)
"""A pause longer than this between two actions is a break, not play time."""


@dataclass(frozen=True)
class PlayDetails:
    """The details of one play; every field may be left empty."""

    location: str = ""
    start_player: str = ""
    """Who took the first turn, in a game that has one (one of the play's players)."""
    minutes: int | None = None
    """How long it lasted, in whole minutes (None: not said)."""
    expansions: tuple[str, ...] = ()
    """The ids of the game's expansions in play (`Game.expansions`: Six Sojourns' `places` ...)."""
    notes: str = ""

    @property
    def empty(self) -> bool:
        return self == PlayDetails()


def expansions_of(game_id: str) -> Mapping[str, str]:
    """The expansions a game has (id -> printed name), as the game declares them."""
    game = get_game(game_id)
    return game.expansions if game is not None else {}


def has_start_player(game_id: str) -> bool:
    """The game's rules name a first player (`Game.start_player`), so a play may say who."""
    game = get_game(game_id)
    return game is not None and game.start_player


def one_line(text: str) -> str:
    """Typed text on one line: control characters and runs of spaces become one space."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())


def clean_notes(text: str) -> str:
    """Notes keep their line breaks; other control characters become spaces; ends trimmed."""
    kept = "".join(ch if ch.isprintable() or ch == "\n" else " " for ch in text)
    return "\n".join(line.rstrip() for line in kept.strip().splitlines())


def checked(details: PlayDetails, game_id: str, players: Sequence[str]) -> PlayDetails:
    """The details cleaned and checked against the game and its players, or `RuleError`."""
    cleaned = one_line(details.location), one_line(details.start_player), clean_notes(details.notes)
    if cleaned != (details.location, details.start_player, details.notes):  # else as it is
        location, start_player, notes = cleaned
        details = replace(details, location=location, start_player=start_player, notes=notes)
    if len(details.location) > MAX_LOCATION:
        raise RuleError(
            phrase(
                "The location is {length} characters; at most {most}.",
                length=str(len(details.location)),
                most=MAX_LOCATION,
            )
        )
    if len(details.notes) > MAX_NOTES:
        raise RuleError(
            phrase(
                "The notes are {length} characters; at most {most}.",
                length=str(len(details.notes)),
                most=str(MAX_NOTES),
            )
        )
    if details.minutes is not None and not 0 <= details.minutes <= MAX_MINUTES:
        raise RuleError(
            phrase(
                "A play lasts 0 to {most} minutes, not {minutes}.",
                most=str(MAX_MINUTES),
                minutes=str(details.minutes),
            )
        )
    if details.start_player:
        if not has_start_player(game_id) or len(players) < 2:
            raise RuleError(phrase("This play has no start player: one player, or no turn order."))
        if details.start_player not in players:
            raise RuleError(
                phrase("{player} did not play in this game.", player=details.start_player)
            )
    game = get_game(game_id)
    known = game.expansions if game is not None else {}
    for expansion in details.expansions:
        if expansion not in known:
            if game is not None and known:
                refusal = phrase(
                    "'{expansion}': not a {game} expansion.", expansion=expansion, game=game.title
                )
            else:
                refusal = phrase("'{expansion}': this game has no expansions.", expansion=expansion)
            raise RuleError(refusal)
    if len(set(details.expansions)) != len(details.expansions):
        raise RuleError(phrase("An expansion is named twice."))
    return details


def whole_number(text: str) -> int:
    """A whole number as typed, in ASCII digits with an optional minus (`int` alone also takes
    other scripts' digits such as "٣", spaces around it and "3_0"); ValueError otherwise."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(phrase("'{typed}' is not a whole number", typed=text))
    return int(text)


def parse_minutes(text: str) -> int | None:
    """A duration as typed: `95`, `1:35`, `1h35` or `1h`, in ASCII digits; empty is None; else
    `RuleError`."""
    text = text.strip().lower().replace(" ", "")
    if not text:
        return None
    hours, minutes = "0", text
    for mark in (":", "h"):
        if mark in text:
            hours, _, minutes = text.partition(mark)
            minutes = minutes.removesuffix("m") or "0"
            break
    else:
        minutes = minutes.removesuffix("min").removesuffix("m")
    digits = hours.isascii() and hours.isdigit() and minutes.isascii() and minutes.isdigit()
    if not digits or len(hours) > 3 or len(minutes) > 5:  # ASCII: `int` reads "٣" as 3
        raise RuleError(
            phrase(
                "'{typed}' is not a duration: type minutes (95) or hours:minutes (1:35).",
                typed=text,
            )
        )
    if ":" in text and int(minutes) > 59:
        raise RuleError(phrase("'{typed}': minutes after the colon go up to 59.", typed=text))
    return int(hours) * 60 + int(minutes)


def minutes_text(minutes: int | None) -> str:
    """A duration as the form shows it: `1:35`, `0:20`; empty when not said."""
    return "" if minutes is None else f"{minutes // 60}:{minutes % 60:02d}"


def to_plain(details: PlayDetails, at: datetime) -> dict[str, Any]:
    """One record of the save's `play_details` table (empty fields left out, TOML has no null)."""
    record: dict[str, Any] = {"at": at}
    if details.location:
        record["location"] = details.location
    if details.start_player:
        record["start_player"] = details.start_player
    if details.minutes is not None:
        record["minutes"] = details.minutes
    if details.expansions:
        record["expansions"] = list(details.expansions)
    if details.notes:
        record["notes"] = details.notes
    return record


RECORD_KEYS = {
    "at": datetime,
    "location": str,
    "start_player": str,
    "minutes": int,
    "expansions": list,
    "notes": str,
}


def from_plain(record: Any) -> PlayDetails:
    """A record written by `to_plain`, or `RuleError` naming what is wrong in it."""
    if not isinstance(record, dict):
        raise RuleError(phrase("a record is not a table"))
    for key, value in record.items():
        kind = RECORD_KEYS.get(key)
        if kind is None:
            raise RuleError(phrase("unknown key '{key}'", key=key))
        if not isinstance(value, kind) or (kind is int and type(value) is not int):
            raise RuleError(
                phrase("'{key}' has the wrong type ({type})", key=key, type=type(value).__name__)
            )
    if "at" not in record:
        raise RuleError(phrase("a record has no 'at' time"))
    expansions = record.get("expansions", [])
    if not all(isinstance(item, str) for item in expansions):
        raise RuleError(phrase("'expansions' must be a list of names"))
    return PlayDetails(
        location=record.get("location", ""),
        start_player=record.get("start_player", ""),
        minutes=record.get("minutes"),
        expansions=tuple(expansions),
        notes=record.get("notes", ""),
    )


def active_minutes(active_seconds: int) -> int:
    """Whole minutes of play, rounded to the nearest (a 40-second game is 1 minute)."""
    return max(1, round(active_seconds / 60)) if active_seconds > 0 else 0


def add_activity(active_seconds: int, last: datetime, now: datetime) -> int:
    """The active time after one more action at `now`: the gap since the last one counts only
    when it is 30 minutes or less (a break, a meal, a night are not play)."""
    gap = now - last
    if timedelta(0) <= gap <= ACTIVE_GAP:
        return active_seconds + int(gap.total_seconds())
    return active_seconds
