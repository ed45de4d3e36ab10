"""The Cavendish play screen: the Azrak board, the House Plan, the Destiny tracker and the log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from companion.cavendish.actions import (
    AbandonMission,
    AndCost,
    AnnounceGroupConflict,
    ChooseLocation,
    DiscardFear,
    Eject,
    EmergencyUpdate,
    EndGroupConflict,
    Explore,
    GainAzrak,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    PassCaptain,
    PersonalConflict,
    ReshuffleDestiny,
    StowItem,
    TakeFear,
)
from companion.cavendish.azrak import active_agent, check_update_allowed, free_update_is_a_choice
from companion.cavendish.conflicts import next_attempt, running
from companion.cavendish.model import CavendishState, adjusted_score
from companion.core import RuleError
from companion.phrases import phrase
from lang import t, tr
from saves.games.store import SavedGame
from widgets.cavendish import board, board_table, conflicts, epilogue
from widgets.cavendish.dialogs import (
    AmountDialog,
    BrokenLinkDialog,
    BrokenLinkFromElsewhere,
    ItemDialog,
    NameDialog,
    PickDialog,
)
from widgets.cavendish.keys import PALETTE, PHASE_KEYS, PLAYING_KEYS, update_allowed
from widgets.cavendish.memory import remember_destiny
from widgets.cavendish.panel import TestPanel
from widgets.cavendish.phase_dialogs import EndMissionDialog, FreeUpdateDialog, UpdateDialog
from widgets.kit.line_table import LineTable
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import literal, plain
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.chrome import NARROW_WIDTH, KeyFooter, TitleHeader


class CavendishScreen(GameScreen):
    """A mission in play. Number keys pick the agent the next action is for.

    | Key | Action |
    | --- | --- |
    | 1-4 | Select an agent |
    | l | Time Captain: choose a location |
    | x / t / a | Explore / test / AND cost (Discovery) |
    | + / - | Gain / lose Azrak (card effects) |
    | f / F | Take / discard Fear |
    | i / k / g | Take an Item / put one away / give Items |
    | j | Eject the agent (card effect) |
    | n | Leave the location / pass the Time Captain deck |
    | u | Standard Update (Between Locations) |
    | r | Reshuffle the Destiny deck |
    | c | The selected agent is in a personal conflict |
    | G | Group conflict: announce / life points and order, begin / defeated (between turns) |
    | o | Group conflict: the Time Captain's new order before a turn |
    | A | Group conflict: another adversary joins, with its life points |
    | h | Record an epilogue event (Damien, a handwritten note, the emerald, Anton) |
    | e / X | End the mission / abandon it (the questions start from what was recorded) |
    """

    HELP_TOPIC = "cavendish"
    CSS_PATH = ["cavendish.tcss", "../kit/main_actions.tcss", "../kit/line_table.tcss"]
    MAIN_ACTIONS = (
        "location",
        "explore",
        "test",
        "update",
        "next_phase",
        "begin_conflict",
        "end_conflict",
    )
    """The buttons a phone shows (widgets/kit/main_actions.py): each phase's own actions, and
    `G`'s next step while a group conflict is under way."""
    NEXT_STEPS = frozenset({"begin_conflict", "end_conflict"})
    """`G` once a group conflict is under way: the footer shows it first (widgets/shell/chrome)."""
    BINDINGS = [
        Binding("l", "location", phrase("Location"), id="cavendish-location"),
        Binding("x", "explore", phrase("Explore"), id="cavendish-explore"),
        Binding("t", "test", phrase("Test"), id="cavendish-test"),
        Binding("n", "next_phase", phrase("Next phase"), id="cavendish-next-phase"),
        Binding("u", "update", phrase("Update"), id="cavendish-update"),
        Binding("plus", "gain", phrase("Gain"), id="cavendish-gain"),
        Binding("minus", "lose", phrase("Lose"), id="cavendish-lose"),
        Binding("f", "fear", phrase("Fear"), id="cavendish-fear"),
        # TRANSLATORS: a key's name: both options of an OR/AND card
        Binding("a", "and_cost", phrase("AND"), id="cavendish-and"),
        Binding("i", "item", phrase("Item"), id="cavendish-item"),
        Binding("g", "give", phrase("Give"), id="cavendish-give"),
        Binding("k", "stow", phrase("Put away"), id="cavendish-stow"),
        Binding("F", "discard_fear", phrase("Discard Fear"), id="cavendish-discard-fear"),
        Binding("j", "eject", phrase("Eject"), id="cavendish-eject"),
        Binding("r", "reshuffle", phrase("Reshuffle"), id="cavendish-reshuffle"),
        Binding("h", "epilogue", phrase("Epilogue"), id="cavendish-epilogue"),
        Binding("e", "end", phrase("End mission"), id="cavendish-end"),
        Binding("X", "abandon", phrase("Abandon"), id="cavendish-abandon", show=False),
        *conflicts.BINDINGS,
        *(
            Binding(
                str(n),
                f"select({n - 1})",
                phrase("Agent {n}", n=n),
                id=f"cavendish-agent-{n}",
                show=False,
            )
            for n in range(1, 5)
        ),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__(saved)
        self.selected = 0
        self.asking = False

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Horizontal(id="cav-body"):
            with Vertical(id="cav-left"):
                yield LineTable(id="agents", cursor_type="row", zebra_stripes=False)
                yield Static(id="phase")
                yield Static(id="conflict")
                yield Static(id="crystals")
                yield Static(id="house")
                yield Static(id="agent-detail")
                yield Static(id="last-test")
            with Vertical(id="cav-right"):
                yield Static(id="destiny")
                yield Static(id="report")
                yield ActionLog(id="log")
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.agents.focus()
        self.show_titles()
        super().on_mount()

    @property
    def cav(self) -> CavendishState:
        state: CavendishState = self.state
        return state

    def show_titles(self) -> None:
        """The boxes' titles in the reader's language (set only when they change: a title set
        redraws)."""
        for box, title in (("#destiny", t("Destiny deck")), ("#report", t("Mission report"))):
            widget = self.query_one(box)
            if widget.border_title != title:
                widget.border_title = title

    def refresh_state(self) -> None:
        state = self.cav
        self.show_titles()
        self.selected = min(self.selected, len(state.agents) - 1)
        self.show_agents()
        self.show_text("#phase", plain(board.phase_text(state)))
        conflict_line = conflicts.conflict_text(state)
        self.show_text("#conflict", plain(conflict_line)).display = bool(conflict_line)
        self.show_text("#crystals", plain(board.crystals_text(state)))
        self.show_text("#house", plain(board.house_text(state)))
        self.show_text("#agent-detail", plain(board.agent_text(state, self.selected)))
        self.show_text("#last-test", plain(board.last_test_text(state)))
        self.show_text("#destiny", plain(board.destiny_text(state))).display = not state.outcome
        report = self.show_text("#report", plain(board.report_text(state) if state.outcome else ""))
        report.display = bool(state.outcome)
        self.query_one("#log", ActionLog).show(self.session.steps)
        self.refresh_bindings()
        if state.destiny.complete:
            remember_destiny(self.companion, state.destiny.known)
        if state.pending and not self.asking:
            self.ask_broken_link()

    @cached_property
    def agents(self) -> LineTable:
        """The agents table, found once: a key writes its cells without searching the screen."""
        return self.query_one("#agents", LineTable)

    def show_agents(self) -> None:
        narrow = self.size.width < NARROW_WIDTH  # `-narrow` may come after this Resize
        board_table.show_agents(self.agents, self.cav, self.selected, narrow)

    def on_resize(self) -> None:
        """Across the narrow width the agents table changes its columns."""
        self.show_agents()

    @on(LineTable.RowHighlighted, "#agents")
    def highlighted(self, event: LineTable.RowHighlighted) -> None:
        self.selected = event.cursor_row
        self.show_text("#agent-detail", plain(board.agent_text(self.cav, self.selected)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        state = self.cav
        if action in conflicts.CONFLICT_KEYS:
            on = state.phase == "discovery" and not state.outcome
            return on and conflicts.key_on(action, state)
        if action in PLAYING_KEYS or any(action in keys for keys in PHASE_KEYS.values()):
            if state.outcome:
                return False
            if action in PLAYING_KEYS:
                return True
            if action == "update":  # after the phase's update `u` would only be refused
                return update_allowed(state)
            return action in PHASE_KEYS.get(state.phase, set())
        return True

    @property
    def absent_actions(self) -> frozenset[str]:
        """The keys of agents this mission does not have: `?` does not list them."""
        return frozenset(f"select({n})" for n in range(len(self.cav.agents), 4))

    @property
    def agent(self) -> str:
        """The selected agent's receptacle name."""
        return self.cav.agents[self.selected].receptacle

    def action_select(self, index: int) -> None:
        if index >= len(self.cav.agents):
            self.notify(
                t("There are only {n} agents.", n=len(self.cav.agents)),
                severity="warning",
                markup=False,
            )
            return
        self.selected = index
        self.refresh_state()

    def select_seat(self, name: str) -> None:
        """The agent this device sits as (`widgets.play.seats`) is the one its actions are for."""
        names = [agent.receptacle for agent in self.cav.agents]
        if name in names:
            self.action_select(names.index(name))

    def ask_broken_link(self) -> None:
        """The broken link is asked at once: nothing else is accepted until it is answered (by
        the player's window: one that only watches asks nothing)."""
        if not self.is_open or self.watch_only:
            return
        self.asking = True
        kind = BrokenLinkFromElsewhere if self.question_by() else BrokenLinkDialog
        dialog = kind(self.cav)
        self.app.push_screen(dialog, self.answer_broken_link)

    def answer_broken_link(self, choice: str | None) -> None:
        self.asking = False
        if choice == "undo":
            self.action_undo()
        elif choice == "free":
            self.act(EmergencyUpdate(use_free=True))
        elif choice == "emergency":  # paid when the free one was offered beside it
            self.act(EmergencyUpdate(use_free=not free_update_is_a_choice(self.cav)))
        elif choice == "lose":
            self.act(LoseControl())
        if self.cav.pending and not self.asking:
            self.ask_broken_link()

    def ask(self, dialog: Any, then: Callable[[Any], object | None]) -> None:
        """Open a dialog and act on its answer (None means cancelled)."""

        def answered(value: Any) -> None:
            if value is None:
                return
            action = then(value)
            if action is not None:
                self.act(action)

        self.app.push_screen(dialog, answered)

    def action_location(self) -> None:
        known = [place.name for place in self.cav.house_plan]
        captain = self.cav.captain_agent.receptacle
        dialog = NameDialog(
            t("{captain} (Time Captain) chooses a location", captain=captain), known
        )
        self.ask(dialog, ChooseLocation)

    def action_explore(self) -> None:
        self.act(Explore(self.agent))  # type: ignore[arg-type]

    def action_and_cost(self) -> None:
        self.act(AndCost(self.agent))  # type: ignore[arg-type]

    def action_test(self) -> None:
        try:
            active_agent(self.cav, self.agent)  # an ejected agent cannot test: say so at once
        except RuleError as error:
            self.notify(tr(error), title=t("Not allowed"), severity="error", markup=False)
            return
        agent = self.agent
        if running(self.cav):  # a group conflict's tests go in the Time Captain's order
            agent = next_attempt(self.cav)[1] or agent
        self.app.push_screen(TestPanel(self.cav, agent, self.act))

    def action_gain(self) -> None:
        question = t("{agent} gains how many Azrak?", agent=self.agent)
        self.ask(AmountDialog(question), self.amount(GainAzrak))

    def action_lose(self) -> None:
        question = t("{agent} loses how many Azrak?", agent=self.agent)
        self.ask(AmountDialog(question), self.amount(LoseAzrak))

    def action_fear(self) -> None:
        question = t("{agent} takes how many Fear tokens?", agent=self.agent)
        self.ask(AmountDialog(question), self.amount(TakeFear))

    def action_discard_fear(self) -> None:
        question = t("{agent} discards how many Fear?", agent=self.agent)
        self.ask(AmountDialog(question), self.amount(DiscardFear))

    def amount(self, kind: Callable[[Any, int], object]) -> Callable[[int], object]:
        agent = self.agent
        return lambda value: kind(agent, value)

    def action_item(self) -> None:
        self.ask(ItemDialog(self.agent), lambda item: item)

    def item_choices(self) -> list[tuple[str, str]]:
        return [(item.name, item.name) for item in self.cav.agents[self.selected].items]

    def action_stow(self) -> None:
        if not self.item_choices():
            self.notify(
                t("{agent} holds no Item.", agent=self.agent), severity="warning", markup=False
            )
            return
        agent = self.agent
        dialog = PickDialog(t("{agent} puts away which Item?", agent=agent), self.item_choices())
        self.ask(dialog, lambda name: StowItem(agent, name))  # type: ignore[arg-type]

    def action_give(self) -> None:
        if not self.item_choices():
            self.notify(
                t("{agent} holds no Item to give.", agent=self.agent),
                severity="warning",
                markup=False,
            )
            return
        giver = self.agent
        others = [(a.receptacle, a.receptacle) for a in self.cav.agents if a.receptacle != giver]

        def to_whom(name: str) -> None:
            pick = PickDialog(t("{giver} gives {item} to whom?", giver=giver, item=name), others)
            self.ask(pick, lambda receiver: GiveItems(giver, receiver, (name,)))  # type: ignore[arg-type]

        self.app.push_screen(
            PickDialog(t("{giver} gives which Item?", giver=giver), self.item_choices()),
            lambda name: to_whom(name) if name else None,
        )

    def action_eject(self) -> None:
        self.act(Eject(self.agent))  # type: ignore[arg-type]

    def action_next_phase(self) -> None:
        self.act(LeaveLocation() if self.cav.phase == "discovery" else PassCaptain())

    def action_update(self) -> None:
        """Refused at once where no update is allowed; the shares dialog stays open until the
        rules accept what was typed."""
        state = self.cav
        try:
            check_update_allowed(state)
        except RuleError as error:
            self.notify(tr(error), title=t("Not allowed"), severity="error", markup=False)
            return
        if not free_update_is_a_choice(state):
            self.app.push_screen(UpdateDialog(state, submit=self.act))
            return

        def shares(use_free: object) -> None:
            if isinstance(use_free, bool):
                self.app.push_screen(UpdateDialog(state, use_free, self.act))

        self.app.push_screen(FreeUpdateDialog(state.free_updates_left), shares)

    def action_personal_conflict(self) -> None:
        self.act(PersonalConflict(self.agent))  # type: ignore[arg-type]

    def action_announce_conflict(self) -> None:
        self.ask(conflicts.adversary_dialog(), AnnounceGroupConflict)

    def action_begin_conflict(self) -> None:
        self.app.push_screen(conflicts.OrderDialog(self.cav, self.act))

    def action_reorder_conflict(self) -> None:
        self.app.push_screen(conflicts.OrderDialog(self.cav, self.act))

    def action_end_conflict(self) -> None:
        """By the players' word: with several adversaries standing, which one (or all)."""
        choices = conflicts.defeat_choices(self.cav)
        if not choices:
            self.act(EndGroupConflict())
            return
        dialog = PickDialog(t("By the players' word: who is defeated?"), choices)
        self.ask(
            dialog,
            lambda name: EndGroupConflict("" if name == conflicts.EVERY_ADVERSARY else str(name)),
        )

    def action_add_adversary(self) -> None:
        self.ask(conflicts.AdversaryDialog(self.cav), lambda adversary: adversary)

    def action_reshuffle(self) -> None:
        self.act(ReshuffleDestiny())

    def action_epilogue(self) -> None:
        """Record an epilogue event now (`h`): pick it; a note then asks which one."""
        agent = self.agent
        choices = epilogue.event_choices(self.cav, agent)
        if not choices:
            self.notify(t("Every epilogue event is recorded already."), severity="warning")
            return

        def picked(key: object) -> None:
            if not isinstance(key, str):
                return
            action = epilogue.event_action(key, agent)
            if action is not None:
                self.act(action)
                return
            notes = PickDialog(
                t("{agent} takes which handwritten note?", agent=agent),
                epilogue.note_choices(self.cav),
            )
            self.ask(notes, lambda number: epilogue.note_action(agent, number))

        self.app.push_screen(PickDialog(t("Epilogue event: what happened?"), choices), picked)

    def action_end(self) -> None:
        """The four adjustments first, then a confirmation with the score they give."""

        def confirm(end: Any) -> None:
            if end is None:
                return
            cav = self.cav
            score = adjusted_score(cav.mission_return, end.adjustments, cav.rules)
            self.confirm_end(
                t("End the mission with final score {score}?", score=score),
                t("The mission report and the result screen follow."),
                lambda: self.act(end),
                verb=t("End the mission"),
            )

        sources = epilogue.answer_sources(self.cav, self.session.steps, self.saved.origins)
        self.app.push_screen(EndMissionDialog(self.cav, sources), confirm)

    def action_abandon(self) -> None:
        self.confirm_end(
            t("Abandon the mission?"),
            t("The mission is recorded as failed (no score), to start a new run."),
            lambda: self.act(AbandonMission()),
            verb=t("Abandon it"),
        )

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        for action, name, help_text in PALETTE:
            if self.check_action(action, ()):
                yield SystemCommand(
                    f"cavendish: {literal(tr(name))}",
                    literal(tr(help_text)),
                    getattr(self, f"action_{action}"),
                )
