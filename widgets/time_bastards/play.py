"""The Time Bastards play screen: clock, timelines, travellers, the decision in hand, the log."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Container

from companion import dice
from companion.dice import Roll
from companion.phrases import phrase
from companion.time_bastards.game import Choice, choices
from companion.time_bastards.model import (
    ROMAN,
    Action,
    LeavePieces,
    MoveEarliest,
    PlaceNewPiece,
    RollD6,
    SendBumpedPiece,
    TimeBastardsState,
    deciding,
    earliest,
    laps,
    name,
    piece,
    where,
)
from companion.time_bastards.result import explain
from lang import t, tr
from widgets.dice.ask import DieRollDialog, keep_roll
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import literal, plain
from widgets.play.action_log import ActionLog
from widgets.play.game_screen import GameScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.time_bastards.board import TimelineBoard, TravellersPanel, target_time
from widgets.time_bastards.choices import Entry, NumberedChoices
from widgets.time_bastards.clock import ClockFace
from widgets.time_bastards.decision import DecisionBox
from widgets.time_bastards.panel import Panel


def roll_label(who: str) -> str:
    """How the roll history names a turn's D6: written to its file in English (a save holds no
    translation), a phrase so that where it is shown it can be said in the reader's language."""
    return phrase("Time Bastards, {player}'s turn", player=who)


