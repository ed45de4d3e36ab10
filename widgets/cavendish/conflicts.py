"""Cavendish conflicts on the play screen: the keys, the Time Captain's order dialog, the words.

`c` marks the selected agent's personal conflict; `G` steps a group conflict along: announce it
(from the card), type the adversary's life points and the order of attempts and begin it, then
(between two turns) say the adversary is defeated; `o` sets a new order before a turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Static

from companion.cavendish.actions import AddAdversary, BeginGroupConflict, OrderAttempts
from companion.cavendish.conflict_words import life_words
from companion.cavendish.conflicts import next_attempt
from companion.cavendish.model import CavendishState, Receptacle
from companion.phrases import phrase
from lang import t, tr
from widgets.cavendish.dialogs import CavendishDialog, NameDialog, cancel_button
from widgets.kit.kept_values import KeptValues
from widgets.kit.shown import plain
from widgets.shell.base import Answers
from widgets.shell.chrome import KeyFooter

CONFLICT_KEYS = {
    "personal_conflict": "",
    "announce_conflict": "none",
    "begin_conflict": "announced",
    "end_conflict": "begun",
    "reorder_conflict": "begun",
    "add_adversary": "open",
}
"""Each conflict key and the group conflict stage it needs ("" for any, "open" for announced or
begun)."""


def key_on(action: str, state: CavendishState) -> bool:
    """Whether a conflict key is on at this stage of the group conflict."""
    wanted = CONFLICT_KEYS[action]
    now = stage(state)
    return wanted in ("", now) or (wanted == "open" and now != "none")


BINDINGS = [
    Binding("c", "personal_conflict", phrase("Conflict"), id="cavendish-personal-conflict"),
    Binding("G", "announce_conflict", phrase("Group conflict"), id="cavendish-group-conflict"),
    Binding("G", "begin_conflict", phrase("Begin conflict"), id="cavendish-begin-conflict"),
    # TRANSLATORS: a key's name: the adversary is defeated
    Binding("G", "end_conflict", phrase("Defeated"), id="cavendish-end-conflict"),
    Binding("o", "reorder_conflict", phrase("New order"), id="cavendish-reorder-conflict"),
    Binding("A", "add_adversary", phrase("Adversary"), id="cavendish-add-adversary"),
]
"""One key walks the group conflict through its stages: only the one for the stage is on."""

PALETTE = (
    (
        "personal_conflict",
        phrase("personal conflict"),
        phrase("The selected agent's card shows a personal conflict"),
    ),
    (
        "announce_conflict",
        phrase("announce group conflict"),
        phrase("A group conflict card was read"),
    ),
    (
        "begin_conflict",
        phrase("begin group conflict"),
        phrase("The Time Captain's order of attempts"),
    ),
    (
        "end_conflict",
        phrase("adversary defeated"),
        phrase("By the players' word, between two turns"),
    ),
    (
        "reorder_conflict",
        phrase("new order of attempts"),
        phrase("The Time Captain's order for the next turn"),
    ),
    (
        "add_adversary",
        phrase("another adversary"),
        phrase("Another adversary in the group conflict, its life points"),
    ),
)


def defeat_choices(state: CavendishState) -> list[tuple[str, str]]:
    """What `G` may say is defeated when several adversaries still stand: one of them, or all
    (the conflict is over); empty with one standing (the conflict is over)."""
    conflict = state.conflict
    if conflict is None or len(conflict.standing) < 2:
        return []
    ones = [
        (adversary.called, t("{adversary} is defeated", adversary=adversary.called))
        for adversary in conflict.standing
    ]
    return [*ones, (EVERY_ADVERSARY, t("every adversary: the conflict is over"))]


EVERY_ADVERSARY = "*every*"
"""The pick that ends the whole conflict by the players' word."""


