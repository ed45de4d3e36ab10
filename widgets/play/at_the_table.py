"""Who is at the table: every device that has the game open, its seat and its kind, and one
that just went, on every play screen, its table view and the table display.

One line under the header (wrapping between devices, never inside one that fits a line):

    At the table: Amy (Ana): this terminal · Doug (Cy): a browser · a table display
    · Anton (Ben): a browser, gone 0:04 · Cleo: free

A seat is shown with the device that sits there ("another device" for a seat whose device
keeps no file of its own: an older version); a device where nobody sits by its kind alone;
free seats while anyone sits. A device gone (its process ended, its tab closed, its game
closed) says `gone` and for how long, greyed, for `saves.shared.attendance.LET_GO_SECONDS`. The
line is hidden while this device is alone at the game and nobody sits.

`TableLook` is what a screen holds: `look(...)` once a second gives the phrases (and holds this
process's own file for the game looked at), `close()` when the screen closes. `AtTheTable` is
the line; its styles are in `at_the_table.tcss`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from companion.core import SeatOption
from companion.phrases import phrase
from lang import tr
from saves.shared.attendance import Attendance, Attendee, Attending, Kind
from saves.shared.presence import Presence, Seat
from widgets.kit.shown import keeps_size, plain

HEADING = phrase("At the table: ")
SEPARATOR = " · "
THIS_DEVICE: dict[Kind, str] = {
    "terminal": phrase("this terminal"),
    "browser": phrase("this browser"),
    "display": phrase("this table display"),
}
A_DEVICE: dict[Kind, str] = {
    "terminal": phrase("a terminal"),
    "browser": phrase("a browser"),
    "display": phrase("a table display"),
}


@dataclass(frozen=True)
class Phrase:
    """One device or seat of the line, and whether it is gone (greyed, and says so); its text a
    phrase, said in the language in use when the line is drawn."""

    text: str
    gone: bool = False


def device_words(kind: Kind, mine: bool) -> str:
    """`this terminal`, `a browser`, `a table display` ..."""
    return (THIS_DEVICE if mine else A_DEVICE)[kind]


def gone_words(went: float, now: float) -> str:
    """`gone 0:04`: minutes and seconds since the device went."""
    seconds = max(0, int(now - went))
    time = f"{seconds // 60}:{seconds % 60:02d}"
    return phrase("gone {time}", time=time)


def phrases_at(
    options: Sequence[SeatOption],
    seats: Mapping[str, Seat],
    attendees: Sequence[Attendee],
    me: tuple[str, Kind],
    now: float,
) -> tuple[Phrase, ...]:
    """The line's phrases: each seat in the game's order (with the device there, gone, or free
    while anyone sits), then the devices where nobody sits, this one first, the gone last. None
    while this device is alone and nobody sits."""
    if not seats and all((a.device, a.kind) == me for a in attendees):
        return ()
    here = {a.seat: a for a in attendees if a.gone_since is None and a.seat in seats}
    gone = {a.seat: a for a in attendees if a.gone_since is not None and a.seat}
    parts: list[Phrase] = []
    in_seats: set[Attendee] = set()
    for option in options:
        seat, attendee, went = seats.get(option.name), here.get(option.name), gone.get(option.name)
        if seat is not None:
            if attendee is not None:
                in_seats.add(attendee)
                where = device_words(attendee.kind, (attendee.device, attendee.kind) == me)
            else:  # a device that keeps no file of its own (an older version)
                where = phrase("this device") if seat.device == me[0] else phrase("another device")
            parts.append(Phrase(phrase("{seat}: {where}", seat=option.label, where=where)))
        elif went is not None and went.gone_since is not None:
            in_seats.add(went)
            words = phrase(
                "{device}, {gone}",
                device=device_words(went.kind, False),
                gone=gone_words(went.gone_since, now),
            )
            said = phrase("{seat}: {where}", seat=option.label, where=words)
            parts.append(Phrase(said, gone=True))
        elif seats:
            parts.append(Phrase(phrase("{seat}: free", seat=option.label)))
    rest = [a for a in attendees if a not in in_seats]
    rest.sort(key=lambda a: ((a.device, a.kind) != me, a.gone_since is not None))
    for attendee in rest:
        device = device_words(attendee.kind, (attendee.device, attendee.kind) == me)
        if attendee.gone_since is None:
            parts.append(Phrase(device))
        else:
            gone_since = gone_words(attendee.gone_since, now)
            said = phrase("{device}: {gone}", device=device, gone=gone_since)
            parts.append(Phrase(said, gone=True))
    return tuple(parts)


def packed(parts: Sequence[Phrase], width: int, gone_style: Style | None = None) -> Text:
    """The heading and the phrases, as many to a line as fit `width`: a line breaks between two
    phrases, never inside one that fits a line; a gone one in `gone_style`. Text as typed."""
    if not parts:
        return Text(end="")
    lines: list[Text] = []
    line = Text(end="")
    for number, part in enumerate(parts):
        piece = plain(tr(part.text))
        if part.gone and gone_style is not None:
            piece.stylize(gone_style)
        if number == 0:
            piece = Text.assemble(tr(HEADING), piece, end="")
        if not line.plain:
            line = piece
        elif cell_len(line.plain + SEPARATOR + piece.plain) <= width:
            line = Text.assemble(line, SEPARATOR, piece, end="")
        else:
            lines.append(line)
            line = piece
    return Text("\n", end="").join([*lines, line])


class AtTheTable(Static):
    """The line of who is at the table; hidden while it says nothing."""

    COMPONENT_CLASSES = {"at-the-table--gone"}
    """A gone device's phrase (greyed: `at_the_table.tcss`); it says `gone` as well."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.parts: tuple[Phrase, ...] = ()
        self.shown = Text()
        """The line as drawn: the same line again redraws nothing."""
        self.display = False

    def show(self, parts: tuple[Phrase, ...]) -> None:
        if parts != self.parts:
            self.parts = parts
            self.display = bool(parts)
            self.pack()

    def width(self) -> int:
        """The columns the line has (the app's, less the padding, before it is laid out)."""
        return self.content_region.width or self.app.size.width - self.styles.gutter.width

    def text(self, width: int) -> Text:
        gone = self.get_component_rich_style("at-the-table--gone")
        return packed(self.parts, width, gone)

    def on_mount(self) -> None:
        """Parts given before the line was mounted (a screen composed again) are drawn now."""
        self.pack()

    def pack(self) -> None:
        if not self.is_mounted:
            return
        text = self.text(self.width())
        if text != self.shown:
            self.shown = text
            before = self.content_size
            self.update(text, layout=False)
            if not keeps_size(self, before):
                self.refresh(layout=True)

    def on_resize(self) -> None:
        self.pack()


