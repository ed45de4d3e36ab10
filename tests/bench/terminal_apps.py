"""The apps the terminal benchmark runs in a pty, each as `python terminal_apps.py NAME [ARGS]`.

- `notify`: the minimal app for a key: ctrl+z and ctrl+y update a Static and show a
  notification, as undo and redo do on a play screen.
- `follower FILE`: the minimal follower: it watches FILE's folder as a play screen does (the same
  watchfiles settings) and shows the file's last line in a Static at each change.
- `play HOME SAVE_ID`: Table Companion on a data folder, the save opened from the home screen.
- `baseline`: the minimal app of a start (one Static, a Footer: first_frame.py's), beside
  `python -m companion` itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    """The baseline of a key: one key that updates a Static and shows a notification."""

    BINDINGS = [("ctrl+z", "bump"), ("ctrl+y", "bump")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(str(self.count))
        self.notify(f"Count {self.count}")


class Follower(App[None]):
    """The baseline of a follow: a Static that shows a file's last line whenever it changes."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        yield Static(self.last_line(), id="line", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self.follow_file, thread=True, exit_on_error=False)

    def last_line(self) -> str:
        lines = self.path.read_text(encoding="utf-8").splitlines()
        return lines[-1] if lines else ""

    def follow_file(self) -> None:
        from watchfiles import watch

        from widgets.play.shared_game import WATCH_STEP_MS

        path = self.path
        for _changes in watch(
            path.parent,
            watch_filter=lambda _change, name: Path(name).name == path.name,
            recursive=False,
            step=WATCH_STEP_MS,
            debounce=WATCH_STEP_MS * 5,
            rust_timeout=500,
            yield_on_timeout=False,
        ):
            self.call_from_thread(self.show)

    def show(self) -> None:
        self.query_one("#line", Static).update(self.last_line())


def play(home: str, save_id: str) -> None:
    from widgets.app import CompanionApp, make_app

    def open_save(app: CompanionApp) -> None:
        app.open_saved(save_id)

    make_app(home=home, start=open_save).run()


def main(argv: list[str]) -> None:
    name = argv[0]
    if name == "notify":
        Minimal().run()
    elif name == "follower":
        Follower(Path(argv[1])).run()
    elif name == "baseline":
        from first_frame import baseline_app

        baseline_app().run()
    elif name == "play":
        play(argv[1], argv[2])
    else:
        raise SystemExit(f"unknown app {name!r}: notify, follower or play")


if __name__ == "__main__":
    main(sys.argv[1:])