class AdversaryDialog(KeptValues, CavendishDialog):
    """Another adversary joins the group conflict: its name and its card's life points.

    | Key | Action |
    | --- | --- |
    | enter, ctrl+s | The adversary joins |
    | escape | Cancel |
    """

    BINDINGS = [Binding("ctrl+s", "confirm", phrase("Join"), id="cavendish-confirm-adversary")]

    def __init__(self, state: CavendishState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        conflict = self.state.conflict
        assert conflict is not None
        with Vertical(classes="dialog", id="adversary-dialog"):
            title = t("Another adversary in {conflict}", conflict=conflict.against)
            yield Label(plain(title), classes="dialog-title")
            yield Input(placeholder=t("its name (required)"), id="adversary-name", compact=True)
            yield Static(plain(t("Life points, from its card (blank: not counted)")))
            yield Input(
                placeholder=t("not counted"),
                type="integer",
                valid_empty=True,
                id="adversary-life",
                compact=True,
            )
            yield Static(
                plain(
                    t(
                        "Each adversary keeps its own damage; the conflict ends when every one is "
                        "defeated"
                    )
                ),
                classes="hint",
            )
            with Answers():
                yield Button(plain(t("Join (ctrl+s)")), action="screen.confirm", variant="primary")
                yield cancel_button()
        yield KeyFooter()

    def spoken_again(self) -> None:
        """Composed again in another language: the name and life points typed, put back."""
        self.put_back()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        typed = self.query_one("#adversary-life", Input).value.strip()
        try:
            life_points = int(typed) if typed else 0
        except ValueError:
            self.notify(
                t("Type the life points as a whole number, or leave them blank."), markup=False
            )
            return
        name = self.query_one("#adversary-name", Input).value
        self.dismiss(AddAdversary(name, life_points))


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
            t(
                "{conflict} announced: Items swap at no cost (g); G: life points and order, then "
                "it begins",
                conflict=conflict.against_at_start,
            )
        )
    elif conflict is not None:
        turn, due = next_attempt(state)
        if len(conflict.adversaries) > 1:
            damage = "; ".join(
                t("{adversary} defeated", adversary=adversary.standing)
                if adversary.defeated
                else tr(adversary.standing)
                for adversary in conflict.adversaries
            )
        elif conflict.life_points:
            damage = t(
                "damage {damage} of {life_points}",
                damage=conflict.damage,
                life_points=conflict.life_points,
            )
        else:
            damage = t("damage {damage} (no life points)", damage=conflict.damage)
        parts.append(
            t(
                "{conflict}, turn {turn}, {damage}: {agent} attempts next (t); o: new order; G: "
                "defeated",
                conflict=conflict.against_at_start,
                turn=turn,
                damage=damage,
                agent=due,
            )
        )
    if held:
        parts.append(t("Personal conflict: {agents} (their test first)", agents=", ".join(held)))
    return "\n".join(parts)


def adversary_dialog() -> NameDialog:
    """The group conflict card was read: the adversary's name, optional."""
    return NameDialog(
        t("A group conflict: everyone stops"),
        [],
        hint=t("The adversary's name (optional); Items then swap at no cost until it begins"),
        placeholder=t("the adversary, or leave blank"),
    )


def proposed_order(state: CavendishState) -> tuple[int, ...]:
    """Seat numbers (1-4): the order in force once begun, else from the Time Captain leftwards;
    ejected agents left out."""
    count = len(state.agents)
    if state.conflict is not None and state.conflict.begun:
        seats = (state.index(name) for name in state.conflict.order)
    else:
        seats = ((state.captain + step) % count for step in range(count))
    return tuple(seat + 1 for seat in seats if not state.agents[seat].ejected)


