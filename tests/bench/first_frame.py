"""Start an app headless and exit as soon as its first screen is shown (run by the benchmark).

`python tests/bench/first_frame.py companion HOME` starts Table Companion on a data folder;
`python tests/bench/first_frame.py baseline` starts a minimal Textual app (one Static, a Footer).
"""

from __future__ import annotations

import sys
from typing import Any


async def exit_after_first_frame(pilot: Any) -> None:
    await pilot.pause()
    pilot.app.exit()


def baseline_app() -> Any:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    class Baseline(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Hello")
            yield Footer()

    return Baseline()


def main() -> None:
    if sys.argv[1] == "baseline":
        app = baseline_app()
    else:
        from companion import points
        from companion.cli import entry_points
        from widgets.app import make_app

        points.find_with(entry_points)  # as `companion` hands them in at its start
        app = make_app(home=sys.argv[2])
    app.run(headless=True, size=(80, 24), auto_pilot=exit_after_first_frame)


if __name__ == "__main__":
    main()
