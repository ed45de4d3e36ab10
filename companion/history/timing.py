"""One duration and one end per play, for every figure and every file that shows either.

Before, an imported play ended at its start plus its typed duration while an app play ended at
its last action, and the CSV measured setup to last action while the BG Stats file wrote the
typed minutes: export then import changed the order of an evening's plays and its streaks.
Now every play has one duration, `play_minutes` (the typed one wins; else the active time, from
the first to the last action of a game played in the app), and ends at `play_end`, its start
plus that duration: the statistics, the plays list, the CSV and both BG Stats forms all read
these two, so a play sent to BG Stats and brought back is the same play in every figure.
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
    """When a play ended: its start, to the second (as BG Stats keeps it), plus its duration."""
    return started.replace(microsecond=0) + timedelta(minutes=minutes or 0)