class TimeBastardsScreen(GameScreen):
    """A Time Bastards game in play. The choices list always holds what may be done now.

    | Key | Action |
    | --- | --- |
    | m | Move your earliest piece forward one space |
    | t | Roll the real D6: type its face (r there rolls in the app) |
    | r | Roll the D6 in the app |
    | 1-4 | Pick timeline I-IV (new piece, or where a bumped piece goes) |
    | n | After a 6: move no piece |
    | enter | Take the highlighted choice |
    """

    HELP_TOPIC = "time-bastards"
    CSS_PATH = ["time_bastards.tcss", "../kit/main_actions.tcss"]
    MAIN_ACTIONS = ("roll", "real_roll", "move_earliest", "leave_pieces")
    """The buttons a phone shows (widgets/kit/main_actions.py): a turn's roll, or its move."""
    BINDINGS = [
        Binding("m", "move_earliest", phrase("Move earliest"), id="tb-move-earliest"),
        Binding("t", "real_roll", phrase("Real D6"), id="tb-real-roll"),
        Binding("r", "roll", phrase("App D6"), id="tb-roll"),
        Binding("1", "timeline(1)", phrase("Timeline I-IV"), id="tb-timeline-1", key_display="1-4"),
        Binding("2", "timeline(2)", phrase("Timeline II"), id="tb-timeline-2", show=False),
        Binding("3", "timeline(3)", phrase("Timeline III"), id="tb-timeline-3", show=False),
        Binding("4", "timeline(4)", phrase("Timeline IV"), id="tb-timeline-4", show=False),
        Binding("n", "leave_pieces", phrase("Move none"), id="tb-leave-pieces"),
    ]

    seated: int | None = None
    """The traveller this device sits as (`widgets.play.seats`): their turns say "(you)"."""

    def select_seat(self, name: str) -> None:
        names = [traveller.name for traveller in self.tb.setup.players]
        self.seated = names.index(name) if name in names else None
        self.refresh_state()

    def compose(self) -> ComposeResult:
        # The panels a key redraws, kept by reference: a query walks the whole screen.
        self.clock = ClockFace(id="tb-clock")
        self.board = TimelineBoard(id="tb-board")
        self.decision = DecisionBox(id="tb-decision")
        self.prompt = Panel(id="tb-prompt")
        self.options = NumberedChoices(id="tb-choices")
        self.travellers = TravellersPanel(id="tb-travellers")
        self.history = ActionLog(id="tb-log")
        self.clock.border_title = t("Clock")
        self.travellers.border_title = t("Travellers")
        self.board.border_title = t("Timelines")
        yield TitleHeader()
        # One grid, in the order a phone's single column shows it (the clock as a track):
        # from 80 columns the clock and travellers make the left column (time_bastards.tcss).
        with Container(id="tb-body"):
            yield self.clock
            yield self.board
            with self.decision:
                yield self.prompt
                yield self.options
            yield self.travellers
            yield self.history
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    @property
    def tb(self) -> TimeBastardsState:
        state = self.state
        assert isinstance(state, TimeBastardsState)
        return state

    def refresh_state(self) -> None:
        """Each panel is given what it shows and draws again only what changed."""
        state = self.tb
        self.clock.show(state.round, laps(state.setup))
        self.board.show(state)
        self.travellers.show(state)
        self.history.show(self.session.steps)
        self._show_decision(state)
        self.refresh_bindings()

    def _show_decision(self, state: TimeBastardsState) -> None:
        options = self.options
        self.decision.set_class(bool(state.bumped), "asking")
        if state.finished:
            self.decision.retitle(t("Game over"))
            result = explain(state)
            lines = (tr(result.outcome), *map(tr, result.why), t("R: the result screen"))
            self.prompt.put(plain("\n".join(lines)))
            self.prompt.display = True
            options.display = False
            options.show([])
            return
        options.display = True
        who = name(state, deciding(state))
        self.decision.retitle(self._title(state, who))
        asking = bool(state.bumped or state.roll)
        if asking:  # (a hidden prompt is written when it is shown again)
            self.prompt.put(plain(self._prompt(state)))
        self.prompt.display = asking
        if state.roll is None and not state.bumped:
            entries = self._turn_options(state)
        else:
            entries = [self._entry(index, c) for index, c in enumerate(choices(state))]
        if entries != options.entries:
            options.show(entries)
        else:  # the same choices: only the highlight goes back to the first, as when listed
            options.highlighted = 0 if entries else None
        if not options.has_focus:
            options.focus()

    def _title(self, state: TimeBastardsState, who: str) -> str:
        """The decision box's title: whose turn, or who decides, "(you)" on their device."""
        you = deciding(state) == self.seated
        if state.bumped:
            return (
                t("{player} decides (you)", player=who)
                if you
                else t("{player} decides", player=who)
            )
        return t("{player}'s turn (you)", player=who) if you else t("{player}'s turn", player=who)

    def _prompt(self, state: TimeBastardsState) -> str:
        who = name(state, deciding(state))
        if state.bumped:
            bumped = piece(state, state.bumped[0])
            assert bumped is not None
            return t(
                "{player}: your piece on {place} was bumped. Which timeline does it go to?",
                player=who,
                place=where(bumped),
            )
        if state.roll == 6:
            return t("{player} rolled 6: move any piece one space (n: move none).", player=who)
        if state.roll is not None:
            return t(
                "{player} rolled {roll}: new piece at time {time}. Timeline?",
                player=who,
                roll=state.roll,
                time=target_time(state),
            )
        return t("{player}: move the earliest piece or roll the D6.", player=who)

    def _turn_options(self, state: TimeBastardsState) -> list[Entry]:
        found = [c for c in choices(state) if isinstance(c.action, MoveEarliest)]
        options = []
        if found:
            options.append(Entry(tr(found[0].outcome), "move", "m"))
        options.append(Entry(t("Roll the real D6 and type what it shows"), "real", "t"))
        options.append(Entry(t("Roll the D6 in the app"), "roll", "r"))
        return options

    def _entry(self, index: int, choice: Choice) -> Entry:
        """A choice with the key that takes it anywhere; a move after a 6 has none (the list
        numbers it)."""
        action = choice.action
        key = ""
        if isinstance(action, PlaceNewPiece | SendBumpedPiece):
            key = str(action.timeline)
        elif isinstance(action, LeavePieces):
            key = "n"
        return Entry(tr(choice.outcome), str(index), key)

    @on(NumberedChoices.Picked, "#tb-choices")
    def choice_selected(self, event: NumberedChoices.Picked) -> None:
        picked = event.entry.option_id
        if picked == "move":
            self.action_move_earliest()
        elif picked == "roll":
            self.action_roll()
        elif picked == "real":
            self.action_real_roll()
        else:
            listed = choices(self.tb)
            if picked.isdigit() and int(picked) < len(listed):
                self.act(listed[int(picked)].action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        state = self.state
        if not isinstance(state, TimeBastardsState):
            return True
        fresh = not state.finished and not state.bumped and state.roll is None
        if action == "move_earliest":  # not offered with no piece out or at its timeline's end
            mine = earliest(state, state.turn)
            last = state.setup.timeline_length - 1
            return fresh and mine is not None and mine.position < last
        if action in ("roll", "real_roll"):
            return fresh
        if action == "timeline":
            return not state.finished and (bool(state.bumped) or (state.roll or 6) < 6)
        if action == "leave_pieces":
            return not state.finished and not state.bumped and state.roll == 6
        return True

    def action_move_earliest(self) -> None:
        self.act(MoveEarliest(self.tb.turn))

    def action_roll(self) -> None:
        player = self.tb.turn  # (whose roll it is does not depend on what it shows)
        roll = partial(self.take_roll, player)
        self.whose_move.first(RollD6(player, 1), lambda: roll(dice.roll("d6", self.companion.rng)))

    def action_real_roll(self) -> None:
        """The one die prompt of every game (widgets/dice/ask.py), the real die's face first."""
        player = self.tb.turn
        who = name(self.tb, player)
        take = partial(self.apply_roll, player)
        asked = t("{player}: roll the D6.", player=who)
        dialog = partial(DieRollDialog, "d6", asked, take, roll_label(who))
        self.whose_move.first(RollD6(player, 1), lambda: self.app.push_screen(dialog()))

    def apply_roll(self, player: int, roll: Roll) -> bool:
        """Apply a D6 roll to the game: True once the rules took it."""
        return self.act(RollD6(player, roll.total, roll.source))

    def take_roll(self, player: int, roll: Roll) -> bool:
        """Apply the app's D6 roll; once the rules take it, keep it in the roll history too."""
        if not self.apply_roll(player, roll):
            return False
        keep_roll(self, roll, roll_label(name(self.tb, player)))
        return True

    def action_timeline(self, timeline: int) -> None:
        state = self.tb
        action: Action = (
            SendBumpedPiece(deciding(state), timeline)
            if state.bumped
            else PlaceNewPiece(state.turn, timeline)
        )
        self.act(action)

    def action_leave_pieces(self) -> None:
        self.act(LeavePieces(self.tb.turn))

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        state = self.tb
        if state.finished:
            return
        if not state.bumped and state.roll is None:
            yield SystemCommand(  # the real die first, as at the table
                t("time bastards: type a real roll"),
                t("Enter a real D6's face"),
                self.action_real_roll,
            )
            yield SystemCommand(
                t("time bastards: roll the D6"), t("Roll in the app"), self.action_roll
            )
        for choice in choices(state):
            title = tr(choice.label).lower()
            if isinstance(choice.action, PlaceNewPiece | SendBumpedPiece):
                title = t("timeline {timeline}", timeline=ROMAN[choice.action.timeline])
            elif isinstance(choice.action, MoveEarliest):
                title = t("move earliest piece")
            title, outcome = literal(title), literal(tr(choice.outcome))
            yield SystemCommand(
                t("time bastards: {command}", command=title),
                outcome,
                partial(self.act, choice.action),
            )
