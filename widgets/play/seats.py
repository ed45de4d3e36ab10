"""Seats on a play screen: "Sit as ..." (`@` or the command palette), and who sits where.

A device says who sits at it; its screen then selects that agent or player, and every device's
play screen and table view show who is at the table: each device at the game with its seat and
its kind, and one just gone (widgets/play/at_the_table.py). No seat is required to act. The
seats themselves live in `saves.shared.presence`: a closed or crashed device frees its seat at
once.

`SeatKeys` is what a play screen holds: `start()` once mounted, `sit_dialog()` for the key and
the palette (`palette_command()`), `stop()` when it closes. It looks at the seats and at who is
at the table once a second (the presence file's mark, and whether each device still holds its
lock).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from companion.core import Game, SeatOption
from companion.guard import GameFault
from companion.phrases import phrase
from lang import t, tr
from saves.shared.attendance import Kind
from saves.shared.devices import Device
from saves.shared.presence import Presence, Seat, SeatRefused
from widgets.kit.safe_lists import SafeOptionList
from widgets.kit.shown import plain, reason
from widgets.play.at_the_table import AtTheTable, Phrase, TableLook
from widgets.play.host import PlayScreen
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter, TitleHeader

SEAT_BINDING = Binding("at", "sit_as", phrase("Sit as"), id="sit-as", key_display="@", show=False)
"""The key on every play screen (listed by `?`: the footers are full at 80 columns)."""
LOOK_SECONDS = 1.0
"""How often a play screen looks at the seats and the devices at the table: another device's
seat, or its going, shows within a second."""
STAND_UP = "\x00stand-up"
"""The dialog's "Nobody" entry (no seat name holds a NUL character)."""


@runtime_checkable
class Seated(Protocol):
    """A play screen that selects the seat's agent or player when its device sits there."""

    def select_seat(self, name: str) -> None: ...


def seat_options(game: Game[Any, Any], state: Any) -> list[SeatOption]:
    """Who can sit at a game at this state, as the game's rules say (`Game.seats`)."""
    return list(game.seats(state))


