"""`python -m companion.cli.standby`: the app of `companion serve`'s next browser, started before
that browser connects (`Standby` in webserve/apps.py starts it).

It imports what the app's start imports (Python's, Textual's and our modules: about two thirds of
a cold start's CPU) while no browser waits, then blocks on its input until the server hands it a
browser (webserve/handover.py): that browser's whole environment, its size, device id and display
among it. It says when its imports are done and answers its hand-over at once, one line each
(a process that does not answer, stopped or hung, is replaced by a fresh one). Only those few
variables, read when the app starts, may differ from the environment it was started with; if
anything else differs it becomes `python -m companion` afresh with the browser's environment
(exec: the same process, as a cold start).
Then it runs `companion` as the server would have started it. Before the hand-over it reads no
data folder, clock or setting and starts no thread.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

from companion.cli.output import fail

PRELOADED = (
    "importlib.metadata",  # the games are found through entry points at the start
    "textual.drivers.web_driver",  # the driver textual-serve's environment names
    "companion.cli.commands",
    "widgets.play.reopen",
    "widgets.app",
    "widgets.table_view.display",
)
"""Imported while waiting: a module's import here has no effect but being imported."""


def main() -> int:
    from webserve.handover import (
        HandOverError,
        answer_hand_over,
        changed_at_import,
        read_hand_over,
        say_ready,
    )

    try:
        for name in PRELOADED:
            import_module(name)
        say_ready(sys.stdout.fileno())
        environment = read_hand_over(sys.stdin.fileno())
    except KeyboardInterrupt:  # Ctrl+C on `companion serve` reaches its process group
        return 0
    except HandOverError as error:
        return fail(f"not a browser for this app: {error}")
    if environment is None:  # the server stopped before a browser came
        return 0
    answer_hand_over(sys.stdout.fileno())  # at once: the server replaces a silent one
    if changed_at_import(os.environ, environment):
        os.execve(sys.executable, [sys.executable, "-m", "companion"], environment)
    os.environ.clear()
    os.environ.update(environment)
    from companion.cli import main as companion

    return companion([])


if __name__ == "__main__":
    raise SystemExit(main())
