"""`python -m companion.cli.standby`: the warm parent of `companion serve`'s apps (`Standby` in
webserve/apps.py starts it with a Unix socket as its input).

It imports what the app's start imports (Python's, Textual's and our modules: about two thirds of
a cold start's CPU) while no browser waits, says so, then forks one child per browser that asks
(webserve/forks.py, webserve/handover.py): the child gets that browser's pipes and whole
environment, its size, device id and display among it, and runs `companion` as the server would
have started it, sharing the parent's imported modules (copy-on-write) instead of loading its
own. Only those few variables, read when the app starts, may differ from the environment the
parent was started with; if anything else differs the child becomes `python -m companion`
afresh with the browser's environment (exec: a cold start). The parent reads no data folder,
clock or setting, starts no thread and no event loop, and ends when the server closes its input.
"""

from __future__ import annotations

import gc
import os
import sys
from importlib import import_module

from companion.cli.output import fail

PRELOADED = (
    "textual.drivers.web_driver",  # the driver textual-serve's environment names
    "companion.cli.commands",
    "widgets.play.reopen",
    "widgets.app",
    "widgets.table_view.display",
    "textual.scrollbar",  # imported by the first screen drawn: shared by every app from here
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "rich._emoji_codes",
)
"""Imported while waiting: a module's import here has no effect but being imported."""


def main() -> int:
    from webserve.forks import serve_forks
    from webserve.handover import HandOverError, changed_at_import, say_ready

    gc.disable()  # no collection while importing leaves no holes for a child to write in
    try:
        for name in PRELOADED:
            import_module(name)
        say_ready(sys.stdout.fileno())
        environment = serve_forks(sys.stdin.fileno(), sys.stdout.fileno())
    except KeyboardInterrupt:  # Ctrl+C on `companion serve` while importing (then ignored)
        return 0
    except (HandOverError, OSError) as error:
        return fail(f"not a browser for this app: {error}")
    if environment is None:  # the server stopped: its apps are its own to end
        return 0
    if changed_at_import(os.environ, environment):
        os.execve(sys.executable, [sys.executable, "-m", "companion"], environment)
    os.environ.clear()
    os.environ.update(environment)
    from companion.cli import main as companion

    return companion([])


if __name__ == "__main__":
    raise SystemExit(main())
