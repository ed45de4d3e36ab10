"""Undo back to a chosen line of the log, on any device (issue 42, item 8).

A line picked in the log (`ActionLog.Picked`: enter on the marked entry, or a tap on it) is
asked about first: "Undo back to line 12? This undoes 5 actions: ... (made by Ana, Ben)", one key
or tap to confirm (`UndoToDialog`). Then every later action is undone, newest first, in one
transaction on the game's file: the same records `companion act ID undo --to N` appends, decided
by the same code (`saves.games.undo_back`). Each redo then brings back the next action, in the
order it was first made. Every other device follows it ("Ana, in a browser, undid back to line
12 (5 actions)", widgets/play/told.py).

A line that is the last one, a line before the start and a game only watched are refused,
saying why. Should the game change on another device while the question is open, the question
closes (what it names is no longer what would be undone), and so does a decision made stale
between the answer and the lock: nothing is undone, and the player is told to pick again.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, ContentSwitcher, Static, TabbedContent, TabPane

from companion.core import RuleError
from companion.phrases import joined, phrase, phrase_n
from lang import t, tn, tr
from saves.games.journal import Draft
from saves.games.records import Record
from saves.games.undo_back import UndoBack, undo_back
from widgets.kit.shown import plain, reason
from widgets.play.action_log import ActionLog
from widgets.play.take_back import Undoing
from widgets.play.words import quoted
from widgets.shell.base import Answers, YesNoDialog
from widgets.shell.chrome import KeyFooter

NAMED_LINES = 4
"""How many of the lines to undo the question names (the earliest); the rest are counted."""
REDO_IN_ORDER = phrase(
    "Redo (ctrl+y) then brings them back one at a time, in the order they were made."
)
"""Under the question, and in the confirmation: what redo does after an undo back to a line."""
NO_LOG = phrase("This screen shows no log to pick a line from.")
PICK_AGAIN = phrase("The game changed on another device: nothing was undone. Pick the line again.")


def question(back: UndoBack) -> str:
    """`Undo back to line 12?` (`Undo every action?` for the start)."""
    if back.to == 0:
        return phrase("Undo every action?")
    return phrase("Undo back to line {line}?", line=back.to)


def detail(back: UndoBack) -> str:
    """What it takes back, as the log numbers it: `This undoes 5 actions:` then the first
    `NAMED_LINES` lines and how many more, and who made them. Every line and name is shown as
    typed (`visible`: no control character reaches the terminal)."""
    count = len(back.records)
    named = [
        phrase("{number}. {line}", number=back.to + index, line=quoted(line))
        for index, line in enumerate(back.lines[:NAMED_LINES], start=1)
    ]
    if count > NAMED_LINES:
        more = count - NAMED_LINES
        named.append(phrase_n("... and {n} later action", "... and {n} later actions", more))
    makers = joined(", ", [quoted(name) for name in back.makers])
    undoes = phrase_n("This undoes {n} action:", "This undoes {n} actions:", count)
    return joined("\n", [undoes, *named, phrase("(made by {makers})", makers=makers)])


def undid_back(back: UndoBack) -> str:
    """This device's confirmation once it is done."""
    return phrase_n(
        "Undid back to line {line}: {n} action. {redo}",
        "Undid back to line {line}: {n} actions. {redo}",
        len(back.records),
        line=back.to,
        redo=REDO_IN_ORDER,
    )


