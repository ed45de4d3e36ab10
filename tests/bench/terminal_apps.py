"""The apps the terminal benchmark runs in a pty, each as `python terminal_apps.py NAME [ARGS]`.

- `notify`: the minimal app for a key: ctrl+z and ctrl+y update a Static and show a
  notification, as undo and redo do on a play screen.
- `follower FILE`: the minimal follower: it watches FILE's folder as a play screen does (the same
  watchfiles settings) and shows the file's last line in a Static at each change.
- `play HOME SAVE_ID`: Table Companion on a data folder, the save opened from the home screen.
- `baseline`: the minimal app of a start (one Static, a Footer: first_frame.py's), beside
  `python -m companion` itself.

With `CPU_ENV` set to a file, each app writes its main thread's CPU time there at each key and at
each frame written (`count_cpu`): the same keys seen as work done, which the other programs of a
busy machine stretch less than they stretch a wall time.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

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


CPU_ENV = "COMPANION_BENCH_CPU"
"""The file an app writes `key SECONDS` and `frame SECONDS` lines to (its main thread's CPU)."""


def count_cpu(path: str) -> None:
    """Note the main thread's CPU time when a key arrives and when a frame is written (Textual's
    own methods wrapped: this is the bench's instrument, not the app's code)."""
    from textual import events
    from textual.app import App

    out = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 - open while the app runs
    on_event, display = App.on_event, App._display

    async def on_event_counted(self: App[Any], event: events.Event) -> None:
        if isinstance(event, events.Key):
            out.write(f"key {time.thread_time()}\n")
        await on_event(self, event)

    def display_counted(self: App[Any], screen: Any, renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is not None:
            out.write(f"frame {time.thread_time()}\n")

    App.on_event = on_event_counted  # type: ignore[method-assign]
    App._display = display_counted  # type: ignore[method-assign]


def play(home: str, save_id: str) -> None:
    from widgets.app import CompanionApp, make_app

    def open_save(app: CompanionApp) -> None:
        app.open_saved(save_id)

    make_app(home=home, start=open_save).run()


def main(argv: list[str]) -> None:
    name = argv[0]
    if os.environ.get(CPU_ENV):
        count_cpu(os.environ[CPU_ENV])
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
