"""The Standard Update (shares proposed evenly, editable) and the end-of-mission adjustments."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Static

from companion.cavendish.actions import EndMission, StandardUpdate
from companion.cavendish.azrak import even_split, update_cost
from companion.cavendish.model import ADJUSTMENTS, Adjustments, CavendishState, adjusted_score
from companion.phrases import phrase
from lang import t, tn, tr
from widgets.cavendish.dialogs import CavendishDialog, cancel_button
from widgets.kit.kept_values import KeptValues
from widgets.kit.shown import plain
from widgets.kit.toggles import TickBox
from widgets.shell.base import Answers
from widgets.shell.chrome import KeyFooter

QUESTIONS = {
    "damien_rescued": phrase("Damien rescued"),
    "elixir_found": phrase("Elixir of eternal life found"),
    "anigimas_freed": phrase("Anigimas freed"),
    "anton_dead": phrase("Anton dead"),
}
"""Each end-of-mission question as its tick box says it, by its `Adjustments` field."""


class FreeUpdateDialog(CavendishDialog):
    """Asked before a Standard Update while a free update is left (rules revision 2): use it?

    | Key | Action |
    | --- | --- |
    | f | Use a free update |
    | p | Pay 1 Azrak to the Mission Return card |
    | escape | Cancel |
    """

    BINDINGS = [
        Binding("f", "choose(True)", phrase("Free update"), id="cavendish-update-free"),
        Binding("p", "choose(False)", phrase("Pay 1 Azrak"), id="cavendish-update-paid"),
    ]

    def __init__(self, free_left: int) -> None:
        super().__init__()
        self.free_left = free_left

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="free-update"):
            yield Label(plain(t("Use a free update?")), classes="dialog-title")
            yield Static(
                plain(
                    tn(
                        "The group has {n} update at no cost left for this mission. A free "
                        "update moves nothing to the Mission Return card; a paid one moves 1 "
                        "Azrak there (it counts against your score).",
                        "The group has {n} updates at no cost left for this mission. A free "
                        "update moves nothing to the Mission Return card; a paid one moves 1 "
                        "Azrak there (it counts against your score).",
                        self.free_left,
                    )
                )
            )
            with Answers():
                yield Button(
                    plain(t("Free update (f)")), action="screen.choose(True)", variant="success"
                )
                yield Button(
                    plain(t("Pay 1 Azrak (p)")), action="screen.choose(False)", variant="warning"
                )
                yield cancel_button()
        yield KeyFooter()

    def action_choose(self, use_free: bool) -> None:
        self.dismiss(use_free)


class UpdateDialog(KeptValues, CavendishDialog):
    """Share the Vortex: the even split is proposed, each share can be changed; ctrl+s confirms.

    | Key | Action |
    | --- | --- |
    | ctrl+s, enter | Perform the update |
    | escape | Cancel |
    """

    BINDINGS = [Binding("ctrl+s", "confirm", phrase("Update"), id="cavendish-confirm-update")]

    def __init__(
        self,
        state: CavendishState,
        use_free: bool = True,
        submit: Callable[[StandardUpdate], bool] = lambda update: True,
    ) -> None:
        super().__init__()
        self.state = state
        self.use_free = use_free
        """The group's answer to "use a free update?" (asked before, from rules revision 2)."""
        self.submit = submit
        """Performs the update, saying why when the rules refuse it (the dialog then stays)."""

    def compose(self) -> ComposeResult:
        state = self.state
        cost = update_cost(state, self.use_free)
        available = max(0, state.vortex - cost)
        shares = even_split(state, available)
        if cost:
            paid = t(
                "Vortex {vortex}: 1 Azrak to the Mission Return card, {available} to share.",
                vortex=state.vortex,
                available=available,
            )
        else:
            paid = t(
                "Vortex {vortex}: free update ({n} left), {available} to share.",
                vortex=state.vortex,
                n=state.free_updates_left,
                available=available,
            )
        with Vertical(classes="dialog", id="update-dialog"):
            yield Label(plain(t("Standard Update")), classes="dialog-title")
            yield Static(plain(paid))
            for agent, share in zip(state.agents, shares, strict=True):
                with Horizontal(classes="field"):
                    room = agent.starting - agent.pool
                    label = t(
                        "{agent} {pool}/{starting} (+{room} room)",
                        agent=agent.receptacle,
                        pool=agent.pool,
                        starting=agent.starting,
                        room=room,
                    )
                    yield Label(plain(label), classes="field-label wide")
                    yield Input(
                        str(share), type="integer", id=f"share-{agent.receptacle}", compact=True
                    )
            yield Static(plain(t("Surplus stays in the Vortex")), classes="hint")
            with Answers():
                yield Button(
                    plain(t("Update (ctrl+s)")), action="screen.confirm", variant="primary"
                )
                yield cancel_button()
        yield KeyFooter()

    def spoken_again(self) -> None:
        """Composed again in another language: the shares as changed so far, put back."""
        self.put_back()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        shares = []
        for agent in self.state.agents:
            text = self.query_one(f"#share-{agent.receptacle}", Input).value.strip() or "0"
            try:
                shares.append(int(text))
            except ValueError:
                self.notify(
                    t("{agent}'s share must be a whole number.", agent=agent.receptacle),
                    severity="error",
                    markup=False,
                )
                return
        update = StandardUpdate(tuple(shares), self.use_free)
        if self.submit(update):
            self.dismiss(update)


