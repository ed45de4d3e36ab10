"""The minimal apps the browser benchmark serves beside `companion serve`, each as
`python browser_apps.py NAME [ARGS]` under `serve_app.py` (textual-serve, our page and access
rules), so that a figure in Chromium has a baseline measured the same way in the same run.

- `hello`: the start's baseline, one Static and a Footer (first_frame.py's, as the terminal's).
- `turns FILE`: the baseline of a key and of another browser's move. ctrl+z and ctrl+y pass the
  turn ("Ann's turn", "Bob's turn") in a Static and show a notification, as undo and redo do on
  a play screen; `m` appends a line (`move N`) to FILE, fsynced, as a move appends its record;
  and like a play screen it watches FILE's folder (terminal_apps.py's `Follower`, the play
  screen's watchfiles settings), showing the file's last line whenever it changes, so the other
  browser's move shows on this one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from terminal_apps import Follower
from textual.app import ComposeResult
from textual.widgets import Static

TURNS = ("Ann's turn", "Bob's turn")


class Turns(Follower):
    """Whose turn, passed by undo and redo; moves appended to a shared file and followed."""

    BINDINGS = [("ctrl+z", "pass_turn('Undone')"), ("ctrl+y", "pass_turn('Redone')"), ("m", "move")]

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.turn = 0

    def compose(self) -> ComposeResult:
        yield Static(TURNS[self.turn], id="turn")
        yield from super().compose()

    def action_pass_turn(self, done: str) -> None:
        self.turn = 1 - self.turn
        self.query_one("#turn", Static).update(TURNS[self.turn])
        self.notify(f"{done}: the last move")

    def action_move(self) -> None:
        """One line appended and on disk, as a move's record is; the watch then shows it."""
        moves = len(self.path.read_text(encoding="utf-8").splitlines())
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(f"move {moves}\n")
            handle.flush()
            os.fsync(handle.fileno())


def main(argv: list[str]) -> None:
    name = argv[0]
    if name == "hello":
        from first_frame import baseline_app

        baseline_app().run()
    elif name == "turns":
        Turns(Path(argv[1])).run()
    else:
        raise SystemExit(f"unknown app {name!r}: hello or turns")


if __name__ == "__main__":
    main(sys.argv[1:])