class TableLook:
    """A screen's look at who is at its game: this process at the game it shows (its file
    held), and every device there, read again at each `look`."""

    def __init__(self, home: Path, kind: Kind, device: str) -> None:
        self.home = home
        self.kind = kind
        self.device = device
        self.attending: Attending | None = None
        self.attendance: Attendance | None = None

    def look(
        self, save_id: str, presence: Presence, options: Sequence[SeatOption], now: float
    ) -> tuple[tuple[Phrase, ...], str | None]:
        """The line's phrases for the game `save_id` now, and a problem to say (once)."""
        problem = None
        if self.attending is None or self.attending.save_id != save_id:
            self.close(now)  # a game kept as a copy is another game
            self.attending = Attending(self.home, save_id, self.kind, self.device)
            self.attendance = Attendance(self.home, save_id)
            problem = self.attending.join()
        assert self.attendance is not None
        attendees = self.attendance.look(now, presence.sitters(), presence.listed())
        problem = problem or self.attendance.take_notice()
        parts = phrases_at(options, presence.seats(), attendees, (self.device, self.kind), now)
        return parts, problem

    def close(self, now: float | None = None) -> None:
        """This process leaves the game it looked at (the others see it gone)."""
        if self.attending is not None:
            self.attending.leave(now)
            self.attending = None
