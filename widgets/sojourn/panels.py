"""Read-only panels of the traveller screen: the Traveler card, the hand and the timeline grid."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable, Static

from companion.sojourn.model import FRAGMENTS_NEEDED, KINDS, SQUARES, Destination, SojournState
from companion.sojourn.outlook import draw_chances
from companion.sojourn.timeline import column_label
from companion.text import visible
from lang import t, tr

CELL_WIDTH = 14
"""Columns a card takes at least (80 columns hold four)."""
ROW_LABEL = 4
"""The row numbers on the left of the grid, with their padding."""


def squares(filled: int, total: int, style: str) -> Text:
    """Cubes in squares: a filled square per cube, an empty one per free square."""
    text = Text()
    text.append("■ " * filled, style=style)
    text.append("□ " * (total - filled), style="dim")
    return text


def traveler_text(state: SojournState) -> Text:
    """The Traveler card: Health (red), Temporal Charge (blue), Time Fragments (green)."""
    text = Text()
    rows = (
        # TRANSLATORS: the Traveler card's red track (the game's term), a short label
        (t("Health"), state.health, SQUARES, "bold red"),
        # TRANSLATORS: the Traveler card's blue track (Temporal Charge), a short label
        (t("Charge"), state.charge, SQUARES, "bold dodger_blue1"),
        # TRANSLATORS: the Traveler card's green track (Time Fragments), 6 letters at most
        (t("Frags"), state.fragments, FRAGMENTS_NEEDED, "bold green"),
    )
    width = max(len(label) for label, *_ in rows) + 1
    for index, (label, filled, total, style) in enumerate(rows):
        if index:
            text.append("\n")
        text.append(label.ljust(width))
        text.append_text(squares(filled, total, style))
        text.append(f"{filled}/{total}")
    return text


def hand_text(state: SojournState) -> Text:
    """The hand by kind with the chance of drawing each kind next from the timestream deck."""
    chances = draw_chances(state)
    text = Text()
    # TRANSLATORS: the hand panel's columns: the cards held, the chance of each on the next draw
    held, chance = t("hand"), t("next")
    heading = f"{held:>4} {chance:>5}"
    text.append(f"{'':17}{heading}\n", style="dim")
    for index, kind in enumerate(KINDS):
        if index:
            text.append("\n")
        count = state.hand.count(kind)
        style = "bold" if count else "dim"
        text.append(f"{tr(kind.label):<17}", style=style)
        text.append(f"{count:>4}", style=style)
        text.append(f"{float(chances[kind]):>5.0%}", style="dim")
    deck = t(
        "deck {deck}, discards {discards}", deck=state.deck.total, discards=state.discard.total
    )
    text.append(f"\n{deck}", style="dim")
    return text


def cell_text(place: Destination, here: bool, width: int = CELL_WIDTH) -> Text:
    """One card in the timeline grid: its name, then COST / RISK and any fragments."""
    card = place.card
    text = Text()
    name = place.name if len(place.name) <= width - 2 else place.name[: width - 3] + "…"
    text.append("@ " if here else "  ", style="bold yellow")
    text.append(visible(name), style="bold yellow" if here else "bold")
    if place.row == 0:
        text.append(f"\n  {tr(column_label(0))}", style="dim")
        return text
    text.append(f"\n  C{card.cost} R{card.risk}", style="dim")
    if place.fragments:
        text.append(f" ◆{place.fragments}", style="bold green")
    return text


class TravelerCard(Static):
    """Health, Temporal Charge and Time Fragments as cubes in squares (`traveler_text`)."""


class HandPanel(Static):
    """The timestream hand by kind, with each kind's letter and its chance on the next draw
    (`hand_text`)."""


class TimelineGrid(DataTable[Text]):
    """The timeline as on the table: the highest row on top, the traveller's card marked `@`.

    Arrow keys pick a card; enter opens the trip to it.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="cell", zebra_stripes=False, show_row_labels=True)
        self.spots: dict[tuple[int, int], int] = {}
        """(table row, table column) -> index in the timeline."""
        self.state: SojournState | None = None
        """The state last shown, to redraw it at a new width."""
        self.drawn: tuple[object, ...] = ()
        """The timeline, position and width last drawn: the same again redraws nothing."""

    def show(self, state: SojournState) -> None:
        """Redraw every card; the cursor stays on the card it was on, else the traveller's.

        Nothing is redrawn when the timeline, the traveller's place and the width are the same
        (an undo of a draw, a roll): rebuilding the table restyles every cell."""
        self.state = state
        drawn = (state.timeline, state.position, self.size.width)
        if drawn == self.drawn:
            return
        self.drawn = drawn
        previous = self.selected(state)
        rows = [place.row for place in state.timeline]
        columns = [place.column for place in state.timeline]
        low, high = min(columns), max(columns)
        top = max(rows)
        self.clear(columns=True)
        width = self.cell_width(state, high - low + 1)
        for column in range(low, high + 1):
            self.add_column(Text(tr(column_label(column)), style="dim"), width=width)
        self.spots = {}
        grid: dict[tuple[int, int], Text] = {}
        for index, place in enumerate(state.timeline):
            spot = (top - place.row, place.column - low)
            self.spots[spot] = index
            grid[spot] = cell_text(place, index == state.position, width)
        for table_row in range(top + 1):
            cells = [grid.get((table_row, col), Text("")) for col in range(high - low + 1)]
            self.add_row(*cells, height=2, label=Text(f"{top - table_row}", style="dim"))
        target = state.position if previous is None else previous
        for spot, index in self.spots.items():
            if index == target:
                self.move_cursor(row=spot[0], column=spot[1], animate=False)

    def cell_width(self, state: SojournState, columns: int) -> int:
        """Columns wide enough for every name when the panel has the room, else `CELL_WIDTH`."""
        longest = max(len(place.name) for place in state.timeline) + 2
        room = (self.size.width - ROW_LABEL) // columns - 2  # each cell's padding
        return max(CELL_WIDTH, min(longest, room))

    def on_resize(self) -> None:
        """A wider panel shows more of each name."""
        if self.state is not None:
            self.show(self.state)

    def selected(self, state: SojournState) -> int | None:
        """The timeline index of the card under the cursor, if the cursor is on a card."""
        if not self.row_count:
            return None
        index = self.spots.get((self.cursor_row, self.cursor_column))
        return index if index is not None and index < len(state.timeline) else None
