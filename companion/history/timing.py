"""One duration and one end per play, for every figure and every file that shows either.

A play is dated when it was played. A game played in the app ends at its last action
(`app_span`) and its duration, `play_minutes` (the typed one wins; else the active time), is
counted back from there: a game set up at 20:00 and last touched at 21:10 with "3 h" typed in
its details ran 18:10 to 21:10 on that day, never setup plus 3 h (the next day's 23:00).
A play typed in (or imported) says when it started, so it ends at `play_end`, its start plus
its duration. The statistics, the plays list, the CSV and both BG Stats forms all read a play's
start and end from here, so a play sent to BG Stats and brought back is the same play in every
figure.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from companion.history.details import MAX_MINUTES, active_minutes


def play_minutes(typed: int | None, active_seconds: float | None = None) -> int | None:
    """A play's duration in whole minutes: the one typed in when given, else its active time
    (a game played in the app: from its first to its last action), at most a week; None when
    neither says (a typed-in play without a duration)."""
    if typed is not None:
        return min(max(typed, 0), MAX_MINUTES)
    if active_seconds is None or active_seconds <= 0:
        return None
    return min(active_minutes(int(active_seconds)), MAX_MINUTES)


def span_seconds(first: datetime, last: datetime) -> float:
    """The active time of a game played in the app: from its setup to its last action."""
    return max((last - first).total_seconds(), 0.0)


def play_end(started: datetime, minutes: int | None) -> datetime:
    """When a typed-in play ended: its start, to the second (as BG Stats keeps it), plus its
    duration."""
    return started.replace(microsecond=0) + timedelta(minutes=minutes or 0)


def app_span(last_action: datetime, minutes: int | None) -> tuple[datetime, datetime]:
    """When a game played in the app started and ended: it ends at its last action, to the
    second (as BG Stats keeps it), and started its duration before that."""
    ended = last_action.replace(microsecond=0)
    return ended - timedelta(minutes=minutes or 0), ended
