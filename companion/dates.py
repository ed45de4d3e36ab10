"""Dates and times as the players lived them: in the time zone where a game was made.

A save keeps its times in UTC and, since the `utc_offset` key, the offset of the machine
that made it (minutes east of UTC), so an evening game in Los Angeles is dated that evening
wherever the statistics are read. A zone chosen in the settings (`time_zone`) overrides both;
a save made before the offset was kept, and a roll, are shown in the machine's own local time.
`local` is the one place every date shown by the statistics, plays, rolls and dice-check passes.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_OFFSET_MINUTES = 24 * 60 - 1
"""The widest UTC offset a `datetime` can hold (exclusive of a whole day)."""

_OFFSET = re.compile(r"^(?:UTC)?([+-])(\d{1,2}):?(\d{2})?$")


def fixed_zone(minutes: int) -> tzinfo:
    """The zone `minutes` east of UTC (within a day either way)."""
    if not -MAX_OFFSET_MINUTES <= minutes <= MAX_OFFSET_MINUTES:
        raise ValueError(f"a UTC offset is within ±23:59, not {minutes} minutes")
    return UTC if minutes == 0 else timezone(timedelta(minutes=minutes))


def offset_minutes(when: datetime) -> int:
    """The machine's UTC offset at `when`, in minutes east (what a new save keeps)."""
    offset = when.astimezone().utcoffset() or timedelta()
    return int(offset.total_seconds() // 60)


def parse_zone(text: str) -> tzinfo | None:
    """A zone as typed in the settings: empty (None: each save's own offset), `UTC`, an offset
    (`+02:00`, `-8`, `UTC+5:30`) or a zone name (`Europe/Paris`); ValueError naming the problem."""
    text = text.strip()
    if not text:
        return None
    if text.upper() in {"UTC", "Z", "GMT"}:
        return UTC
    found = _OFFSET.match(text.upper())
    if found:
        sign, hours, minutes = found.groups()
        total = int(hours) * 60 + int(minutes or 0)
        return fixed_zone(-total if sign == "-" else total)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"'{text}' is not a time zone: use an offset such as +02:00 or a name such as "
            "Europe/Paris"
        ) from None


def local(when: datetime, offset: int | None = None, zone: tzinfo | None = None) -> datetime:
    """`when` in the zone chosen in the settings, else at the offset kept with its game, else in
    the machine's local time; as it is when none of them can hold it (the edge of the calendar)."""
    try:
        if zone is not None:
            return when.astimezone(zone)
        if offset is not None:
            return when.astimezone(fixed_zone(offset))
        return when.astimezone()
    except (OverflowError, ValueError, OSError):
        return when