class OrderDialog(KeptValues, CavendishDialog):
    """The adversary's life points and the Time Captain's order of attempts, typed as seat
    numbers; enter begins the conflict (once begun: sets the order for the next turn).

    | Key | Action |
    | --- | --- |
    | 0-9 | The adversary's life points, as its card shows (blank: not counted) |
    | tab | To the order |
    | 1-4 | Seat numbers in the order of attempts |
    | enter, ctrl+s | Begin the group conflict (or set the new order) |
    | escape | Cancel |
    """

    BINDINGS = [Binding("ctrl+s", "confirm", phrase("Confirm"), id="cavendish-confirm-order")]

    def __init__(
        self, state: CavendishState, submit: Callable[[BeginGroupConflict | OrderAttempts], bool]
    ) -> None:
        super().__init__()
        self.state = state
        self.submit = submit
        assert state.conflict is not None
        self.reordering = state.conflict.begun
        """Begun already: a new order for the next turn, the life points kept."""

    def compose(self) -> ComposeResult:
        state = self.state
        conflict = state.conflict
        assert conflict is not None
        seats = " · ".join(
            t("{number} {agent} (ejected)", number=number, agent=agent.receptacle)
            if agent.ejected
            else f"{number} {agent.receptacle}"
            for number, agent in enumerate(state.agents, start=1)
        )
        captain = state.captain_agent.receptacle
        if self.reordering:
            title = t(
                "Next turn of {conflict}: {captain} sets a new order",
                conflict=conflict.against,
                captain=captain,
            )
        else:
            title = t(
                "Begin {conflict}: {captain} sets the order",
                conflict=conflict.against,
                captain=captain,
            )
        with Vertical(classes="dialog", id="order-dialog"):
            yield Label(plain(title), classes="dialog-title")
            if not self.reordering:
                first = conflict.adversaries[0].called
                yield Static(
                    plain(
                        t(
                            "Life points of {adversary}, from its card (blank: not counted)",
                            adversary=first,
                        )
                    )
                )
                yield Input(
                    placeholder=t("not counted"),
                    type="integer",
                    valid_empty=True,
                    id="life-points",
                    compact=True,
                )
            yield Static(plain(t("Order of attempts, as seat numbers: {seats}", seats=seats)))
            default = " ".join(str(seat) for seat in proposed_order(state))
            yield Input(default, id="order", compact=True)
            yield Static(id="order-preview")
            if self.reordering:
                hint = t("Each agent not ejected once")
            else:
                hint = t("Each agent not ejected once; no Item swaps once it begins")
            yield Static(plain(hint), classes="hint")
            with Answers():
                yield Button(
                    plain(t("Confirm (ctrl+s)")), action="screen.confirm", variant="primary"
                )
                yield cancel_button()
        yield KeyFooter()

    def on_mount(self) -> None:
        first = "#order" if self.reordering else "#life-points"
        self.query_one(first, Input).focus()
        self.show_preview()

    def spoken_again(self) -> None:
        """Composed again in another language: the life points and the order typed so far put
        back, with what they read as."""
        self.put_back()
        self.show_preview()

    def read(self) -> BeginGroupConflict | OrderAttempts | str:
        """The order (and life points) typed, or why they cannot be read."""
        text = self.query_one("#order", Input).value
        numbers = [char for char in text if not char.isspace() and char != ","]
        count = len(self.state.agents)
        if not numbers or any(char not in "123456789"[:count] for char in numbers):
            return t("Type seat numbers 1 to {count}, in the order of attempts.", count=count)
        order: tuple[Receptacle, ...] = tuple(
            self.state.agents[int(char) - 1].receptacle for char in numbers
        )
        if self.reordering:
            return OrderAttempts(order)
        typed = self.query_one("#life-points", Input).value.strip()
        try:
            life_points = int(typed) if typed else 0
        except ValueError:
            return t("Type the adversary's life points as a whole number, or leave them blank.")
        return BeginGroupConflict(order, life_points)

    @on(Input.Changed)
    def show_preview(self) -> None:
        typed = self.read()
        if isinstance(typed, str):
            text = typed
        else:
            order = ", ".join(typed.order)
            if isinstance(typed, BeginGroupConflict):
                assert self.state.conflict is not None
                life = typed_life_words(self.state, typed.life_points)
                text = t("Order: {order}; {life}", order=order, life=life)
            else:
                text = t("Order: {order}", order=order)
        self.query_one("#order-preview", Static).update(plain(text))

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        """Confirm, or stay open with what was typed and the reason it was refused."""
        order = self.read()
        if isinstance(order, str):
            self.notify(order, title=t("Not allowed"), severity="error", markup=False)
            return
        if self.submit(order):
            self.dismiss(order)


def typed_life_words(state: CavendishState, life_points: int) -> str:
    """The life points typed in the log's words ("6 life points", or not counted)."""
    assert state.conflict is not None
    first, *more = state.conflict.adversaries
    typed = (replace(first, life_points=life_points), *more)
    return life_words(replace(state.conflict, adversaries=typed))
