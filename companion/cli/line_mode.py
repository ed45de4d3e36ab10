"""`companion play ID`: a game in plain lines, for a screen reader or a script.

It says the game's state a fact a sentence, then reads lines: each an action in the words
`companion act` takes (`MoveEarliest player=0`, read by the very same code), or `help`,
`state`, `undo`, `redo`, `quit`. Each answer is one sentence: the action's log line, or
"No: <why>" with the reason `companion act` gives. What another device does to the game (the
app, a browser, `companion act`) is said as it happens, naming who. No prompt, no colour, no
cursor movement; the end of the input (EOF) ends it, a bad line never does.

The game is one `SavedGame` opened for play, kept up to date from its journal: a change of
this device is one transaction (`SaveStore.transact`), decided on the newest state, and what
others appended before it is said first; between lines the journal is looked at every
`FOLLOW_SECONDS`, and only its appended records are read. Lines are read by a thread of their
own, so the game is followed while nobody types; everything else runs on the main thread.
"""

from __future__ import annotations

import queue
import shlex
import threading
from collections.abc import Callable
from typing import Any, TextIO

from companion.cli import line_words
from companion.cli.act import ActError, append, check_applicable, read_action
from companion.cli.line_help import possible_now
from companion.core import RuleError
from companion.guard import GameFault
from lang import t, tr
from saves.files import SaveError
from saves.games.journal import Draft, Rewritten, stale
from saves.games.records import Record
from saves.games.store import SaveStore
from saves.games.undo_back import undo_back
from saves.shared.lock import DEADLINE_SECONDS

FOLLOW_SECONDS = 0.1
"""How often the game's journal is looked at for other devices' records while no line comes."""
MAX_LINE = 10_000
"""The longest line read as an action: a longer one is refused, not parsed."""


class Refused(Exception):
    """A line that changes nothing: its reason, said as "No: <reason>"."""