class SitDialog(Dialog[str]):
    """Who sits at this device: one of the game's seats, or nobody; answers the seat's name
    (`STAND_UP` for nobody), None when escape cancels.

    | Key | Action |
    | --- | --- |
    | up / down, enter | Sit as the highlighted one |
    | escape | Cancel |
    """

    CSS_PATH = "seats.tcss"
    BINDINGS = [Binding("escape", "cancel", phrase("Cancel"), id="seats-cancel")]

    def __init__(
        self,
        options: Sequence[SeatOption],
        seats: Mapping[str, Seat],
        device: str,
        mine: str | None,
    ) -> None:
        super().__init__()
        self.options = list(options)
        self.seats = dict(seats)
        self.device = device
        self.mine = mine

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Label(plain(t("Who sits at this device?")), id="seats-title")
            entries = [Option(plain(self.entry(o)), id=str(n)) for n, o in enumerate(self.options)]
            entries.append(Option(plain(t("Nobody (stand up)")), id="stand"))
            yield SafeOptionList(*entries, id="seats-list")
            hint = t("No seat is needed to play: any device can act.")
            yield Static(plain(hint), id="seats-hint")
            with Answers():
                yield Button(plain(t("Cancel (esc)")), action="screen.cancel")
        yield KeyFooter()

    def on_mount(self) -> None:
        names = [option.name for option in self.options]
        listed = self.query_one("#seats-list", OptionList)
        listed.highlighted = names.index(self.mine) if self.mine in names else 0
        listed.focus()

    def spoken_again(self) -> None:
        """Composed again in another language: this device's seat highlighted again."""
        self.on_mount()

    def entry(self, option: SeatOption) -> str:
        seat = self.seats.get(option.name)
        label = tr(option.label)
        if option.name == self.mine:
            return t("{seat} · sits here", seat=label)
        if seat is not None and seat.device != self.device:
            return t("{seat} · at another device", seat=label)
        return label

    @on(OptionList.OptionSelected, "#seats-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        picked = event.option.id or ""
        self.dismiss(STAND_UP if picked == "stand" else self.options[int(picked)].name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SeatKeys:
    """A play screen's seat: the dialog, the line of who is at the table, and the look at the
    seats and the devices each second."""

    def __init__(self, screen: PlayScreen, device: Device | None = None) -> None:
        self.screen = screen
        self._device = device
        self.presence: Presence | None = None
        self.table: TableLook | None = None
        """This process at the game, and the devices there (widgets/play/at_the_table.py)."""
        self.line: AtTheTable | None = None
        self.parts: tuple[Phrase, ...] = ()
        """What the line says now, a phrase per seat or device (none while this device is
        alone and nobody sits)."""
        self.timer: Timer | None = None

    @property
    def device(self) -> Device:
        """The app's device: the one its records name (a given one, for a test)."""
        return self._device or self.screen.companion.device

    @property
    def mine(self) -> str | None:
        """Who sits at this device, if anyone does."""
        return self.presence.mine if self.presence is not None else None

    def start(self) -> None:
        """Once the screen is mounted: the line under the header, and the look each second.
        Once only: Textual runs the `on_mount` of each class of a screen, and a play screen's
        own calls its base's too."""
        if self.line is not None:
            return
        self.mount_line()
        self.follow()
        self.timer = self.screen.set_interval(LOOK_SECONDS, self.follow)

    def mount_line(self) -> None:
        """The line of who sits where, under the header."""
        self.line = AtTheTable(id="at-the-table")
        headers = list(self.screen.query(TitleHeader))
        self.screen.mount(self.line, after=headers[0] if headers else None)

    def spoken_again(self) -> None:
        """The screen was composed again in another language: its line is mounted again and
        says who sits where in that language."""
        if self.line is not None:
            self.mount_line()
            self.follow()

    def stop(self) -> None:
        """The screen closes: its device's seat is freed and it leaves the table at once."""
        if self.timer is not None:
            self.timer.stop()
        if self.presence is not None:
            self.presence.release()
        if self.table is not None:
            self.table.close(self.now())

    def now(self) -> float:
        return self.screen.companion.store.clock().timestamp()

    def seats_here(self) -> Presence:
        """The seats of the game on screen (a game kept as a copy is another game)."""
        save_id = self.screen.saved.id
        if self.presence is None or self.presence.save_id != save_id:
            if self.presence is not None:
                self.presence.release()
            home = self.screen.companion.store.home
            self.presence = Presence(home, save_id, self.device.id)
        return self.presence

    def options(self) -> list[SeatOption]:
        """The game's seats now; none when its code fails (said once: the game is watched)."""
        try:
            return seat_options(self.screen.session.game, self.screen.state)
        except GameFault as fault:  # the look each second must not end the app
            self.screen.game_fault(fault)
            return []

    def follow(self) -> None:
        """Show who is at the table now (a device gone since the last look is marked gone)."""
        presence = self.seats_here()
        if self.table is None:
            kind: Kind = "browser" if self.device.browser else "terminal"
            self.table = TableLook(self.screen.companion.store.home, kind, self.device.id)
        self.parts, problem = self.table.look(
            presence.save_id, presence, self.options(), self.now()
        )
        for title, notice in ((t("Seats"), presence.take_notice()), (t("At the table"), problem)):
            if notice is not None:
                self.screen.notify(notice, title=title, severity="warning", markup=False)
        if self.line is not None:
            self.line.show(self.parts)
        self.screen.show_seats(self.parts)

    def sit_dialog(self) -> None:
        """Ask who sits at this device, and sit there."""
        presence = self.seats_here()
        options = self.options()
        dialog = SitDialog(options, presence.seats(), self.device.id, presence.mine)

        def answered(name: str | None) -> None:
            if name is not None:
                self.sit(None if name == STAND_UP else name)

        self.screen.app.push_screen(dialog, answered)

    def sit(self, name: str | None) -> bool:
        """Sit as `name` (None: stand up) and select it on the screen; why not, said."""
        presence = self.seats_here()
        try:
            presence.sit(name, [option.name for option in self.options()])
        except SeatRefused as refused:
            title = t("Not seated")
            self.screen.notify(reason(refused), title=title, severity="error", markup=False)
            return False
        if name is None:
            self.screen.notify(t("Nobody sits at this device now."), title=t("Stood up"))
        else:
            if isinstance(self.screen, Seated):
                self.screen.select_seat(name)
            seated = t("{name} sits at this device.", name=name)
            self.screen.notify(seated, title=t("Seated"), markup=False)
        self.follow()
        return True

    def palette_command(self) -> SystemCommand:
        sit_as, help_text = t("Sit as ..."), t("Say who sits at this device (@)")
        return SystemCommand(sit_as, help_text, self.sit_dialog)
