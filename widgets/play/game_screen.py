"""The base of every game's play screen: apply actions, refuse with reasons, undo, redo.

A game screen holds a `SavedGame`, sends actions through `act`, and redraws everything from
`self.session.state` in `refresh_state`; it never keeps game state of its own.

Every window and browser on a game can play it at once: each change is one transaction on the
game's file (widgets/play/shared_game.py), checked against the newest state, and every other
device's change shows here as soon as it is appended. A screen that only watches (the table
display, a file that cannot be written) shows the game and refuses changes with the reason.

`SharedGame` tells this screen what happened in messages (`SharedGame.Moved`, `.Made`,
`.Refused` ...), handled here; it sees the screen only as a `PlayHost` (widgets/play/host.py).
What the screen then says is built in widgets/play/told.py and words.py. Whatever another
device's change makes stale here (a result, a question, a dialog, the keys list) closes or
follows at once, saying who did what (`followed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from companion.core import RuleError, WaitingFor
from companion.guard import GameFault, fault_line, raised
from companion.phrases import phrase
from companion.registry import package_of
from companion.session import Session, Step
from lang import t
from saves.games.journal import Draft, stale
from saves.games.records import Record
from saves.games.store import SavedGame
from widgets.kit.shown import keeps_size, reason
from widgets.play import take_back, told, words
from widgets.play.action_log import ActionLog
from widgets.play.conflict import FileConflicts
from widgets.play.seats import SEAT_BINDING, SeatKeys
from widgets.play.stale_views import StaleViews
from widgets.play.unsaved import SaveTrouble, show_lock_wait
from widgets.play.whose_move import WhoseMove
from widgets.shell.base import CompanionScreen

if TYPE_CHECKING:
    from widgets.play.at_the_table import Phrase
    from widgets.play.recap import Recalled
    from widgets.play.shared_game import SharedGame
    from widgets.play.upgrade import LateUpgrade
    from widgets.table_view import TableShown, TableViewScreen


class GameScreen(CompanionScreen):
    """Shared keys and the act/undo/redo cycle for a game in play.

    | Key | Action |
    | --- | --- |
    | ctrl+z | Undo the game's last action (whoever made it: another device's asks first) |
    | ctrl+y | Redo what was undone |
    | R | The result screen, once the game is over |
    | escape | Back to the home screen (the game is already saved) |
    | v | The table view: the state in large type |
    | U | Undo back to a line of the log: the log marks one, enter picks it (or tap a line) |
    """

    HELP_TOPIC: ClassVar[str] = "home"
    """The help F1 shows on this screen: a shell topic (`widgets/shell/help/`) or a game id (the
    help its `GameUI` gives)."""

    BINDINGS = [
        Binding("ctrl+z", "undo", phrase("Undo"), id="undo"),
        Binding("ctrl+y", "redo", phrase("Redo"), id="redo"),
        Binding("R", "result", phrase("Result"), id="result"),
        Binding("escape", "leave", phrase("Home"), id="leave"),
        # Listed by `?` rather than the footer: the footers are full at 80 columns, and one key
        # more would push Dice and Help out at 120.
        Binding("v", "table_view", phrase("Table view"), id="table_view", show=False),
        Binding("U", "undo_to_line", phrase("Undo to a line"), id="undo-to-line", show=False),
        SEAT_BINDING,
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.sub_title = saved.title
        self.watch_only = ""
        """Why this screen only watches the game ("" when it plays)."""
        self.faults_said: set[str] = set()
        """The game's faults said so far: each is said once, however often it is met."""
        self.asking = False
        """A question is on screen (the file's conflict, or one of the game's own): no second
        one is asked over it."""

        self.result_due = False
        """The game just ended: show its result when this screen is on top again."""
        self._shown_text: dict[str, Any] = {}
        """What `show_text` last put in each Static, by selector."""
        self.table_view: TableViewScreen | None = None
        """This game's table view, once opened: given the state again at each redraw."""
        self.whose_move = WhoseMove(self)
        """Another seat's move asked first, or refused (widgets/play/whose_move.py)."""
        self.trouble = SaveTrouble()
        """The lasting line while the disk refuses this game's records."""
        from widgets.play.shared_game import SharedGame  # when a game opens: a faster start

        self.shared: SharedGame = SharedGame(self)
        """The transactions on the game's file and the follow of the other devices' records,
        told in messages (the `on_shared_game_*` handlers below)."""
        self.conflicts = FileConflicts(self, self.shared.follow_copy, self.shared.upgrade.start)
        """What to do when the file changed in a way that is not an appended record."""
        self.moving = told.Followed()
        """Another device's change while it is followed: who did what, said by whatever it
        makes stale here (blank otherwise)."""
        self.seats = SeatKeys(self)
        self.stale = StaleViews(self)
        """What another device's change makes stale over this screen (closed, said once)."""
        """Who sits at this device, and the line of who sits where (widgets/play/seats.py)."""
        self.recalled: Recalled | None = None
        """The recap shown when the game was opened after a pause (once)."""

    def only_watch(self, reason: str) -> None:
        """Only watch this game: every change is refused with `reason`."""
        self.watch_only = reason
        self.show_title()

    def show_title(self) -> None:
        """The header's subtitle: the game's title, and whether this window only watches it."""
        title = self.title_text()
        self.sub_title = t("{title} (watching)", title=title) if self.watch_only else title

    def title_text(self) -> str:
        """The save's title as this game's header shows it."""
        return self.saved.title

    @property
    def device(self) -> str:
        """This device's public id, written beside each of its records."""
        return self.companion.device.id

    @property
    def seat(self) -> str:
        """Who sits at this device, if anyone said so: written beside each of its records."""
        return self.seats.mine or ""

    def action_sit_as(self) -> None:
        """Say who sits at this device (`@`, or "Sit as ..." in the palette)."""
        self.seats.sit_dialog()

    def on_unmount(self) -> None:
        self.stop_following()
        self.seats.stop()

    def stop_following(self) -> None:
        """Stop following the game (it closes); changes still waiting for another device's
        lock are not made, and one line says so."""
        dropped = self.shared.close()
        if dropped:
            why = phrase("the game was closed while another device saved it")
            said = words.changes_dropped(why, dropped)
            self.app.notify(said, title=t("Not saved"), severity="error", markup=False)

    @property
    def session(self) -> Session:
        return self.saved.session

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def waiting(self) -> WaitingFor | None:
        """The question the game waits for an answer to, if any (None once the game's code
        failed to say: the game is then only watched)."""
        try:
            return self.session.game.waiting_for(self.state)
        except GameFault as fault:
            self.game_fault(fault)
            return None

    def question_by(self) -> str:
        """Who made the change that asked the open question, when another device made it."""
        origins = self.saved.origins
        if origins and origins[-1].by and origins[-1].by != self.device:
            return origins[-1].whose
        return ""

    def last_line(self) -> str:
        return words.last_line(self.session.last_step)

    def on_mount(self) -> None:
        self.refresh_guarded()
        self.seats.start()
        if not self.shared.started:
            self.shared.start_following()
        self.recall()

    def recall(self) -> None:
        """A game resumed after a pause first shows where it was left, once (widgets/play/
        recap.py; Textual runs every class's `on_mount`, so this one may run twice)."""
        from widgets.play.recap import Recalled

        if self.recalled is None:
            self.recalled = Recalled(self)
            self.recalled.open(self.saved, self.companion.store.clock(), self.title_text())

    def spoken_again(self) -> None:
        """Composed again in another language (`CompanionApp.speak_again`): drawn again from
        the game as the journal holds it, with the line of who sits where and the lasting line
        of a disk that refuses the game's records. The screen's own `on_mount` runs again, so a
        game's screen sets up its widgets again (a border's title, the focus): it runs this
        class's, which is safe twice (Textual runs each class's `on_mount`, and a game's own
        calls its base's too)."""
        self._shown_text.clear()
        self.seats.spoken_again()
        self.show_title()
        self.trouble.show_on(self)
        self.on_mount()

    def followed(self, was_over: bool) -> None:
        """Another device changed the game: whatever it made stale here closes or follows at
        once, saying who did what (`moving`: widgets/play/stale_views.py)."""
        reopened = self.is_over and not was_over and not self.watch_only
        self.stale.follow(self.moving, was_over, reopened)
        moving = self.moving
        self.whose_move.followed(lambda: moving.words)
        self.changed(was_over)
        self.stale.follow_keys_list()

    # What `SharedGame` tells (widgets/play/shared_game.py)

    def take(self, message: Message) -> None:
        """A message of `SharedGame` about what was just done on this thread, handled at once
        by its handler below: a player's own change is drawn before `act` returns, so what a
        screen does after it (a cursor put on the row just added) sees it drawn."""
        getattr(self, message.handler_name)(message)

    def on_shared_game_moved(self, message: SharedGame.Moved) -> None:
        """Other devices' records: show them, close what they made stale, say who did what."""
        before, theirs, here = message.before, message.theirs, self.device
        saved, person = self.saved, self.person
        moving = self.moving = told.Followed(
            tell=partial(told.stale, here, before, saved, theirs, person),
            back=any(record.kind in words.TAKEN_BACK for record in theirs),
            new_stage=told.stage(before.waiting) != told.stage(self.waiting),
        )
        try:
            self.followed(before.over)
        finally:
            self.moving = told.Followed()
        said = moving.words if moving.said else ""
        notice = told.moved(here, before, self.saved, theirs, message.undid, self.person)
        if notice is not None and notice.text != said:  # (said once, by what it closed)
            self.tell(notice)

    def on_shared_game_made(self, message: SharedGame.Made) -> None:
        self.save_worked()
        self.changed(message.before.over)

    def on_shared_game_refused(self, message: SharedGame.Refused) -> None:
        first, theirs, rule = message.first, message.theirs, message.rule
        last, asker = self.last_line(), self.question_by()
        self.tell(told.refused(first, theirs, rule, self.waiting, last, asker))

    def on_shared_game_rewritten(self, message: SharedGame.Rewritten) -> None:
        if self.watch_only:
            self.conflicts.reload_watched()
        else:
            self.conflicts.ask(message.problem)

    def on_shared_game_unreadable(self, message: SharedGame.Unreadable) -> None:
        self.conflicts.keep_as_copy(message.problem)

    def on_shared_game_save_failed(self, message: SharedGame.SaveFailed) -> None:
        self.save_failed(message.error)

    def on_shared_game_lock_wait(self, message: SharedGame.LockWait) -> None:
        show_lock_wait(self, message.count)
        if message.first:
            self.notify(t("Another device is saving: your change follows it."), timeout=2)

    def on_shared_game_dropped(self, message: SharedGame.Dropped) -> None:
        self.notify(message.text, title=t("Not saved"), severity="error", markup=False)

    def on_shared_game_not_followed(self, message: SharedGame.NotFollowed) -> None:
        self.notify(message.text, title=t("Not followed"), severity="warning", markup=False)

    def on_shared_game_file_touched(self, _message: SharedGame.FileTouched) -> None:
        self.shared.follow()

    def on_shared_game_lock_free(self, message: SharedGame.LockFree) -> None:
        self.shared.lock_free(message.error)

    def on_late_upgrade_watching(self, message: LateUpgrade.Watching) -> None:
        self.only_watch(message.reason)

    def on_late_upgrade_playing(self, message: LateUpgrade.Playing) -> None:
        if message.said:
            self.notify(message.said, title=t("Playing"))
        self.followed(message.was_over)

    def on_late_upgrade_free(self, message: LateUpgrade.Free) -> None:
        self.shared.upgrade.free(message.error)

    def on_late_upgrade_room(self, _message: LateUpgrade.Room) -> None:
        self.shared.upgrade.try_again()

    def tell(self, notice: told.Notice) -> None:
        """A notice built in widgets/play/told.py (its words are data, never markup)."""
        severity: Any = notice.severity
        self.notify(
            notice.text, title=notice.title, severity=severity, timeout=notice.timeout, markup=False
        )

    def person(self, seat: str) -> str:
        """Who sits at `seat`, as the table calls them (a Cavendish seat is an agent: the
        player who plays it)."""
        try:
            options = self.session.game.seats(self.state)
        except GameFault:
            return seat
        return words.person_of(seat, ((option.name, option.label) for option in options))

    def refresh_state(self) -> None:
        """Redraw the screen from `self.state`; every game screen implements this."""
        raise NotImplementedError

    def refresh_guarded(self) -> None:
        """`refresh_state` through the guard: a game's code that fails as the screen is drawn
        (its rules through `companion.guard`, or a plug-in's own screen raising anything) is
        said in one line and the game only watched, while the app and every other game go on.
        The project's own screens are not caught here: their bug is a test's to find."""
        try:
            self.refresh_state()
        except GameFault as fault:
            self.game_fault(fault)
        except Exception as error:
            if type(self).__module__.partition(".")[0] == "widgets":
                raise
            game = self.session.game
            what = f"the screen's {type(self).__name__}.refresh_state"
            line = fault_line(game.title, package_of(game.id), what, raised(error))
            self.game_fault(GameFault(line))

    @property
    def is_open(self) -> bool:
        """Still on the screen stack. A dialog's answer can arrive after its game was closed
        (escape typed right behind enter): it is applied and saved, but nothing is redrawn."""
        return self in self.app.screen_stack

    def show_text(self, selector: str, content: Any) -> Static:
        """Update a Static only when its content changed, and lay the screen out again only
        when its size changed with it: a layout costs more than everything else a key does,
        and most panels keep their lines after a key (an Azrak count, a phase's words)."""
        static = self.query_one(selector, Static)
        if self._shown_text.get(selector) != content:
            self._shown_text[selector] = content
            before = static.content_size
            static.update(content, layout=False)
            if not keeps_size(static, before):
                static.refresh(layout=True)
        return static

    def redraw(self) -> None:
        if self.is_open:
            self.refresh_guarded()
            if self.table_view is not None and self.table_view in self.app.screen_stack:
                self.table_view.show(self.table_shown())

    def show_seats(self, parts: tuple[Phrase, ...]) -> None:
        """Who is at the table, on this game's table view too while it is open."""
        if self.table_view is not None and self.table_view in self.app.screen_stack:
            self.table_view.show_seats(parts)

    def refuse_watch_only(self) -> bool:
        """Say why nothing changes on a screen that only watches; True if it is one."""
        if self.watch_only:
            title = t("Not changed")
            self.notify(self.watch_only, title=title, severity="warning", markup=False)
        return bool(self.watch_only)

    @property
    def is_over(self) -> bool:
        """The game has ended (won, lost, finished, failed): its result can be shown. False
        once the game's code failed to say (the game is then only watched)."""
        try:
            return self.session.game.status(self.state) != "playing"
        except GameFault as fault:
            self.game_fault(fault)
            return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        return self.is_over if action == "result" else True

    def act(self, action: Any) -> bool:
        """Apply an action through one transaction on the game's file; on a rule's refusal say
        why and change nothing. True once it is accepted on the state shown (it is then made on
        the newest state, and refused there with the reason if another device changed that).

        An action that sets a value carries the value it replaces as this screen shows it: when
        another device changed that value meanwhile, it is refused and both values are shown."""
        if self.refuse_watch_only():
            return False
        game, state = self.session.game, self.state
        try:
            step = self.session.step(action)  # the rules, once: appended as made, if still due
            seen = game.replaced(state, action)
        except RuleError as error:
            rule = reason(error)
            if self.waiting is not None and self.waiting.question and self.question_by():
                rule = words.waiting_for_answer(self.question_by(), self.waiting.text, rule)
            self.notify(rule, title=t("Not allowed"), severity="error", markup=False)
            return False
        except GameFault as fault:
            return self.game_fault(fault)

        try:
            if self.whose_move.stops(action):  # another seat's move: asked first, or refused
                return False
        except GameFault as fault:  # the game's `mover`
            return self.game_fault(fault)

        def decide(theirs: list[Record]) -> list[Draft]:
            refusal = stale(game, seen, self.state, action) if theirs else None
            if refusal is not None:
                raise RuleError(refusal)
            was = seen.value if seen is not None else None
            return [Draft("do", action, was=was, step=step, on=state)]

        try:
            return self.shared.commit(decide) is not False  # made, or waiting for the lock
        except GameFault as fault:  # the game's `narrate` or `describe`: nothing was written
            return self.game_fault(fault)

    def game_fault(self, fault: GameFault) -> bool:
        """The game's own code failed (`companion.guard`): say its one line until read, and
        only watch the game from now on (nothing was written). Returns False: not made. The
        same fault found again (each redraw asks the game again) is said once."""
        if str(fault) in self.faults_said:
            return False
        self.faults_said.add(str(fault))
        self.notify(reason(fault), title=t("The game failed"), severity="error", markup=False)
        self.only_watch(reason(fault))
        return False

    def changed(self, was_over: bool) -> None:
        """Redraw after a change; the change that ends the game opens the result screen."""
        self.redraw()
        if self.is_over and not was_over and self.is_open:
            self.result_due = True
            self.call_after_refresh(self.show_due_result)

    def on_screen_resume(self) -> None:
        self.show_due_result()

    def show_due_result(self) -> None:
        """The result screen, once the dialog that ended the game has closed (a dialog still
        on top would be left under it)."""
        if self.result_due and self.is_active:  # (is_active: False once the app is closing)
            self.result_due = False
            if self.is_over:
                self.action_result(then=self.ask_details)

    def ask_details(self, _closed: object = None) -> None:
        """Once the result is read: the play's details, asked once on the device that ended it
        (bgstats: widgets/stats/details.py); not after an undo of the end."""
        if self.is_over and not self.watch_only and self.is_open:
            from widgets.stats.details import ask_once

            ask_once(self, self.saved)
            dialog = self.app.screen
            if dialog is not self:  # its fields wait for a tap or tab: a key typed on is not text
                dialog.call_after_refresh(dialog.set_focus, None)

    def action_table_view(self) -> None:
        from widgets.table_view import TableViewScreen  # only when asked: a faster start

        self.table_view = TableViewScreen(self.table_shown())
        self.app.push_screen(self.table_view)
        self.seats.follow()  # who sits where shows on the view at once

    def table_shown(self) -> TableShown:
        """What this game's table view shows: the state and this screen's header words."""
        from widgets.table_view import TableShown

        game = self.session.game
        subtitle = self.sub_title or self.title_text()
        return TableShown(game.id, game.title, self.state, subtitle, bool(self.watch_only))

    def action_result(self, then: Callable[[object], None] | None = None) -> None:
        from widgets.play.result import ResultScreen  # only when a game ends: a faster start

        self.app.push_screen(ResultScreen(self.saved, self.action_undo), then)

    def confirm_end(
        self, question: str, detail: str, then: Callable[[], object], verb: str = ""
    ) -> None:
        """Ask before a key ends or abandons the game; `then` runs only on yes (`verb` is the
        yes button's words; "" says "End the game")."""
        from widgets.play.result import ConfirmEndDialog

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(
            ConfirmEndDialog(question, detail, verb or t("End the game")), answered
        )

    def save_failed(self, error: OSError) -> None:
        """The disk refused this change: one lasting line; the game stays as the file has it."""
        self.trouble.failed(error)
        self.trouble.show_on(self)

    def save_worked(self) -> None:
        if self.trouble.reason:
            self.trouble.saved()
            self.trouble.show_on(self)

    def action_undo(self) -> None:
        """Undo the game's last action, whoever made it (widgets/play/take_back.py)."""
        take_back.undo(self)

    def confirm(self, message: str) -> None:
        """Say that this device's change was made, once the change is drawn: the frame that
        answers the key draws what changed alone, and the toast that takes the place of the
        last one (a layout of the whole screen) follows in the next frame. (The app's own
        queue hands it to the screen after the widgets the change redraws.)"""
        self.app.call_after_refresh(self.notify, message, markup=False)

    def undone_line(self, step: Step) -> str:
        """What the undo notice says was taken back (`self.state` is the state before it)."""
        return step.line

    def action_undo_to_line(self) -> None:
        """`U`: the log, focused, marks the line before the newest; enter picks a line."""
        from widgets.play import undo_to  # only when a line is picked: a faster start

        undo_to.start(self)

    @on(ActionLog.Picked)
    def undo_to_line(self, picked: ActionLog.Picked) -> None:
        """A line picked in the log: every later action undone in one transaction, asked first
        (widgets/play/undo_to.py, through `SharedGame.commit`)."""
        from widgets.play import undo_to

        undo_to.ask(self, picked.line, picked.log)

    def action_redo(self) -> None:
        """Put back the action undone last (widgets/play/take_back.py)."""
        take_back.redo(self)

    def action_leave(self) -> None:
        self.companion.go_home()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command palette entries for this screen: undo, redo, and the game's own actions."""
        prefix = self.session.game.title.split(":")[0].lower()
        if self.session.can_undo:
            undo, help_text = t("{game}: undo", game=prefix), t("Take back the last action")
            yield SystemCommand(undo, help_text, self.action_undo)
        if self.session.can_redo:
            redo, help_text = t("{game}: redo", game=prefix), t("Put back what was undone")
            yield SystemCommand(redo, help_text, self.action_redo)
        yield self.seats.palette_command()
        yield self.whose_move.palette_command()
