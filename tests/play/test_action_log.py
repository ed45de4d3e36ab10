"""The action log changes by what changed, and always shows exactly the whole history (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.app import App, ComposeResult
from textual.widgets import TabbedContent, TabPane

from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from widgets.play.action_log import ActionLog, entry_height, entry_lines, history_lines

LONG = "gains a coin from an explore token after a long crossing between the far islands"


class LogHost(App[None]):
    """The log alone, beside a second tab that hides it when asked."""

    def __init__(self, hidden: bool = False) -> None:
        super().__init__()
        self.hidden = hidden

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="other" if self.hidden else "log-tab"):
            with TabPane("Log", id="log-tab"):
                yield ActionLog(id="log")
            with TabPane("Other", id="other"):
                yield from ()


def session() -> Session:
    return Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))


def expected(app: App[None], log: ActionLog, history: list[str]) -> list[str]:
    return history_lines(history, log.view.text_width, app.console)


async def test_log_equals_the_full_history_after_random_apply_undo_redo() -> None:
    game, rng = session(), random.Random(15)
    app = LogHost()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        operations: dict[str, Callable[[], Any]] = {
            "do": lambda: game.do(AdjustCoins(rng.choice(("Ana", "Ben")), rng.randint(1, 3))),
            "undo": game.undo,
            "redo": game.redo,
        }
        for _ in range(120):
            operations[rng.choice(("do", "do", "undo", "redo"))]()
            log.show(game.steps)
            await pilot.pause()
            assert log.plain_lines == expected(app, log, game.history)
        assert len(game.history) > 10  # the walk really grew the log


async def test_a_different_action_after_an_undo_replaces_the_line() -> None:
    game = session()
    app = LogHost()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        for _ in range(3):
            game.do(AdjustCoins("Ana", 1))
        log.show(game.steps)
        game.undo()
        game.do(AdjustCoins("Ben", 2))
        log.show(game.steps)
        await pilot.pause()
        assert log.plain_lines == expected(app, log, game.history)
        assert "Ben" in log.plain_lines[-1]


async def test_long_lines_wrap_under_their_text_and_rewrap_on_resize() -> None:
    game = session()
    app = LogHost()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        game.do(AdjustCoins("Ana", 1))
        log.show(game.steps)
        await pilot.pause()
        assert log.plain_lines == expected(app, log, game.history)
        await pilot.resize_terminal(18, 20)
        await pilot.pause()
        assert len(log.plain_lines) > 1  # wrapped again at the narrower width
        assert log.plain_lines == expected(app, log, game.history)
        lines = history_lines([LONG], 30, app.console)
        assert len(lines) > 1 and all(line.startswith("     ") for line in lines[1:])
        assert lines[0].startswith("  1. ")


async def test_a_log_filled_on_a_hidden_tab_reads_in_whole_lines() -> None:
    """Six Sojourns' Log tab printed one character per line for actions made on another tab."""
    game = session()
    app = LogHost(hidden=True)
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        game.do(AdjustCoins("Ana", 1))
        log.show(game.steps)
        await pilot.pause()
        app.query_one(TabbedContent).active = "log-tab"
        await pilot.pause()
        assert log.plain_lines == expected(app, log, game.history)
        assert len(log.plain_lines) == 1


async def test_an_empty_log_says_so() -> None:
    app = LogHost()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        log.show(())
        await pilot.pause()
        assert log.plain_lines == ["Nothing has happened yet."]


@settings(max_examples=300)
@given(
    number=st.integers(min_value=1, max_value=120_000),
    line=st.text(max_size=120),
    width=st.integers(min_value=1, max_value=130),
)
def test_an_entrys_height_is_the_number_of_its_wrapped_lines(
    number: int, line: str, width: int
) -> None:
    """The log sizes itself from each entry's height before drawing it (a long game opens
    without wrapping every entry): the height must be the lines the entry wraps to, wide
    characters, control characters and words longer than the line included."""
    assert entry_height(number, line, width) == len(
        entry_lines(number, line, width, Console(width=200))
    )


async def test_a_long_log_draws_only_the_entries_on_screen() -> None:
    """A long log opens with its last entries drawn: the others wait until scrolled to."""
    app = LogHost()
    game = session()
    for count in range(3_000):
        game.do(AdjustCoins("Ana", -1 if count % 2 else 1))
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(ActionLog)
        log.show(game.steps)
        await pilot.pause()
        drawn = [index for index, lines in enumerate(log._wrapped) if lines is not None]
        assert drawn and min(drawn) > 2_900
        assert log.plain_lines == expected(app, log, game.history)


async def test_a_log_focused_before_it_is_filled_marks_from_its_newest_entry() -> None:
    """A tab shown and focused before its log has its entries (Six Sojourns' log tab): the keys
    move the mark from the newest entry, as in a log that had its entries when focused."""
    app = LogHost()
    game = session()
    for count in range(10):
        game.do(AdjustCoins("Ana", count + 1))
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(ActionLog)
        log.focus()
        await pilot.pause()
        assert log.marked is None
        log.show(game.steps)
        await pilot.press("up", "up", "up", "down")
        assert log.marked == 9 - 2  # two before the newest
