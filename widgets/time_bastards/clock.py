"""A clock face of 12 hours with one marker per lap: reusable wherever rounds are hours on a track.

The track starts at X and runs through hours 1-12. The first marker moves one hour per round; when
it reaches 12 a second marker starts at X and moves on, for as many laps as the game has.
"""

from __future__ import annotations

from rich.text import Text

from lang import current, t
from widgets.time_bastards.panel import Panel

HOURS = 12
WIDTH = 23
ROWS = 7
MOVING = "bold black on yellow"
"""The marker now moving."""
PARKED = "bold black on grey70"
"""A marker that has reached the end of the track."""

# Where each label sits on the face: (row, column). X, the start, sits just under 12.
PLACES: dict[int, tuple[int, int]] = {
    12: (0, 10),
    1: (0, 15),
    2: (1, 19),
    3: (3, 21),
    4: (5, 19),
    5: (6, 15),
    6: (6, 10),
    7: (6, 5),
    8: (5, 1),
    9: (3, 0),
    10: (1, 1),
    11: (0, 5),
    0: (1, 10),
}


def markers(elapsed: int, laps: int) -> tuple[int, ...]:
    """Where each marker on the track stands (0 = X) after `elapsed` hours, one per lap begun.

    A marker that has reached 12 stays there; the next one starts at X at that moment.
    """
    elapsed = max(0, min(elapsed, HOURS * laps))
    return tuple(min(elapsed - HOURS * k, HOURS) for k in range(laps) if elapsed >= HOURS * k)


class ClockFace(Panel):
    """The clock track as a face: hours passed are bright, the moving marker is highlighted.

    Call `show(elapsed, laps)` with the hours advanced so far (the round number) and the laps
    the game plays (two in a Time Bastards duel, one in co-op).
    """

    DEFAULT_CLASSES = "clock-face"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.elapsed = 0
        self.laps = 1
        self.drawn_for: tuple[int, int, str] | None = None
        """The hours, the laps and the language last drawn."""

    def show(self, elapsed: int, laps: int) -> None:
        """Redraw for `elapsed` hours advanced in a game of `laps` laps (nothing is drawn
        again when they are the hours and laps shown: most keys leave the clock alone)."""
        if self.shown is not None and (elapsed, laps, current()) == self.drawn_for:
            return
        self.elapsed = elapsed
        self.laps = laps
        self.drawn_for = (elapsed, laps, current())
        self.put(self.face())

    def on_resize(self) -> None:
        """A face where it has room for one, a track where it has not (a narrow screen)."""
        self.put(self.face())

    def face(self) -> Text:
        """The face as styled text, 7 rows of 23 columns; where the widget has fewer rows,
        the same hours as one track, `X 1 2 ... 12`, and the same words under it.

        The hour and lap played are the rules' own (`hour`, `lap` in the Time Bastards model):
        in the round that brings the first marker to 12, that marker still moves (hour 12,
        lap 1) and the next one waits at X."""
        placed = markers(self.elapsed, self.laps)
        played = max(1, self.elapsed)
        lap = min(self.laps, (played - 1) // HOURS + 1)
        moving = (played - 1) % HOURS + 1 if self.elapsed else None
        waiting = len(placed) > lap
        styles = {hour: self._style(hour, moving, lap, waiting) for hour in PLACES}
        centre = [
            t("hour {hour}", hour=moving) if moving else t("at X"),
            t("lap {lap} of {laps}", lap=lap, laps=self.laps),
            t("marker {marker} at X", marker=lap + 1) if waiting else "",
        ]
        if self.is_mounted and 0 < self.content_size.height < ROWS:
            return self._track(styles, centre)
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * WIDTH for _ in range(ROWS)]
        for hour, (row, col) in PLACES.items():
            for offset, char in enumerate(label_of(hour)):
                grid[row][col + offset] = (char, styles[hour])
        for row, words in zip((2, 3, 4), centre, strict=True):
            line = words[:WIDTH]
            start = (WIDTH - len(line)) // 2
            for offset, char in enumerate(line):
                grid[row][start + offset] = (char, "italic")
        text = Text()
        for row_index, row_cells in enumerate(grid):
            for char, style in row_cells:
                text.append(char, style=style)
            if row_index < ROWS - 1:
                text.append("\n")
        return text

    def _style(self, hour: int, moving: int | None, lap: int, waiting: bool) -> str:
        """How an hour's label is drawn: passed hours bold, the moving marker's highlighted."""
        style = "dim"
        if moving is not None and 0 < hour <= moving:
            style = "bold"
        if lap > 1 and hour == HOURS:
            style = PARKED
        if hour == moving or (hour == 0 and waiting):
            style = MOVING if hour == moving else "bold"
        return style

    def _track(self, styles: dict[int, str], centre: list[str]) -> Text:
        """The clock as one line of hours, X to 12 (28 columns), and its words below."""
        text = Text(no_wrap=True, overflow="ellipsis")
        for hour in range(HOURS + 1):
            text.append(label_of(hour), style=styles[hour])
            text.append(" " if hour < HOURS else "\n")
        text.append(" · ".join(line for line in centre if line), style="italic")
        return text


def label_of(hour: int) -> str:
    """An hour as the clock writes it: X for the start, then 1-12."""
    return "X" if hour == 0 else str(hour)