class UndoToDialog(YesNoDialog):
    """Undo back to a line, asked: answers True to undo every later action.

    | Key | Action |
    | --- | --- |
    | y / enter | Undo them (enter on the focused button) |
    | n / escape | Keep them: nothing changes |
    """

    CSS_PATH = "undo_to.tcss"
    YES = "undo-to-yes"
    BINDINGS = [
        Binding("y", "answer(True)", phrase("Undo them"), id="undo-to-yes"),
        Binding("n,escape", "answer(False)", phrase("Keep them"), id="undo-to-no"),
    ]

    def __init__(self, back: UndoBack, log: ActionLog | None = None) -> None:
        super().__init__()
        self.back = back
        self.picked_in = log
        """The log the line was picked in: the question closes when its entries change."""

    def compose(self) -> ComposeResult:
        count = len(self.back.records)
        with Vertical(id="undo-to"):
            yield Static(plain(tr(question(self.back))), id="undo-to-title")
            with VerticalScroll(id="undo-to-lines"):  # long lines scroll; the answers stay
                yield Static(plain(tr(detail(self.back))), id="undo-to-detail")
            yield Static(plain(tr(REDO_IN_ORDER)), id="undo-to-after")
            with Answers():
                undo = tn("Undo {n} action (y)", "Undo {n} actions (y)", count)
                yield Button(plain(undo), variant="error", id="undo-to-yes")
                yield Button(plain(t("Keep them (n)")), id="undo-to-no")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.picked_in is not None:
            self.watch(self.picked_in, "revision", self.game_changed, init=False)

    def spoken_again(self) -> None:
        """Composed again in another language: the screen under it has a new log (it was
        composed again too), whose changes close this question as the first one's did."""
        if self.picked_in is None or self.picked_in.is_attached:
            return
        under = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        logs = under.query(ActionLog) if under is not None else None
        if logs:
            self.picked_in = logs.first()
            self.on_mount()

    def game_changed(self) -> None:
        """Another device changed the game: this question no longer says what would be undone."""
        if self.is_active:
            self.dismiss(None)
            self.notify(PICK_AGAIN, title=t("Question closed"), markup=False)


def start(screen: Undoing) -> None:
    """`U`: show and focus the screen's log (its tab, where it has one), the line before the
    newest marked, and say how to pick a line."""
    if screen.refuse_watch_only():
        return
    logs = screen.query(ActionLog)
    if not logs:
        screen.notify(NO_LOG, title=t("Not undone"), severity="warning")
        return
    log = logs.first()
    for pane in log.ancestors:
        if isinstance(pane, TabPane) and isinstance(pane.parent, ContentSwitcher):
            tabs = pane.parent.parent
            if isinstance(tabs, TabbedContent) and pane.id is not None:
                tabs.active = pane.id  # the log's own tab (Six Sojourns)
    log.focus()
    log.mark_before_newest(1)  # the log's border says how to pick (`PICK_HINT`)


def ask(screen: Undoing, line: int, log: ActionLog | None = None) -> None:
    """Undo back to log line `line` on `screen`'s game: refused with the reason, else asked
    (`UndoToDialog`), then made in one transaction (`commit`)."""
    if screen.refuse_watch_only():
        return
    if screen.shared.follow():  # the line picked may not be the action it was
        screen.notify(PICK_AGAIN, title=t("Not undone"), severity="warning", markup=False)
        return
    try:
        back = undo_back(screen.saved, line)
    except RuleError as error:
        screen.notify(reason(error), title=t("Not undone"), severity="warning", markup=False)
        return
    screen.asking = True

    def answered(yes: bool | None) -> None:
        screen.asking = False
        if yes:
            commit(screen, back)
        else:
            screen.redraw()  # a question of the game's own, still open, is shown again

    screen.app.push_screen(UndoToDialog(back, log), answered)


def commit(screen: Undoing, back: UndoBack) -> bool | None:
    """The undo records of `back`, appended in one transaction if they are still what the
    newest state would take back (`SharedGame.commit`: True once made, None while it waits for
    another device's lock)."""

    def decide(_theirs: list[Record]) -> list[Draft]:
        now = undo_back(screen.saved, back.to)
        if now.numbers != back.numbers:
            raise RuleError(PICK_AGAIN)
        return now.drafts

    def done(_mine: list[Record]) -> None:
        screen.shared.undid = True  # what redo puts back is this device's
        screen.confirm(undid_back(back))

    return screen.shared.commit(decide, done)