class EndMissionDialog(KeptValues, CavendishDialog):
    """The four questions of the epilogue, with the final score they give; ctrl+s ends. Each
    starts from what the table recorded during the mission and says where that came from; any
    answer can still be changed.

    | Key | Action |
    | --- | --- |
    | space | Tick the focused question |
    | ctrl+s | End the mission with this score |
    | escape | Cancel |
    """

    BINDINGS = [Binding("ctrl+s", "confirm", phrase("End mission"), id="cavendish-confirm-end")]

    def __init__(self, state: CavendishState, sources: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.state = state
        self.recorded = state.epilogue.adjustments()
        """The answers as the table recorded them during the mission."""
        self.sources = dict(sources or {})
        """Where each recorded answer came from, by question ("recorded at 21:40 by Ana"; a
        `Phrase` is said again in the new language after a switch)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="end-dialog"):
            yield Label(plain(t("End of mission")), classes="dialog-title")
            yield Static(plain(t("Mission Return card: {n} Azrak", n=self.state.mission_return)))
            for name, _words, delta in ADJUSTMENTS:
                ticked = getattr(self.recorded, name)
                label = t(
                    "{adjustment} ({delta})", adjustment=QUESTIONS[name], delta=format(delta, "+d")
                )
                yield TickBox(plain(label), ticked, id=name, compact=True)
                yield Static(
                    plain(self.source_words(name, ticked)), id=f"{name}-source", classes="source"
                )
            yield Static(id="end-preview")
            yield Static(plain(t("space: tick the highlighted question")), classes="hint")
            with Answers():
                yield Button(
                    plain(t("End mission (ctrl+s)")), action="screen.confirm", variant="primary"
                )
                yield cancel_button()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.update_preview()

    def spoken_again(self) -> None:
        """Composed again in another language: the questions as ticked so far put back, with
        the score they give."""
        self.put_back()
        self.update_preview()

    def adjustments(self) -> Adjustments:
        ticked = {name: self.query_one(f"#{name}", Checkbox).value for name, _w, _d in ADJUSTMENTS}
        return Adjustments(**ticked)

    def source_words(self, name: str, ticked: bool) -> str:
        """Where the answer shown comes from: the record, or the group changing it here."""
        source = tr(self.sources.get(name, "")) or t("not recorded")
        if ticked == getattr(self.recorded, name):
            return f"  {source}"
        if getattr(self.recorded, name):
            return "  " + t("changed here (recorded: yes; {source})", source=source)
        return "  " + t("changed here (recorded: no; {source})", source=source)

    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        state = self.state
        for name, _words, _delta in ADJUSTMENTS:
            ticked = self.query_one(f"#{name}", Checkbox).value
            source = self.query_one(f"#{name}-source", Static)
            source.update(plain(self.source_words(name, ticked)))
        total = adjusted_score(state.mission_return, self.adjustments(), state.rules)
        self.query_one("#end-preview", Static).update(
            plain(t("Final score: {score} (lower is better, never below 0)", score=total))
        )

    def action_confirm(self) -> None:
        self.dismiss(EndMission(self.adjustments()))
