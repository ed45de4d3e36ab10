"""Dates and times as the players lived them: in the time zone where a game was made.

A save keeps its times in UTC and, since the `utc_offset` key, the offset of the machine
that made it (minutes east of UTC), so an evening game in Los Angeles is dated that evening
wherever the statistics are read. A zone chosen in the settings (`time_zone`) overrides both;
a save made before the offset was kept, and a roll, are shown in the machine's own local time.
`local` is the one place every date shown by the statistics, plays, rolls and dice-check passes;
`with_zone` the one place a date typed or read (a recorded play's, an import's) is bounded and
given its zone.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from companion.phrases import phrase

FIRST_YEAR, LAST_YEAR = 1900, 9998
"""The years a play may be dated in, as typed or read in its own zone: every figure can place it
in any time zone, to its end (a week at most after its start), far from the calendar's edges
(years 1 and 9999), where a zone's offset would carry it out of what a date can hold."""

MAX_OFFSET_MINUTES = 24 * 60 - 1
"""The widest UTC offset a `datetime` can hold (exclusive of a whole day)."""

_EARLIEST = datetime(FIRST_YEAR, 1, 1, tzinfo=timezone(timedelta(minutes=MAX_OFFSET_MINUTES)))
_LATEST = datetime(
    LAST_YEAR, 12, 31, 23, 59, 59, 999999, timezone(timedelta(minutes=-MAX_OFFSET_MINUTES))
)
"""The first and the last instant some time zone dates in `FIRST_YEAR` to `LAST_YEAR`."""

_OFFSET = re.compile(r"^(?:UTC)?([+-])(\d{1,2}):?(\d{2})?$")


def fixed_zone(minutes: int) -> tzinfo:
    """The zone `minutes` east of UTC (within a day either way)."""
    if not -MAX_OFFSET_MINUTES <= minutes <= MAX_OFFSET_MINUTES:
        raise ValueError(
            phrase("a UTC offset is within ±23:59, not {minutes} minutes", minutes=str(minutes))
        )
    return UTC if minutes == 0 else timezone(timedelta(minutes=minutes))


def offset_minutes(when: datetime) -> int:
    """The machine's UTC offset at `when`, in minutes east (what a new save keeps)."""
    offset = when.astimezone().utcoffset() or timedelta()
    return int(offset.total_seconds() // 60)


def in_bounds(moment: datetime) -> bool:
    """Whether a play may be dated `moment`, the same in every time zone: one with its UTC offset
    is an instant, in bounds when some zone reads it in a year from `FIRST_YEAR` to `LAST_YEAR`
    (a play recorded in Kiritimati on 1 January 1900 is read as 31 December 1899 in UTC, and a
    file keeps it in UTC: still in bounds); one without is its year as written."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        return FIRST_YEAR <= moment.year <= LAST_YEAR
    return _EARLIEST <= moment <= _LATEST


def with_zone(moment: datetime) -> datetime:
    """`moment` with its UTC offset (one without is the machine's local time), the same in every
    time zone: a year outside `FIRST_YEAR` to `LAST_YEAR` (as typed) is refused before any zone
    is applied, so 9999-12-31T23:00 is refused in one line in New York as in UTC, never an
    `OverflowError`; ValueError in words. An offset with seconds (a zone's old local mean time,
    Kiritimati's -10:29:20 until 1901) is kept to its whole minutes, the time as typed, as a
    save file can hold it (TOML offsets have no seconds)."""
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:  # as typed, in its own zone
        raise ValueError(
            phrase(
                "A play is dated from {first} to {last}, not {day}.",
                first=str(FIRST_YEAR),
                last=str(LAST_YEAR),
                day=moment.date().isoformat(),
            )
        )
    if moment.tzinfo is None or moment.utcoffset() is None:
        try:
            moment = moment.replace(tzinfo=None).astimezone()
        except (OverflowError, ValueError, OSError):  # a zone the machine cannot place it in
            day = f"{moment:%Y-%m-%d %H:%M}"  # as typed
            raise ValueError(
                phrase("{when} cannot be placed in this time zone.", when=day)
            ) from None
    offset = moment.utcoffset() or timedelta()
    if offset % timedelta(minutes=1):  # a local mean time (Kiritimati's -10:29:20 until 1901)
        minutes = int(offset.total_seconds() // 60)
        moment = moment.replace(tzinfo=fixed_zone(minutes))
    return moment


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
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # with a zone's name only: 2 ms a start

    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            phrase(
                "'{typed}' is not a time zone: use an offset such as +02:00 or a name such as "
                "Europe/Paris",
                typed=text,
            )
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
