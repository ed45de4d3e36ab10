"""The action log alone (issue 44): an entry added or undone, to the frame that shows it, at 5,000
logged actions against 50, beside Textual's own `Log` given a line the same way.

Each sample is the main thread's CPU from the change (`ActionLog.show` with one step more or one
step fewer; `Log.write_line`) to the frame composed and turned into the terminal's bytes, in an
80x24 screen where the log is a column beside a panel (as on a play screen). Also counted: how
many of the log's lines are drawn (wrapped and styled, not found drawn) per change, which must
not grow with the history. Run alone: `python tests/bench/bench_action_log.py [samples]`.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from figures import Figure, table
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Log, Static

from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from widgets.play.action_log import ActionLog

SIZES = (50, 5000)
WARM_UP = 4
CSS = Path(__file__).resolve().parents[2] / "widgets" / "companion.tcss"


class LogScreen(App[None]):
    """A panel and a log column, as a play screen lays them out."""

    CSS_PATH = CSS
    CSS = """
    Horizontal { height: 1fr; }
    #panel { width: 1fr; }
    #log, .log { width: 40; border: round $secondary; }
    """

    def __init__(self, textual_log: bool) -> None:
        super().__init__()
        self.textual_log = textual_log
        self.frames: list[float] = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("A panel of the play screen", id="panel")
            yield Log(classes="log") if self.textual_log else ActionLog(id="log")

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)
        if renderable is not None:
            renderable.render_segments(self.console)  # the bytes a terminal would be sent
            self.frames.append(time.thread_time())


async def _samples(size: int, textual_log: bool, count: int) -> tuple[list[float], list[int]]:
    game = Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    for number in range(size):
        game.do(AdjustCoins("Ana" if number % 2 else "Ben", 1 + number % 3))
    app = LogScreen(textual_log)
    spent: list[float] = []
    drawn: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        if textual_log:
            log = app.query_one(Log)
            log.write_lines(f"{n}. {line}" for n, line in enumerate(game.history, start=1))
        else:
            action_log = app.query_one(ActionLog)
            action_log.show(game.steps)
            draw_line = action_log.draw_line
            calls = [0]

            def counted(index: int, entry: int, marked: bool) -> Any:
                calls[0] += 1
                return draw_line(index, entry, marked)

            action_log.draw_line = counted  # type: ignore[method-assign]
        await pilot.pause()
        if textual_log:
            assert log.size.height > 10 and log.max_scroll_y > 0, "the log fills its column"
        else:
            view = action_log.view
            assert view.height > 10 and view.max_top > 0, "the log fills its column"
        for number in range(WARM_UP + count):
            app.frames.clear()
            if textual_log:
                started = time.thread_time()
                log.write_line(f"{size + number}. Ben gains 2 coins")
            else:
                calls[0] = 0
                if number % 2:
                    game.undo()
                else:
                    game.do(AdjustCoins("Ben", 2))
                started = time.thread_time()
                action_log.show(game.steps)
            await pilot.pause()
            if number >= WARM_UP and app.frames:
                spent.append(app.frames[0] - started)
                if not textual_log:
                    drawn.append(calls[0])
    return spent, drawn


def action_log_rows(reps: int) -> list[Figure]:
    """The log's change to its frame at 5,000 vs 50 actions, and beside Textual's `Log`."""
    cpu: dict[tuple[str, int], float] = {}
    lines: dict[int, float] = {}
    for size in SIZES:
        for name, textual_log in (("action log", False), ("Textual Log", True)):
            spent, drawn = asyncio.run(_samples(size, textual_log, reps))
            cpu[name, size] = statistics.median(spent)
            if drawn:
                lines[size] = statistics.mean(drawn)
    small, large = cpu["action log", SIZES[0]], cpu["action log", SIZES[-1]]
    theirs = cpu["Textual Log", SIZES[-1]]

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.2f} ms"

    return [
        Figure(
            "action log: a change to its frame at 5,000 vs 50 actions",
            large / small,
            "x",
            "<= 1.3x",
            large / small <= 1.3,
            f"{ms(large)} vs {ms(small)} of main-thread CPU; lines drawn per change "
            f"(mean) {lines[SIZES[-1]]:.1f} vs {lines[SIZES[0]]:.1f}",
        ),
        Figure(
            "action log vs Textual's Log: a change to its frame at 5,000 actions",
            large / theirs,
            "x",
            "<= 1.5x",
            large / theirs <= 1.5,
            f"{ms(large)} vs {ms(theirs)} of main-thread CPU (Log at 50: "
            f"{ms(cpu['Textual Log', SIZES[0]])})",
        ),
    ]


if __name__ == "__main__":
    print(table(action_log_rows(int(sys.argv[1]) if len(sys.argv) > 1 else 40)))