class LineMode:
    """One game followed and played in lines (`run` drives it)."""

    def __init__(self, store: SaveStore, save_id: str, device: str, out: TextIO) -> None:
        self.store, self.save_id, self.device, self.out = store, save_id, device, out
        self.saved = store.open_for_play(save_id, deadline=DEADLINE_SECONDS)
        self.lines = line_words.line_index(self.saved)
        """Each `do` record's log line, kept as records come (an undone one is still named)."""
        self.problem = ""
        """The last problem following the file, said once until it changes."""

    def say(self, sentence: str) -> None:
        self.out.write(line_words.say(sentence) + "\n")
        self.out.flush()

    def say_state(self) -> None:
        for sentence in line_words.state_sentences(self.saved):
            self.say(sentence)

    def answer(self, line: str) -> bool:
        """Do what a line asks and say it; False once it asks to quit."""
        words = line.strip()
        if not words:
            return True
        try:
            return self._answer(words)
        except Refused as refusal:
            self.say(t("No: {reason}", reason=str(refusal)))
        except (ActError, RuleError, GameFault, SaveError) as error:
            self.say(t("No: {reason}", reason=tr(error)))
        return True

    def _answer(self, words: str) -> bool:
        if len(words) > MAX_LINE:
            raise Refused(t("the line is too long to be an action"))
        try:
            parts = shlex.split(words)
        except ValueError as error:
            raise Refused(t("the line cannot be read ({problem})", problem=str(error))) from None
        name, pairs = parts[0], parts[1:]
        command = name.lower()
        if command == "quit":
            return False
        if command == "state":
            self.follow()
            self.say_state()
        elif command == "help":
            self.follow()
            possible = possible_now(self.saved) if self.saved.status == "playing" else []
            for sentence in line_words.help_sentences(self.saved, possible):
                self.say(sentence)
        elif command in ("undo", "redo"):
            if pairs:
                raise Refused(t("{command} takes nothing after it", command=command))
            self.change(self.undo_drafts if command == "undo" else self.redo_drafts)
        else:
            action = read_action(self.saved.game, name, pairs)
            self.change(lambda: self.do_drafts(action))
        return True

    def do_drafts(self, action: Any) -> list[Draft]:
        """The record of an action, decided on the newest state (as `companion act` decides)."""
        saved = self.saved
        state = saved.session.state
        step = check_applicable(saved, action)
        refusal = stale(saved.game, saved.game.replaced(state, action), state, action)
        if refusal is not None:
            raise RuleError(refusal)
        return [Draft("do", action, step=step, on=state)]

    def undo_drafts(self) -> list[Draft]:
        """The newest action taken back (`undo_back`, the decision every device shares)."""
        return undo_back(self.saved, None).drafts

    def redo_drafts(self) -> list[Draft]:
        """The last action undone put back."""
        undone = self.saved.undone
        if not undone or not self.saved.session.can_redo:
            raise RuleError(t("nothing to redo"))
        return [Draft("redo", target=undone[-1].number)]

    def change(self, decide: Callable[[], list[Draft]]) -> None:
        """One transaction: what others appended meanwhile is said first, then this change as
        the journal tells it (the action's log line, or the line undone or redone)."""
        heard: list[Record] = []
        made: list[Draft] = []
        was_over = self.saved.status != "playing"

        def drafts(theirs: list[Record]) -> list[Draft]:
            heard[:] = theirs
            made[:] = decide()
            return made

        try:
            append(self.store, self.saved, drafts, self.device)
        except Exception:
            self.tell(heard, was_over)
            raise
        self.tell(heard, was_over, end=False)
        for draft in made:
            self.say(self.own_sentence(draft))
        self.lines.update(line_words.line_index(self.saved))
        self.tell_end(was_over)

    def own_sentence(self, draft: Draft) -> str:
        """This device's change: the action's log line, or the line undone or redone."""
        if draft.kind == "do" and draft.step is not None:
            return tr(draft.step.line)
        line = tr(self.lines.get(draft.target, ""))
        if draft.kind == "undo":
            return t("Undone: {line}", line=line)
        return t("Redone: {line}", line=line)

    def follow(self) -> None:
        """Say what other devices appended since the last look."""
        was_over = self.saved.status != "playing"
        try:
            if not self.store.catch_up_needed(self.saved):
                return
            records = self.store.catch_up(self.saved)
        except Rewritten as rewritten:
            self.reread(str(rewritten))
            return
        except SaveError as error:
            self.trouble(tr(error))
            return
        self.problem = ""
        self.tell(records, was_over)

    def tell(self, records: list[Record], was_over: bool, end: bool = True) -> None:
        """Say each of other devices' records, then (`end`) the end of the game if they ended
        it, or that they undid its end."""
        if not records:
            return
        self.lines.update(line_words.line_index(self.saved))
        for sentence in line_words.joined_lines(records, self.lines):
            self.say(sentence)
        if end:
            self.tell_end(was_over)

    def tell_end(self, was_over: bool) -> None:
        """The game ended (its result said) or its end was undone, since `was_over` was seen."""
        over = self.saved.status != "playing"
        if over and not was_over:
            for sentence in line_words.result_sentences(self.saved):
                self.say(sentence)
        elif was_over and not over:
            self.say(t("The game goes on: its end was undone."))

    def reread(self, why: str) -> None:
        """The file changed in a way that is not an appended record: read it again, say so."""
        self.say(t("The game's file changed outside the companion ({why}): read again.", why=why))
        try:
            self.saved = self.store.open_for_play(self.save_id, deadline=DEADLINE_SECONDS)
        except SaveError as error:
            self.trouble(tr(error))
            return
        self.lines = line_words.line_index(self.saved)
        self.say_state()

    def trouble(self, problem: str) -> None:
        """A problem following the file, said once until it changes."""
        if problem != self.problem:
            self.problem = problem
            self.say(t("Cannot follow the game: {problem}", problem=problem))


def read_lines(source: TextIO, into: queue.Queue[str | None]) -> None:
    """Every line of `source` into the queue, then None at its end (or when it cannot be read)."""
    try:
        for line in source:
            into.put(line)
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    into.put(None)


def run(store: SaveStore, save_id: str, device: str, source: TextIO, out: TextIO) -> int:
    """Say the game's state, then answer each line and follow the game until the input ends or
    `quit`: 0. `SaveError` (the game cannot be read) before anything is said."""
    mode = LineMode(store, save_id, device, out)
    mode.say_state()
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=read_lines, args=(source, lines), daemon=True).start()
    while True:
        try:
            line = lines.get(timeout=FOLLOW_SECONDS)
        except queue.Empty:
            mode.follow()
            continue
        if line is None:
            return 0
        mode.follow()
        if not mode.answer(line):
            return 0
