"""Cavendish conflicts on the play screen: the keys, the Time Captain's order dialog, the words.

`c` marks the selected agent's personal conflict; `G` steps a group conflict along: announce it
(from the card), set the order of attempts and begin it, then say the adversary is defeated.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from companion.cavendish.actions import BeginGroupConflict
from companion.cavendish.conflicts import next_attempt
from companion.cavendish.model import CavendishState, Receptacle
from widgets.cavendish.dialogs import CavendishDialog, NameDialog
from widgets.kit.shown import plain
from widgets.shell.chrome import KeyFooter

CONFLICT_KEYS = {
    "personal_conflict": "",
    "announce_conflict": "none",
    "begin_conflict": "announced",
    "end_conflict": "begun",
}
"""Each conflict key and the group conflict stage it needs ("" for any)."""

BINDINGS = [
    Binding("c", "personal_conflict", "Conflict", id="cavendish-personal-conflict"),
    Binding("G", "announce_conflict", "Group conflict", id="cavendish-group-conflict"),
    Binding("G", "begin_conflict", "Begin conflict", id="cavendish-begin-conflict"),
    Binding("G", "end_conflict", "Defeated", id="cavendish-end-conflict"),
]
"""One key walks the group conflict through its stages: only the one for the stage is on."""

PALETTE = (
    (
        "personal_conflict",
        "personal conflict",
        "The selected agent's card shows a personal conflict",
    ),
    ("announce_conflict", "announce group conflict", "A group conflict card was read"),
    ("begin_conflict", "begin group conflict", "The Time Captain's order of attempts"),
    ("end_conflict", "adversary defeated", "The group conflict is over"),
)


def stage(state: CavendishState) -> str:
    """`none`, `announced` or `begun`: the group conflict's stage."""
    if state.conflict is None:
        return "none"
    return "begun" if state.conflict.begun else "announced"


def conflict_text(state: CavendishState) -> str:
    """The conflicts at the location in a line ("" when none)."""
    conflict = state.conflict
    held = [agent.receptacle for agent in state.agents if agent.personal_conflict]
    parts = []
    if conflict is not None and not conflict.begun:
        parts.append(
            f"{conflict.against_at_start} announced: Items swap at no cost (g); "
            "G sets the order and begins it"
        )
    elif conflict is not None:
        turn, due = next_attempt(state)
        parts.append(
            f"{conflict.against_at_start}, turn {turn}: {due} attempts next (t); "
            "G when the adversary is defeated"
        )
    if held:
        parts.append(f"Personal conflict: {', '.join(held)} (their test first)")
    return "\n".join(parts)


def adversary_dialog() -> NameDialog:
    """The group conflict card was read: the adversary's name, optional."""
    return NameDialog(
        "A group conflict: everyone stops",
        [],
        hint="The adversary's name (optional); Items then swap at no cost until it begins",
        placeholder="the adversary, or leave blank",
    )


def proposed_order(state: CavendishState) -> tuple[int, ...]:
    """Seat numbers (1-4) from the Time Captain leftwards, ejected agents left out."""
    count = len(state.agents)
    seats = ((state.captain + step) % count for step in range(count))
    return tuple(seat + 1 for seat in seats if not state.agents[seat].ejected)


class OrderDialog(CavendishDialog):
    """The Time Captain's order of attempts, typed as seat numbers; enter begins the conflict.

    | Key | Action |
    | --- | --- |
    | 1-4 | Seat numbers in the order of attempts |
    | enter, ctrl+s | Begin the group conflict |
    | escape | Cancel |
    """

    BINDINGS = [Binding("ctrl+s", "confirm", "Begin", id="cavendish-confirm-order")]

    def __init__(self, state: CavendishState, submit: Callable[[BeginGroupConflict], bool]) -> None:
        super().__init__()
        self.state = state
        self.submit = submit

    def compose(self) -> ComposeResult:
        state = self.state
        assert state.conflict is not None
        seats = " · ".join(
            f"{number} {agent.receptacle}" + (" (ejected)" if agent.ejected else "")
            for number, agent in enumerate(state.agents, start=1)
        )
        captain = state.captain_agent.receptacle
        with Vertical(classes="dialog", id="order-dialog"):
            yield Label(
                plain(f"Begin {state.conflict.against}: {captain} sets the order"),
                classes="dialog-title",
            )
            yield Static(plain(f"Seats: {seats}"))
            default = " ".join(str(seat) for seat in proposed_order(state))
            yield Input(default, id="order", compact=True)
            yield Static(id="order-preview")
            yield Static(
                "Each agent not ejected once; no Item swaps once it begins\n"
                "enter: begin · escape: cancel",
                classes="hint",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#order", Input).focus()
        self.show_preview()

    def read(self) -> BeginGroupConflict | str:
        """The order typed, or why it cannot be read."""
        text = self.query_one("#order", Input).value
        numbers = [char for char in text if not char.isspace() and char != ","]
        count = len(self.state.agents)
        if not numbers or any(char not in "123456789"[:count] for char in numbers):
            return f"Type seat numbers 1 to {count}, in the order of attempts."
        order: tuple[Receptacle, ...] = tuple(
            self.state.agents[int(char) - 1].receptacle for char in numbers
        )
        return BeginGroupConflict(order)

    @on(Input.Changed)
    def show_preview(self) -> None:
        order = self.read()
        text = order if isinstance(order, str) else "Order: " + ", ".join(order.order)
        self.query_one("#order-preview", Static).update(plain(text))

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        """Begin, or stay open with what was typed and the reason it was refused."""
        order = self.read()
        if isinstance(order, str):
            self.notify(order, title="Not allowed", severity="error")
            return
        if self.submit(order):
            self.dismiss(order)
