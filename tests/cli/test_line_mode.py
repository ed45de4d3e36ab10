"""`companion play ID`: a whole Time Bastards duel played in plain lines, its refusals, undo and
redo, another device's changes said as they happen, naming who, and nothing but plain text.

The line mode runs on a thread of the test with a pipe for its input and a queue for its
output, as a terminal or a script would drive it; each printed sentence is waited for with a
limit that only catches a hang."""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.cli import line_mode
from companion.cli.act import act_output
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import TimeBastardsSetup, Traveller
from saves.games.store import SaveStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock

HANG = 60.0
"""Seconds a sentence is waited for: only a hang takes this long."""
OTHER_DEVICE = "t0ther0device"
ROLL_LOST = "RollD6 player={player} value=5"
"""A roll of 5 from the start of a timeline: the new piece is lost in time, the turn is over."""


def new_duel(home: Path, title: str = "Ana v Ben") -> str:
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))
    return SaveStore(home, fixed_clock).create(TIME_BASTARDS, setup, title).id


class Said(io.TextIOBase):
    """The line mode's output: each printed line into a queue."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.partial = ""
        self.everything: list[str] = []

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.everything.append(text)
        self.partial += text
        *complete, self.partial = self.partial.split("\n")
        for line in complete:
            self.lines.put(line)
        return len(text)


class Table:
    """A line mode running on a thread: `send` a line, `next` sentence, `until` one comes."""

    def __init__(self, home: Path, save_id: str) -> None:
        reading, self.writing = os.pipe()
        self.source = open(reading, encoding="utf-8")  # noqa: SIM115 (closed in `close`)
        self.said = Said()
        self.code: list[int] = []
        store = SaveStore(home)
        self.thread = threading.Thread(
            target=lambda: self.code.append(
                line_mode.run(store, save_id, "tmine0", self.source, self.said)
            ),
            daemon=True,
        )
        self.thread.start()

    def send(self, line: str) -> None:
        os.write(self.writing, (line + "\n").encode("utf-8"))

    def next(self) -> str:
        return self.said.lines.get(timeout=HANG)

    def until(self, wanted: Callable[[str], bool]) -> list[str]:
        """Every sentence up to and with the first one `wanted` takes."""
        seen = [self.next()]
        while not wanted(seen[-1]):
            seen.append(self.next())
        return seen

    def answer(self, line: str) -> str:
        """The one sentence a line typed is answered with."""
        self.send(line)
        return self.next()

    def end_input(self) -> int:
        os.close(self.writing)
        self.thread.join(HANG)
        assert not self.thread.is_alive()
        self.source.close()
        return self.code[0]


@pytest.fixture
def table(companion_home: Path) -> Iterator[Callable[[str], Table]]:
    opened: list[Table] = []

    def open_table(save_id: str) -> Table:
        opened.append(Table(companion_home, save_id))
        return opened[-1]

    yield open_table
    for each in opened:
        if each.thread.is_alive():
            each.end_input()


def started(table: Table) -> list[str]:
    return table.until(lambda line: line.startswith("Type an action"))


def other_device(home: Path, save_id: str, action: str, *pairs: str) -> str:
    """`companion act` from another device (its own device id), in this process."""
    return act_output(SaveStore(home), save_id, action, pairs, False, OTHER_DEVICE)


def test_the_state_is_said_fact_by_fact(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    save_id = new_duel(companion_home)
    playing = table(save_id)
    assert started(playing) == [
        "Ana v Ben: a game of Time Bastards, in play.",
        "Players: Ana, Ben.",
        "Where it stands: Round 1/24 · achievements Ana 0, Ben 0 · Ana to play.",
        "Waiting for Ana's turn: move the earliest piece forward or roll the D6.",
        "Score so far: Ana 0, Ben 0.",
        "No action yet.",
        "Type an action as companion act takes it, or help, state, undo, redo, quit.",
    ]
    assert playing.end_input() == 0


def test_a_whole_duel_to_its_winner_with_a_refusal_an_undo_and_another_device(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    save_id = new_duel(companion_home)
    playing = table(save_id)
    started(playing)
    assert playing.answer("MoveEarliest player=0") == (
        "Ana moves the earliest piece from I at 0 forward to 1."
    )
    refused = playing.answer("PlaceNewPiece player=1 timeline=2")
    assert refused.startswith("No: waiting for Ben's turn")
    assert refused.endswith(
        "Ben has not rolled the D6 yet: a turn is a roll of 1D6 (or the "
        "earliest piece moved forward one space) before a piece is placed "
        "or moved."
    )
    # Ben plays on another device: said as it happens, naming who
    other_device(companion_home, save_id, "RollD6", "player=1", "value=5")
    assert playing.next() == (
        "Someone at a terminal: Ben rolls 5. 5 spaces before the earliest piece (III at 0) is "
        "before the start: the new piece is lost in time and goes back to the supply. Turn "
        "over. Round 2: the clock moves to hour 2."
    )
    assert playing.answer("moveearliest player=0").startswith("Ana moves the earliest piece")
    second = "Ana moves the earliest piece from I at 1 forward to 2."
    assert playing.answer("undo") == f"Undone: {second}"
    assert playing.answer("redo") == f"Redone: {second}"
    playing.answer(ROLL_LOST.format(player=1))
    assert playing.answer("RollD6 player=0 value=1") == (
        "Ana rolls 1. The new piece goes at time 1: Ana picks its timeline."
    )
    assert playing.answer("PlaceNewPiece player=0 timeline=2") == (
        "Ana places a new piece on II at 1."
    )
    playing.answer(ROLL_LOST.format(player=1))
    assert playing.answer("MoveEarliest player=0") == (
        "Ana moves the earliest piece from II at 1 forward to 2. Ana's pieces on timelines II "
        "and I are level at time 2: the older one leaves I at 2 for the supply; Ana scores "
        "achievement I."
    )
    for _round in range(4, 24):  # Ben ends each round, Ana's roll starts the next
        assert playing.answer(ROLL_LOST.format(player=1)).startswith("Ben rolls 5.")
        assert playing.answer(ROLL_LOST.format(player=0)).startswith("Ana rolls 5.")
    # the last turn is made on the other device: the end and the result are said too
    other_device(companion_home, save_id, "RollD6", "player=1", "value=5")
    assert playing.until(lambda line: "wins on this step" in line)[-3:] == [
        "Someone at a terminal: Ben rolls 5. 5 spaces before the earliest piece (III at 0) is "
        "before the start: the new piece is lost in time and goes back to the supply. Turn "
        "over. The clock has reached the end of its track: the game is over.",
        "The game is over: Ana wins.",
        "Step 1, most achievements: Ana 1, Ben 0. Ana wins on this step.",
    ]
    assert playing.answer("MoveEarliest player=1").startswith(
        "No: the game is over (finished): it takes no more actions"
    )
    playing.send("state")
    facts = playing.until(lambda line: line.startswith("Type an action"))
    assert "Final score: Ana 1, Ben 0." in facts
    assert "The game is over: Ana wins." in facts
    assert playing.end_input() == 0


def test_undo_and_redo_made_elsewhere_are_said_naming_who(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    save_id = new_duel(companion_home)
    playing = table(save_id)
    started(playing)
    playing.answer("MoveEarliest player=0")
    other_device(companion_home, save_id, "undo")
    assert playing.next() == (
        "Someone at a terminal undid: Ana moves the earliest piece from I at 0 forward to 1."
    )
    assert playing.answer("redo") == (
        "Redone: Ana moves the earliest piece from I at 0 forward to 1."
    )
    assert playing.end_input() == 0


def test_help_lists_what_the_game_takes_now_in_act_s_words(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    playing = table(new_duel(companion_home))
    started(playing)
    playing.send("help")
    listed = playing.until(lambda line: line.startswith("Also:"))
    assert listed[:3] == [
        "The game takes now:",
        "MoveEarliest player=0: Ana moves the earliest piece from I at 0 forward to 1.",
        "RollD6 player=0 value=1|2|3|4|5|6 source=app|physical.",
    ]
    assert playing.end_input() == 0


def test_bad_lines_are_refused_and_never_end_it(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    playing = table(new_duel(companion_home))
    started(playing)
    assert playing.answer("Fly player=0").startswith("No: 'Fly' is not an action of Time Bastards")
    assert playing.answer('RollD6 player="0').startswith("No: the line cannot be read")
    assert playing.answer("RollD6 player=zero value=3") == (
        "No: player: 'zero' is not a whole number"
    )
    assert playing.answer("undo") == "No: there is nothing to undo: the game has no actions yet"
    assert playing.answer("redo") == "No: nothing to redo"
    assert playing.answer("MoveEarliest player=0").startswith("Ana moves")
    playing.send("quit")
    playing.thread.join(HANG)
    assert playing.code == [0]


def test_names_reach_the_output_without_escape_sequences(
    table: Callable[[str], Table], companion_home: Path
) -> None:
    setup = TimeBastardsSetup((Traveller("\x1b[2JAna", "red", 1), Traveller("Ben\r", "blue", 3)))
    save_id = SaveStore(companion_home, fixed_clock).create(TIME_BASTARDS, setup, "Duel").id
    playing = table(save_id)
    assert started(playing)[1] == "Players: ␛[2JAna, Ben␍."
    assert playing.answer("MoveEarliest player=0") == (
        "␛[2JAna moves the earliest piece from I at 0 forward to 1."
    )
    playing.end_input()
    printed = "".join(playing.said.everything)
    assert "\x1b" not in printed and "\r" not in printed


def test_the_command_in_a_pipe_ends_with_its_input(companion_home: Path) -> None:
    """The installed command, its input a pipe (a script): another `companion act` process's
    change is said, and the end of the input ends it with 0."""
    save_id = new_duel(companion_home)
    command = [sys.executable, "-m", "companion", "play", save_id]
    environment = {**os.environ, "COMPANION_HOME": str(companion_home), "LANGUAGE": "en"}
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(
            target=lambda: [lines.put(line.rstrip("\n")) for line in process.stdout or []],
            daemon=True,
        ).start()
        while not lines.get(timeout=HANG).startswith("Type an action"):
            pass
        acted = subprocess.run(
            [sys.executable, "-m", "companion", "act", save_id, "MoveEarliest", "player=0"],
            env=environment,
            capture_output=True,
            text=True,
            timeout=HANG,
        )
        assert acted.returncode == 0
        assert lines.get(timeout=HANG) == (
            "Someone at a terminal: Ana moves the earliest piece from I at 0 forward to 1."
        )
        process.stdin.write("state\n")
        process.stdin.flush()
        assert lines.get(timeout=HANG).startswith("Ana v Ben: a game of Time Bastards")
        process.stdin.close()
        assert process.wait(timeout=HANG) == 0


def test_a_game_that_cannot_be_read_is_one_line_and_exit_2(run: Run) -> None:
    code, out, err = run("play", "no-such-game")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "no-such-game" in err
