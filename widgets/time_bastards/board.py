"""The four timelines with every piece, and the players' achievements and supply.

Each piece shows as its owner's mark (● or ◆) in their colour with its rank by age among its
owner's pieces (1 = that player's oldest), since identical counters on the table cannot tell you
which is older.
"""

from __future__ import annotations

from functools import partial

from rich.text import Text

from companion.text import visible
from companion.time_bastards.model import (
    ROMAN,
    TIMELINES,
    TimeBastardsState,
    deciding,
    earliest,
    held,
    piece,
    rank,
)
from lang import current, t
from widgets.time_bastards.panel import Panel

OWNER_MARKS = ("●", "◆")
"""Each player's pieces by shape as well as colour: the first player's dots, the second's
diamonds (the travellers panel gives the key)."""
SUPPLY_MARKS = ("○", "◇")
"""A player's counters still in the supply: their shape, hollow."""

HELD = "✓"
"""After an achievement's numeral when it is held, not only its colour."""

LABEL = 5
"""Columns taken by the timeline name at the start of each row (more for a longer word for
"time" in the reader's language)."""

COMPACT = 2
"""The narrowest cell: a piece's mark and rank (`●1`), with no space beside it."""


def time_label(time: int, width: int, focus: bool) -> str:
    """A time above its column. Compact cells are two columns, as wide as "10", so only the
    even times are written, each at its cell's left (`0   2   4 ... 10  12`), and the time a
    decision is about."""
    if width > COMPACT:
        return str(time).center(width)
    shown = focus or time % 2 == 0
    return (str(time) if shown else "").ljust(width)


def label_width() -> int:
    """Columns before the first space: the timeline's numeral, or the word "time" and a space."""
    # TRANSLATORS: the heading of the board's row of times (a piece's time on its timeline)
    return max(LABEL, len(t("time")) + 1)


def target_time(state: TimeBastardsState) -> int | None:
    """The time (column) a decision in hand is about: a new piece's place or a bumped piece."""
    if state.bumped:
        bumped = piece(state, state.bumped[0])
        return bumped.position if bumped else None
    if state.roll is not None and state.roll < 6:
        mine = earliest(state, state.turn)
        return mine.position - state.roll if mine else None
    return None


def board_of(state: TimeBastardsState) -> tuple[object, ...]:
    """Everything the board draws: the travellers' colours, the pieces, the bumped pieces and
    the time a decision is about."""
    colours = tuple(traveller.colour for traveller in state.setup.players)
    length = state.setup.timeline_length
    return (colours, length, state.pieces, state.bumped, target_time(state))


def travellers_of(state: TimeBastardsState) -> tuple[object, ...]:
    """Everything the travellers panel draws: the setup, each one's pieces on the board, the
    supply, the achievements, and who is deciding."""
    mover = None if state.finished else deciding(state)
    owners = tuple(sorted(p.owner for p in state.pieces))
    return (state.setup, owners, state.supply, state.achievements, mover)


class TimelineBoard(Panel):
    """Timelines I-IV as rows of spaces, the start (0) on the left; redraw with `show(state)`."""

    DEFAULT_CLASSES = "timeline-board"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: TimeBastardsState | None = None

    def show(self, state: TimeBastardsState) -> None:
        """Draw the board of `state`, unless its pieces and its decision's time are those
        drawn (an undo of a roll, a turn passed: the board is the same; `board_of` names what
        it draws, at the width of a space)."""
        self.state = state
        self.draw((board_of(state), self.cell_width(), current()), self.drawing)

    def on_resize(self) -> None:
        if self.state is not None:
            self.show(self.state)

    def cell_width(self) -> int:
        """Three columns a space, more when the panel is wide enough, two (a compact cell)
        where three would cut the last spaces: on a phone, 15 spaces take 35 columns."""
        assert self.state is not None
        room = self.content_size.width - label_width()
        return max(COMPACT, min(6, room // self.state.setup.timeline_length))

    def drawing(self) -> Text:
        """The board as text: a row of times, then one row per timeline. Never wrapped: a
        wrapped row would put the last spaces under the first."""
        state = self.state
        assert state is not None
        width = self.cell_width()
        length = state.setup.timeline_length
        focus = target_time(state)
        label = label_width()
        text = Text(t("time").ljust(label), style="dim", no_wrap=True, overflow="crop")
        for time in range(length):
            style = "bold black on yellow" if time == focus else "dim"
            text.append(time_label(time, width, time == focus), style=style)
        for timeline in TIMELINES:
            text.append("\n")
            text.append(ROMAN[timeline].ljust(label), style="bold")
            for time in range(length):
                text.append_text(self._cell(state, timeline, time, width))
        return text

    def _cell(self, state: TimeBastardsState, timeline: int, time: int, width: int) -> Text:
        here = sorted(
            (p for p in state.pieces if p.timeline == timeline and p.position == time),
            key=lambda p: p.age,
        )
        if not here:
            return Text("·".center(width), style="dim")
        cell = Text()
        for found in here:
            colour = state.setup.players[found.owner].colour
            style = f"bold {colour}"
            if found.age in state.bumped:
                style += " reverse"
            mark = OWNER_MARKS[found.owner]
            label = f"{mark}{rank(state, found)}" if len(here) == 1 else mark
            cell.append(label, style=style)
        pad = max(0, width - cell.cell_len)
        if width == COMPACT:  # left in its two columns, as the time above it
            return cell + Text(" " * pad)
        return Text(" " * (pad // 2)) + cell + Text(" " * (pad - pad // 2))


class TravellersPanel(Panel):
    """Per player: colour, name, whose turn, achievements held, pieces on the board and supply."""

    DEFAULT_CLASSES = "travellers"

    def show(self, state: TimeBastardsState) -> None:
        """Draw the travellers of `state`, unless what the panel shows of them is unchanged
        (`travellers_of` names what it shows)."""
        self.draw((travellers_of(state), current()), partial(self.drawing, state))

    def drawing(self, state: TimeBastardsState) -> Text:
        """The panel as text: per traveller their mark and name, achievements and pieces."""
        text = Text(no_wrap=True, overflow="ellipsis")
        for player, traveller in enumerate(state.setup.players):
            mover = not state.finished and player == deciding(state)
            text.append("▶ " if mover else "  ", style="bold")
            text.append(f"{OWNER_MARKS[player]} ", style=f"bold {traveller.colour}")
            text.append(f"{visible(traveller.name)}\n", style=f"bold {traveller.colour}")
            if state.setup.mode == "duel":
                # TRANSLATORS: short for "achievements", before the numerals I-IV held
                text.append("  " + t("ach") + " ")
                text.append_text(_achievements(held(state, player)))
                text.append("\n")
            on_board = sum(1 for p in state.pieces if p.owner == player)
            text.append("  ")
            text.append(OWNER_MARKS[player] * on_board, style=traveller.colour)
            text.append(SUPPLY_MARKS[player] * state.supply[player], style="dim")
            counts = t("board {board} supply {supply}", board=on_board, supply=state.supply[player])
            text.append(f" {counts}\n")
        if state.setup.mode == "coop":
            text.append(t("Team achievements") + "\n", style="bold")
            text.append("  ")
            text.append_text(_achievements(held(state, 0)))
        text.rstrip()
        return text


def _achievements(timelines: tuple[int, ...]) -> Text:
    text = Text()
    for timeline in TIMELINES:
        if timeline in timelines:
            text.append(f"{ROMAN[timeline]}{HELD}", style="bold green")
        else:
            text.append(ROMAN[timeline], style="dim")
        text.append(" ")
    return text
